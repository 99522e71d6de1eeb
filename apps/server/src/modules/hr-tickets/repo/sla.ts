import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { catalogItems, hrSubjectSettings, hrTickets } from '../../../db/schema/all.ts';
import { overdueSql } from './tickets.ts';
import { selectRows } from '../../../db/raw-sql.ts';
import { dateOf, dateOrNull, visibleTo } from './visibility.ts';

/* The SLA across tickets: the scan's warnings, the closing of resolved tickets, the month's report. */

/** An open ticket whose SLA warnings may be due, with its subject's targets. */
export interface SlaWatchedTicket {
  id: number;
  companyId: number;
  protocol: string;
  assigneeId: number | null;
  firstResponseAt: Date | null;
  firstResponseDue: Date | null;
  firstResponseWarnedAt: Date | null;
  firstResponseMinutes: number | null;
  resolutionDue: Date | null;
  resolutionWarnedAt: Date | null;
  resolutionMinutes: number | null;
}

/** Open tickets whose SLA warnings may be due: not paused, a target with a warning still to give. */
export async function listSlaWatched(db: Database): Promise<SlaWatchedTicket[]> {
  const rows = await selectRows<{
    id: number;
    company_id: number;
    protocol: string;
    assignee_id: number | null;
    first_response_at: Date | string | null;
    first_response_due: Date | string | null;
    first_response_warned_at: Date | string | null;
    first_response_minutes: number | null;
    resolution_due: Date | string | null;
    resolution_warned_at: Date | string | null;
    resolution_minutes: number | null;
  }>(
    db,
    sql`select t.id::int as id, t.company_id, t.protocol, t.assignee_id, t.first_response_at, t.first_response_due,
        t.first_response_warned_at, s.first_response_minutes, t.resolution_due, t.resolution_warned_at,
        s.resolution_minutes
      from ${hrTickets} t left join ${hrSubjectSettings} s on s.subject_id = t.subject_id
      where t.status in ('ABERTO', 'EM_ANDAMENTO') and t.paused_at is null
        and ((t.first_response_at is null and t.first_response_due is not null
              and (t.first_response_warned_at is null or t.first_response_warned_at < t.first_response_due))
          or (t.resolution_due is not null
              and (t.resolution_warned_at is null or t.resolution_warned_at < t.resolution_due)))
      order by t.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    protocol: row.protocol,
    assigneeId: row.assignee_id,
    firstResponseAt: dateOrNull(row.first_response_at),
    firstResponseDue: dateOrNull(row.first_response_due),
    firstResponseWarnedAt: dateOrNull(row.first_response_warned_at),
    firstResponseMinutes: row.first_response_minutes,
    resolutionDue: dateOrNull(row.resolution_due),
    resolutionWarnedAt: dateOrNull(row.resolution_warned_at),
    resolutionMinutes: row.resolution_minutes,
  }));
}

/**
 * Records a warning of one target, once: only when no warning of that stage was given (none at
 * all for the 75% stage, none since the deadline for a breach). False when another run did it.
 */
export async function claimSlaWarning(
  db: Database,
  options: {
    ticketId: number;
    target: 'firstResponse' | 'resolution';
    stage: 'warning' | 'breach';
    at: Date;
  },
): Promise<boolean> {
  const column = options.target === 'firstResponse' ? 'first_response' : 'resolution';
  const warned = sql.raw(`${column}_warned_at`);
  const due = sql.raw(`${column}_due`);
  const unwarned =
    options.stage === 'warning' ? sql`${warned} is null` : sql`(${warned} is null or ${warned} < ${due})`;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update ${hrTickets} set ${warned} = ${options.at.toISOString()}::timestamptz
      where id = ${options.ticketId} and ${unwarned} returning id::int as id`,
  );
  return rows.length > 0;
}

/** Resolved tickets whose resolution is older than the cut-off: the auto-close's candidates. */
export async function listResolvedBefore(
  db: Database,
  cutoff: Date,
): Promise<{ id: number; companyId: number }[]> {
  return db
    .select({ id: hrTickets.id, companyId: hrTickets.companyId })
    .from(hrTickets)
    .where(and(eq(hrTickets.status, 'RESOLVIDO'), sql`${hrTickets.resolvedAt} <= ${cutoff.toISOString()}`))
    .orderBy(hrTickets.id);
}

/** A ticket as the SLA report measures it. */
export interface ReportTicket {
  subjectId: number;
  subjectName: string;
  openedAt: Date;
  firstResponseAt: Date | null;
  firstResponseDue: Date | null;
  resolutionDue: Date | null;
  pausedMinutes: number;
  overdue: boolean;
  rating: number | null;
}

/** The tickets of a period the administrator sees, with what the SLA report measures. */
export async function listReportTickets(
  db: Database,
  options: { companyId: number; adminId: number; from: Date; to: Date; now: Date },
): Promise<ReportTicket[]> {
  const rows = await selectRows<{
    subject_id: number;
    subject_name: string;
    opened_at: Date | string;
    first_response_at: Date | string | null;
    first_response_due: Date | string | null;
    resolution_due: Date | string | null;
    paused_minutes: number;
    overdue: boolean;
    rating: number | null;
  }>(
    db,
    sql`select t.subject_id, si.name as subject_name, t.opened_at, t.first_response_at, t.first_response_due,
        t.resolution_due, t.paused_minutes, ${overdueSql(options.now)} as overdue, t.rating
      from ${hrTickets} t join ${catalogItems} si on si.id = t.subject_id
      where t.company_id = ${options.companyId} and t.opened_at >= ${options.from.toISOString()}
        and t.opened_at < ${options.to.toISOString()} and ${visibleTo(sql`${options.adminId}::int`)}
      order by si.name, t.subject_id, t.opened_at`,
  );
  return rows.map((row) => ({
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    openedAt: dateOf(row.opened_at),
    firstResponseAt: dateOrNull(row.first_response_at),
    firstResponseDue: dateOrNull(row.first_response_due),
    resolutionDue: dateOrNull(row.resolution_due),
    pausedMinutes: row.paused_minutes,
    overdue: row.overdue,
    rating: row.rating,
  }));
}
