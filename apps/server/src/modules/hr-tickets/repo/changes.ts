import { and, eq, sql } from 'drizzle-orm';
import type { TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import type { Database } from '../../../db/client.ts';
import {
  catalogItems,
  hrSubjectSettings,
  hrTicketAttachments,
  hrTicketMessages,
  hrTickets,
} from '../../../db/schema/all.ts';
import type { LockedTicket, NewMessage, NewTicket, TicketScope, TicketValues } from '../ticket.ts';
import { selectRows } from '../../../db/raw-sql.ts';

/* The writes: a ticket opened, locked for a change and changed, its messages, and the erasure. */

/**
 * Whether a subject is confidential as a ticket is opened under it. The subject's catalogue row is
 * share-locked first (a subject's save holds it for update, hr-settings' `lockSubject`), so an
 * opening and a change of the flag take turns, and the flag is read after the lock, as it stands:
 * the ticket is born under it. Both take the catalogue row before the settings row: no deadlock.
 */
export async function lockSubjectConfidentiality(db: Database, subjectId: number): Promise<boolean> {
  await db.execute(sql`select 1 from ${catalogItems} c where c.id = ${subjectId} for share`);
  const [row] = await selectRows<{ confidential: boolean }>(
    db,
    sql`select s.confidential from ${hrSubjectSettings} s where s.subject_id = ${subjectId}`,
  );
  return row?.confidential ?? false;
}

/** Locks a ticket of the company for a change. */
export async function lockTicket(
  db: Database,
  companyId: number,
  ticketId: number,
): Promise<LockedTicket | undefined> {
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
  return row && { ...row, status: row.status as TicketStatusValue };
}

export async function updateTicket(
  db: Database,
  companyId: number,
  ticketId: number,
  values: TicketValues,
): Promise<void> {
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
  const [row] = await selectRows<{ last: number | null }>(
    db,
    sql`select max(split_part(protocol, '-', 2)::int) as last from ${hrTickets}
      where company_id = ${companyId} and protocol like ${`${prefix}%`}`,
  );
  return `${prefix}${String((row?.last ?? 0) + 1).padStart(6, '0')}`;
}

export async function insertTicket(db: Database, values: NewTicket): Promise<number> {
  const [row] = await db.insert(hrTickets).values(values).returning({ id: hrTickets.id });
  return row!.id;
}

/** Stores a message and its files. */
export async function insertMessage(db: Database, values: NewMessage): Promise<number> {
  const { attachments, ...message } = values;
  const [row] = await db.insert(hrTicketMessages).values(message).returning({ id: hrTicketMessages.id });
  const messageId = row!.id;
  if (attachments.length > 0)
    await db
      .insert(hrTicketAttachments)
      .values(attachments.map((file) => ({ ...file, companyId: values.companyId, messageId })));
  return messageId;
}

/**
 * Erasure: deletes the messages a person wrote on their tickets (their attachments go with them)
 * and their rating comments; the tickets stay for HR's statistics, their requester shown as the
 * erased person ('Usuário removido'). Answers the attachments' storage keys.
 */
export async function forgetHrRequester(db: Database, scope: TicketScope): Promise<string[]> {
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
