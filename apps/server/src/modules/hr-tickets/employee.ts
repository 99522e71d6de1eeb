import { AuditAction } from '@elo/contract/calls/audit';
import { TicketStatus } from '@elo/contract/calls/hr-tickets';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import { pageOf, type Page, type PageQuery } from '../../platform/paging.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { findTicketSubject, loadBusinessCalendar } from '../hr-settings/service.ts';
import { deadlinesAt, mayRate, reopensAt, transition } from './lifecycle.ts';
import { auditTarget, messageProblems, writtenMessage, type HrTicketsModule } from './model.ts';
import {
  insertMessage,
  insertTicket,
  lockSubjectConfidentiality,
  lockTicket,
  nextProtocol,
  updateTicket,
} from './repo/changes.ts';
import { findEmployeeTicket, listMessages, pageEmployeeTickets } from './repo/tickets.ts';
import type {
  EmployeeTicket,
  OwnTicket,
  RequesterMessage,
  TicketOpening,
  TicketRating,
  TicketScope,
} from './ticket.ts';
import { auditedMessage, auditedOpening, auditedRating, auditedStatus } from './wire.ts';

/*
 * The employee's side of HR contact ("Fale com o RH"): opening a ticket, their tickets and
 * messages, writing on one and rating it. A requester only ever reaches their own tickets; another
 * person's answers 404 like one that does not exist.
 */

/** The year of an instant on the company's clock (a ticket opened on 31 December at 22:00 is that year's). */
const yearIn = (instant: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(instant));

/** One of the person's tickets with the messages they see. */
async function ownTicket(module: HrTicketsModule, scope: TicketScope, ticketId: number): Promise<OwnTicket> {
  const ticket = await findEmployeeTicket(module.db, scope, ticketId);
  if (!ticket) throw new AppError('NOT_FOUND');
  return { ticket, messages: await listMessages(module.db, ticketId, { internal: false }) };
}

/**
 * Opens a ticket: an active subject of the company, a message with visible text and up to five
 * PDF or image files (the binder removes the files again when anything here refuses).
 */
export async function openTicket(
  module: HrTicketsModule,
  scope: TicketScope,
  opening: TicketOpening,
  actor: Actor,
): Promise<{ id: number; protocol: string }> {
  const { db } = module;
  const subject = await findTicketSubject(db, scope.companyId, opening.subjectId);
  const errors: Record<string, FieldMessage[]> = {
    ...(!subject || !subject.active ? { idAssunto: ['validation.ticketSubjectInvalid'] } : {}),
    ...messageProblems(opening),
  };
  if (Object.keys(errors).length > 0) throw invalidFields(errors);

  const now = module.now();
  const calendar = await loadBusinessCalendar(db, scope.companyId);
  const due = deadlinesAt(calendar, now, subject!);
  const text = opening.message.trim();
  return db.transaction(async (tx) => {
    // Opened under a confidential subject, it stays confidential for life (policy.ts).
    const confidential = await lockSubjectConfidentiality(tx, subject!.id);
    const protocol = await nextProtocol(tx, scope.companyId, yearIn(now, calendar.timeZone));
    const ticketId = await insertTicket(tx, {
      companyId: scope.companyId,
      protocol,
      requesterId: scope.userId,
      subjectId: subject!.id,
      confidentialSubjectId: confidential ? subject!.id : null,
      openedAt: now,
      lastMessageAt: now,
      requesterReadAt: now,
      ...due,
    });
    await insertMessage(
      tx,
      writtenMessage(
        scope,
        ticketId,
        { body: text, files: opening.files, fromHr: false, internal: false },
        now,
      ),
    );
    await recordAudit(tx, actor, {
      action: AuditAction.hrTicketOpen,
      target: auditTarget({ id: ticketId, protocol }),
      changes: changedFields(
        null,
        auditedOpening({ subjectId: subject!.id, status: TicketStatus.open, files: opening.files.length }),
      ),
    });
    return { id: ticketId, protocol };
  });
}

/** The person's tickets, the latest message first. */
export async function listOwnTickets(
  module: HrTicketsModule,
  scope: TicketScope,
  filter: { status?: EmployeeTicket['status'] | undefined },
  page: PageQuery,
): Promise<Page<EmployeeTicket>> {
  const { items, total } = await pageEmployeeTickets(module.db, scope, { status: filter.status, page });
  return pageOf(page, items, total);
}

/** One of the person's tickets with its messages; HR's messages are read from now on. */
export async function showOwnTicket(
  module: HrTicketsModule,
  scope: TicketScope,
  ticketId: number,
): Promise<OwnTicket> {
  const ticket = await findEmployeeTicket(module.db, scope, ticketId);
  if (!ticket) throw new AppError('NOT_FOUND');
  if (ticket.unread)
    await updateTicket(module.db, scope.companyId, ticketId, { requesterReadAt: module.now() });
  return ownTicket(module, scope, ticketId);
}

/**
 * The person writes on their ticket. One waiting for them goes back to HR (its SLA clock runs
 * again); a resolved one reopens within seven days of its resolution; a closed one refuses.
 */
export async function writeOnTicket(
  module: HrTicketsModule,
  scope: TicketScope,
  message: RequesterMessage,
  actor: Actor,
): Promise<OwnTicket> {
  const errors = messageProblems(message);
  const now = module.now();
  const calendar = await loadBusinessCalendar(module.db, scope.companyId);
  await module.db.transaction(async (tx) => {
    const locked = await lockTicket(tx, scope.companyId, message.ticketId);
    if (!locked || locked.requesterId !== scope.userId) throw new AppError('NOT_FOUND');
    if (Object.keys(errors).length > 0) throw invalidFields(errors);
    const reopening = locked.status === TicketStatus.resolved;
    if (
      locked.status === TicketStatus.closed ||
      (reopening && (!locked.resolvedAt || !reopensAt(new Date(locked.resolvedAt), now)))
    )
      throw new AppError('TICKET_CLOSED');
    const back =
      locked.status === TicketStatus.waitingEmployee || reopening
        ? transition(
            locked,
            locked.firstResponseAt ? TicketStatus.inProgress : TicketStatus.open,
            now,
            calendar,
          )
        : {};
    await insertMessage(
      tx,
      writtenMessage(
        scope,
        locked.id,
        { body: message.message.trim(), files: message.files, fromHr: false, internal: false },
        now,
      ),
    );
    await updateTicket(tx, scope.companyId, locked.id, {
      ...back,
      lastMessageAt: now,
      requesterReadAt: now,
    });
    await recordAudit(tx, actor, {
      action: AuditAction.hrTicketMessage,
      target: auditTarget(locked),
      changes: changedFields(
        auditedStatus(locked.status),
        auditedMessage({ status: back.status ?? locked.status, files: message.files.length }),
      ),
    });
  });
  return ownTicket(module, scope, message.ticketId);
}

/** The person rates their resolved ticket, once. */
export async function rateTicket(
  module: HrTicketsModule,
  scope: TicketScope,
  rating: TicketRating,
  actor: Actor,
): Promise<OwnTicket> {
  await module.db.transaction(async (tx) => {
    const locked = await lockTicket(tx, scope.companyId, rating.ticketId);
    if (!locked || locked.requesterId !== scope.userId) throw new AppError('NOT_FOUND');
    if (locked.rating !== null) throw new AppError('TICKET_ALREADY_RATED');
    if (!mayRate(locked)) throw new AppError('TICKET_NOT_RESOLVED');
    const comment = rating.comment?.trim() || null;
    await updateTicket(tx, scope.companyId, locked.id, {
      rating: rating.score,
      ratingComment: comment,
      ratedAt: module.now(),
    });
    await recordAudit(tx, actor, {
      action: AuditAction.hrTicketRate,
      target: auditTarget(locked),
      changes: changedFields(auditedRating(null), auditedRating(rating.score)),
    });
  });
  return ownTicket(module, scope, rating.ticketId);
}

/**
 * The person's own tickets for their data export (LGPD): each with the messages they see in the
 * portal; HR's internal notes are HR's records, not the person's.
 */
export async function ownTicketsForExport(module: HrTicketsModule, scope: TicketScope): Promise<OwnTicket[]> {
  const { items } = await pageEmployeeTickets(module.db, scope, { page: { number: 1, size: 100_000 } });
  const tickets: OwnTicket[] = [];
  for (const ticket of items)
    tickets.push({ ticket, messages: await listMessages(module.db, ticket.id, { internal: false }) });
  return tickets;
}
