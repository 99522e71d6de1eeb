import type { z } from 'zod';
import { AuditAction, type AuditActionCode } from '@elo/contract/calls/audit';
import {
  reminderLink,
  type ReminderSituationValue,
  type salvaLembreteInputSchema,
} from '@elo/contract/calls/reminders';
import { NotificationType } from '@elo/contract/enums';
import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { MailSender } from '../../platform/mail.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { reminderBellBody, reminderEmail } from './messages.ts';
import { auditedFields, presentReminder } from './presenter.ts';
import { nextOccurrence } from './recurrence.ts';
import {
  deleteReminder,
  findRecipient,
  insertReminder,
  listDueReminders,
  lockOwnReminder,
  lockReminder,
  pageReminders,
  updateReminder,
  type ReminderOwner,
  type ReminderRow,
  type ReminderValues,
} from './repo.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /** A reminder's occurrence comes due (see docs/reminders.md). */
    'reminder-due': { reminderId: number; at: string };
    /** Every minute: queues the fire of any reminder coming due that has none (see docs/reminders.md). */
    'reminder-sweep': Record<string, never>;
    /** The e-mail of a fired reminder, with what it said when it fired. */
    'reminder-email': {
      companyId: number;
      userId: number;
      reminderId: number;
      title: string;
      description: string | null;
      at: string;
    };
  }
}

export const reminderDueJob = 'reminder-due';
export const reminderEmailJob = 'reminder-email';
export const reminderSweepJob = 'reminder-sweep';

/** How far ahead the sweep looks, and how many reminders one sweep queues at most. */
const sweepAheadMs = 90_000;
const sweepBatch = 1_000;

export type SaveReminderInput = z.output<typeof salvaLembreteInputSchema>;

export type RemindersService = ReturnType<typeof createRemindersService>;

/**
 * Personal reminders: each person's list and form, conclude, delete and snooze (each write audited
 * in its transaction), and the job that fires an occurrence at its minute: a notification in the
 * bell, an e-mail when asked, and the next occurrence of a recurring one.
 */
export function createRemindersService(deps: {
  db: Database;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  mail: MailSender;
  /** The portal's address: the e-mail's link is absolute. */
  publicUrl: string;
  log: Logger;
}) {
  const { db } = deps;

  /**
   * Queues the fire of an occurrence in the caller's transaction: the job exists if and only if
   * the change commits, and the same reminder at the same instant is queued once.
   */
  async function queueFire(tx: Database, reminderId: number, at: Date) {
    const iso = at.toISOString();
    await deps.jobs.send(
      reminderDueJob,
      { reminderId, at: iso },
      { startAfter: at, singletonKey: `${reminderId}@${iso}`, transaction: tx },
    );
  }

  async function requireOwn(tx: Database, owner: ReminderOwner, reminderId: number) {
    const row = await lockOwnReminder(tx, owner, reminderId);
    // Another person's or company's reminder answers as an unknown one: nothing is revealed.
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** One write: the change, its fire when it has a next time, and its audit entry, in one commit. */
  async function write(
    owner: ReminderOwner,
    actor: Actor,
    action: AuditActionCode,
    change: (tx: Database) => Promise<{ before: ReminderRow | null; after: ReminderRow }>,
  ) {
    const saved = await db.transaction(async (tx) => {
      const { before, after } = await change(tx);
      // A moved time queues its own fire; the fire queued for the old time finds it moved and does nothing.
      if (after.nextAt && after.nextAt.getTime() !== before?.nextAt?.getTime()) {
        await queueFire(tx, after.id, after.nextAt);
      }
      await recordAudit(tx, actor, {
        action,
        target: { type: 'reminder', id: after.id },
        changes: changedFields(auditedFields(before), auditedFields(after)),
      });
      return after;
    });
    return { lembrete: presentReminder(saved) };
  }

  /**
   * The job: fires the occurrence `at` of a reminder. It does nothing when the reminder is gone,
   * concluded, or waits for another time (edited, snoozed, or this occurrence already fired), so
   * a duplicate or a retry never fires twice. The row moves on in one transaction with the next
   * occurrence's job and the e-mail's job; the bell is told once that has committed.
   */
  async function fire(data: { reminderId: number; at: string }) {
    const at = new Date(data.at);
    const fired = await db.transaction(async (tx) => {
      const row = await lockReminder(tx, data.reminderId);
      if (!row || row.done || row.nextAt?.getTime() !== at.getTime()) return null;
      // From now when the fire comes late (nodes were down): missed occurrences are not replayed.
      const now = new Date();
      const next = nextOccurrence({
        anchor: row.remindAt,
        recurrence: row.recurrence,
        after: now > at ? now : at,
      });
      await updateReminder(tx, row, row.id, { nextAt: next, lastFiredAt: at });
      if (next) await queueFire(tx, row.id, next);
      if (row.email) {
        await deps.jobs.send(
          reminderEmailJob,
          {
            companyId: row.companyId,
            userId: row.userId,
            reminderId: row.id,
            title: row.title,
            description: row.description,
            at: data.at,
          },
          { singletonKey: `${row.id}@${data.at}`, transaction: tx },
        );
      }
      return row;
    });
    if (!fired) return;
    await deps.notifications.notify({
      companyId: fired.companyId,
      userIds: [fired.userId],
      type: NotificationType.reminder,
      title: fired.title,
      body: reminderBellBody(fired.description, at),
      link: reminderLink(fired.id),
    });
  }

  /**
   * The e-mail job: a refused message throws, and the queue tries again later; the bell's
   * notification was stored before, so a mail failure never loses it.
   */
  async function sendEmail(data: {
    companyId: number;
    userId: number;
    reminderId: number;
    title: string;
    description: string | null;
    at: string;
  }) {
    const person = await findRecipient(db, { companyId: data.companyId, userId: data.userId });
    // Gone, inactive or signing in by matricula with no address: nothing to send.
    if (!person?.email) return;
    await deps.mail.send({
      to: person.email,
      ...reminderEmail({
        personName: person.name,
        companyName: person.companyName,
        title: data.title,
        description: data.description,
        at: new Date(data.at),
        link: `${deps.publicUrl}${reminderLink(data.reminderId)}`,
      }),
    });
  }

  /**
   * The sweep: queues the fire of every reminder due within the next 90 seconds (or already past
   * due) that is not concluded. A reminder written without its job (the demo's, restored rows)
   * still fires; one whose job is waiting already is queued once (same key), and a duplicate
   * that runs anyway finds the occurrence fired and does nothing.
   */
  async function sweep() {
    const due = await listDueReminders(db, new Date(Date.now() + sweepAheadMs), sweepBatch);
    for (const reminder of due) {
      const at = reminder.nextAt.toISOString();
      await deps.jobs.send(
        reminderDueJob,
        { reminderId: reminder.id, at },
        { startAfter: reminder.nextAt, singletonKey: `${reminder.id}@${at}` },
      );
    }
  }

  return {
    fire,
    sendEmail,
    sweep,

    /** A page of the caller's reminders, upcoming then past, or only one of the two. */
    async list(
      owner: ReminderOwner,
      situation: ReminderSituationValue | undefined,
      page: { number: number; size: number },
    ) {
      const { rows, total } = await pageReminders(db, owner, situation, {
        limit: page.size,
        offset: (page.number - 1) * page.size,
      });
      return {
        listLembretes: rows.map(presentReminder),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
      };
    },

    /**
     * Creates or edits one of the caller's reminders. A new time (or a new reminder) must be
     * ahead of now, and it becomes the next occurrence, opening a concluded reminder again. An
     * edit that keeps the time keeps the occurrence it waits for; a one-off that already fired
     * and turns recurring waits for its series' next occurrence.
     */
    async save(owner: ReminderOwner, input: SaveReminderInput, actor: Actor) {
      const remindAt = new Date(input.dtLembrete);
      const now = new Date();
      return write(
        owner,
        actor,
        input.idLembrete === undefined ? AuditAction.reminderCreate : AuditAction.reminderUpdate,
        async (tx) => {
          const before =
            input.idLembrete === undefined ? null : await requireOwn(tx, owner, input.idLembrete);
          const timeChanged = !before || before.remindAt.getTime() !== remindAt.getTime();
          if (timeChanged && remindAt <= now)
            throw invalidFields({ dtLembrete: ['validation.scheduleInPast'] });
          const values: ReminderValues = {
            title: input.titulo,
            description: input.descricao,
            remindAt,
            recurrence: input.recorrencia,
            email: input.flEmail === 'S',
            done: timeChanged ? false : before.done,
            nextAt: timeChanged
              ? remindAt
              : before.done || before.nextAt
                ? before.nextAt
                : nextOccurrence({ anchor: remindAt, recurrence: input.recorrencia, after: now }),
          };
          const after = before
            ? await updateReminder(tx, owner, before.id, values)
            : await insertReminder(tx, owner, values);
          return { before, after };
        },
      );
    },

    /** Concludes one of the caller's reminders: it fires no more (a fire already queued does nothing). */
    async complete(owner: ReminderOwner, reminderId: number, actor: Actor) {
      return write(owner, actor, AuditAction.reminderComplete, async (tx) => {
        const before = await requireOwn(tx, owner, reminderId);
        const after = await updateReminder(tx, owner, reminderId, { done: true, nextAt: null });
        return { before, after };
      });
    },

    /**
     * Puts one of the caller's reminders off: it fires `minutes` from now (a recurring one then goes
     * on with its series), and a concluded one is open again.
     */
    async snooze(owner: ReminderOwner, reminderId: number, minutes: number, actor: Actor) {
      return write(owner, actor, AuditAction.reminderSnooze, async (tx) => {
        const before = await requireOwn(tx, owner, reminderId);
        const nextAt = new Date(Date.now() + minutes * 60_000);
        const after = await updateReminder(tx, owner, reminderId, { done: false, nextAt });
        return { before, after };
      });
    },

    /** Deletes one of the caller's reminders (a fire already queued finds nothing and does nothing). */
    async remove(owner: ReminderOwner, reminderId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        const before = await requireOwn(tx, owner, reminderId);
        await deleteReminder(tx, owner, reminderId);
        await recordAudit(tx, actor, {
          action: AuditAction.reminderDelete,
          target: { type: 'reminder', id: reminderId },
          changes: changedFields(auditedFields(before), null),
        });
      });
      return { ok: true as const };
    },
  };
}

/**
 * Registers the reminders' jobs on the queue: the fire of an occurrence, its e-mail, and the
 * sweep every minute (the cron fires once across nodes; the singleton policy runs one at a time).
 */
export function registerReminderJobs(jobs: JobQueue, reminders: RemindersService) {
  jobs.register(reminderSweepJob, () => reminders.sweep(), { policy: 'singleton', retryLimit: 1 });
  void jobs.schedule(reminderSweepJob, '* * * * *', {});
  jobs.register(reminderDueJob, (job) => reminders.fire(job.data), { policy: 'short' });
  jobs.register(reminderEmailJob, (job) => reminders.sendEmail(job.data), {
    policy: 'short',
    retryLimit: 3,
    retryDelaySeconds: 60,
  });
}
