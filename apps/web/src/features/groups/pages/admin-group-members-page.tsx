import type { GrupoAdmin, MembroGrupo } from '@elo/contract/calls/groups';
import { AdminPermission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { routeId } from '#lib/route-id.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { useUrlFilters } from '#lib/url-filters.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { Button, buttonClassName } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { Modal } from '#ui/modal.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { RecordPending } from '#ui/record-pending.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { AddMembersDialog } from '../components/add-members-dialog.tsx';
import { GroupPhoto } from '../components/group-photo.tsx';
import { RoleChoices, type Roles } from '../components/role-choices.tsx';
import { RulesEditor } from '../components/rules-editor.tsx';
import { useGroup, useGroupMembers, useRemoveMembers, useUpdateMember } from '../hooks/use-groups.ts';

/** A group's members and audience rules (/admin/grupos/{id}/membros). */
export function AdminGroupMembersPage() {
  const { t } = useTranslation();
  const idGrupo = routeId(useParams().idGrupo);
  const group = useGroup(idGrupo);
  if (!group.data) {
    return (
      <RecordPending
        header={<PageHeader title={t('admin.groupsAdmin.membersPage.title')} />}
        error={group.error}
        errorTitle={t('admin.groupsAdmin.form.loadFailed')}
        loadingLabel={t('admin.groupsAdmin.form.loading')}
      />
    );
  }
  return <GroupMembers group={group.data} />;
}

function GroupMembers({ group }: { group: GrupoAdmin }) {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.groups);
  const showToast = useToastStore((state) => state.showToast);
  const { search, page, setSearch, setPage } = useUrlFilters({});
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ members: MembroGrupo[]; clear: () => void } | null>(null);
  const [editing, setEditing] = useState<MembroGrupo | null>(null);
  const [roles, setRoles] = useState<Roles>({ flPermitePostar: 'N', flAdministrador: 'N' });
  const remove = useRemoveMembers();
  const update = useUpdateMember();
  const pageSize = limits.pageSize.admin;
  const listQuery = useGroupMembers({
    idGrupo: group.idGrupo,
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...(search ? { busca: search } : {}),
  });
  const { data } = listQuery;
  const title = t('admin.groupsAdmin.membersPage.titleOf', { name: group.nome });
  const yes = t('admin.groupsAdmin.yes');
  const no = t('admin.groupsAdmin.no');

  const columns: DataColumn<MembroGrupo>[] = [
    {
      id: 'name',
      header: t('admin.groupsAdmin.membersPage.columns.name'),
      rowHeader: true,
      cell: (m) => m.nome,
    },
    {
      id: 'email',
      header: t('admin.groupsAdmin.membersPage.columns.email'),
      className: 'break-all',
      cell: (m) => m.email ?? m.matricula ?? '—',
    },
    {
      id: 'how',
      header: t('admin.groupsAdmin.membersPage.columns.how'),
      cell: (m) =>
        m.flManual === 'S' && m.flPorRegra === 'S'
          ? t('admin.groupsAdmin.membersPage.byBoth')
          : m.flPorRegra === 'S'
            ? t('admin.groupsAdmin.membersPage.byRule')
            : t('admin.groupsAdmin.membersPage.byHand'),
    },
    {
      id: 'canPost',
      header: t('admin.groupsAdmin.roles.canPost'),
      cell: (m) => (m.flPermitePostar === 'S' ? yes : no),
    },
    {
      id: 'admin',
      header: t('admin.groupsAdmin.roles.admin'),
      cell: (m) => (m.flAdministrador === 'S' ? yes : no),
    },
    {
      id: 'active',
      header: t('admin.groupsAdmin.membersPage.columns.active'),
      cell: (m) => (m.flAtivo === 'S' ? yes : no),
    },
  ];

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const answer = await remove.mutateAsync({
        idGrupo: group.idGrupo,
        idsUsuarios: removing.members.map((member) => member.idUsuario),
      });
      removing.clear();
      showToast({
        type: 'success',
        message: [
          t('admin.groupsAdmin.membersPage.removed', { count: answer.qtdRemovidos }),
          answer.qtdMantidosPorRegra > 0
            ? t('admin.groupsAdmin.membersPage.keptByRule', { count: answer.qtdMantidosPorRegra })
            : '',
        ]
          .filter(Boolean)
          .join(' '),
      });
    } catch (failure) {
      showErrorToast(failure);
    }
  };

  const saveRoles = async () => {
    if (!editing) return;
    try {
      await update.mutateAsync({ idGrupo: group.idGrupo, idUsuario: editing.idUsuario, ...roles });
      showToast({
        type: 'success',
        message: t('admin.groupsAdmin.membersPage.rolesSaved', { name: editing.nome }),
      });
      setEditing(null);
    } catch (failure) {
      showErrorToast(failure);
    }
  };

  const removingByRule = removing?.members.filter((member) => member.flPorRegra === 'S') ?? [];

  return (
    <>
      <PageHeader
        title={title}
        description={t('admin.groupsAdmin.membersPage.description')}
        breadcrumb={adminBreadcrumb(title, { label: t('admin.groupsAdmin.title'), to: paths.admin.groups })}
        actions={
          canEdit ? (
            <Link
              to={generatePath(paths.admin.groupEdit, { idGrupo: String(group.idGrupo) })}
              className={buttonClassName({ variant: 'secondary' })}
            >
              {t('admin.groupsAdmin.edit')}
            </Link>
          ) : undefined
        }
      />
      <div className="mb-6 flex items-center gap-3">
        <GroupPhoto group={group} size="lg" />
        <p className="text-sm text-slate-700">
          {group.sigla}
          {group.flPadrao === 'S' ? ` · ${t('admin.groupsAdmin.default')}` : ''} ·{' '}
          {t('admin.groupsAdmin.membersPage.count', { count: group.qtdMembros })}
        </p>
      </div>

      <TitledSection title={t('admin.groupsAdmin.rules.title')} id="grupo-regras" headingGap className="mb-8">
        <RulesEditor idGrupo={group.idGrupo} canEdit={canEdit} />
      </TitledSection>

      <section aria-labelledby="grupo-membros">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="grupo-membros" className="text-lg font-semibold text-slate-900">
            {t('admin.groupsAdmin.membersPage.membersTitle')}
          </h2>
          {canEdit && (
            <Button onClick={() => setAdding(true)}>{t('admin.groupsAdmin.membersPage.add')}</Button>
          )}
        </div>
        <div className="mb-4 max-w-xl">
          <SearchField
            label={t('admin.groupsAdmin.membersPage.search')}
            value={search}
            onSearch={setSearch}
          />
        </div>
        <DataTable
          caption={t('admin.groupsAdmin.membersPage.caption', { name: group.nome })}
          columns={columns}
          rows={data?.listMembros ?? []}
          getRowId={(member) => String(member.idUsuario)}
          rowName={(member) => member.nome}
          {...tableStateOf(listQuery)}
          empty={t('admin.groupsAdmin.membersPage.empty')}
          pagination={{ page, pageSize, onPageChange: setPage, total: data?.qtdTotalRegistros ?? 0 }}
          selectable={canEdit}
          bulkActions={(selection) => (
            <Button
              size="sm"
              variant="danger-secondary"
              onClick={() => setRemoving({ members: selection.rows, clear: selection.clear })}
            >
              {t('admin.groupsAdmin.membersPage.remove')}
            </Button>
          )}
          rowActionsLabel={(member) => t('admin.groupsAdmin.membersPage.actionsOf', { name: member.nome })}
          rowActions={
            canEdit
              ? (member) => (
                  <>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('admin.groupsAdmin.membersPage.rolesOf', { name: member.nome })}
                      onClick={() => {
                        setRoles({
                          flPermitePostar: member.flPermitePostar,
                          flAdministrador: member.flAdministrador,
                        });
                        setEditing(member);
                      }}
                    >
                      {t('admin.groupsAdmin.membersPage.roles')}
                    </Button>
                    {member.flManual === 'S' && (
                      <Button
                        size="sm"
                        variant="danger-secondary"
                        aria-label={t('admin.groupsAdmin.membersPage.removeOf', { name: member.nome })}
                        onClick={() => setRemoving({ members: [member], clear: () => undefined })}
                      >
                        {t('admin.groupsAdmin.membersPage.remove')}
                      </Button>
                    )}
                  </>
                )
              : undefined
          }
        />
      </section>

      {canEdit && <AddMembersDialog idGrupo={group.idGrupo} open={adding} onOpenChange={setAdding} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('admin.groupsAdmin.membersPage.removeTitle', { count: removing?.members.length ?? 0 })}
        description={t('admin.groupsAdmin.membersPage.removeDescription')}
        confirmLabel={t('admin.groupsAdmin.membersPage.remove')}
        variant="danger"
        onConfirm={confirmRemove}
      >
        {removingByRule.length > 0 && (
          <p className="text-sm text-slate-700">
            {t('admin.groupsAdmin.membersPage.staysByRule', {
              names: removingByRule.map((member) => member.nome).join(', '),
            })}
          </p>
        )}
      </ConfirmDialog>
      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={t('admin.groupsAdmin.membersPage.rolesTitle', { name: editing?.nome ?? '' })}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </Button>
            <Button loading={update.isPending} onClick={() => void saveRoles()}>
              {t('admin.groupsAdmin.membersPage.saveRoles')}
            </Button>
          </>
        }
      >
        <RoleChoices value={roles} onChange={setRoles} legend={t('admin.groupsAdmin.membersPage.roles')} />
      </Modal>
    </>
  );
}
