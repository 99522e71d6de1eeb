import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { selectRows } from '../../../db/raw-sql.ts';
import {
  adminPermissions,
  adminTicketGroups,
  adminTicketSubjects,
  groupMembers,
  hrSubjectSettings,
  hrTicketAttachments,
  hrTicketMessages,
  hrTickets,
  users,
} from '../../../db/schema/all.ts';
import type { TicketRecord } from '../policy.ts';
import type { TicketPerson } from '../ticket.ts';

/*
 * HR tickets' SQL, split by area (visibility.ts, tickets.ts, changes.ts, jobs.ts). Every function
 * is scoped by company; the administrators' side goes through `visibleTo`, the one rule of who in
 * HR sees which ticket. This file holds that rule and what the record rules (policy.ts) read.
 */

/** A moment of a raw query (the driver may hand a timestamp as text). */
export const dateOf = (value: Date | string) => new Date(value);
export const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export const openStatusesSql = sql`('ABERTO', 'EM_ANDAMENTO', 'AGUARDANDO_COLABORADOR')`;

/**
 * The subject whose assigned administrators alone see ticket `t`, null when it is not confidential
 * (`circleSubjectId` of policy.ts): the subject it was opened under when that was confidential,
 * for life; otherwise its current subject while that subject is confidential (a subject without
 * settings is not).
 */
const circleSql = sql`coalesce(t.confidential_subject_id, (select s.subject_id from ${hrSubjectSettings} s
  where s.subject_id = t.subject_id and s.confidential))`;

/** Whether ticket `t` is confidential. */
export const confidentialSql = sql`(${circleSql} is not null)`;

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
export const recordColumns = sql`t.company_id, t.requester_id, t.subject_id, ${circleSql} as circle_subject_id,
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

/** What the record rules decide on for one ticket of the company (undefined: not the company's). */
export async function findTicketRecord(
  db: Database,
  companyId: number,
  ticketId: number,
): Promise<TicketRecord | undefined> {
  const [row] = await selectRows<TicketRecordColumns>(
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
export async function listConfidentialTickets(
  db: Database,
  companyId: number,
): Promise<{ id: number; requesterId: number; subjectId: number; circleSubjectId: number }[]> {
  const rows = await selectRows<{
    id: number;
    requester_id: number;
    subject_id: number;
    circle_subject_id: number;
  }>(
    db,
    sql`select t.id::int as id, t.requester_id, t.subject_id, ${circleSql} as circle_subject_id
      from ${hrTickets} t
      where t.company_id = ${companyId} and (t.confidential_subject_id is not null
        or t.subject_id in (select s.subject_id from ${hrSubjectSettings} s
          where s.company_id = ${companyId} and s.confidential))`,
  );
  return rows.map((row) => ({
    id: row.id,
    requesterId: row.requester_id,
    subjectId: row.subject_id,
    circleSubjectId: row.circle_subject_id,
  }));
}

/**
 * The administrators a ticket may be given to: active, holding ADMIN_PORTAL_RH at E (the master
 * holds every permission), and seeing the ticket; with no ticket, everyone holding the permission.
 */
export async function listResponsibleCandidates(
  db: Database,
  companyId: number,
  ticketId: number | null,
): Promise<TicketPerson[]> {
  const sees =
    ticketId === null
      ? sql`true`
      : sql`exists (select 1 from ${hrTickets} t where t.id = ${ticketId} and t.company_id = ${companyId}
          and ${visibleTo(sql`u.id`)})`;
  const rows = await selectRows<{ id: number; name: string; photo_key: string | null }>(
    db,
    sql`select u.id, u.name, u.photo_key from ${users} u
      where u.company_id = ${companyId} and u.active and u.deleted_at is null
        and (u.id = u.company_id or (u.is_administrator and u.approved and exists (
          select 1 from ${adminPermissions} p where p.user_id = u.id and p.permission = 'ADMIN_PORTAL_RH'
            and p.status = 'E')))
        and ${sees}
      order by u.name, u.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, photoKey: row.photo_key }));
}

/** The administrators who see a ticket and may act on it: told of its SLA when nobody is responsible. */
export async function listTicketWatchers(db: Database, companyId: number, ticketId: number) {
  return (await listResponsibleCandidates(db, companyId, ticketId)).map((row) => row.id);
}

/** A stored file of a ticket: who may read it is decided on its record (policy.ts). */
export interface StoredAttachment {
  ticketId: number;
  protocol: string;
  /** The file belongs to an internal note. */
  internal: boolean;
  fileName: string;
  record: TicketRecord;
}

/** A stored file of one of the company's tickets, by its storage key. */
export async function findAttachment(
  db: Database,
  companyId: number,
  key: string,
): Promise<StoredAttachment | undefined> {
  const [row] = await selectRows<
    TicketRecordColumns & { ticket_id: number; internal: boolean; file_name: string; protocol: string }
  >(
    db,
    sql`select t.id::int as ticket_id, m.internal, f.file_name, t.protocol, ${recordColumns}
      from ${hrTicketAttachments} f join ${hrTicketMessages} m on m.id = f.message_id
      join ${hrTickets} t on t.id = m.ticket_id
      where f.storage_key = ${key} and f.company_id = ${companyId}`,
  );
  return (
    row && {
      ticketId: row.ticket_id,
      protocol: row.protocol,
      internal: row.internal,
      fileName: row.file_name,
      record: ticketRecordOf(row),
    }
  );
}
