import { AuditAction } from '@elo/contract/calls/audit';
import type { Database } from '../../db/client.ts';
import { actorAt } from '../../platform/auth/actor.ts';
import type { AuthSession } from '../../platform/auth/sessions.ts';
import type { MediaReadAnswer } from '../../platform/storage/media-access.ts';
import { recordAudit } from '../audit/service.ts';
import { ownTicketsForExport } from './employee.ts';
import { loadHrActor } from './hr-actor.ts';
import { closeResolved, scanSla, sendTicketMail } from './jobs.ts';
import type { HrTicketsModule } from './model.ts';
import { ticketRefusal } from './policy.ts';
import { countOpenBySubject, countUnreadTickets, findTicketById, ownTicketSql } from './repo/tickets.ts';
import { findAttachment } from './repo/visibility.ts';
import type { AdminTicket, OwnTicket, TicketScope } from './ticket.ts';
import { auditedAttachmentRead } from './wire.ts';

export { autoCloseJob, registerHrTicketJobs, slaScanJob, ticketMailJob } from './jobs.ts';
export type { HrScope, TicketScope } from './ticket.ts';
export type { HrTicketsModule } from './model.ts';

/** The company's tickets not yet resolved or closed, per subject id (the settings screen's count). */
export function countOpenTicketsBySubject(db: Database, companyId: number): Promise<Map<number, number>> {
  return countOpenBySubject(db, companyId);
}

/** The person's tickets with an HR message not read yet (sign-in and session calls). */
export function countTicketsWithUnreadMessage(db: Database, scope: TicketScope): Promise<number> {
  return countUnreadTickets(db, scope);
}

/** The person's own tickets, a condition on `hr_tickets t` (the employee's list's rule). */
export const ownTicketCondition = (scope: TicketScope) => ownTicketSql(scope);

export type HrTicketsService = ReturnType<typeof createHrTicketsService>;

/**
 * HR tickets: the employee's "Fale com o RH" (employee.ts) and the administration's HR portal
 * (administration.ts, report.ts), whose routes call those use cases with this module. Every write
 * is one transaction with its audit entry; e-mails go through a job queued in it (jobs.ts), and
 * notifications after the commit, so neither can undo or half-write a change. Besides the module,
 * this answers what the rest of the app asks of the tickets: who may read a file, the person's
 * data export, the jobs.
 */
export function createHrTicketsService(
  deps: Omit<HrTicketsModule, 'now'> & {
    /** The clock (tests move it); the real one when not given. */
    now?: () => Date;
  },
) {
  const module: HrTicketsModule = {
    db: deps.db,
    jobs: deps.jobs,
    notifications: deps.notifications,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    log: deps.log,
    now: deps.now ?? (() => new Date()),
  };
  const { db } = module;

  return {
    ...module,

    /**
     * Who may read a ticket's file (policy.ts, `downloadAttachment`): its requester (not an
     * internal note's), and the administrators of the HR portal who may see the ticket; a
     * confidential ticket's file read by HR is audited. Offered under the name it was sent with.
     */
    async mayReadMedia(reader: AuthSession, key: string): Promise<MediaReadAnswer> {
      const file = await findAttachment(db, reader.companyId, key);
      if (!file) return false;
      const record = { ...file.record, internalNote: file.internal };
      if (ticketRefusal(await loadHrActor(db, reader), 'downloadAttachment', record)) return false;
      const answer = { fileName: file.fileName };
      if (record.requesterId === reader.userId && !file.internal) return answer;
      if (record.circleSubjectId !== null)
        await db.transaction((tx) =>
          recordAudit(tx, actorAt(reader, {}), {
            action: AuditAction.hrTicketAttachmentRead,
            target: { type: 'hr_ticket', id: file.ticketId, name: file.protocol },
            changes: auditedAttachmentRead(file.fileName),
          }),
        );
      return answer;
    },

    /**
     * The person's own tickets for their data export (LGPD): each with the messages they see in
     * the portal; HR's internal notes are HR's records, not the person's. my-account's wire
     * presents them (presentTicketsForExport).
     */
    listPersonData: (scope: TicketScope): Promise<OwnTicket[]> => ownTicketsForExport(module, scope),

    /** E-mails the requester that HR answered or moved their ticket (the mail job). */
    sendTicketMail: (data: { companyId: number; ticketId: number; kind: 'answer' | 'status' }) =>
      sendTicketMail(module, data),
    /** The SLA scan (a job): answers how many warnings went. */
    scanSla: () => scanSla(module),
    /** The closing of resolved tickets (a job): answers how many closed. */
    closeResolved: () => closeResolved(module),

    /** The ticket as HR sees it whatever the administrator (tests, jobs). */
    findTicket: async (companyId: number, ticketId: number): Promise<AdminTicket | undefined> =>
      (await findTicketById(db, companyId, ticketId, module.now()))?.ticket,
  };
}
