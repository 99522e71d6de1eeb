import { exportaAuditoria, type RegistroAuditoria } from '@elo/contract/calls/audit';
import { limits } from '@elo/contract/limits';
import { isValid, parse } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDayToMoment, momentToCalendarDay } from '#lib/date-input.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage, translateContractKey } from '#lib/i18n/i18n.ts';
import { textFilter, useUrlFilters, type UrlFilter } from '#lib/url-filters.ts';
import { FilterPanel } from '#ui/filter-panel.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { DateField } from '#ui/date-field.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { AuditEntryDialog } from '../components/audit-entry-dialog.tsx';
import { AuthorPicker } from '../components/author-picker.tsx';
import { useActionLabel } from '../hooks/use-action-label.ts';
import { useAuditLog } from '../hooks/use-audit-log.ts';
import { downloadHref } from '#lib/download-url.ts';

/** A filter holding a calendar day (yyyy-MM-dd), or null. */
const dayFilter: UrlFilter<string | null> = {
  defaultValue: null,
  parse: (raw) =>
    /^\d{4}-\d{2}-\d{2}$/.test(raw) && isValid(parse(raw, 'yyyy-MM-dd', new Date())) ? raw : undefined,
};

/** A filter holding the chosen author's id, or null. */
const idFilter: UrlFilter<number | null> = {
  defaultValue: null,
  parse: (raw) => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined),
};

// The log's filters in the URL (?acao=survey_publish&de=2026-03-01&busca=clima&pagina=2).
const filterDefinitions = { acao: textFilter(), autor: idFilter, de: dayFilter, ate: dayFilter };

/** An entry's target in words: its kind and its name ('Usuário Ana Rocha'), never its id. */
export const targetText = (entry: RegistroAuditoria) =>
  [entry.nomeTipoAlvo, entry.nomeAlvo].filter(Boolean).join(' ') || '—';

/** The administration's audit log (/admin/auditoria): who did what, filtered, paged and exported. */
export function AdminAuditPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const actionLabel = useActionLabel();
  const { filters, search, page, setFilter, setSearch, setPage, clear } = useUrlFilters(filterDefinitions);
  const [shown, setShown] = useState<RegistroAuditoria | null>(null);
  const periodReversed = Boolean(filters.de && filters.ate && filters.de > filters.ate);

  const wireFilters = {
    ...(search ? { busca: search } : {}),
    ...(filters.acao ? { acao: filters.acao } : {}),
    ...(filters.autor !== null ? { idUsuarioAutor: filters.autor } : {}),
    ...(filters.de ? { dtInicio: filters.de } : {}),
    ...(filters.ate && !periodReversed ? { dtFim: filters.ate } : {}),
  };
  const pageSize = limits.pageSize.admin;
  const listQuery = useAuditLog({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...wireFilters,
  });
  const { data } = listQuery;

  const columns: DataColumn<RegistroAuditoria>[] = [
    {
      id: 'date',
      header: t('admin.audit.columns.date'),
      cell: (entry) => formatDateTime(entry.dtRegistro, language),
      rowHeader: true,
      className: 'whitespace-nowrap',
    },
    {
      id: 'author',
      header: t('admin.audit.columns.author'),
      cell: (entry) => entry.nomeAutor ?? t('admin.audit.noAuthor'),
    },
    {
      id: 'action',
      header: t('admin.audit.columns.action'),
      cell: (entry) => actionLabel(entry.acao),
    },
    {
      id: 'target',
      header: t('admin.audit.columns.target'),
      cell: targetText,
    },
    {
      id: 'address',
      header: t('admin.audit.columns.address'),
      cell: (entry) => entry.ip ?? '—',
    },
  ];

  const rowLabel = (entry: RegistroAuditoria) =>
    `${actionLabel(entry.acao)} ${formatDateTime(entry.dtRegistro, language)}`;

  return (
    <>
      <PageHeader
        title={t('admin.audit.title')}
        description={t('admin.audit.description')}
        breadcrumb={adminBreadcrumb(t('admin.audit.title'))}
        actions={
          <>
            <a
              href={downloadHref(exportaAuditoria, { ...wireFilters, formato: 'csv' })}
              className={buttonClassName({ variant: 'secondary' })}
              download
            >
              {t('admin.audit.exportCsv')}
            </a>
            <a
              href={downloadHref(exportaAuditoria, { ...wireFilters, formato: 'xlsx' })}
              className={buttonClassName({ variant: 'secondary' })}
              download
            >
              {t('admin.audit.exportXlsx')}
            </a>
          </>
        }
      />
      <FilterPanel>
        <div className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6 xl:items-start">
          <SearchField
            label={t('admin.audit.search')}
            hint={t('admin.audit.searchHint')}
            value={search}
            onSearch={setSearch}
            className="xl:col-span-2"
          />
          <SelectField
            label={t('admin.audit.action')}
            placeholder={t('admin.audit.allActions')}
            value={filters.acao}
            onChange={(event) => setFilter('acao', event.target.value)}
            options={[...new Set([...(data?.acoes ?? []), ...(filters.acao ? [filters.acao] : [])])].map(
              (code) => ({ value: code, label: actionLabel(code) }),
            )}
          />
          <AuthorPicker value={filters.autor} onChange={(authorId) => setFilter('autor', authorId)} />
          <DateField
            label={t('admin.audit.from')}
            value={calendarDayToMoment(filters.de)}
            onChange={(moment) => setFilter('de', momentToCalendarDay(moment))}
          />
          <DateField
            label={t('admin.audit.to')}
            value={calendarDayToMoment(filters.ate)}
            onChange={(moment) => setFilter('ate', momentToCalendarDay(moment))}
            error={periodReversed ? translateContractKey('validation.endBeforeStart') : undefined}
          />
        </div>
        <div className="mb-4">
          <Button size="sm" variant="tertiary" onClick={clear}>
            {t('admin.audit.clear')}
          </Button>
        </div>
      </FilterPanel>
      <DataTable
        caption={t('admin.audit.caption')}
        columns={columns}
        rows={data?.listRegistros ?? []}
        getRowId={(entry) => String(entry.idRegistro)}
        rowName={rowLabel}
        {...tableStateOf(listQuery)}
        empty={
          <>
            <span className="block font-semibold text-slate-900">{t('admin.audit.emptyTitle')}</span>
            {t('admin.audit.emptyDescription')}
          </>
        }
        pagination={{ page, pageSize, onPageChange: setPage, total: data?.qtdTotalRegistros ?? 0 }}
        rowActionsLabel={(entry) =>
          t('admin.audit.detailsOf', {
            action: actionLabel(entry.acao),
            date: formatDateTime(entry.dtRegistro, language),
          })
        }
        rowActions={(entry) => (
          <Button size="sm" variant="secondary" onClick={() => setShown(entry)}>
            {t('admin.audit.details')}
          </Button>
        )}
      />
      <AuditEntryDialog entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
