import { publicationStatusSchema, type PublicacaoAdmin } from '@elo/contract/calls/publications';
import { AdminPermission, PostType } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { choiceFilter, useUrlFilters, type UrlFilter } from '#lib/url-filters.ts';
import { FilterPanel } from '#ui/filter-panel.tsx';
import { buttonClassName } from '#ui/button.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { PublicationActions, publicationName } from '../components/publication-actions.tsx';
import { PublicationStatusBadge, useStatusLabel } from '../components/publication-status.tsx';
import { usePublicationGroups, usePublicationList } from '../hooks/use-publications.ts';

const statuses = publicationStatusSchema.options;
const groupFilter: UrlFilter<number | null> = {
  defaultValue: null,
  parse: (raw) => (/^\d+$/.test(raw) ? Number(raw) : undefined),
};
// The list's filters in the URL (?status=Agendado&grupo=3&busca=…&pagina=2).
const filterDefinitions = { status: choiceFilter(statuses), grupo: groupFilter };

/** The media of a row: the picture, the video's frame, or a mark for a text-only publication. */
function MediaThumb({ publication }: { publication: PublicacaoAdmin }) {
  const { t } = useTranslation();
  const source =
    publication.tipo === PostType.video ? (publication.urlThumbnail ?? null) : publication.urlMidia;
  if (!source) {
    return (
      <span className="flex h-12 w-20 items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-xs text-slate-700">
        {publication.tipo === PostType.video
          ? t('admin.publicationsAdmin.kind.video')
          : t('admin.publicationsAdmin.kind.text')}
      </span>
    );
  }
  return (
    <span className="relative block h-12 w-20">
      {/* The excerpt beside it names the publication; the thumbnail only shows it. */}
      <img
        src={source}
        alt=""
        loading="lazy"
        className="h-12 w-20 rounded-md border border-slate-200 object-cover"
      />
      {publication.tipo === PostType.video && (
        <span className="absolute right-1 bottom-1 rounded bg-slate-900/80 px-1 text-[10px] font-semibold text-white">
          {t('admin.publicationsAdmin.kind.video')}
        </span>
      )}
    </span>
  );
}

/**
 * The publications (/admin/publicacoes): filtered by status (Agendado, Publicado, Rascunho), text and
 * group, paged, with their reach counts and the actions on each: open, edit, reschedule, cancel a
 * schedule, delete.
 */
export function AdminPublicationListPage() {
  const { t, i18n } = useTranslation();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const { canEdit } = useAdminAccess(AdminPermission.publications);
  const statusLabel = useStatusLabel();
  const { filters, search, page, setFilter, setSearch, setPage } = useUrlFilters(filterDefinitions);
  const groups = usePublicationGroups();
  const pageSize = limits.pageSize.admin;
  const listQuery = usePublicationList({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.grupo ? { idGrupo: filters.grupo } : {}),
    ...(search ? { busca: search } : {}),
  });
  const { data } = listQuery;
  const untitled = t('admin.publicationsAdmin.untitled');

  const columns: DataColumn<PublicacaoAdmin>[] = [
    {
      id: 'media',
      priority: 2,
      header: t('admin.publicationsAdmin.columns.media'),
      cell: (row) => <MediaThumb publication={row} />,
    },
    {
      id: 'text',
      header: t('admin.publicationsAdmin.columns.text'),
      rowHeader: true,
      className: 'min-w-56 max-w-sm',
      cell: (row) => (
        <span className="line-clamp-3 break-words">
          {row.texto?.trim() ? row.texto : <span className="text-slate-600 italic">{untitled}</span>}
        </span>
      ),
    },
    {
      id: 'audience',
      priority: 2,
      header: t('admin.publicationsAdmin.columns.audience'),
      cell: (row) =>
        [
          ...(row.flMural === 'S' ? [t('admin.publicationsAdmin.wall')] : []),
          ...row.grupos.map((group) => group.nome),
        ].join(', ') || '—',
    },
    {
      id: 'author',
      priority: 2,
      truncate: true,
      header: t('admin.publicationsAdmin.columns.author'),
      cell: (row) => row.autor.nome,
    },
    {
      id: 'status',
      header: t('admin.publicationsAdmin.columns.status'),
      cell: (row) => <PublicationStatusBadge publication={row} />,
    },
    {
      id: 'comments',
      priority: 3,
      header: t('admin.publicationsAdmin.columns.comments'),
      align: 'end',
      cell: (row) => number.format(row.qtdComentarios),
    },
    {
      id: 'reactions',
      priority: 3,
      header: t('admin.publicationsAdmin.columns.reactions'),
      align: 'end',
      cell: (row) => number.format(row.qtdReacoes),
    },
    {
      id: 'views',
      priority: 3,
      header: t('admin.publicationsAdmin.columns.views'),
      align: 'end',
      cell: (row) => number.format(row.qtdVisualizacoes),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.publicationsAdmin.title')}
        description={t('admin.publicationsAdmin.description')}
        breadcrumb={adminBreadcrumb(t('admin.publicationsAdmin.title'))}
        actions={
          canEdit ? (
            <Link to={paths.admin.publicationNew} className={buttonClassName({ variant: 'primary' })}>
              {t('admin.publicationsAdmin.new')}
            </Link>
          ) : undefined
        }
      />
      <FilterPanel>
        <div className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-start">
          <SearchField
            label={t('admin.publicationsAdmin.search')}
            hint={t('admin.publicationsAdmin.searchHint')}
            value={search}
            onSearch={setSearch}
          />
          <SelectField
            label={t('admin.publicationsAdmin.statusFilter')}
            placeholder={t('admin.publicationsAdmin.allStatuses')}
            value={filters.status ?? ''}
            onChange={(event) =>
              setFilter('status', (event.target.value || null) as PublicacaoAdmin['status'] | null)
            }
            options={statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
          />
          <SelectField
            label={t('admin.publicationsAdmin.groupFilter')}
            placeholder={t('admin.publicationsAdmin.allGroups')}
            value={filters.grupo ? String(filters.grupo) : ''}
            onChange={(event) => setFilter('grupo', event.target.value ? Number(event.target.value) : null)}
            options={(groups.data ?? []).map((group) => ({
              value: String(group.idGrupo),
              label: group.nome,
            }))}
          />
        </div>
      </FilterPanel>
      <DataTable
        caption={t('admin.publicationsAdmin.caption')}
        columns={columns}
        rows={data?.listPublicacoes ?? []}
        getRowId={(row) => String(row.idPublicacao)}
        rowName={(row) => publicationName(row, untitled)}
        {...tableStateOf(listQuery)}
        empty={t('admin.publicationsAdmin.empty')}
        pagination={{ page, pageSize, onPageChange: setPage, total: data?.qtdTotalRegistros ?? 0 }}
        rowActions={(row) => <PublicationActions publication={row} />}
      />
    </>
  );
}
