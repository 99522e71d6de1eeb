import { reminderLink } from '@elo/contract/calls/reminders';
import { NotificationType } from '@elo/contract/enums';
import { languageOrDefault } from '../../platform/i18n.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { MailSender } from '../../platform/mail.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { reminderBellBody, reminderEmail } from './messages.ts';
import { nextOccurrence } from './recurrence.ts';
import { findRecipient, listDueReminders, lockReminder, updateReminder } from './repo.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /** A reminder's occurrence comes due (see docs/reminders.md). */
    'reminder-due': { reminderId: number; at: string };
    /** Every minute: queues the fire of any reminder coming due that has none (see docs/reminders.md). */
    'reminder-sweep': Record<string, never>;
    /** The e-mail of a fired reminder, with what it said when it fired. */
    'reminder-email': ReminderEmail;
  }
}

export const reminderDueJob = 'reminder-due';
export const reminderEmailJob = 'reminder-email';
export const reminderSweepJob = 'reminder-sweep';

/** How far ahead the sweep looks, and how many reminders one sweep queues at most. */
const sweepAheadMs = 90_000;
const sweepBatch = 1_000;

export interface RemindersDeps {
  db: Database;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  mail: MailSender;
  /** The portal's address: the e-mail's link is absolute. */
  publicUrl: string;
  log: Logger;
}

export type RemindersService = ReturnType<typeof createRemindersService>;

/**
 * Personal reminders: each person's list and form, conclude, delete and snooze (each write audited
 * in its transaction: own-reminders.ts), and the jobs that fire an occurrence at its minute: a
 * notification in the bell, an e-mail when asked, and the next occurrence of a recurring one.
 */
export function createRemindersService(deps: RemindersDeps) {
  return {
    ...deps,
    fire: (data: { reminderId: number; at: string }) => fire(deps, data),
    sendEmail: (data: ReminderEmail) => sendEmail(deps, data),
    sweep: () => sweep(deps),
  };
}

/**
 * Queues the fire of an occurrence in the caller's transaction: the job exists if and only if
 * the change commits, and the same reminder at the same instant is queued once.
 */
export async function queueFire(deps: { jobs: JobQueue }, tx: Database, reminderId: number, at: Date) {
  const iso = at.toISOString();
  await deps.jobs.send(
    reminderDueJob,
    { reminderId, at: iso },
    { startAfter: at, singletonKey: `${reminderId}@${iso}`, transaction: tx },
  );
}

/**
 * The job: fires the occurrence `at` of a reminder. It does nothing when the reminder is gone,
 * concluded, or waits for another time (edited, snoozed, or this occurrence already fired), so
 * a duplicate or a retry never fires twice. The row moves on in one transaction with the next
 * occurrence's job and the e-mail's job; the bell is told once that has committed.
 */
async function fire(deps: RemindersDeps, data: { reminderId: number; at: string }) {
  const at = new Date(data.at);
  const fired = await deps.db.transaction(async (tx) => {
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
    if (next) await queueFire(deps, tx, row.id, next);
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
  const person = await findRecipient(deps.db, fired);
  await deps.notifications.notify({
    companyId: fired.companyId,
    userIds: [fired.userId],
    type: NotificationType.reminder,
    title: fired.title,
    body: reminderBellBody(languageOrDefault(person?.language), fired.description, at),
    link: reminderLink(fired.id),
  });
}

/** What the e-mail of a fired reminder says: the reminder as it was when it fired. */
type ReminderEmail = {
  companyId: number;
  userId: number;
  reminderId: number;
  title: string;
  description: string | null;
  at: string;
};

/**
 * The e-mail job: a refused message throws, and the queue tries again later; the bell's
 * notification was stored before, so a mail failure never loses it.
 */
async function sendEmail(deps: RemindersDeps, data: ReminderEmail) {
  const person = await findRecipient(deps.db, { companyId: data.companyId, userId: data.userId });
  // Gone, inactive or signing in by matricula with no address: nothing to send.
  if (!person?.email) return;
  await deps.mail.send({
    to: person.email,
    ...reminderEmail({
      language: languageOrDefault(person.language),
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
async function sweep(deps: RemindersDeps) {
  const due = await listDueReminders(deps.db, new Date(Date.now() + sweepAheadMs), sweepBatch);
  for (const reminder of due) {
    const at = reminder.nextAt.toISOString();
    await deps.jobs.send(
      reminderDueJob,
      { reminderId: reminder.id, at },
      { startAfter: reminder.nextAt, singletonKey: `${reminder.id}@${at}` },
    );
  }
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
