import { AuditAction } from '@elo/contract/calls/audit';
import { TicketStatus, type TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import { NotificationType } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { pageOf, type Page, type PageQuery } from '../../platform/paging.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { loadBusinessCalendar } from '../hr-settings/service.ts';
import { loadHrActor } from './hr-actor.ts';
import { queueTicketMail } from './jobs.ts';
import { transition } from './lifecycle.ts';
import {
  auditTarget,
  hrPortalLink,
  messageProblems,
  tellRequester,
  writtenMessage,
  type HrTicketsModule,
} from './model.ts';
import { authorizeTicket } from './policy.ts';
import { insertMessage, lockTicket, updateTicket } from './repo/changes.ts';
import { countAdminTickets, findTicketById, listMessages, pageAdminTickets } from './repo/tickets.ts';
import { findTicketRecord, listResponsibleCandidates } from './repo/visibility.ts';
import type {
  AdminTicket,
  AdminTicketFilter,
  HrReply,
  HrScope,
  HrTicket,
  HrWorkSummary,
  LockedTicket,
  TicketPerson,
  TicketValues,
} from './ticket.ts';
import { auditedAssignee, auditedTicket } from './wire.ts';

/*
 * The HR portal's tickets: the queue, a ticket with its messages and notes, HR's replies, the
 * responsible administrator and the status. Every ticket goes through the record rules
 * (policy.ts): one the administrator may not see answers 404 like one that does not exist.
 */

/** A ticket of the company as HR's screens show it, whoever asks (after the record rules said yes). */
async function ticketOf(module: HrTicketsModule, within: Database, companyId: number, ticketId: number) {
  const found = await findTicketById(within, companyId, ticketId, module.now());
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** A ticket the administrator may see (policy.ts, `view`); 404 for any other, as for one that does not exist. */
async function visibleTicket(
  module: HrTicketsModule,
  scope: HrScope,
  ticketId: number,
): Promise<AdminTicket> {
  const [found, actor] = await Promise.all([
    ticketOf(module, module.db, scope.companyId, ticketId),
    loadHrActor(module.db, scope),
  ]);
  authorizeTicket(actor, 'view', found.record);
  return found.ticket;
}

/** Locks a ticket the administrator may act on (policy.ts, `reply`); 404 for one they may not see. */
async function lockVisible(tx: Database, scope: HrScope, ticketId: number): Promise<LockedTicket> {
  const locked = await lockTicket(tx, scope.companyId, ticketId);
  const record = locked && (await findTicketRecord(tx, scope.companyId, ticketId));
  if (!locked || !record) throw new AppError('NOT_FOUND');
  authorizeTicket(await loadHrActor(tx, scope), 'reply', record);
  return locked;
}

/** The ticket's fields an audit entry compares, as they stand in the transaction. */
async function auditedNow(module: HrTicketsModule, tx: Database, companyId: number, ticketId: number) {
  return auditedTicket((await ticketOf(module, tx, companyId, ticketId)).ticket);
}

/** The tickets the administrator sees, filtered, the latest message first. */
export async function listHrTickets(
  module: HrTicketsModule,
  scope: HrScope,
  filter: AdminTicketFilter,
  page: PageQuery,
): Promise<Page<AdminTicket>> {
  const { items, total } = await pageAdminTickets(module.db, {
    companyId: scope.companyId,
    adminId: scope.userId,
    filter,
    page,
    now: module.now(),
  });
  return pageOf(page, items, total);
}

/**
 * The administrator's open work for the administration's home: the open tickets they see, the late
 * ones among them and those they are responsible for, each counted with the list's own filters.
 */
export async function summarizeHrWork(module: HrTicketsModule, scope: HrScope): Promise<HrWorkSummary> {
  const [open, late, mine] = await countAdminTickets(module.db, {
    companyId: scope.companyId,
    adminId: scope.userId,
    filters: [{ open: true }, { open: true, overdue: true }, { open: true, assigneeId: scope.userId }],
    now: module.now(),
  });
  return { open: open!, late: late!, mine: mine! };
}

/** A ticket with every message, internal notes included; reading a confidential one is audited. */
export async function showHrTicket(
  module: HrTicketsModule,
  scope: HrScope,
  ticketId: number,
  actor: Actor,
): Promise<HrTicket> {
  const ticket = await visibleTicket(module, scope, ticketId);
  if (ticket.confidential)
    await module.db.transaction((tx) =>
      recordAudit(tx, actor, {
        action: AuditAction.hrTicketConfidentialRead,
        target: auditTarget(ticket),
        changes: {},
      }),
    );
  return { ticket, messages: await listMessages(module.db, ticketId, { internal: true }) };
}

/**
 * Whoever answers or resolves a ticket nobody is responsible for becomes its responsible, as a
 * help desk does (the one who took it), unless someone already is.
 */
const takenBy = (ticket: { assigneeId: number | null }, scope: HrScope): TicketValues =>
  ticket.assigneeId === null ? { assigneeId: scope.userId } : {};

/**
 * HR writes on a ticket. An internal note changes nothing the employee sees and tells nobody.
 * A public answer is the first response the first time, moves an open ticket to in progress
 * (unless another status was picked), makes the writer responsible for a ticket nobody was, and
 * tells the requester in the bell and by e-mail.
 */
export async function replyToTicket(
  module: HrTicketsModule,
  scope: HrScope,
  reply: HrReply,
  actor: Actor,
): Promise<AdminTicket> {
  const errors = messageProblems(reply);
  const { internal } = reply;
  const now = module.now();
  const calendar = await loadBusinessCalendar(module.db, scope.companyId);
  const text = reply.message.trim();
  const done = await module.db.transaction(async (tx) => {
    const locked = await lockVisible(tx, scope, reply.ticketId);
    if (Object.keys(errors).length > 0) throw invalidFields(errors);
    const before = await auditedNow(module, tx, scope.companyId, locked.id);
    const next =
      reply.status ??
      (!internal && locked.status === TicketStatus.open ? TicketStatus.inProgress : locked.status);
    const values: TicketValues = internal
      ? {}
      : {
          lastMessageAt: now,
          lastHrMessageAt: now,
          firstResponseAt: locked.firstResponseAt ?? now,
          ...takenBy(locked, scope),
        };
    Object.assign(
      values,
      transition(
        { ...locked, firstResponseAt: values.firstResponseAt ?? locked.firstResponseAt },
        next,
        now,
        calendar,
      ),
    );
    await insertMessage(
      tx,
      writtenMessage(scope, locked.id, { body: text, files: reply.files, fromHr: true, internal }, now),
    );
    await updateTicket(tx, scope.companyId, locked.id, values);
    await recordAudit(tx, actor, {
      action: internal ? AuditAction.hrTicketNote : AuditAction.hrTicketAnswer,
      target: auditTarget(locked),
      changes: changedFields(before, await auditedNow(module, tx, scope.companyId, locked.id)),
    });
    if (!internal) await queueTicketMail(module, tx, locked, 'answer');
    else if (values.status) await queueTicketMail(module, tx, locked, 'status');
    return { locked, status: values.status ?? null };
  });
  if (!internal || done.status)
    await tellRequester(module, done.locked, { answer: internal ? null : text, status: done.status });
  return visibleTicket(module, scope, reply.ticketId);
}

/** Makes an administrator who holds ADMIN_PORTAL_RH and sees the ticket responsible for it. */
export async function assignTicket(
  module: HrTicketsModule,
  scope: HrScope,
  assignment: { ticketId: number; assigneeId: number },
  actor: Actor,
): Promise<AdminTicket> {
  const locked = await module.db.transaction(async (tx) => {
    const ticket = await lockVisible(tx, scope, assignment.ticketId);
    const candidates = await listResponsibleCandidates(tx, scope.companyId, ticket.id);
    if (!candidates.some((candidate) => candidate.id === assignment.assigneeId))
      throw invalidFields({ idUsuarioResponsavel: ['validation.ticketAssigneeInvalid'] });
    if (ticket.assigneeId === assignment.assigneeId) return null;
    await updateTicket(tx, scope.companyId, ticket.id, { assigneeId: assignment.assigneeId });
    await recordAudit(tx, actor, {
      action: AuditAction.hrTicketAssign,
      target: auditTarget(ticket),
      changes: changedFields(auditedAssignee(ticket.assigneeId), auditedAssignee(assignment.assigneeId)),
    });
    return ticket;
  });
  if (locked && assignment.assigneeId !== scope.userId)
    await module.notifications.notify({
      companyId: scope.companyId,
      userIds: [assignment.assigneeId],
      type: NotificationType.hrTicketAssigned,
      title: (t) => t('bell.hrAssignedTitle', { protocol: locked.protocol }),
      body: (t) => t('bell.hrAssignedBody'),
      link: hrPortalLink(locked.id),
    });
  return visibleTicket(module, scope, assignment.ticketId);
}

/** Moves a ticket to another status; the requester is told in the bell and by e-mail. */
export async function changeTicketStatus(
  module: HrTicketsModule,
  scope: HrScope,
  change: { ticketId: number; status: TicketStatusValue },
  actor: Actor,
): Promise<AdminTicket> {
  const now = module.now();
  const calendar = await loadBusinessCalendar(module.db, scope.companyId);
  const moved = await module.db.transaction(async (tx) => {
    const locked = await lockVisible(tx, scope, change.ticketId);
    const values = transition(locked, change.status, now, calendar);
    if (values.status === undefined) return null;
    if (values.status === TicketStatus.resolved) Object.assign(values, takenBy(locked, scope));
    const before = await auditedNow(module, tx, scope.companyId, locked.id);
    await updateTicket(tx, scope.companyId, locked.id, values);
    await recordAudit(tx, actor, {
      action: AuditAction.hrTicketStatus,
      target: auditTarget(locked),
      changes: changedFields(before, await auditedNow(module, tx, scope.companyId, locked.id)),
    });
    await queueTicketMail(module, tx, locked, 'status');
    return locked;
  });
  if (moved) await tellRequester(module, moved, { answer: null, status: change.status });
  return visibleTicket(module, scope, change.ticketId);
}

/** Who a ticket can be given to (everyone holding the permission when no ticket is named). */
export async function responsibleCandidates(
  module: HrTicketsModule,
  scope: HrScope,
  ticketId: number | undefined,
): Promise<TicketPerson[]> {
  if (ticketId !== undefined) await visibleTicket(module, scope, ticketId);
  return listResponsibleCandidates(module.db, scope.companyId, ticketId ?? null);
}
