import type { AdministradorResumo } from '@elo/contract/calls/administrators';
import { AdminPermission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { errorMessageOf } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { useUrlFilters } from '#lib/url-filters.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { useAdministratorList, useRemoveAdministrator } from '../hooks/use-administrators.ts';

// Only the search and the page live in the URL (?busca=ana&pagina=2).
const filterDefinitions = {};

/** The administration's administrators (/admin/administradores): list, search, remove. */
export function AdminAdministratorListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const showToast = useToastStore((state) => state.showToast);
  const { search, page, setSearch, setPage } = useUrlFilters(filterDefinitions);
  // A read-only administrator (L) sees the list and each administrator, and no control that changes them.
  const { canEdit } = useAdminAccess(AdminPermission.administrators);
  const pageSize = limits.pageSize.admin;
  const listQuery = useAdministratorList(page, pageSize, search);
  const { data } = listQuery;
  const removal = useRemoveAdministrator();
  const [removing, setRemoving] = useState<AdministradorResumo | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const yesNo = (flag: 'S' | 'N') =>
    flag === 'S' ? t('admin.administrators.yes') : t('admin.administrators.no');

  const columns: DataColumn<AdministradorResumo>[] = [
    {
      id: 'name',
      header: t('admin.administrators.columns.name'),
      rowHeader: true,
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          {row.nome}
          {row.flMaster === 'S' && (
            <span className="rounded bg-primary-100 px-1.5 py-0.5 text-xs font-semibold text-primary-900">
              {t('admin.administrators.master')}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'login',
      priority: 2,
      truncate: true,
      header: t('admin.administrators.columns.login'),
      cell: (row) => row.login,
    },
    {
      id: 'email',
      truncate: true,
      header: t('admin.administrators.columns.email'),
      cell: (row) => row.email ?? '—',
    },
    {
      id: 'approved',
      priority: 3,
      header: t('admin.administrators.columns.approved'),
      cell: (row) => yesNo(row.flAprovado),
    },
    { id: 'active', header: t('admin.administrators.columns.active'), cell: (row) => yesNo(row.flAtivo) },
    {
      id: 'permissions',
      header: t('admin.administrators.columns.permissions'),
      cell: (row) =>
        t('admin.administrators.permissionCounts', {
          edit: row.qtdPermissoesEdicao,
          read: row.qtdPermissoesLeitura,
        }),
    },
    {
      id: 'lastAccess',
      priority: 3,
      header: t('admin.administrators.columns.lastAccess'),
      className: 'whitespace-nowrap',
      cell: (row) =>
        row.dtUltimoAcesso ? formatDateTime(row.dtUltimoAcesso, language) : t('admin.administrators.never'),
    },
  ];

  const confirmRemoval = async () => {
    if (!removing) return;
    const removed = removing;
    setRefusal(null);
    try {
      await removal.mutateAsync(removed.idUsuario);
      showToast({ type: 'success', message: t('admin.administrators.removed', { name: removed.nome }) });
    } catch (failure) {
      // The server's reason (the master, the last administrator who edits administrators) stays on screen.
      setRefusal(errorMessageOf(failure, t('apiErrors.default')));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t('admin.administrators.title')}
        description={t('admin.administrators.description')}
        breadcrumb={adminBreadcrumb(t('admin.administrators.title'))}
        actions={
          canEdit ? (
            <Link to={paths.admin.administratorNew} className={buttonClassName()}>
              {t('admin.administrators.new')}
            </Link>
          ) : undefined
        }
      />
      {refusal && (
        <Alert
          type="error"
          title={t('admin.administrators.removeFailed')}
          onClose={() => setRefusal(null)}
          className="mb-4"
        >
          {refusal}
        </Alert>
      )}
      <div className="mb-4 max-w-md">
        <SearchField
          label={t('admin.administrators.search')}
          hint={t('admin.administrators.searchHint')}
          value={search}
          onSearch={setSearch}
        />
      </div>
      <DataTable
        caption={t('admin.administrators.caption')}
        columns={columns}
        rows={data?.listAdministradores ?? []}
        getRowId={(row) => String(row.idUsuario)}
        rowName={(row) => row.nome}
        {...tableStateOf(listQuery)}
        empty={
          <>
            <span className="block font-semibold text-slate-900">{t('admin.administrators.emptyTitle')}</span>
            {t('admin.administrators.emptyDescription')}
          </>
        }
        pagination={{ page, pageSize, onPageChange: setPage, total: data?.qtdTotalRegistros ?? 0 }}
        rowActionsLabel={(row) => t('admin.administrators.actionsOf', { name: row.nome })}
        rowActions={(row) => (
          <div className="flex flex-wrap gap-2">
            <Link
              to={generatePath(paths.admin.administratorEdit, { idUsuario: String(row.idUsuario) })}
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              aria-label={`${canEdit ? t('admin.administrators.edit') : t('admin.administrators.view')}: ${row.nome}`}
            >
              {canEdit ? t('admin.administrators.edit') : t('admin.administrators.view')}
            </Link>
            {canEdit && row.flMaster === 'N' && (
              <Button
                size="sm"
                variant="danger-secondary"
                aria-label={`${t('admin.administrators.remove')}: ${row.nome}`}
                onClick={() => setRemoving(row)}
              >
                {t('admin.administrators.remove')}
              </Button>
            )}
          </div>
        )}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('admin.administrators.removeTitle', { name: removing?.nome ?? '' })}
        description={t('admin.administrators.removeDescription')}
        confirmLabel={t('admin.administrators.remove')}
        variant="danger"
        onConfirm={confirmRemoval}
      />
    </>
  );
}
