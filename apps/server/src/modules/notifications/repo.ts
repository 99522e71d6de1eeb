import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { rowsOf, type PageQuery } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type PreferenceRow = typeof notificationPreferences.$inferSelect;
export type DigestFrequency = 'daily' | 'weekly';

/** What the bell shows: rows kept in the app. */
const inBell = (scope: TenantScope) =>
  and(
    eq(notifications.companyId, scope.companyId),
    eq(notifications.userId, scope.userId),
    eq(notifications.inApp, true),
  );

/** The stored choices of these people of a company for one type (people absent chose nothing). */
export async function findPreferencesOf(
  db: Database,
  options: { companyId: number; userIds: number[]; type: string },
): Promise<PreferenceRow[]> {
  if (options.userIds.length === 0) return [];
  return db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.companyId, options.companyId),
        eq(notificationPreferences.type, options.type),
        inArray(notificationPreferences.userId, options.userIds),
      ),
    );
}

/** Of these ids, the active people of the company (a stale id never gets a row). */
export async function filterCompanyUsers(
  db: Database,
  companyId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true), inArray(users.id, userIds)));
  return rows.map((row) => row.id);
}

/** Stores one notification per person and returns the rows. */
export async function insertNotifications(
  db: Database,
  rows: (typeof notifications.$inferInsert)[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/** Unread bell items per person, for these people (absent: none). */
export async function countUnreadByUser(db: Database, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, unread: count() })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, userIds),
        isNull(notifications.readAt),
        eq(notifications.inApp, true),
      ),
    )
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.unread)]));
}

/** The caller's unread bell items. */
export async function countUnread(db: Database, scope: TenantScope): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(inBell(scope), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/** A page of the caller's bell, newest first, and how many there are. */
export async function pageNotifications(
  db: Database,
  scope: TenantScope,
  page: PageQuery,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const { limit, offset } = rowsOf(page);
  const rows = await db
    .select()
    .from(notifications)
    .where(inBell(scope))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const [row] = await db.select({ total: count() }).from(notifications).where(inBell(scope));
  return { rows, total: Number(row?.total ?? 0) };
}

/**
 * Marks the caller's unread bell items read: those ids (others' ids match nothing), or all.
 * Returns the ids that changed.
 */
export async function markRead(db: Database, scope: TenantScope, ids: number[] | 'all'): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        inBell(scope),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** The caller's stored choices. */
export async function listPreferences(db: Database, scope: TenantScope): Promise<PreferenceRow[]> {
  return db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.companyId, scope.companyId),
        eq(notificationPreferences.userId, scope.userId),
      ),
    );
}

/** Stores the caller's choices for the types given (others keep theirs). */
export async function upsertPreferences(
  db: Database,
  scope: TenantScope,
  choices: { type: string; inApp: boolean; emailDigest: 'none' | DigestFrequency; push: boolean }[],
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map((choice) => ({ ...choice, companyId: scope.companyId, userId: scope.userId })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: {
        inApp: sql`excluded.in_app`,
        emailDigest: sql`excluded.email_digest`,
        push: sql`excluded.push`,
      },
    });
}

/**
 * Rows a digest of this frequency would carry: not e-mailed yet, of a type the person takes in
 * that digest, and either unread in the bell or kept for the e-mail only.
 */
const pendingForDigest = (frequency: DigestFrequency) =>
  and(
    isNull(notifications.emailedAt),
    or(isNull(notifications.readAt), eq(notifications.inApp, false)),
    sql`exists (select 1 from ${notificationPreferences} p
      where p.user_id = ${notifications.userId} and p.type = ${notifications.type}
        and p.email_digest = ${frequency})`,
  );

/** The people (of every company) with something for a digest of this frequency. */
export async function listDigestRecipients(db: Database, frequency: DigestFrequency): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(pendingForDigest(frequency));
  return rows.map((row) => row.userId);
}

export interface DigestContent {
  person: {
    name: string;
    email: string | null;
    active: boolean;
    companyName: string;
    language: string | null;
  };
  rows: NotificationRow[];
}

/**
 * In a transaction: locks and reads a person's rows for the digest (two runs at once cannot both
 * take them), with what the e-mail needs to know about the person.
 */
export async function takeDigestRows(
  tx: Database,
  userId: number,
  frequency: DigestFrequency,
): Promise<DigestContent | undefined> {
  const rows = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), pendingForDigest(frequency)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .for('update', { skipLocked: true });
  if (rows.length === 0) return undefined;
  const [person] = await tx
    .select({
      name: users.name,
      email: users.email,
      active: users.active,
      companyName: companies.name,
      language: users.language,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return person ? { person, rows } : undefined;
}

/** Records that a digest carried these rows. */
export async function markEmailed(tx: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(notifications).set({ emailedAt: new Date() }).where(inArray(notifications.id, ids));
}

/** Deletes a person's notifications and preferences (their account was deleted for good). */
export async function deletePersonNotifications(db: Database, scope: TenantScope): Promise<void> {
  await db
    .delete(notifications)
    .where(and(eq(notifications.companyId, scope.companyId), eq(notifications.userId, scope.userId)));
  await db
    .delete(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.companyId, scope.companyId),
        eq(notificationPreferences.userId, scope.userId),
      ),
    );
}
