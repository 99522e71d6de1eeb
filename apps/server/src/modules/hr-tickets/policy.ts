import { AdminPermission } from '@elo/contract/enums';
import type { ErrorCode } from '@elo/contract/errors';
import { editsArea, readsArea, type RecordActor } from '../../platform/auth/record-policy.ts';
import { AppError } from '../../platform/http/app-error.ts';

/*
 * Record rules of HR contact (docs/hr-contact.md, docs/security.md "Record rules: confidential
 * HR"): who in HR may see, answer and read the files of which ticket, see its audit entries in
 * full, and change a subject's confidentiality. The per-call gate (ADMIN_PORTAL_RH at L or E) has
 * already let the call through; these decide on the record. Lists filter with the same rule in
 * SQL (`visibleTo` in repo/visibility.ts); a test holds the two to the same answers.
 */

/** An administrator as the HR rules see them: their statuses and what the administrator form assigns them. */
export interface HrActor extends RecordActor {
  /** Ticket subjects (ASSUNTO_CHAMADO items) assigned to them. */
  subjectIds: ReadonlySet<number>;
  /** Groups assigned to them: they see the tickets of those groups' members (never a confidential one). */
  groupIds: ReadonlySet<number>;
}

/** What the rules need to know of a ticket. */
export interface TicketRecord {
  companyId: number;
  requesterId: number;
  /** The subject the ticket is under now. */
  subjectId: number;
  /**
   * The subject whose assigned administrators alone see the ticket; null when it is not
   * confidential. For a ticket opened under a confidential subject it is that subject, for life
   * (its flag lifted or the ticket moved elsewhere, it stays); for one opened otherwise, its
   * current subject while that subject is confidential.
   */
  circleSubjectId: number | null;
  /** The groups the requester belongs to (only a ticket that is not confidential is seen through a group). */
  requesterGroupIds: readonly number[];
}

/** A file of a ticket. */
export interface TicketFileRecord extends TicketRecord {
  /** The file belongs to an internal note: HR's only. */
  internalNote: boolean;
}

export type TicketAction = 'view' | 'reply' | 'downloadAttachment' | 'seeInAudit';

/** Whether HR's side of the rule lets the actor see the ticket (whatever their status). */
function assignedToSee(actor: HrActor, ticket: TicketRecord): boolean {
  if (ticket.circleSubjectId !== null) return actor.subjectIds.has(ticket.circleSubjectId);
  if (actor.subjectIds.size === 0 && actor.groupIds.size === 0) return true;
  return (
    actor.subjectIds.has(ticket.subjectId) || ticket.requesterGroupIds.some((id) => actor.groupIds.has(id))
  );
}

/** Whether the actor sees the ticket in the HR portal: the portal's permission and the assignment rule. */
function seesAsHr(actor: HrActor, ticket: TicketRecord): boolean {
  return (
    actor.companyId === ticket.companyId &&
    readsArea(actor, AdminPermission.hrPortal) &&
    assignedToSee(actor, ticket)
  );
}

/**
 * Why the actor may not do `action` to the ticket, or null when they may:
 * - `view` (HR's screen of the ticket, its messages and notes, its SLA lines and warnings):
 *   NOT_FOUND, as for a ticket that does not exist, unless the actor holds ADMIN_PORTAL_RH and is
 *   assigned to see it: a confidential ticket only by assignment to its circle's subject (not
 *   through a group, not by having nothing assigned, not as the master); any other by its subject,
 *   by a group of its requester, or by having nothing assigned at all.
 * - `reply` (answer, note, assign, change the status): as `view`, and FORBIDDEN without the
 *   permission at E.
 * - `downloadAttachment`: its requester (not an internal note's file), or as `view`.
 * - `seeInAudit` (the log's entries about the ticket in full): anyone for a ticket that is not
 *   confidential; for a confidential one only as `view`, FORBIDDEN otherwise (the entries show
 *   masked).
 */
export function ticketRefusal(
  actor: HrActor,
  action: TicketAction,
  ticket: TicketRecord | TicketFileRecord,
): ErrorCode | null {
  switch (action) {
    case 'view':
      return seesAsHr(actor, ticket) ? null : 'NOT_FOUND';
    case 'reply':
      if (!seesAsHr(actor, ticket)) return 'NOT_FOUND';
      return editsArea(actor, AdminPermission.hrPortal) ? null : 'FORBIDDEN';
    case 'downloadAttachment': {
      const internalNote = 'internalNote' in ticket && ticket.internalNote;
      const own = actor.companyId === ticket.companyId && actor.userId === ticket.requesterId;
      if (own && !internalNote) return null;
      return seesAsHr(actor, ticket) ? null : 'NOT_FOUND';
    }
    case 'seeInAudit':
      if (ticket.circleSubjectId === null && actor.companyId === ticket.companyId) return null;
      return seesAsHr(actor, ticket) ? null : 'FORBIDDEN';
  }
}

/** Throws the refusal of `ticketRefusal` (404 NOT_FOUND, 403 FORBIDDEN); returns when allowed. */
export function authorizeTicket(
  actor: HrActor,
  action: TicketAction,
  ticket: TicketRecord | TicketFileRecord,
): void {
  const refusal = ticketRefusal(actor, action, ticket);
  if (refusal) throw new AppError(refusal);
}

/** What the rules need to know of a subject. */
export interface SubjectRecord {
  companyId: number;
  subjectId: number;
}

export type SubjectAction = 'changeConfidentiality';

/**
 * `changeConfidentiality` (making a subject confidential or lifting it): only an administrator
 * assigned to that subject who holds ADMIN_PORTAL_RH at E, the master included (not as the master:
 * only if assigned). Anyone else: 403 SUBJECT_CONFIDENTIALITY_FORBIDDEN.
 */
export function authorizeSubject(actor: HrActor, action: SubjectAction, subject: SubjectRecord): void {
  if (action !== 'changeConfidentiality') return;
  const assigned =
    actor.companyId === subject.companyId &&
    editsArea(actor, AdminPermission.hrPortal) &&
    actor.subjectIds.has(subject.subjectId);
  if (!assigned) throw new AppError('SUBJECT_CONFIDENTIALITY_FORBIDDEN');
}
