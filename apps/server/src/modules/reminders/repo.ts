import { and, asc, count, desc, eq, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ReminderRecurrenceValue, ReminderSituationValue } from '@elo/contract/calls/reminders';
import type { Database } from '../../db/client.ts';
import { companies, reminders, users } from '../../db/schema/all.ts';
import { rowsOf, type PageQuery } from '../../platform/paging.ts';

/** Whose reminders: a person of a company. */
export interface ReminderOwner {
  companyId: number;
  userId: number;
}

/** A reminder as the service speaks of it. */
export interface ReminderRow {
  id: number;
  companyId: number;
  userId: number;
  title: string;
  description: string | null;
  remindAt: Date;
  recurrence: ReminderRecurrenceValue;
  email: boolean;
  done: boolean;
  nextAt: Date | null;
  lastFiredAt: Date | null;
}

/** What the form sets, and what firing, concluding and snoozing change. */
export type ReminderValues = Pick<
  ReminderRow,
  'title' | 'description' | 'remindAt' | 'recurrence' | 'email' | 'done' | 'nextAt'
>;

const columns = {
  id: reminders.id,
  companyId: reminders.companyId,
  userId: reminders.userId,
  title: reminders.title,
  description: reminders.description,
  remindAt: reminders.remindAt,
  recurrence: sql<ReminderRecurrenceValue>`${reminders.recurrence}`,
  email: reminders.email,
  done: reminders.done,
  nextAt: reminders.nextAt,
  lastFiredAt: reminders.lastFiredAt,
};

const ownedBy = (owner: ReminderOwner) =>
  and(eq(reminders.companyId, owner.companyId), eq(reminders.userId, owner.userId));

// Upcoming: not done and still to fire. Everything else (done, or a one-off that fired) is past.
const upcoming = and(eq(reminders.done, false), isNotNull(reminders.nextAt))!;
const situationCondition: Record<ReminderSituationValue, SQL> = {
  PROXIMOS: upcoming,
  PASSADOS: or(eq(reminders.done, true), isNull(reminders.nextAt))!,
};

/** A page of a person's reminders: upcoming (soonest first), then past (latest first). */
export async function pageReminders(
  db: Database,
  owner: ReminderOwner,
  situation: ReminderSituationValue | undefined,
  page: PageQuery,
): Promise<{ rows: ReminderRow[]; total: number }> {
  const { limit, offset } = rowsOf(page);
  const where = and(ownedBy(owner), situation ? situationCondition[situation] : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(reminders)
      .where(where)
      .orderBy(
        sql`(case when ${upcoming} then 0 else 1 end)`,
        asc(reminders.nextAt),
        desc(sql`coalesce(${reminders.lastFiredAt}, ${reminders.remindAt})`),
        desc(reminders.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(reminders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** One of a person's reminders, locked for the caller's transaction; null when not theirs. */
export async function lockOwnReminder(
  tx: Database,
  owner: ReminderOwner,
  reminderId: number,
): Promise<ReminderRow | null> {
  const [row] = await tx
    .select(columns)
    .from(reminders)
    .where(and(ownedBy(owner), eq(reminders.id, reminderId)))
    .for('update');
  return row ?? null;
}

/** A reminder by id alone, locked: for the job, which acts for its owner. */
export async function lockReminder(tx: Database, reminderId: number): Promise<ReminderRow | null> {
  const [row] = await tx.select(columns).from(reminders).where(eq(reminders.id, reminderId)).for('update');
  return row ?? null;
}

/** Stores a new reminder of a person and answers it. */
export async function insertReminder(
  tx: Database,
  owner: ReminderOwner,
  values: ReminderValues,
): Promise<ReminderRow> {
  const [row] = await tx
    .insert(reminders)
    .values({ companyId: owner.companyId, userId: owner.userId, ...values })
    .returning(columns);
  return row!;
}

/** Changes one of a person's reminders and answers it. */
export async function updateReminder(
  tx: Database,
  owner: ReminderOwner,
  reminderId: number,
  values: Partial<ReminderValues> & { lastFiredAt?: Date },
): Promise<ReminderRow> {
  const [row] = await tx
    .update(reminders)
    .set(values)
    .where(and(ownedBy(owner), eq(reminders.id, reminderId)))
    .returning(columns);
  return row!;
}

/** Deletes one of a person's reminders. */
export async function deleteReminder(tx: Database, owner: ReminderOwner, reminderId: number): Promise<void> {
  await tx.delete(reminders).where(and(ownedBy(owner), eq(reminders.id, reminderId)));
}

/** Who a fired reminder's e-mail goes to: their address (null for a matricula login) and company. */
export async function findRecipient(
  db: Database,
  owner: ReminderOwner,
): Promise<{ name: string; email: string | null; companyName: string; language: string | null } | null> {
  const [row] = await db
    .select({ name: users.name, email: users.email, companyName: companies.name, language: users.language })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(users.id, owner.userId),
        eq(users.companyId, owner.companyId),
        eq(users.active, true),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
}

/** Reminders of every company due by `until` and not concluded: the sweep queues their fires. */
export async function listDueReminders(
  db: Database,
  until: Date,
  limit: number,
): Promise<{ id: number; nextAt: Date }[]> {
  const rows = await db
    .select({ id: reminders.id, nextAt: reminders.nextAt })
    .from(reminders)
    .where(and(eq(reminders.done, false), lte(reminders.nextAt, until)))
    .orderBy(asc(reminders.nextAt))
    .limit(limit);
  return rows.flatMap((row) => (row.nextAt ? [{ id: row.id, nextAt: row.nextAt }] : []));
}

/** Erasure: deletes every reminder of a person, so none of them fires again. */
export async function deletePersonReminders(db: Database, owner: ReminderOwner): Promise<void> {
  await db
    .delete(reminders)
    .where(and(eq(reminders.companyId, owner.companyId), eq(reminders.userId, owner.userId)));
}
