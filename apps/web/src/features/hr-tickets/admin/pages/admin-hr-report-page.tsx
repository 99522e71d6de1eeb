import type { linhaRelatorioSlaSchema } from '@elo/contract/calls/hr-tickets';
import { exportaRelatorioSla } from '@elo/contract/calls/hr-tickets';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { paths } from '#lib/paths.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useUrlFilters, type UrlFilter } from '#lib/url-filters.ts';
import { buttonClassName } from '#ui/button.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useSlaReport } from '../hooks/use-hr-portal.ts';
import { downloadHref } from '#lib/download-url.ts';

type ReportRow = z.infer<typeof linhaRelatorioSlaSchema>;

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
// The month in the URL (?mes=2026-11); without it, the current month in São Paulo.
const filterDefinitions = {
  mes: { defaultValue: null, parse: (raw) => (monthPattern.test(raw) ? raw : undefined) } as UrlFilter<
    string | null
  >,
};

/** The current month (YYYY-MM) on the company's clock. */
export function currentMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** A month (YYYY-MM) written out in the page's language: 'novembro de 2026'. */
function monthName(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, number! - 1, 15)),
  );
}

/**
 * The SLA report (/admin/portal-rh/relatorio): per subject, the tickets opened in a month, the
 * median first response in business hours, the share within SLA and the satisfaction, with CSV
 * and XLSX exports.
 */
export function AdminHrReportPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const number = useMemo(() => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }), [language]);
  const { filters, setFilter } = useUrlFilters(filterDefinitions);
  const month = filters.mes ?? currentMonth();
  const listQuery = useSlaReport(month);
  const { data } = listQuery;

  const duration = (minutes: number | null) => {
    if (minutes === null) return '—';
    const rounded = Math.round(minutes);
    const hours = Math.floor(rounded / 60);
    return hours > 0
      ? t('hrTickets.admin.report.hoursMinutes', { hours: number.format(hours), minutes: rounded % 60 })
      : t('hrTickets.admin.report.minutesOnly', { minutes: rounded });
  };

  const columns: DataColumn<ReportRow>[] = [
    {
      id: 'subject',
      header: t('hrTickets.admin.report.columns.subject'),
      rowHeader: true,
      cell: (row) => row.assunto,
    },
    {
      id: 'tickets',
      header: t('hrTickets.admin.report.columns.tickets'),
      align: 'end',
      cell: (row) => number.format(row.qtdChamados),
    },
    {
      id: 'median',
      header: t('hrTickets.admin.report.columns.medianFirstResponse'),
      align: 'end',
      cell: (row) => duration(row.medianaPrimeiraRespostaMinutos),
    },
    {
      id: 'withinSla',
      header: t('hrTickets.admin.report.columns.withinSla'),
      align: 'end',
      cell: (row) => (row.percentualNoSla === null ? '—' : `${number.format(row.percentualNoSla)}%`),
    },
    {
      id: 'satisfaction',
      header: t('hrTickets.admin.report.columns.satisfaction'),
      align: 'end',
      cell: (row) =>
        row.satisfacaoMedia === null ? (
          '—'
        ) : (
          <span className="whitespace-nowrap">
            {number.format(row.satisfacaoMedia)}{' '}
            <span className="text-xs text-slate-600">
              ({t('hrTickets.admin.report.ratings', { count: row.qtdAvaliacoes })})
            </span>
          </span>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('hrTickets.admin.report.title')}
        description={t('hrTickets.admin.report.description')}
        breadcrumb={adminBreadcrumb(t('hrTickets.admin.report.title'), {
          label: t('hrTickets.admin.title'),
          to: paths.admin.hrPortal,
        })}
        actions={
          <>
            <a
              href={downloadHref(exportaRelatorioSla, { mes: month, formato: 'csv' })}
              className={buttonClassName({ variant: 'secondary' })}
              download
            >
              {t('hrTickets.admin.report.exportCsv')}
            </a>
            <a
              href={downloadHref(exportaRelatorioSla, { mes: month, formato: 'xlsx' })}
              className={buttonClassName({ variant: 'secondary' })}
              download
            >
              {t('hrTickets.admin.report.exportXlsx')}
            </a>
          </>
        }
      />
      <div className="mb-4 max-w-xs">
        <TextField
          label={t('hrTickets.admin.report.month')}
          hint={t('hrTickets.admin.report.monthHint')}
          type="month"
          value={month}
          onChange={(event) => {
            if (monthPattern.test(event.target.value)) setFilter('mes', event.target.value);
          }}
        />
      </div>
      <DataTable
        caption={t('hrTickets.admin.report.caption', { month: monthName(month, language) })}
        showCaption
        columns={columns}
        rows={data?.listLinhas ?? []}
        getRowId={(row) => String(row.idAssunto)}
        rowName={(row) => row.assunto}
        {...tableStateOf(listQuery)}
        empty={t('hrTickets.admin.report.empty')}
      />
      <p className="mt-3 text-sm text-slate-700">{t('hrTickets.admin.report.businessHoursNote')}</p>
    </>
  );
}
