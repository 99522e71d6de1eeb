import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import type { Database } from '../../../db/client.ts';
import { selectRows } from '../../../db/raw-sql.ts';
import { folded, foldedPattern } from '../../../db/text-search.ts';
import {
  catalogItems,
  companies,
  hrTicketAttachments,
  hrTicketMessages,
  hrTickets,
  users,
} from '../../../db/schema/all.ts';
import { rowsOf, type PageQuery } from '../../../platform/paging.ts';
import type { TicketRecord } from '../policy.ts';
import type {
  AdminTicket,
  AdminTicketFilter,
  EmployeeTicket,
  TicketMessage,
  TicketScope,
} from '../ticket.ts';
import {
  confidentialSql,
  dateOf,
  dateOrNull,
  openStatusesSql,
  recordColumns,
  ticketRecordOf,
  visibleTo,
  type TicketRecordColumns,
} from './visibility.ts';

/* The tickets as the screens read them: HR's list and ticket, the requester's, the messages. */

/**
 * A target missed: a deadline passed with its event still missing (counted up to the pause while
 * the clock is paused), or the event came after its deadline.
 */
export function overdueSql(now: Date): SQL {
  const clock = sql`coalesce(t.paused_at, ${now.toISOString()}::timestamptz)`;
  return sql`((t.first_response_due is not null and coalesce(t.first_response_at, ${clock}) > t.first_response_due)
    or (t.resolution_due is not null and coalesce(t.resolved_at, t.closed_at, ${clock}) > t.resolution_due))`;
}

/** A ticket as HR's screens read it, as the columns come back. */
interface AdminTicketRow {
  id: number;
  company_id: number;
  protocol: string;
  subject_id: number;
  subject_name: string;
  confidential: boolean;
  status: string;
  requester_id: number;
  requester_name: string;
  requester_email: string | null;
  requester_photo: string | null;
  requester_sector: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  assignee_photo: string | null;
  opened_at: Date | string;
  last_message_at: Date | string;
  first_response_at: Date | string | null;
  resolved_at: Date | string | null;
  paused_at: Date | string | null;
  first_response_due: Date | string | null;
  resolution_due: Date | string | null;
  overdue: boolean;
  rating: number | null;
  rating_comment: string | null;
}

const adminTicketOf = (row: AdminTicketRow): AdminTicket => ({
  id: row.id,
  companyId: row.company_id,
  protocol: row.protocol,
  subjectId: row.subject_id,
  subjectName: row.subject_name,
  confidential: row.confidential,
  status: row.status as TicketStatusValue,
  requester: {
    id: row.requester_id,
    name: row.requester_name,
    photoKey: row.requester_photo,
    email: row.requester_email,
    sector: row.requester_sector,
  },
  assignee:
    row.assignee_id === null
      ? null
      : { id: row.assignee_id, name: row.assignee_name ?? '', photoKey: row.assignee_photo },
  openedAt: dateOf(row.opened_at),
  lastMessageAt: dateOf(row.last_message_at),
  firstResponseAt: dateOrNull(row.first_response_at),
  resolvedAt: dateOrNull(row.resolved_at),
  pausedAt: dateOrNull(row.paused_at),
  firstResponseDue: dateOrNull(row.first_response_due),
  resolutionDue: dateOrNull(row.resolution_due),
  overdue: row.overdue,
  rating: row.rating,
  ratingComment: row.rating_comment,
});

const adminColumns = (
  now: Date,
) => sql`t.id::int as id, t.company_id, t.protocol, t.subject_id, si.name as subject_name,
  ${confidentialSql} as confidential, t.status,
  t.requester_id, r.name as requester_name, r.email as requester_email, r.photo_key as requester_photo,
  sector.name as requester_sector,
  t.assignee_id, a.name as assignee_name, a.photo_key as assignee_photo,
  t.opened_at, t.last_message_at, t.first_response_at, t.resolved_at, t.paused_at,
  t.first_response_due, t.resolution_due, ${overdueSql(now)} as overdue, t.rating, t.rating_comment`;

const adminFrom = sql`from ${hrTickets} t
  join ${catalogItems} si on si.id = t.subject_id
  join ${users} r on r.id = t.requester_id
  left join ${catalogItems} sector on sector.id = r.sector_id
  left join ${users} a on a.id = t.assignee_id`;

function adminWhere(companyId: number, adminId: number, filter: AdminTicketFilter, now: Date): SQL {
  const parts: SQL[] = [sql`t.company_id = ${companyId}`, visibleTo(sql`${adminId}::int`)];
  if (filter.status) parts.push(sql`t.status = ${filter.status}`);
  if (filter.open) parts.push(sql`t.status in ${openStatusesSql}`);
  if (filter.subjectId !== undefined) parts.push(sql`t.subject_id = ${filter.subjectId}`);
  if (filter.assigneeId !== undefined) parts.push(sql`t.assignee_id = ${filter.assigneeId}`);
  if (filter.overdue !== undefined)
    parts.push(filter.overdue ? overdueSql(now) : sql`not ${overdueSql(now)}`);
  if (filter.search) {
    const pattern = foldedPattern(filter.search);
    parts.push(sql`(${folded(sql`t.protocol`)} like ${pattern}
      or exists (select 1 from ${users} p where p.id = t.requester_id and ${folded(sql`p.name`)} like ${pattern})
      or exists (select 1 from ${hrTicketMessages} m where m.ticket_id = t.id and ${folded(sql`m.body`)} like ${pattern}))`);
  }
  return sql.join(parts, sql` and `);
}

/** A page of the tickets the administrator sees, the latest message first, and the total. */
export async function pageAdminTickets(
  db: Database,
  options: { companyId: number; adminId: number; filter: AdminTicketFilter; page: PageQuery; now: Date },
): Promise<{ items: AdminTicket[]; total: number }> {
  const where = adminWhere(options.companyId, options.adminId, options.filter, options.now);
  const { limit, offset } = rowsOf(options.page);
  const [rows, [counted]] = await Promise.all([
    selectRows<AdminTicketRow>(
      db,
      sql`select ${adminColumns(options.now)} ${adminFrom} where ${where}
        order by t.last_message_at desc, t.id desc limit ${limit} offset ${offset}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from ${hrTickets} t where ${where}`),
  ]);
  return { items: rows.map(adminTicketOf), total: counted?.total ?? 0 };
}

/** How many tickets the administrator sees with each filter: the totals `pageAdminTickets` answers. */
export async function countAdminTickets(
  db: Database,
  options: { companyId: number; adminId: number; filters: AdminTicketFilter[]; now: Date },
): Promise<number[]> {
  const counts = options.filters.map(
    (filter, index) =>
      sql`(select count(*)::int from ${hrTickets} t
        where ${adminWhere(options.companyId, options.adminId, filter, options.now)}) as ${sql.identifier(`n${index}`)}`,
  );
  const [row] = await selectRows<Record<string, number>>(db, sql`select ${sql.join(counts, sql`, `)}`);
  return options.filters.map((_, index) => Number(row?.[`n${index}`] ?? 0));
}

/**
 * A ticket of the company whatever who asks, as HR's screens show it, with what the record rules
 * decide on: the caller asks policy.ts whether this reader may see it.
 */
export async function findTicketById(
  db: Database,
  companyId: number,
  ticketId: number,
  now: Date,
): Promise<{ ticket: AdminTicket; record: TicketRecord } | undefined> {
  const [row] = await selectRows<AdminTicketRow & TicketRecordColumns>(
    db,
    sql`select ${adminColumns(now)}, ${recordColumns} ${adminFrom} where t.id = ${ticketId} and t.company_id = ${companyId}`,
  );
  return row && { ticket: adminTicketOf(row), record: ticketRecordOf(row) };
}

/** A ticket as its requester's screens read it, as the columns come back. */
interface EmployeeTicketRow {
  id: number;
  protocol: string;
  subject_id: number;
  subject_name: string;
  status: string;
  opened_at: Date | string;
  last_message_at: Date | string;
  unread: boolean;
  resolved_at: Date | string | null;
  rating: number | null;
  rating_comment: string | null;
}

const employeeTicketOf = (row: EmployeeTicketRow): EmployeeTicket => ({
  id: row.id,
  protocol: row.protocol,
  subjectId: row.subject_id,
  subjectName: row.subject_name,
  status: row.status as TicketStatusValue,
  openedAt: dateOf(row.opened_at),
  lastMessageAt: dateOf(row.last_message_at),
  unread: row.unread,
  resolvedAt: dateOrNull(row.resolved_at),
  rating: row.rating,
  ratingComment: row.rating_comment,
});

const employeeColumns = sql`t.id::int as id, t.protocol, t.subject_id, si.name as subject_name, t.status, t.opened_at,
  t.last_message_at, coalesce(t.last_hr_message_at > t.requester_read_at, false) as unread,
  t.resolved_at, t.rating, t.rating_comment`;

/** The person's own tickets: a condition on `hr_tickets t` (the employee's list, and the search). */
export function ownTicketSql(scope: TicketScope): SQL {
  return sql`(t.company_id = ${scope.companyId} and t.requester_id = ${scope.userId})`;
}

/** A page of the person's own tickets, the latest message first, and the total. */
export async function pageEmployeeTickets(
  db: Database,
  scope: TicketScope,
  options: { status?: TicketStatusValue | undefined; page: PageQuery },
): Promise<{ items: EmployeeTicket[]; total: number }> {
  const where = sql`${ownTicketSql(scope)}
    ${options.status ? sql`and t.status = ${options.status}` : sql``}`;
  const { limit, offset } = rowsOf(options.page);
  const [rows, [counted]] = await Promise.all([
    selectRows<EmployeeTicketRow>(
      db,
      sql`select ${employeeColumns} from ${hrTickets} t join ${catalogItems} si on si.id = t.subject_id
        where ${where} order by t.last_message_at desc, t.id desc limit ${limit} offset ${offset}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from ${hrTickets} t where ${where}`),
  ]);
  return { items: rows.map(employeeTicketOf), total: counted?.total ?? 0 };
}

/** One of the person's own tickets, or undefined (another person's or company's). */
export async function findEmployeeTicket(
  db: Database,
  scope: TicketScope,
  ticketId: number,
): Promise<EmployeeTicket | undefined> {
  const [row] = await selectRows<EmployeeTicketRow>(
    db,
    sql`select ${employeeColumns} from ${hrTickets} t join ${catalogItems} si on si.id = t.subject_id
      where t.id = ${ticketId} and ${ownTicketSql(scope)}`,
  );
  return row && employeeTicketOf(row);
}

/** A message with its author and files, as the columns come back. */
interface MessageRow {
  id: number;
  author_id: number | null;
  author_name: string | null;
  author_photo: string | null;
  from_hr: boolean;
  internal: boolean;
  body: string;
  created_at: Date | string;
  attachments:
    { id: number; storage_key: string; file_name: string; content_type: string; size_bytes: number }[] | null;
}

const messageOf = (row: MessageRow): TicketMessage => ({
  id: row.id,
  author:
    row.author_id === null
      ? null
      : { id: row.author_id, name: row.author_name ?? '', photoKey: row.author_photo },
  fromHr: row.from_hr,
  internal: row.internal,
  body: row.body,
  sentAt: dateOf(row.created_at),
  attachments: (row.attachments ?? []).map((file) => ({
    id: file.id,
    storageKey: file.storage_key,
    fileName: file.file_name,
    contentType: file.content_type,
    sizeBytes: file.size_bytes,
  })),
});

/** A ticket's messages, oldest first; the requester's view leaves the internal notes out. */
export async function listMessages(
  db: Database,
  ticketId: number,
  options: { internal: boolean },
): Promise<TicketMessage[]> {
  const rows = await selectRows<MessageRow>(
    db,
    sql`select m.id::int as id, m.author_id, u.name as author_name, u.photo_key as author_photo, m.from_hr, m.internal,
        m.body, m.created_at,
        (select json_agg(json_build_object('id', f.id, 'storage_key', f.storage_key, 'file_name', f.file_name,
            'content_type', f.content_type, 'size_bytes', f.size_bytes) order by f.id)
          from ${hrTicketAttachments} f where f.message_id = m.id) as attachments
      from ${hrTicketMessages} m left join ${users} u on u.id = m.author_id
      where m.ticket_id = ${ticketId} ${options.internal ? sql`` : sql`and not m.internal`}
      order by m.created_at, m.id`,
  );
  return rows.map(messageOf);
}

/** The person's tickets with an HR message they have not read (the partial index answers it). */
export async function countUnreadTickets(db: Database, scope: TicketScope): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(hrTickets)
    .where(
      and(
        eq(hrTickets.requesterId, scope.userId),
        eq(hrTickets.companyId, scope.companyId),
        sql`${hrTickets.lastHrMessageAt} > ${hrTickets.requesterReadAt}`,
      ),
    );
  return row?.total ?? 0;
}

/** The company's tickets not yet resolved or closed, per subject id. */
export async function countOpenBySubject(db: Database, companyId: number): Promise<Map<number, number>> {
  const rows = await selectRows<{ subject_id: number; total: number }>(
    db,
    sql`select subject_id, count(*)::int as total from ${hrTickets}
      where company_id = ${companyId} and status in ${openStatusesSql} group by subject_id`,
  );
  return new Map(rows.map((row) => [row.subject_id, row.total]));
}

/** What the e-mail to a ticket's requester says. */
export interface TicketMailFacts {
  protocol: string;
  status: TicketStatusValue;
  requesterName: string;
  requesterEmail: string | null;
  /** The requester's account is active and not deleted. */
  requesterActive: boolean;
  companyName: string;
  subjectName: string;
  /** The language the requester last used the portal in (users.language). */
  requesterLanguage: string | null;
}

/** What the e-mail to a ticket's requester needs. */
export async function findMailFacts(
  db: Database,
  companyId: number,
  ticketId: number,
): Promise<TicketMailFacts | undefined> {
  const [row] = await selectRows<{
    protocol: string;
    status: string;
    requester_name: string;
    requester_email: string | null;
    requester_active: boolean;
    requester_language: string | null;
    company_name: string;
    subject_name: string;
  }>(
    db,
    sql`select t.protocol, t.status, r.name as requester_name, r.email as requester_email,
        (r.active and r.deleted_at is null) as requester_active, r.language as requester_language, c.name as company_name, si.name as subject_name
      from ${hrTickets} t join ${users} r on r.id = t.requester_id
      join ${companies} c on c.id = t.company_id join ${catalogItems} si on si.id = t.subject_id
      where t.id = ${ticketId} and t.company_id = ${companyId}`,
  );
  return (
    row && {
      protocol: row.protocol,
      status: row.status as TicketStatusValue,
      requesterName: row.requester_name,
      requesterEmail: row.requester_email,
      requesterActive: row.requester_active,
      companyName: row.company_name,
      subjectName: row.subject_name,
      requesterLanguage: row.requester_language,
    }
  );
}
