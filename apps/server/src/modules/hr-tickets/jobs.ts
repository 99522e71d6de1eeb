import { AuditAction } from '@elo/contract/calls/audit';
import { TicketStatus } from '@elo/contract/calls/hr-tickets';
import { NotificationType } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import { actorAt } from '../../platform/auth/actor.ts';
import { formatDateTime, languageOrDefault } from '../../platform/i18n.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { autoCloseCutoff, reopensAt, transition, warningDue } from './lifecycle.ts';
import { ticketUpdateEmail } from './messages.ts';
import { auditTarget, calendarsOf, hrPortalLink, type HrTicketsModule } from './model.ts';
import { lockTicket, updateTicket } from './repo/changes.ts';
import { claimSlaWarning, listResolvedBefore, listSlaWatched } from './repo/sla.ts';
import { findMailFacts } from './repo/tickets.ts';
import { listTicketWatchers } from './repo/visibility.ts';
import { auditedStatus } from './wire.ts';

/*
 * The HR tickets' jobs: the e-mail that tells a requester of HR's answer or move, the SLA scan
 * (warnings at 75% of a target and at its breach) and the closing of resolved tickets.
 */

/** The job that e-mails a requester that HR answered or moved their ticket. */
export const ticketMailJob = 'hr-ticket-mail';
/** The scan that warns HR at 75% of an SLA target and at its breach. */
export const slaScanJob = 'hr-ticket-sla-scan';
/** The scan that closes tickets resolved more than seven days ago. */
export const autoCloseJob = 'hr-ticket-auto-close';

type TicketMailKind = 'answer' | 'status';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    [ticketMailJob]: { companyId: number; ticketId: number; kind: TicketMailKind };
    [slaScanJob]: Record<string, never>;
    [autoCloseJob]: Record<string, never>;
  }
}

/** Queues the requester's e-mail in the change's transaction: it goes only if the change commits. */
export async function queueTicketMail(
  module: HrTicketsModule,
  tx: Database,
  ticket: { companyId: number; id: number },
  kind: TicketMailKind,
): Promise<void> {
  await module.jobs.send(
    ticketMailJob,
    { companyId: ticket.companyId, ticketId: ticket.id, kind },
    { transaction: tx },
  );
}

/** E-mails the requester that HR answered or moved their ticket (nothing for no address). */
export async function sendTicketMail(
  module: HrTicketsModule,
  data: { companyId: number; ticketId: number; kind: TicketMailKind },
): Promise<void> {
  const facts = await findMailFacts(module.db, data.companyId, data.ticketId);
  if (!facts || !facts.requesterEmail || !facts.requesterActive) return;
  const message = ticketUpdateEmail({
    language: languageOrDefault(facts.requesterLanguage),
    kind: data.kind,
    personName: facts.requesterName,
    companyName: facts.companyName,
    protocol: facts.protocol,
    subjectName: facts.subjectName,
    status: facts.status,
    link: `${module.publicUrl.replace(/\/$/, '')}/appportal?idChamado=${data.ticketId}`,
  });
  await module.mail.send({ to: facts.requesterEmail, ...message });
}

/**
 * The SLA scan: for each running ticket, each target's warning at 75% and at breach, once
 * (claimed on the row, so a second run or another node sends nothing twice). The responsible
 * administrator is told; with nobody responsible, every administrator who could take it.
 */
export async function scanSla(module: HrTicketsModule): Promise<number> {
  const { db } = module;
  const now = module.now();
  const calendarOf = calendarsOf(module);
  let sent = 0;
  for (const ticket of await listSlaWatched(db)) {
    const calendar = await calendarOf(ticket.companyId);
    const targets = [
      {
        target: 'firstResponse' as const,
        due: ticket.firstResponseAt === null ? ticket.firstResponseDue : null,
        warnedAt: ticket.firstResponseWarnedAt,
        minutes: ticket.firstResponseMinutes,
      },
      {
        target: 'resolution' as const,
        due: ticket.resolutionDue,
        warnedAt: ticket.resolutionWarnedAt,
        minutes: ticket.resolutionMinutes,
      },
    ];
    for (const entry of targets) {
      const due = entry.due;
      if (due === null) continue;
      const stage = warningDue(calendar, {
        due,
        targetMinutes: entry.minutes,
        warnedAt: entry.warnedAt,
        now,
      });
      if (!stage) continue;
      if (!(await claimSlaWarning(db, { ticketId: ticket.id, target: entry.target, stage, at: now })))
        continue;
      // Only those who may see the ticket now are told (a confidential one's circle only): the
      // responsible administrator while they still may, else every one who could take it.
      const watchers = await listTicketWatchers(db, ticket.companyId, ticket.id);
      const userIds =
        ticket.assigneeId !== null && watchers.includes(ticket.assigneeId) ? [ticket.assigneeId] : watchers;
      await module.notifications.notify({
        companyId: ticket.companyId,
        userIds,
        type: NotificationType.hrTicketSla,
        title: (t) =>
          t(stage === 'breach' ? 'bell.hrSlaBreach' : 'bell.hrSlaWarning', {
            protocol: ticket.protocol,
            target: t(`bell.hrSlaTarget.${entry.target}`),
          }),
        body: (t, language) => t('bell.hrSlaDue', { date: formatDateTime(due, language, calendar.timeZone) }),
        link: hrPortalLink(ticket.id),
      });
      sent += 1;
    }
  }
  return sent;
}

/** Closes the tickets resolved more than seven days ago with no word since, each audited as the system. */
export async function closeResolved(module: HrTicketsModule): Promise<number> {
  const now = module.now();
  const calendarOf = calendarsOf(module);
  let closed = 0;
  for (const candidate of await listResolvedBefore(module.db, autoCloseCutoff(now))) {
    const calendar = await calendarOf(candidate.companyId);
    const done = await module.db.transaction(async (tx) => {
      const locked = await lockTicket(tx, candidate.companyId, candidate.id);
      // Reopened or closed since the list was read (another node, the requester).
      if (!locked || locked.status !== TicketStatus.resolved) return false;
      if (locked.resolvedAt && reopensAt(new Date(locked.resolvedAt), now)) return false;
      await updateTicket(
        tx,
        locked.companyId,
        locked.id,
        transition(locked, TicketStatus.closed, now, calendar),
      );
      await recordAudit(tx, actorAt({ companyId: locked.companyId, userId: null }, {}), {
        action: AuditAction.hrTicketAutoClose,
        target: auditTarget(locked),
        changes: changedFields(auditedStatus(TicketStatus.resolved), auditedStatus(TicketStatus.closed)),
      });
      return true;
    });
    if (done) closed += 1;
  }
  return closed;
}

/** What runs the jobs: the module's service (its scans and its mail). */
interface HrTicketJobs {
  sendTicketMail(data: { companyId: number; ticketId: number; kind: TicketMailKind }): Promise<void>;
  scanSla(): Promise<number>;
  closeResolved(): Promise<number>;
}

/** Registers the e-mail job and the two scans (every minute for the SLA, hourly for the closing). */
export function registerHrTicketJobs(jobs: JobQueue, service: HrTicketJobs, log: Logger) {
  jobs.register(ticketMailJob, (job) => service.sendTicketMail(job.data), { retryLimit: 5 });
  jobs.register(
    slaScanJob,
    async () => {
      const sent = await service.scanSla();
      if (sent > 0) log.info({ sent }, 'HR ticket SLA warnings sent');
    },
    { policy: 'singleton', retryLimit: 2, expireInSeconds: 5 * 60 },
  );
  jobs.register(
    autoCloseJob,
    async () => {
      const closed = await service.closeResolved();
      if (closed > 0) log.info({ closed }, 'resolved HR tickets closed');
    },
    { policy: 'singleton', retryLimit: 2, expireInSeconds: 10 * 60 },
  );
  void jobs.schedule(slaScanJob, '* * * * *', {});
  void jobs.schedule(autoCloseJob, '7 * * * *', {});
}
