import { toFlag } from '@elo/contract/wire';
import { exportaUsuarios, InvitationSkipReason, type UsuarioAdminResumo } from '@elo/contract/calls/users';
import { CatalogKind } from '@elo/contract/calls/catalog';
import { AdminPermission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { flagFilter, useUrlFilters, type UrlFilter } from '#lib/url-filters.ts';
import { FilterPanel } from '#ui/filter-panel.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, tableStateOf, type DataColumn, type TableSelection } from '#ui/data-table.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { SelectField } from '#ui/select-field.tsx';
import {
  useCatalog,
  useSendInvitations,
  useSetUsersActive,
  useUserGroups,
  useUserList,
} from '../hooks/use-users.ts';
import { lastAccessAgo } from '../lib/last-access.ts';
import { UsersAreaLinks } from './users-area-links.tsx';
import { downloadHref } from '#lib/download-url.ts';

/** A filter holding a record's id, or null. */
/** How many names of the skipped people the invitations' toast shows per reason. */
const namesShown = 5;

const idFilter: UrlFilter<number | null> = {
  defaultValue: null,
  parse: (raw) => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined),
};

// The list's filters in the URL (?ativo=N&unidade=3&busca=maria&pagina=2).
const filterDefinitions = {
  ativo: flagFilter(),
  unidade: idFilter,
  filial: idFilter,
  setor: idFilter,
  cargo: idFilter,
  grupo: idFilter,
};

/** The last access as the spec's abbreviations ('Agora', 5 m, 3 h, 2 d, 1 a), or 'Nunca'. */
function useLastAccessLabel() {
  const { t } = useTranslation();
  const now = new Date();
  return (instant: string | null) => {
    const ago = lastAccessAgo(instant, now);
    return ago
      ? t(`admin.usersAdmin.lastAccess.${ago.unit}`, { count: ago.count })
      : t('admin.usersAdmin.never');
  };
}

/** The administration's users (/admin/usuarios): searched, filtered, paged, exported, (de)activated. */
export function AdminUserListPage() {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.users);
  const showToast = useToastStore((state) => state.showToast);
  const lastAccess = useLastAccessLabel();
  const { filters, search, page, setFilter, setSearch, setPage, clear } = useUrlFilters(filterDefinitions);
  const [asked, setAsked] = useState<{
    selection: TableSelection<UsuarioAdminResumo>;
    active: boolean;
  } | null>(null);
  const setActive = useSetUsersActive();
  const [inviting, setInviting] = useState<TableSelection<UsuarioAdminResumo> | null>(null);
  const sendInvitations = useSendInvitations();
  const [invitingBySms, setInvitingBySms] = useState(false);
  const units = useCatalog(CatalogKind.unit);
  const branches = useCatalog(CatalogKind.branch);
  const sectors = useCatalog(CatalogKind.sector);
  const jobTitles = useCatalog(CatalogKind.jobTitle);
  const groups = useUserGroups();

  const wireFilters = {
    ...(search ? { busca: search } : {}),
    ...(filters.ativo !== null ? { flAtivo: filters.ativo ? ('S' as const) : ('N' as const) } : {}),
    ...(filters.unidade !== null ? { idUnidade: filters.unidade } : {}),
    ...(filters.filial !== null ? { idFilial: filters.filial } : {}),
    ...(filters.setor !== null ? { idSetor: filters.setor } : {}),
    ...(filters.cargo !== null ? { idCargo: filters.cargo } : {}),
    ...(filters.grupo !== null ? { idGrupo: filters.grupo } : {}),
  };
  const pageSize = limits.pageSize.userList;
  const listQuery = useUserList({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...wireFilters,
  });
  const { data } = listQuery;

  const columns: DataColumn<UsuarioAdminResumo>[] = [
    {
      id: 'photo',
      priority: 3,
      header: t('admin.usersAdmin.columns.photo'),
      cell: (user) =>
        user.urlFoto ? (
          <img
            src={user.urlFoto}
            alt=""
            width={32}
            height={32}
            className="size-8 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700"
          >
            {user.nome.trim().charAt(0).toUpperCase()}
          </span>
        ),
    },
    {
      id: 'name',
      header: t('admin.usersAdmin.columns.name'),
      cell: (user) => user.nome,
      rowHeader: true,
    },
    {
      id: 'matricula',
      priority: 2,
      header: t('admin.usersAdmin.columns.matricula'),
      cell: (user) => user.matricula ?? '—',
    },
    {
      id: 'email',
      truncate: true,
      header: t('admin.usersAdmin.columns.email'),
      cell: (user) => user.email ?? '—',
    },
    {
      id: 'unit',
      priority: 3,
      header: t('admin.usersAdmin.columns.unit'),
      cell: (user) => user.unidade ?? '—',
    },
    {
      id: 'sector',
      header: t('admin.usersAdmin.columns.sector'),
      cell: (user) => user.setor ?? '—',
    },
    {
      id: 'jobTitle',
      header: t('admin.usersAdmin.columns.jobTitle'),
      cell: (user) => user.cargo ?? '—',
    },
    {
      id: 'active',
      header: t('admin.usersAdmin.columns.active'),
      cell: (user) => (user.flAtivo === 'S' ? t('admin.usersAdmin.yes') : t('admin.usersAdmin.no')),
    },
    {
      id: 'lastAccess',
      header: t('admin.usersAdmin.columns.lastAccess'),
      cell: (user) => lastAccess(user.dtUltimoAcesso),
      className: 'whitespace-nowrap',
    },
  ];

  const catalogOptions = (items: { id: number; nome: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.nome }));
  const idOf = (value: string) => (value ? Number(value) : null);

  const confirm = async () => {
    if (!asked) return;
    const { selection, active } = asked;
    try {
      const answer = await setActive.mutateAsync({
        idsUsuarios: selection.rows.map((user) => user.idUsuario),
        flAtivo: toFlag(active),
      });
      selection.clear();
      showToast({
        type: 'success',
        message: t(active ? 'admin.usersAdmin.bulk.activated' : 'admin.usersAdmin.bulk.deactivated', {
          count: answer.qtdAlterados,
        }),
      });
    } catch (failure) {
      showToast({ type: 'error', message: failure instanceof Error ? failure.message : String(failure) });
    }
  };

  const confirmInvitations = async () => {
    if (!inviting) return;
    try {
      const answer = await sendInvitations.mutateAsync({
        idsUsuarios: inviting.rows.map((user) => user.idUsuario),
        bySms: invitingBySms,
      });
      inviting.clear();
      // Each reason with how many and who (the first few names), so the administrator knows whom to fix.
      const reasons = Object.values(InvitationSkipReason)
        .map((reason) => answer.listIgnorados.filter((skipped) => skipped.motivo === reason))
        .filter((skipped) => skipped.length > 0)
        .map((skipped) => {
          const shown = skipped.slice(0, namesShown).map((person) => person.nome);
          if (skipped.length > namesShown)
            shown.push(t('admin.usersAdmin.bulk.moreNames', { count: skipped.length - namesShown }));
          return t('admin.usersAdmin.bulk.skipReasonWho', {
            reason: t(`admin.usersAdmin.bulk.skipReason.${skipped[0]!.motivo}`, { count: skipped.length }),
            names: shown.join(', '),
          });
        });
      const summary = invitingBySms
        ? t('admin.usersAdmin.bulk.invitedByChannel', {
            sent: answer.qtdEnviados,
            email: answer.qtdEnviadosEmail,
            sms: answer.qtdEnviadosSms,
            skipped: answer.listIgnorados.length,
          })
        : t('admin.usersAdmin.bulk.invited', {
            sent: answer.qtdEnviados,
            skipped: answer.listIgnorados.length,
          });
      showToast({
        type: answer.qtdEnviados > 0 ? 'success' : 'info',
        message:
          reasons.length > 0
            ? `${summary} ${t('admin.usersAdmin.bulk.skippedReasons', { reasons: reasons.join(', ') })}`
            : summary,
      });
    } catch (failure) {
      showToast({ type: 'error', message: failure instanceof Error ? failure.message : String(failure) });
    }
  };

  return (
    <>
      <PageHeader
        title={t('admin.usersAdmin.title')}
        description={t('admin.usersAdmin.description')}
        breadcrumb={adminBreadcrumb(t('admin.usersAdmin.title'))}
        actions={
          <>
            {canEdit && (
              <Link to={paths.admin.userNew} className={buttonClassName({ variant: 'primary' })}>
                {t('admin.usersAdmin.newUser')}
              </Link>
            )}
            <a
              href={downloadHref(exportaUsuarios, { ...wireFilters, formato: 'csv' })}
              className={buttonClassName({ variant: 'secondary' })}
              download
            >
              {t('admin.usersAdmin.exportCsv')}
            </a>
            <a
              href={downloadHref(exportaUsuarios, { ...wireFilters, formato: 'xlsx' })}
              className={buttonClassName({ variant: 'secondary' })}
              download
            >
              {t('admin.usersAdmin.exportXlsx')}
            </a>
          </>
        }
      />
      <UsersAreaLinks />
      <FilterPanel>
        <div className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 xl:items-start">
          <SearchField
            label={t('admin.usersAdmin.search')}
            hint={t('admin.usersAdmin.searchHint')}
            value={search}
            onSearch={setSearch}
            className="sm:col-span-2"
          />
          <SelectField
            label={t('admin.usersAdmin.filters.active')}
            placeholder={t('admin.usersAdmin.filters.all')}
            value={filters.ativo === null ? '' : toFlag(filters.ativo)}
            onChange={(event) =>
              setFilter('ativo', event.target.value === '' ? null : event.target.value === 'S')
            }
            options={[
              { value: 'S', label: t('admin.usersAdmin.filters.activeOnly') },
              { value: 'N', label: t('admin.usersAdmin.filters.inactiveOnly') },
            ]}
          />
          <SelectField
            label={t('admin.usersAdmin.filters.unit')}
            placeholder={t('admin.usersAdmin.filters.all')}
            value={filters.unidade === null ? '' : String(filters.unidade)}
            onChange={(event) => setFilter('unidade', idOf(event.target.value))}
            options={catalogOptions(units.data)}
          />
          <SelectField
            label={t('admin.usersAdmin.filters.branch')}
            placeholder={t('admin.usersAdmin.filters.all')}
            value={filters.filial === null ? '' : String(filters.filial)}
            onChange={(event) => setFilter('filial', idOf(event.target.value))}
            options={catalogOptions(branches.data)}
          />
          <SelectField
            label={t('admin.usersAdmin.filters.sector')}
            placeholder={t('admin.usersAdmin.filters.all')}
            value={filters.setor === null ? '' : String(filters.setor)}
            onChange={(event) => setFilter('setor', idOf(event.target.value))}
            options={catalogOptions(sectors.data)}
          />
          <SelectField
            label={t('admin.usersAdmin.filters.jobTitle')}
            placeholder={t('admin.usersAdmin.filters.all')}
            value={filters.cargo === null ? '' : String(filters.cargo)}
            onChange={(event) => setFilter('cargo', idOf(event.target.value))}
            options={catalogOptions(jobTitles.data)}
          />
          <SelectField
            label={t('admin.usersAdmin.filters.group')}
            placeholder={t('admin.usersAdmin.filters.all')}
            value={filters.grupo === null ? '' : String(filters.grupo)}
            onChange={(event) => setFilter('grupo', idOf(event.target.value))}
            options={(groups.data ?? []).map((group) => ({
              value: String(group.idGrupo),
              label: group.nome,
            }))}
          />
        </div>
        <div className="mb-4">
          <Button size="sm" variant="tertiary" onClick={clear}>
            {t('admin.usersAdmin.clear')}
          </Button>
        </div>
      </FilterPanel>
      <DataTable
        caption={t('admin.usersAdmin.caption')}
        columns={columns}
        rows={data?.listUsuarios ?? []}
        getRowId={(user) => String(user.idUsuario)}
        rowName={(user) => user.nome}
        {...tableStateOf(listQuery)}
        empty={
          <>
            <span className="block font-semibold text-slate-900">{t('admin.usersAdmin.emptyTitle')}</span>
            {t('admin.usersAdmin.emptyDescription')}
          </>
        }
        pagination={{ page, pageSize, onPageChange: setPage, total: data?.qtdTotalRegistros ?? 0 }}
        selectable={canEdit}
        bulkActions={(selection) => (
          <>
            <Button size="sm" variant="secondary" onClick={() => setAsked({ selection, active: true })}>
              {t('admin.usersAdmin.bulk.activate')}
            </Button>
            <Button
              size="sm"
              variant="danger-secondary"
              onClick={() => setAsked({ selection, active: false })}
            >
              {t('admin.usersAdmin.bulk.deactivate')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setInvitingBySms(false);
                setInviting(selection);
              }}
            >
              {t('admin.usersAdmin.bulk.invite')}
            </Button>
          </>
        )}
        rowActionsLabel={(user) => t('admin.usersAdmin.actionsOf', { name: user.nome })}
        rowActions={(user) => (
          // A read-only administrator opens the same form to read it.
          <Link
            to={generatePath(paths.admin.userEdit, { idUsuario: String(user.idUsuario) })}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            aria-label={t(canEdit ? 'admin.usersAdmin.editOf' : 'admin.usersAdmin.viewOf', {
              name: user.nome,
            })}
          >
            {t(canEdit ? 'admin.usersAdmin.edit' : 'admin.usersAdmin.view')}
          </Link>
        )}
      />
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title={t(
          asked?.active ? 'admin.usersAdmin.bulk.activateTitle' : 'admin.usersAdmin.bulk.deactivateTitle',
          {
            count: asked?.selection.rows.length ?? 0,
          },
        )}
        description={t(
          asked?.active
            ? 'admin.usersAdmin.bulk.activateDescription'
            : 'admin.usersAdmin.bulk.deactivateDescription',
        )}
        confirmLabel={t(
          asked?.active ? 'admin.usersAdmin.bulk.activate' : 'admin.usersAdmin.bulk.deactivate',
        )}
        variant={asked?.active ? 'primary' : 'danger'}
        onConfirm={confirm}
      />
      <ConfirmDialog
        open={inviting !== null}
        onOpenChange={(open) => {
          if (!open) setInviting(null);
        }}
        title={t('admin.usersAdmin.bulk.inviteTitle', { count: inviting?.rows.length ?? 0 })}
        description={t('admin.usersAdmin.bulk.inviteDescription')}
        confirmLabel={t('admin.usersAdmin.bulk.invite')}
        variant="primary"
        onConfirm={confirmInvitations}
      >
        <CheckboxField
          label={t('admin.usersAdmin.bulk.inviteBySms')}
          hint={t('admin.usersAdmin.bulk.inviteBySmsHint')}
          checked={invitingBySms}
          onChange={(event) => setInvitingBySms(event.target.checked)}
        />
      </ConfirmDialog>
    </>
  );
}
