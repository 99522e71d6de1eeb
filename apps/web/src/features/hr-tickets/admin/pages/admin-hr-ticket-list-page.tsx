import type { ChamadoAdmin } from '@elo/contract/calls/hr-tickets';
import { limits } from '@elo/contract/limits';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, Navigate, useSearchParams } from 'react-router';
import { paths, queryParams } from '#lib/paths.ts';
import { formatDateTime } from '#lib/dates.ts';
import { ticketStatuses } from '#lib/hr-tickets.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { choiceFilter, flagFilter, useUrlFilters, type UrlFilter } from '#lib/url-filters.ts';
import { TicketStatusBadge } from '../../components/ticket-status-badge.tsx';
import { TicketStatusFilter } from '../../components/ticket-status-filter.tsx';
import { FilterPanel } from '#ui/filter-panel.tsx';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { ConfidentialMark, TicketDeadlines } from '../components/ticket-marks.tsx';
import { useAdminTickets, useTicketResponsibles, useTicketSubjectOptions } from '../hooks/use-hr-portal.ts';

const idFilter: UrlFilter<number | null> = {
  defaultValue: null,
  parse: (raw) => (/^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined),
};
// The list's filters in the URL (?status=ABERTO&assunto=3&responsavel=9&atrasados=S&abertos=S&busca=…&pagina=2).
// The administration's home links here with abertos=S (and atrasados=S, or responsavel=<me>).
const filterDefinitions = {
  status: choiceFilter(ticketStatuses),
  assunto: idFilter,
  responsavel: idFilter,
  atrasados: flagFilter(),
  abertos: flagFilter(),
};

/** The address of a ticket's page in the HR portal. */
export function adminTicketPath(idChamado: number): string {
  return generatePath(paths.admin.hrTicket, { idChamado: String(idChamado) });
}

/**
 * The HR portal's tickets (/admin/portal-rh): those this administrator may see, filtered by status,
 * subject, responsible, text and lateness (kept in the URL), with their SLA deadlines and marks.
 * `?idChamado=N` (the link of an assignment or SLA notification) opens that ticket's page.
 */
export function AdminHrTicketListPage() {
  const [params] = useSearchParams();
  const requested = idFilter.parse(params.get(queryParams.ticketId) ?? '');
  if (requested) return <Navigate replace to={adminTicketPath(requested)} />;
  return <TicketList />;
}

function TicketList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { filters, search, page, setFilter, setSearch, setPage } = useUrlFilters(filterDefinitions);
  const subjects = useTicketSubjectOptions();
  const responsibles = useTicketResponsibles(null);
  const pageSize = limits.pageSize.admin;
  const listQuery = useAdminTickets({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.assunto ? { idAssunto: filters.assunto } : {}),
    ...(filters.responsavel ? { idResponsavel: filters.responsavel } : {}),
    ...(filters.atrasados ? { flAtrasado: 'S' as const } : {}),
    ...(filters.abertos ? { flEmAberto: 'S' as const } : {}),
    ...(search ? { busca: search } : {}),
  });
  const { data } = listQuery;

  const columns: DataColumn<ChamadoAdmin>[] = [
    {
      id: 'protocol',
      header: t('hrTickets.admin.columns.protocol'),
      rowHeader: true,
      cell: (row) => (
        <Link
          to={adminTicketPath(row.idChamado)}
          className="font-semibold whitespace-nowrap text-primary-ink underline underline-offset-2"
        >
          {row.protocolo}
        </Link>
      ),
    },
    {
      id: 'subject',
      header: t('hrTickets.admin.columns.subject'),
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          {row.assunto}
          {row.flConfidencial === 'S' && <ConfidentialMark />}
        </span>
      ),
    },
    {
      id: 'requester',
      header: t('hrTickets.admin.columns.requester'),
      cell: (row) => (
        <span className="flex flex-col">
          {row.solicitante.nome}
          {row.solicitante.setor && <span className="text-xs text-slate-600">{row.solicitante.setor}</span>}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('hrTickets.admin.columns.status'),
      cell: (row) => <TicketStatusBadge status={row.status} />,
    },
    {
      id: 'responsible',
      priority: 2,
      header: t('hrTickets.admin.columns.responsible'),
      cell: (row) =>
        row.responsavel?.nome ?? <span className="text-slate-600">{t('hrTickets.admin.unassigned')}</span>,
    },
    {
      id: 'deadlines',
      priority: 2,
      header: t('hrTickets.admin.columns.deadlines'),
      cell: (row) => <TicketDeadlines ticket={row} />,
    },
    {
      id: 'lastMessage',
      priority: 3,
      header: t('hrTickets.admin.columns.lastMessage'),
      cell: (row) => (
        <span className="whitespace-nowrap">{formatDateTime(row.dtUltimaMensagem, language)}</span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('hrTickets.admin.title')}
        description={t('hrTickets.admin.description')}
        breadcrumb={adminBreadcrumb(t('hrTickets.admin.title'))}
      />
      <FilterPanel>
        <div className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
          <SearchField
            label={t('hrTickets.admin.search')}
            hint={t('hrTickets.admin.searchHint')}
            value={search}
            onSearch={setSearch}
          />
          <TicketStatusFilter value={filters.status} onChange={(status) => setFilter('status', status)} />
          <SelectField
            label={t('hrTickets.admin.subjectFilter')}
            placeholder={t('hrTickets.admin.allSubjects')}
            value={filters.assunto ? String(filters.assunto) : ''}
            onChange={(event) => setFilter('assunto', event.target.value ? Number(event.target.value) : null)}
            options={(subjects.data ?? []).map((subject) => ({
              value: String(subject.idAssunto),
              label: subject.nome,
            }))}
          />
          <SelectField
            label={t('hrTickets.admin.responsibleFilter')}
            placeholder={t('hrTickets.admin.allResponsibles')}
            value={filters.responsavel ? String(filters.responsavel) : ''}
            onChange={(event) =>
              setFilter('responsavel', event.target.value ? Number(event.target.value) : null)
            }
            options={(responsibles.data ?? []).map((person) => ({
              value: String(person.idUsuario),
              label: person.nome,
            }))}
          />
          <CheckboxField
            label={t('hrTickets.admin.lateOnly')}
            checked={filters.atrasados === true}
            onChange={(event) => setFilter('atrasados', event.target.checked ? true : null)}
          />
          <CheckboxField
            label={t('hrTickets.admin.openOnly')}
            checked={filters.abertos === true}
            onChange={(event) => setFilter('abertos', event.target.checked ? true : null)}
          />
        </div>
      </FilterPanel>
      <DataTable
        caption={t('hrTickets.admin.caption')}
        columns={columns}
        rows={data?.listChamados ?? []}
        getRowId={(row) => String(row.idChamado)}
        rowName={(row) => row.protocolo}
        {...tableStateOf(listQuery)}
        empty={t('hrTickets.admin.empty')}
        pagination={{ page, pageSize, onPageChange: setPage, total: data?.qtdTotalRegistros ?? 0 }}
      />
    </>
  );
}
