import { AuditAction, type AuditActionCode } from '@elo/contract/calls/audit';
import type { ReminderRecurrenceValue, ReminderSituationValue } from '@elo/contract/calls/reminders';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { pageOf, type Page, type PageQuery } from '../../platform/paging.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { nextOccurrence } from './recurrence.ts';
import {
  deleteReminder,
  insertReminder,
  lockOwnReminder,
  pageReminders,
  updateReminder,
  type ReminderOwner,
  type ReminderRow,
  type ReminderValues,
} from './repo.ts';
import { queueFire, type RemindersService } from './service.ts';
import { auditedFields } from './wire.ts';

/** A reminder as its form creates or changes it (no id: a new one). */
export interface ReminderForm {
  id?: number | undefined;
  title: string;
  description: string | null;
  remindAt: Date;
  recurrence: ReminderRecurrenceValue;
  /** Also by e-mail when it fires. */
  email: boolean;
}

async function requireOwn(tx: Database, owner: ReminderOwner, reminderId: number) {
  const row = await lockOwnReminder(tx, owner, reminderId);
  // Another person's or company's reminder answers as an unknown one: nothing is revealed.
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** One write: the change, its fire when it has a next time, and its audit entry, in one commit. */
async function write(
  reminders: RemindersService,
  actor: Actor,
  action: AuditActionCode,
  change: (tx: Database) => Promise<{ before: ReminderRow | null; after: ReminderRow }>,
): Promise<ReminderRow> {
  return reminders.db.transaction(async (tx) => {
    const { before, after } = await change(tx);
    // A moved time queues its own fire; the fire queued for the old time finds it moved and does nothing.
    if (after.nextAt && after.nextAt.getTime() !== before?.nextAt?.getTime()) {
      await queueFire(reminders, tx, after.id, after.nextAt);
    }
    await recordAudit(tx, actor, {
      action,
      target: { type: 'reminder', id: after.id },
      changes: changedFields(auditedFields(before), auditedFields(after)),
    });
    return after;
  });
}

/** One write that changes one of the caller's reminders to `values`. */
function writeOwn(
  reminders: RemindersService,
  owner: ReminderOwner,
  reminderId: number,
  actor: Actor,
  action: AuditActionCode,
  values: Partial<ReminderValues>,
): Promise<ReminderRow> {
  return write(reminders, actor, action, async (tx) => {
    const before = await requireOwn(tx, owner, reminderId);
    const after = await updateReminder(tx, owner, reminderId, values);
    return { before, after };
  });
}

/** A page of the caller's reminders, upcoming then past, or only one of the two. */
export async function listReminders(
  reminders: RemindersService,
  owner: ReminderOwner,
  situation: ReminderSituationValue | undefined,
  query: PageQuery,
): Promise<Page<ReminderRow>> {
  const { rows, total } = await pageReminders(reminders.db, owner, situation, query);
  return pageOf(query, rows, total);
}

/**
 * Creates or edits one of the caller's reminders. A new time (or a new reminder) must be
 * ahead of now, and it becomes the next occurrence, opening a concluded reminder again. An
 * edit that keeps the time keeps the occurrence it waits for; a one-off that already fired
 * and turns recurring waits for its series' next occurrence.
 */
export async function saveReminder(
  reminders: RemindersService,
  owner: ReminderOwner,
  form: ReminderForm,
  actor: Actor,
): Promise<ReminderRow> {
  const { remindAt } = form;
  const now = new Date();
  return write(
    reminders,
    actor,
    form.id === undefined ? AuditAction.reminderCreate : AuditAction.reminderUpdate,
    async (tx) => {
      const before = form.id === undefined ? null : await requireOwn(tx, owner, form.id);
      const timeChanged = !before || before.remindAt.getTime() !== remindAt.getTime();
      if (timeChanged && remindAt <= now) throw invalidFields({ dtLembrete: ['validation.scheduleInPast'] });
      const values: ReminderValues = {
        title: form.title,
        description: form.description,
        remindAt,
        recurrence: form.recurrence,
        email: form.email,
        done: timeChanged ? false : before.done,
        nextAt: timeChanged
          ? remindAt
          : before.done || before.nextAt
            ? before.nextAt
            : nextOccurrence({ anchor: remindAt, recurrence: form.recurrence, after: now }),
      };
      const after = before
        ? await updateReminder(tx, owner, before.id, values)
        : await insertReminder(tx, owner, values);
      return { before, after };
    },
  );
}

/** Concludes one of the caller's reminders: it fires no more (a fire already queued does nothing). */
export async function completeReminder(
  reminders: RemindersService,
  owner: ReminderOwner,
  reminderId: number,
  actor: Actor,
): Promise<ReminderRow> {
  return writeOwn(reminders, owner, reminderId, actor, AuditAction.reminderComplete, {
    done: true,
    nextAt: null,
  });
}

/**
 * Puts one of the caller's reminders off: it fires `minutes` from now (a recurring one then goes
 * on with its series), and a concluded one is open again.
 */
export async function snoozeReminder(
  reminders: RemindersService,
  owner: ReminderOwner,
  reminderId: number,
  minutes: number,
  actor: Actor,
): Promise<ReminderRow> {
  const nextAt = new Date(Date.now() + minutes * 60_000);
  return writeOwn(reminders, owner, reminderId, actor, AuditAction.reminderSnooze, { done: false, nextAt });
}

/** Deletes one of the caller's reminders (a fire already queued finds nothing and does nothing). */
export async function removeReminder(
  reminders: RemindersService,
  owner: ReminderOwner,
  reminderId: number,
  actor: Actor,
): Promise<void> {
  await reminders.db.transaction(async (tx) => {
    const before = await requireOwn(tx, owner, reminderId);
    await deleteReminder(tx, owner, reminderId);
    await recordAudit(tx, actor, {
      action: AuditAction.reminderDelete,
      target: { type: 'reminder', id: reminderId },
      changes: changedFields(auditedFields(before), null),
    });
  });
}
