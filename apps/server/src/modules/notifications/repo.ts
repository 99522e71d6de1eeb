import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNull,
  max,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
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
): Promise<{ id: number; language: string | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true), inArray(users.id, userIds)));
}

/**
 * The bell entry a notification belongs to: the id of the entry's first notification. Notifications
 * of one kind about one item (`groupKey`) join the person's unread entry for it; reading an entry
 * reads all of them at once, so an entry is all unread or all read.
 */
const entryOf = sql<number>`coalesce(${notifications.entryId}, ${notifications.id})`.mapWith(Number);

/**
 * Stores one notification per person and returns the rows. One kept in the bell with a group key
 * joins the person's unread entry of that key when there is one (its `entryId`).
 */
export async function insertNotifications(
  db: Database,
  rows: (typeof notifications.$inferInsert)[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(
      rows.map((row) => ({
        ...row,
        entryId:
          row.groupKey && row.inApp !== false
            ? sql`(select coalesce(n.entry_id, n.id) from ${notifications} n
                where n.user_id = ${row.userId} and n.group_key = ${row.groupKey}
                  and n.read_at is null and n.in_app order by n.id desc limit 1)`
            : null,
      })),
    )
    .returning();
}

/** Unread bell entries per person, for these people (absent: none). */
export async function countUnreadByUser(db: Database, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, unread: countDistinct(entryOf) })
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

/** The caller's unread bell entries. */
export async function countUnread(db: Database, scope: TenantScope): Promise<number> {
  const [row] = await db
    .select({ unread: countDistinct(entryOf) })
    .from(notifications)
    .where(and(inBell(scope), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/**
 * One bell entry: its newest notification's kind, texts and link, read or not, and what it groups
 * (how many notifications, how many people did them, the first of those people's names, newest first).
 */
export interface NotificationEntry {
  /** The entry's id: its first notification's id. */
  id: number;
  userId: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  /** When its newest notification came. */
  createdAt: Date;
  read: boolean;
  count: number;
  actorCount: number;
  actorNames: string[];
}

/** How many actors' names an entry carries. */
const namesPerEntry = 3;

/** The bell entries matching `where`, newest activity first (`limit`/`offset` for a page). */
async function selectEntries(
  db: Database,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<NotificationEntry[]> {
  const grouped = db
    .select({
      entry: entryOf.as('entry'),
      latestId: sql<number>`max(${notifications.id})`.mapWith(Number).as('latest_id'),
      lastAt: max(notifications.createdAt).as('last_at'),
      total: count().as('total'),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.as('unread'),
      actors: countDistinct(notifications.actorUserId).as('actors'),
    })
    .from(notifications)
    .where(where)
    .groupBy(entryOf)
    .as('entries');
  let query = db
    .select({
      entry: grouped.entry,
      lastAt: grouped.lastAt,
      total: grouped.total,
      unread: grouped.unread,
      actors: grouped.actors,
      latest: notifications,
    })
    .from(grouped)
    .innerJoin(notifications, eq(notifications.id, grouped.latestId))
    .orderBy(desc(grouped.lastAt), desc(grouped.latestId))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query;
  if (rows.length === 0) return [];
  const entryIds = rows.map((row) => row.entry);
  // Each entry's people, newest first: a person who acted twice is named once.
  const named = await db
    .select({ entry: entryOf, name: users.name, lastAt: max(notifications.createdAt) })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorUserId))
    .where(and(where, inArray(entryOf, entryIds)))
    .groupBy(entryOf, users.id, users.name)
    .orderBy(desc(max(notifications.createdAt)), desc(users.id));
  const names = new Map<number, string[]>();
  for (const row of named) {
    const list = names.get(row.entry) ?? [];
    if (list.length < namesPerEntry) list.push(row.name);
    names.set(row.entry, list);
  }
  return rows.map(({ latest, ...entry }) => ({
    id: entry.entry,
    userId: latest.userId,
    type: latest.type,
    title: latest.title,
    body: latest.body,
    link: latest.link,
    createdAt: latest.createdAt,
    // Unread while any of its notifications is (joining stops once it is read, so all or none are).
    read: Number(entry.unread) === 0,
    count: Number(entry.total),
    actorCount: Number(entry.actors),
    actorNames: names.get(entry.entry) ?? [],
  }));
}

/** A page of the caller's bell entries, newest activity first, and how many there are. */
export async function pageNotifications(
  db: Database,
  scope: TenantScope,
  page: PageQuery,
): Promise<{ rows: NotificationEntry[]; total: number }> {
  const rows = await selectEntries(db, inBell(scope), rowsOf(page));
  const [row] = await db
    .select({ total: countDistinct(entryOf) })
    .from(notifications)
    .where(inBell(scope));
  return { rows, total: Number(row?.total ?? 0) };
}

/** These people's bell entries of these ids, as they stand now. */
export async function findEntries(
  db: Database,
  entries: { userId: number; entryId: number }[],
): Promise<NotificationEntry[]> {
  if (entries.length === 0) return [];
  return selectEntries(
    db,
    and(
      eq(notifications.inApp, true),
      inArray(notifications.userId, [...new Set(entries.map((entry) => entry.userId))]),
      inArray(entryOf, [...new Set(entries.map((entry) => entry.entryId))]),
    ),
  );
}

/** The entry a stored notification belongs to. */
export const entryIdOf = (row: NotificationRow): number => row.entryId ?? row.id;

/**
 * Marks the caller's unread bell entries read, every notification they group: those entry ids
 * (others' ids match nothing), or all. Returns the entry ids that changed.
 */
export async function markRead(db: Database, scope: TenantScope, ids: number[] | 'all'): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(inBell(scope), isNull(notifications.readAt), ids === 'all' ? undefined : inArray(entryOf, ids)),
    )
    .returning({ entry: entryOf });
  return [...new Set(rows.map((row) => row.entry))];
}

/** Stops naming an erased person as the actor of other people's notifications. */
export async function forgetActor(db: Database, scope: TenantScope): Promise<void> {
  await db
    .update(notifications)
    .set({ actorUserId: null })
    .where(and(eq(notifications.companyId, scope.companyId), eq(notifications.actorUserId, scope.userId)));
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
