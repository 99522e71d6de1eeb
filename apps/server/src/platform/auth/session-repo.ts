import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, userPermissions, users } from '../../db/schema/all.ts';

export interface SessionRow {
  sessionId: number;
  userId: number;
  companyId: number;
  isAdministrator: boolean;
  lastSeenAt: Date;
  /** The permission strings granted to the user. */
  permissions: string[];
}

/** Stores a new session (hashes only). */
export async function insertSession(
  db: Database,
  values: {
    companyId: number;
    userId: number;
    tokenHash: string;
    chatTokenHash: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | undefined;
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The live session with this token hash (not revoked, not past its end, seen since `idleSince`, of
 * an active user), with the user's permissions: one query, since every authenticated call runs it.
 */
export async function findLiveSession(
  db: Database,
  tokenHash: string,
  idleSince: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      companyId: sessions.companyId,
      isAdministrator: users.isAdministrator,
      lastSeenAt: sessions.lastSeenAt,
      permissions: sql<string[]>`array(select ${userPermissions.permission} from ${userPermissions}
        where ${userPermissions.companyId} = ${sessions.companyId} and ${userPermissions.userId} = ${sessions.userId}
        order by ${userPermissions.permission})`,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idleSince),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the session as seen now (keeps it from idling out). */
export async function touchSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** Ends the session with this token hash, and with it its chat token. */
export async function revokeSessionByTokenHash(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, chatTokenHash: null })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, but the one kept (password changes). */
export async function revokeUserSessions(
  db: Database,
  scope: { companyId: number; userId: number; keepSessionId?: number },
): Promise<void> {
  const conditions = [
    eq(sessions.companyId, scope.companyId),
    eq(sessions.userId, scope.userId),
    isNull(sessions.revokedAt),
  ];
  if (scope.keepSessionId !== undefined) conditions.push(ne(sessions.id, scope.keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, chatTokenHash: null })
    .where(and(...conditions));
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
