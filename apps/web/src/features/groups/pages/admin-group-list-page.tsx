import type { GrupoAdmin } from '@elo/contract/calls/groups';
import { AdminPermission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { useUrlFilters } from '#lib/url-filters.ts';
import { Button, buttonClassName } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { PageHeader } from '#ui/page-header.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { GroupPhoto } from '../components/group-photo.tsx';
import { useDeleteGroup, useGroupList } from '../hooks/use-groups.ts';

/** The administration's groups (/admin/grupos): searched, paged, created, edited, deleted. */
export function AdminGroupListPage() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { canEdit } = useAdminAccess(AdminPermission.groups);
  const showToast = useToastStore((state) => state.showToast);
  const { search, page, setSearch, setPage } = useUrlFilters({});
  const [deleting, setDeleting] = useState<GrupoAdmin | null>(null);
  const remove = useDeleteGroup();
  const pageSize = limits.pageSize.admin;
  const listQuery = useGroupList({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...(search ? { busca: search } : {}),
  });
  const { data } = listQuery;

  const columns: DataColumn<GrupoAdmin>[] = [
    {
      id: 'photo',
      header: t('admin.groupsAdmin.columns.photo'),
      cell: (group) => <GroupPhoto group={group} />,
    },
    {
      id: 'name',
      header: t('admin.groupsAdmin.columns.name'),
      rowHeader: true,
      cell: (group) => (
        <span className="flex flex-wrap items-center gap-2">
          {group.nome}
          {group.flPadrao === 'S' && (
            <span className="rounded-full border border-slate-300 bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
              {t('admin.groupsAdmin.default')}
            </span>
          )}
        </span>
      ),
    },
    { id: 'abbreviation', header: t('admin.groupsAdmin.columns.abbreviation'), cell: (group) => group.sigla },
    {
      id: 'members',
      header: t('admin.groupsAdmin.columns.members'),
      align: 'end',
      cell: (group) => number.format(group.qtdMembros),
    },
    {
      id: 'posts',
      header: t('admin.groupsAdmin.columns.posts'),
      align: 'end',
      cell: (group) => number.format(group.qtdPublicacoes),
    },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync(deleting.idGrupo);
      showToast({
        type: 'success',
        message: t('admin.groupsAdmin.delete.done', {
          name: deleting.nome,
          posts: answer.qtdPublicacoesExcluidas,
          announcements: answer.qtdComunicadosExcluidos,
        }),
      });
    } catch (failure) {
      showErrorToast(failure);
    }
  };

  return (
    <>
      <PageHeader
        title={t('admin.groupsAdmin.title')}
        description={t('admin.groupsAdmin.description')}
        actions={
          canEdit ? (
            <Link to={paths.admin.groupNew} className={buttonClassName({ variant: 'primary' })}>
              {t('admin.groupsAdmin.newGroup')}
            </Link>
          ) : undefined
        }
      />
      <div className="mb-4 max-w-xl">
        <SearchField
          label={t('admin.groupsAdmin.search')}
          hint={t('admin.groupsAdmin.searchHint')}
          value={search}
          onSearch={setSearch}
        />
      </div>
      <DataTable
        caption={t('admin.groupsAdmin.caption')}
        columns={columns}
        rows={data?.listGrupos ?? []}
        getRowId={(group) => String(group.idGrupo)}
        rowName={(group) => group.nome}
        {...tableStateOf(listQuery)}
        empty={
          <>
            <span className="block font-semibold text-slate-900">{t('admin.groupsAdmin.emptyTitle')}</span>
            {t('admin.groupsAdmin.emptyDescription')}
          </>
        }
        pagination={{ page, pageSize, onPageChange: setPage, total: data?.qtdTotalRegistros ?? 0 }}
        rowActionsLabel={(group) => t('admin.groupsAdmin.actionsOf', { name: group.nome })}
        rowActions={(group) => (
          <>
            <Link
              to={generatePath(paths.admin.groupMembers, { idGrupo: String(group.idGrupo) })}
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              aria-label={t('admin.groupsAdmin.membersOf', { name: group.nome })}
            >
              {t('admin.groupsAdmin.members')}
            </Link>
            {canEdit && (
              <Link
                to={generatePath(paths.admin.groupEdit, { idGrupo: String(group.idGrupo) })}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                aria-label={t('admin.groupsAdmin.editOf', { name: group.nome })}
              >
                {t('admin.groupsAdmin.edit')}
              </Link>
            )}
            {canEdit && group.flPadrao !== 'S' && (
              <Button
                size="sm"
                variant="danger-secondary"
                aria-label={t('admin.groupsAdmin.deleteOf', { name: group.nome })}
                onClick={() => setDeleting(group)}
              >
                {t('admin.groupsAdmin.delete.action')}
              </Button>
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('admin.groupsAdmin.delete.title', { name: deleting?.nome ?? '' })}
        description={t('admin.groupsAdmin.delete.description')}
        confirmLabel={t('admin.groupsAdmin.delete.action')}
        variant="danger"
        onConfirm={confirmDelete}
      >
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('admin.groupsAdmin.delete.posts', { count: deleting?.qtdPublicacoes ?? 0 })}</li>
          <li>{t('admin.groupsAdmin.delete.announcements')}</li>
          <li>{t('admin.groupsAdmin.delete.surveys')}</li>
          <li>{t('admin.groupsAdmin.delete.hrTickets')}</li>
          <li>{t('admin.groupsAdmin.delete.chats')}</li>
          <li>{t('admin.groupsAdmin.delete.members', { count: deleting?.qtdMembros ?? 0 })}</li>
        </ul>
      </ConfirmDialog>
    </>
  );
}
