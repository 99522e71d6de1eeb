import { TZDate } from '@date-fns/tz';
import type { TFunction } from 'i18next';
import type { ExportTable } from '../../platform/table-file.ts';
import { businessMinutesBetween, loadBusinessCalendar } from '../hr-settings/service.ts';
import type { HrTicketsModule } from './model.ts';
import { listReportTickets, type ReportTicket } from './repo/sla.ts';
import type { HrScope, SlaReport } from './ticket.ts';

/*
 * The SLA report of a month, on screen and as a CSV/XLSX download, over the tickets the
 * administrator sees (the record rules' `visibleTo`).
 */

/** The first instant of a month (1 to 12) on a time zone's clock. */
function startOfMonthIn(year: number, month: number, timeZone: string): Date {
  return new Date(new TZDate(year, month - 1, 1, timeZone).getTime());
}

/** The median of some numbers (null for none). */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Per subject, the tickets opened in a month (YYYY-MM, on the company's clock) that the
 * administrator sees: how many, the median business minutes to the first response, the share
 * within SLA (both targets met or not yet missed, over the tickets with a target) and the
 * satisfaction.
 */
export async function slaReport(module: HrTicketsModule, scope: HrScope, month: string): Promise<SlaReport> {
  const calendar = await loadBusinessCalendar(module.db, scope.companyId);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const from = startOfMonthIn(year, monthNumber, calendar.timeZone);
  const to = startOfMonthIn(
    monthNumber === 12 ? year + 1 : year,
    monthNumber === 12 ? 1 : monthNumber + 1,
    calendar.timeZone,
  );
  const rows = await listReportTickets(module.db, {
    companyId: scope.companyId,
    adminId: scope.userId,
    from,
    to,
    now: module.now(),
  });
  const bySubject = new Map<number, { name: string; rows: ReportTicket[] }>();
  for (const row of rows) {
    const entry = bySubject.get(row.subjectId) ?? { name: row.subjectName, rows: [] };
    entry.rows.push(row);
    bySubject.set(row.subjectId, entry);
  }
  const lines = [...bySubject].map(([subjectId, { name, rows: tickets }]) => {
    const firstResponses = tickets.flatMap((ticket) =>
      ticket.firstResponseAt === null
        ? []
        : [businessMinutesBetween(calendar, ticket.openedAt, ticket.firstResponseAt)],
    );
    const withTarget = tickets.filter(
      (ticket) => ticket.firstResponseDue !== null || ticket.resolutionDue !== null,
    );
    const ratings = tickets.flatMap((ticket) => (ticket.rating === null ? [] : [ticket.rating]));
    return {
      subjectId,
      subjectName: name,
      tickets: tickets.length,
      medianFirstResponseMinutes: median(firstResponses),
      withinSlaPercent:
        withTarget.length === 0
          ? null
          : round1((100 * withTarget.filter((ticket) => !ticket.overdue).length) / withTarget.length),
      meanRating: ratings.length === 0 ? null : round1(ratings.reduce((a, b) => a + b, 0) / ratings.length),
      ratings: ratings.length,
    };
  });
  return { month, lines };
}

/** The SLA report as a table to download. */
export async function slaReportTable(
  module: HrTicketsModule,
  scope: HrScope,
  month: string,
  t: TFunction,
): Promise<ExportTable> {
  const { lines } = await slaReport(module, scope, month);
  const number = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));
  return {
    title: t('hrTickets.report.title', { mes: month }),
    header: [
      t('hrTickets.report.subject'),
      t('hrTickets.report.tickets'),
      t('hrTickets.report.medianFirstResponse'),
      t('hrTickets.report.withinSla'),
      t('hrTickets.report.satisfaction'),
      t('hrTickets.report.ratings'),
    ],
    lines: lines.map((line) => [
      line.subjectName,
      String(line.tickets),
      number(line.medianFirstResponseMinutes),
      number(line.withinSlaPercent),
      number(line.meanRating),
      String(line.ratings),
    ]),
  };
}
