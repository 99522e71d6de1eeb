import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TicketStatusValue } from '@elo/contract/calls/hr';
import type { Database } from '../../db/client.ts';
import type { TicketRecord } from './policy.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';
import {
  adminPermissions,
  adminTicketGroups,
  adminTicketSubjects,
  catalogItems,
  companies,
  groupMembers,
  hrSubjectSettings,
  hrTicketAttachments,
  hrTicketMessages,
  hrTickets,
  users,
} from '../../db/schema/all.ts';

/*
 * HR tickets' SQL. Every function is scoped by company; the administrators' side goes through
 * `visibleTo`, the one rule of who in HR sees which ticket.
 */

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const openStatuses = sql`('ABERTO', 'EM_ANDAMENTO', 'AGUARDANDO_COLABORADOR')`;

/**
 * The subject whose assigned administrators alone see ticket `t`, null when it is not confidential
 * (`circleSubjectId` of policy.ts): the subject it was opened under when that was confidential,
 * for life; otherwise its current subject while that subject is confidential (a subject without
 * settings is not).
 */
const circleSql = sql`coalesce(t.confidential_subject_id, (select s.subject_id from ${hrSubjectSettings} s
  where s.subject_id = t.subject_id and s.confidential))`;

/** Whether ticket `t` is confidential. */
const confidentialSql = sql`(${circleSql} is not null)`;

/**
 * Whether the administrator `admin` (an SQL expression: a parameter or a column) sees ticket `t`,
 * the rule of `ticketRefusal(…, 'view', …)` in policy.ts for lists: assigned to its subject, or to
 * a group its requester belongs to; with nothing assigned at all, every ticket. A confidential
 * ticket only by assignment to its circle's subject.
 */
export function visibleTo(admin: SQL): SQL {
  const bySubject = sql`exists (select 1 from ${adminTicketSubjects} a where a.user_id = ${admin} and a.item_id = t.subject_id)`;
  const byCircle = sql`exists (select 1 from ${adminTicketSubjects} a where a.user_id = ${admin} and a.item_id = ${circleSql})`;
  const byGroup = sql`exists (select 1 from ${adminTicketGroups} g join ${groupMembers} m on m.group_id = g.group_id
    where g.user_id = ${admin} and m.user_id = t.requester_id)`;
  const unassigned = sql`(not exists (select 1 from ${adminTicketSubjects} a where a.user_id = ${admin})
    and not exists (select 1 from ${adminTicketGroups} g where g.user_id = ${admin}))`;
  return sql`(case when ${confidentialSql} then ${byCircle} else (${bySubject} or ${byGroup} or ${unassigned}) end)`;
}

/** What the record rules (policy.ts) read of ticket `t`, as columns. */
const recordColumns = sql`t.company_id, t.requester_id, t.subject_id, ${circleSql} as circle_subject_id,
  (select coalesce(json_agg(gm.group_id order by gm.group_id), '[]'::json) from ${groupMembers} gm
    where gm.user_id = t.requester_id) as requester_group_ids`;

/** The record rules' columns of a ticket, as they come back. */
export interface TicketRecordColumns {
  company_id: number;
  requester_id: number;
  subject_id: number;
  circle_subject_id: number | null;
  requester_group_ids: number[];
}

/** The record the rules of policy.ts decide on, from its columns. */
export function ticketRecordOf(row: TicketRecordColumns): TicketRecord {
  return {
    companyId: row.company_id,
    requesterId: row.requester_id,
    subjectId: row.subject_id,
    circleSubjectId: row.circle_subject_id,
    requesterGroupIds: row.requester_group_ids,
  };
}

/**
 * A target missed: a deadline passed with its event still missing (counted up to the pause while
 * the clock is paused), or the event came after its deadline.
 */
function overdueSql(now: Date): SQL {
  const clock = sql`coalesce(t.paused_at, ${now.toISOString()}::timestamptz)`;
  return sql`((t.first_response_due is not null and coalesce(t.first_response_at, ${clock}) > t.first_response_due)
    or (t.resolution_due is not null and coalesce(t.resolved_at, t.closed_at, ${clock}) > t.resolution_due))`;
}

/** A ticket as HR's screens show it. */
export interface AdminTicketRow {
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

/** What HR's list filters by. */
export interface AdminTicketFilter {
  status?: string | undefined;
  subjectId?: number | undefined;
  assigneeId?: number | undefined;
  search?: string | undefined;
  overdue?: boolean | undefined;
}

function adminWhere(companyId: number, adminId: number, filter: AdminTicketFilter, now: Date): SQL {
  const parts: SQL[] = [sql`t.company_id = ${companyId}`, visibleTo(sql`${adminId}::int`)];
  if (filter.status) parts.push(sql`t.status = ${filter.status}`);
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
  options: {
    companyId: number;
    adminId: number;
    filter: AdminTicketFilter;
    page: { limit: number; offset: number };
    now: Date;
  },
) {
  const where = adminWhere(options.companyId, options.adminId, options.filter, options.now);
  const [rows, [counted]] = await Promise.all([
    rowsOf<AdminTicketRow>(
      db,
      sql`select ${adminColumns(options.now)} ${adminFrom} where ${where}
        order by t.last_message_at desc, t.id desc limit ${options.page.limit} offset ${options.page.offset}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from ${hrTickets} t where ${where}`),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * A ticket of the company whatever who asks, as HR's screens show it, with what the record rules
 * decide on: the caller asks policy.ts whether this reader may see it.
 */
export async function findTicketById(db: Database, companyId: number, ticketId: number, now: Date) {
  const [row] = await rowsOf<AdminTicketRow & TicketRecordColumns>(
    db,
    sql`select ${adminColumns(now)}, ${recordColumns} ${adminFrom} where t.id = ${ticketId} and t.company_id = ${companyId}`,
  );
  return row;
}

/** What the record rules decide on for one ticket of the company (undefined: not the company's). */
export async function findTicketRecord(db: Database, companyId: number, ticketId: number) {
  const [row] = await rowsOf<TicketRecordColumns>(
    db,
    sql`select ${recordColumns} from ${hrTickets} t where t.id = ${ticketId} and t.company_id = ${companyId}`,
  );
  return row && ticketRecordOf(row);
}

/** The ticket subjects and groups the administrator form assigns to an administrator. */
export async function listAssignments(db: Database, companyId: number, userId: number) {
  const [subjects, groups] = await Promise.all([
    db
      .select({ id: adminTicketSubjects.itemId })
      .from(adminTicketSubjects)
      .where(and(eq(adminTicketSubjects.companyId, companyId), eq(adminTicketSubjects.userId, userId))),
    db
      .select({ id: adminTicketGroups.groupId })
      .from(adminTicketGroups)
      .where(and(eq(adminTicketGroups.companyId, companyId), eq(adminTicketGroups.userId, userId))),
  ]);
  return { subjectIds: subjects.map((row) => row.id), groupIds: groups.map((row) => row.id) };
}

/**
 * The company's confidential tickets with their circle's subject (the audit log masks the entries
 * about them): those opened confidential, and those under a subject confidential now.
 */
export async function listConfidentialTickets(db: Database, companyId: number) {
  return rowsOf<{ id: number; requester_id: number; subject_id: number; circle_subject_id: number }>(
    db,
    sql`select t.id::int as id, t.requester_id, t.subject_id, ${circleSql} as circle_subject_id
      from ${hrTickets} t
      where t.company_id = ${companyId} and (t.confidential_subject_id is not null
        or t.subject_id in (select s.subject_id from ${hrSubjectSettings} s
          where s.company_id = ${companyId} and s.confidential))`,
  );
}

/**
 * Whether a subject is confidential as a ticket is opened under it. The subject's catalogue row is
 * share-locked first (a subject's save holds it for update, hr-settings' `lockSubject`), so an
 * opening and a change of the flag take turns, and the flag is read after the lock, as it stands:
 * the ticket is born under it. Both take the catalogue row before the settings row: no deadlock.
 */
export async function lockSubjectConfidentiality(db: Database, subjectId: number): Promise<boolean> {
  await db.execute(sql`select 1 from ${catalogItems} c where c.id = ${subjectId} for share`);
  const [row] = await rowsOf<{ confidential: boolean }>(
    db,
    sql`select s.confidential from ${hrSubjectSettings} s where s.subject_id = ${subjectId}`,
  );
  return row?.confidential ?? false;
}

/** A ticket as its requester's list shows it. */
export interface EmployeeTicketRow {
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

const employeeColumns = sql`t.id::int as id, t.protocol, t.subject_id, si.name as subject_name, t.status, t.opened_at,
  t.last_message_at, coalesce(t.last_hr_message_at > t.requester_read_at, false) as unread,
  t.resolved_at, t.rating, t.rating_comment`;

/** A page of the person's own tickets, the latest message first, and the total. */
export async function pageEmployeeTickets(
  db: Database,
  scope: { companyId: number; userId: number },
  options: { status?: string | undefined; limit: number; offset: number },
) {
  const where = sql`t.company_id = ${scope.companyId} and t.requester_id = ${scope.userId}
    ${options.status ? sql`and t.status = ${options.status}` : sql``}`;
  const [rows, [counted]] = await Promise.all([
    rowsOf<EmployeeTicketRow>(
      db,
      sql`select ${employeeColumns} from ${hrTickets} t join ${catalogItems} si on si.id = t.subject_id
        where ${where} order by t.last_message_at desc, t.id desc limit ${options.limit} offset ${options.offset}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from ${hrTickets} t where ${where}`),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One of the person's own tickets, or undefined (another person's or company's). */
export async function findEmployeeTicket(
  db: Database,
  scope: { companyId: number; userId: number },
  ticketId: number,
) {
  const [row] = await rowsOf<EmployeeTicketRow>(
    db,
    sql`select ${employeeColumns} from ${hrTickets} t join ${catalogItems} si on si.id = t.subject_id
      where t.id = ${ticketId} and t.company_id = ${scope.companyId} and t.requester_id = ${scope.userId}`,
  );
  return row;
}

/** A message with its author and files. */
export interface MessageRow {
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

/** A ticket's messages, oldest first; the requester's view leaves the internal notes out. */
export async function listMessages(db: Database, ticketId: number, options: { internal: boolean }) {
  return rowsOf<MessageRow>(
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
}

/** What a change of a ticket decides on, locked until the transaction ends. */
export interface LockedTicket {
  id: number;
  companyId: number;
  protocol: string;
  requesterId: number;
  subjectId: number;
  status: TicketStatusValue;
  assigneeId: number | null;
  openedAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  closedAt: Date | null;
  pausedAt: Date | null;
  pausedMinutes: number;
  firstResponseDue: Date | null;
  resolutionDue: Date | null;
  rating: number | null;
}

/** Locks a ticket of the company for a change. */
export async function lockTicket(db: Database, companyId: number, ticketId: number) {
  const [row] = await db
    .select({
      id: hrTickets.id,
      companyId: hrTickets.companyId,
      protocol: hrTickets.protocol,
      requesterId: hrTickets.requesterId,
      subjectId: hrTickets.subjectId,
      status: hrTickets.status,
      assigneeId: hrTickets.assigneeId,
      openedAt: hrTickets.openedAt,
      firstResponseAt: hrTickets.firstResponseAt,
      resolvedAt: hrTickets.resolvedAt,
      closedAt: hrTickets.closedAt,
      pausedAt: hrTickets.pausedAt,
      pausedMinutes: hrTickets.pausedMinutes,
      firstResponseDue: hrTickets.firstResponseDue,
      resolutionDue: hrTickets.resolutionDue,
      rating: hrTickets.rating,
    })
    .from(hrTickets)
    .where(and(eq(hrTickets.id, ticketId), eq(hrTickets.companyId, companyId)))
    .for('update');
  return row as LockedTicket | undefined;
}

export type TicketValues = Partial<
  Pick<
    typeof hrTickets.$inferInsert,
    | 'status'
    | 'assigneeId'
    | 'lastMessageAt'
    | 'firstResponseAt'
    | 'resolvedAt'
    | 'closedAt'
    | 'pausedAt'
    | 'pausedMinutes'
    | 'firstResponseDue'
    | 'resolutionDue'
    | 'requesterReadAt'
    | 'lastHrMessageAt'
    | 'rating'
    | 'ratingComment'
    | 'ratedAt'
  >
>;

export async function updateTicket(db: Database, companyId: number, ticketId: number, values: TicketValues) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(hrTickets)
    .set(values)
    .where(and(eq(hrTickets.id, ticketId), eq(hrTickets.companyId, companyId)));
}

/**
 * The next protocol number of the company for a year (2026-000123): one company's openings take
 * turns on a transaction-scoped lock, so two at once never get the same number.
 */
export async function nextProtocol(db: Database, companyId: number, year: number): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(1616, ${companyId})`);
  const prefix = `${year}-`;
  const [row] = await rowsOf<{ last: number | null }>(
    db,
    sql`select max(split_part(protocol, '-', 2)::int) as last from ${hrTickets}
      where company_id = ${companyId} and protocol like ${`${prefix}%`}`,
  );
  return `${prefix}${String((row?.last ?? 0) + 1).padStart(6, '0')}`;
}

export async function insertTicket(
  db: Database,
  values: Pick<
    typeof hrTickets.$inferInsert,
    | 'companyId'
    | 'protocol'
    | 'requesterId'
    | 'subjectId'
    | 'openedAt'
    | 'lastMessageAt'
    | 'requesterReadAt'
    | 'firstResponseDue'
    | 'resolutionDue'
    | 'confidentialSubjectId'
  >,
): Promise<number> {
  const [row] = await db.insert(hrTickets).values(values).returning({ id: hrTickets.id });
  return row!.id;
}

/** A file to attach to a message. */
export interface AttachmentValues {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** Stores a message and its files. */
export async function insertMessage(
  db: Database,
  values: {
    companyId: number;
    ticketId: number;
    authorId: number;
    fromHr: boolean;
    internal: boolean;
    body: string;
    createdAt: Date;
    attachments: AttachmentValues[];
  },
): Promise<number> {
  const { attachments, ...message } = values;
  const [row] = await db.insert(hrTicketMessages).values(message).returning({ id: hrTicketMessages.id });
  const messageId = row!.id;
  if (attachments.length > 0)
    await db
      .insert(hrTicketAttachments)
      .values(attachments.map((file) => ({ ...file, companyId: values.companyId, messageId })));
  return messageId;
}

/** The person's tickets with an HR message they have not read (the partial index answers it). */
export async function countUnreadTickets(db: Database, scope: { companyId: number; userId: number }) {
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

/** The company's tickets not yet resolved or closed, per subject. */
export async function countOpenBySubject(db: Database, companyId: number) {
  return rowsOf<{ subject_id: number; total: number }>(
    db,
    sql`select subject_id, count(*)::int as total from ${hrTickets}
      where company_id = ${companyId} and status in ${openStatuses} group by subject_id`,
  );
}

/**
 * The administrators a ticket may be given to: active, holding ADMIN_PORTAL_RH at E (the master
 * holds every permission), and seeing the ticket; with no ticket, everyone holding the permission.
 */
export async function listResponsibleCandidates(db: Database, companyId: number, ticketId: number | null) {
  const sees =
    ticketId === null
      ? sql`true`
      : sql`exists (select 1 from ${hrTickets} t where t.id = ${ticketId} and t.company_id = ${companyId}
          and ${visibleTo(sql`u.id`)})`;
  return rowsOf<{ id: number; name: string; photo_key: string | null }>(
    db,
    sql`select u.id, u.name, u.photo_key from ${users} u
      where u.company_id = ${companyId} and u.active and u.deleted_at is null
        and (u.id = u.company_id or (u.is_administrator and u.approved and exists (
          select 1 from ${adminPermissions} p where p.user_id = u.id and p.permission = 'ADMIN_PORTAL_RH'
            and p.status = 'E')))
        and ${sees}
      order by u.name, u.id`,
  );
}

/** A stored file of a ticket: who may read it is decided on these (policy.ts). */
export async function findAttachment(db: Database, companyId: number, key: string) {
  const [row] = await rowsOf<
    TicketRecordColumns & {
      ticket_id: number;
      internal: boolean;
      file_name: string;
      protocol: string;
    }
  >(
    db,
    sql`select t.id::int as ticket_id, m.internal, f.file_name, t.protocol, ${recordColumns}
      from ${hrTicketAttachments} f join ${hrTicketMessages} m on m.id = f.message_id
      join ${hrTickets} t on t.id = m.ticket_id
      where f.storage_key = ${key} and f.company_id = ${companyId}`,
  );
  return row;
}

/** Open tickets whose SLA warnings may be due: not paused, a target with a warning still to give. */
export async function listSlaWatched(db: Database) {
  return rowsOf<{
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
) {
  const column = options.target === 'firstResponse' ? 'first_response' : 'resolution';
  const warned = sql.raw(`${column}_warned_at`);
  const due = sql.raw(`${column}_due`);
  const unwarned =
    options.stage === 'warning' ? sql`${warned} is null` : sql`(${warned} is null or ${warned} < ${due})`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update ${hrTickets} set ${warned} = ${options.at.toISOString()}::timestamptz
      where id = ${options.ticketId} and ${unwarned} returning id::int as id`,
  );
  return rows.length > 0;
}

/** The administrators who see a ticket and may act on it: told of its SLA when nobody is responsible. */
export async function listTicketWatchers(db: Database, companyId: number, ticketId: number) {
  return (await listResponsibleCandidates(db, companyId, ticketId)).map((row) => row.id);
}

/** Resolved tickets whose resolution is older than the cut-off: the auto-close's candidates. */
export async function listResolvedBefore(db: Database, cutoff: Date) {
  return db
    .select({ id: hrTickets.id, companyId: hrTickets.companyId })
    .from(hrTickets)
    .where(and(eq(hrTickets.status, 'RESOLVIDO'), sql`${hrTickets.resolvedAt} <= ${cutoff.toISOString()}`))
    .orderBy(hrTickets.id);
}

/** What the e-mail to a ticket's requester needs. */
export async function findMailFacts(db: Database, companyId: number, ticketId: number) {
  const [row] = await rowsOf<{
    protocol: string;
    status: string;
    requester_name: string;
    requester_email: string | null;
    requester_active: boolean;
    company_name: string;
    subject_name: string;
  }>(
    db,
    sql`select t.protocol, t.status, r.name as requester_name, r.email as requester_email,
        (r.active and r.deleted_at is null) as requester_active, c.name as company_name, si.name as subject_name
      from ${hrTickets} t join ${users} r on r.id = t.requester_id
      join ${companies} c on c.id = t.company_id join ${catalogItems} si on si.id = t.subject_id
      where t.id = ${ticketId} and t.company_id = ${companyId}`,
  );
  return row;
}

/** The tickets of a period the administrator sees, with what the SLA report measures. */
export async function listReportTickets(
  db: Database,
  options: { companyId: number; adminId: number; from: Date; to: Date; now: Date },
) {
  return rowsOf<{
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
}

/**
 * Erasure: deletes the messages a person wrote on their tickets (their attachments go with them)
 * and their rating comments; the tickets stay for HR's statistics, their requester shown as the
 * erased person ('Usuário removido'). Answers the attachments' storage keys.
 */
export async function forgetHrRequester(
  db: Database,
  scope: { companyId: number; userId: number },
): Promise<string[]> {
  const theirs = and(
    eq(hrTicketMessages.companyId, scope.companyId),
    eq(hrTicketMessages.authorId, scope.userId),
    eq(hrTicketMessages.fromHr, false),
  );
  const files = await db
    .select({ key: hrTicketAttachments.storageKey })
    .from(hrTicketAttachments)
    .innerJoin(hrTicketMessages, eq(hrTicketMessages.id, hrTicketAttachments.messageId))
    .where(theirs);
  await db.delete(hrTicketMessages).where(theirs);
  await db
    .update(hrTickets)
    .set({ ratingComment: null })
    .where(and(eq(hrTickets.companyId, scope.companyId), eq(hrTickets.requesterId, scope.userId)));
  return files.map((file) => file.key);
}
