import { and, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { adminPermissions, sessions, userPermissions, users } from '../../db/schema/all.ts';

export interface SessionRow {
  sessionId: number;
  userId: number;
  companyId: number;
  isAdministrator: boolean;
  /** flAprovado: an administrator not approved enters no administration call. */
  approved: boolean;
  lastSeenAt: Date;
  /** The language the person last used (users.language), null before their first call. */
  language: string | null;
  /** The permission strings granted to the user. */
  permissions: string[];
  /** The administrator's statuses as `PERMISSION:status` (L or E); none for N. */
  adminPermissions: string[];
}

/** Stores a new session (hashes only). */
export async function insertSession(
  db: Database,
  values: {
    companyId: number;
    userId: number;
    tokenHash: string;
    chatTokenHash: string | null;
    expiresAt: Date;
    ip: string;
    userAgent: string | undefined;
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** How a live session is looked up: by the cookie's token hash, the chat token's, or its id. */
export type SessionKey = 'token' | 'chatToken' | 'id';

/**
 * The live session by one key (not revoked, not past its end, seen since `idleSince`, of an
 * active user), with the user's permissions: one prepared statement per key, since every
 * authenticated call and chat frame runs one.
 */
const liveSessionStatement = (name: string, column: SQL) =>
  preparedStatement<SessionRow>(
    name,
    sql`select s.id as "sessionId", s.user_id as "userId", s.company_id as "companyId",
      u.is_administrator as "isAdministrator", u.approved, s.last_seen_at as "lastSeenAt",
      u.language,
      array(select up.permission from ${userPermissions} up
        where up.company_id = s.company_id and up.user_id = s.user_id order by up.permission) as permissions,
      array(select ap.permission || ':' || ap.status from ${adminPermissions} ap
        where ap.company_id = s.company_id and ap.user_id = s.user_id) as "adminPermissions"
    from ${sessions} s join ${users} u on u.id = s.user_id and u.company_id = s.company_id
    where ${column} = ${sql.placeholder('key')} and s.revoked_at is null and s.expires_at > now()
      and s.last_seen_at > ${sql.placeholder('idleSince')}::timestamptz and u.active
    limit 1`,
  );
export const liveSessionBy: Record<SessionKey, ReturnType<typeof liveSessionStatement>> = {
  token: liveSessionStatement('session_live', sql`s.token_hash`),
  chatToken: liveSessionStatement('session_live_chat', sql`s.chat_token_hash`),
  id: liveSessionStatement('session_live_id', sql`s.id`),
};

export async function findLiveSession(
  db: Database,
  by: SessionKey,
  key: string | number,
  idleSince: Date,
): Promise<SessionRow | undefined> {
  const [row] = await liveSessionBy[by](db, { key, idleSince: idleSince.toISOString() });
  return row && { ...row, lastSeenAt: new Date(row.lastSeenAt) };
}

/** Records the language a person uses the portal in (what later e-mails are written in). */
export async function recordUserLanguage(
  db: Database,
  person: { companyId: number; userId: number },
  language: string,
): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, person.userId), eq(users.companyId, person.companyId)));
}

/** Marks sessions as seen now (keeps them from idling out), in one statement. */
export async function touchSessions(db: Database, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(inArray(sessions.id, sessionIds));
}

/** Ends the session with this token hash, and with it its chat token; returns its id when it was live. */
export async function revokeSessionByTokenHash(db: Database, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, chatTokenHash: null })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return row?.id;
}

/** Which sessions to end: every one of a user (but the one kept), or some by id. */
export type SessionTarget =
  { companyId: number; userId: number; keepSessionId?: number | undefined } | { sessionIds: number[] };

/** Ends the targeted sessions, and with them their chat tokens; returns the ids that were live. */
export async function revokeSessions(db: Database, target: SessionTarget): Promise<number[]> {
  const conditions = [isNull(sessions.revokedAt)];
  if ('sessionIds' in target) {
    if (target.sessionIds.length === 0) return [];
    conditions.push(inArray(sessions.id, target.sessionIds));
  } else {
    conditions.push(eq(sessions.companyId, target.companyId), eq(sessions.userId, target.userId));
    if (target.keepSessionId !== undefined) conditions.push(ne(sessions.id, target.keepSessionId));
  }
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, chatTokenHash: null })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/**
 * Of these sessions, the ones still live (as `findLiveSession` judges), with their users'
 * permissions: a node checks all of its sockets' sessions with one statement.
 */
export async function findLiveSessions(
  db: Database,
  sessionIds: number[],
  idleSince: Date,
): Promise<{ sessionId: number; permissions: string[] }[]> {
  if (sessionIds.length === 0) return [];
  const result = await db.execute(
    sql`select s.id as "sessionId",
      array(select up.permission from ${userPermissions} up
        where up.company_id = s.company_id and up.user_id = s.user_id) as permissions
    from ${sessions} s join ${users} u on u.id = s.user_id and u.company_id = s.company_id
    where s.id = any(${`{${sessionIds.join(',')}}`}::int[]) and s.revoked_at is null
      and s.expires_at > now() and s.last_seen_at > ${idleSince.toISOString()}::timestamptz and u.active`,
  );
  return (result as unknown as { rows: { sessionId: number; permissions: string[] }[] }).rows;
}

/** The permission strings granted to a user of a company. */
export async function listUserPermissions(
  db: Database,
  scope: { companyId: number; userId: number },
): Promise<string[]> {
  const rows = await db
    .select({ permission: userPermissions.permission })
    .from(userPermissions)
    .where(and(eq(userPermissions.companyId, scope.companyId), eq(userPermissions.userId, scope.userId)))
    .orderBy(userPermissions.permission);
  return rows.map((row) => row.permission);
}

/** An administrator's statuses as `PERMISSION:status` rows (L or E), as the live-session query gives them. */
export async function listAdminPermissions(
  db: Database,
  scope: { companyId: number; userId: number },
): Promise<string[]> {
  const rows = await db
    .select({ permission: adminPermissions.permission, status: adminPermissions.status })
    .from(adminPermissions)
    .where(and(eq(adminPermissions.companyId, scope.companyId), eq(adminPermissions.userId, scope.userId)));
  return rows.map((row) => `${row.permission}:${row.status}`);
}

/**
 * Deletes the sessions of every company that expired or were revoked before the cutoff (upkeep
 * across tenants, run by the cleanup job); returns how many went.
 */
export async function deleteEndedSessions(db: Database, endedBefore: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, endedBefore), lt(sessions.revokedAt, endedBefore)))
    .returning({ id: sessions.id });
  return deleted.length;
}
