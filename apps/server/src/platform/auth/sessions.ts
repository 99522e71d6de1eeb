import type { Database } from '../../db/client.ts';
import {
  findLiveSession,
  insertSession,
  revokeSessionByTokenHash,
  touchSession,
  type SessionKey,
} from './session-repo.ts';
import { generateToken, hashToken } from './tokens.ts';

/** Who is calling: resolved from the session cookie on every authenticated call. */
export interface AuthSession {
  sessionId: number;
  userId: number;
  companyId: number;
  isAdministrator: boolean;
  permissions: ReadonlySet<string>;
}

export interface SessionManager {
  /** Opens a session; returns the cookie token and the chat token (only their hashes are stored). */
  open(options: {
    companyId: number;
    userId: number;
    ip: string;
    userAgent: string | undefined;
  }): Promise<{ token: string; chatToken: string; expiresAt: Date }>;
  /** The caller behind a cookie token, or undefined when the session is unknown, ended or idle too long. */
  resolve(token: string): Promise<AuthSession | undefined>;
  /** The same for the chat token handed out at sign-in. */
  resolveChatToken(chatToken: string): Promise<AuthSession | undefined>;
  /** The same for a session already known by id (a chat socket checking it is still live). */
  resolveById(sessionId: number): Promise<AuthSession | undefined>;
  /** Ends the session of a cookie token and revokes its chat token. */
  close(token: string): Promise<void>;
  absoluteMs: number;
}

/** Touching a session writes to the database; once a minute is enough to keep it alive. */
const touchEveryMs = 60_000;

/** Server-side sessions with idle and absolute expiry. */
export function createSessionManager(options: {
  db: Database;
  idleMinutes: number;
  absoluteHours: number;
  /** Told when a session ends by sign-out, so open chat sockets of it close at once. */
  onClosed?: (sessionId: number) => void;
}): SessionManager {
  const { db } = options;
  const idleMs = options.idleMinutes * 60_000;
  const absoluteMs = options.absoluteHours * 3_600_000;

  /** The live session by a key, kept alive (touched at most once a minute). */
  async function resolveLive(by: SessionKey, key: string | number): Promise<AuthSession | undefined> {
    const row = await findLiveSession(db, by, key, new Date(Date.now() - idleMs));
    if (!row) return undefined;
    if (Date.now() - row.lastSeenAt.getTime() > touchEveryMs) await touchSession(db, row.sessionId);
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      companyId: row.companyId,
      isAdministrator: row.isAdministrator,
      permissions: new Set(row.permissions),
    };
  }

  return {
    absoluteMs,
    async open({ companyId, userId, ip, userAgent }) {
      const token = generateToken();
      const chatToken = generateToken();
      const expiresAt = new Date(Date.now() + absoluteMs);
      await insertSession(db, {
        companyId,
        userId,
        tokenHash: hashToken(token),
        chatTokenHash: hashToken(chatToken),
        expiresAt,
        ip,
        userAgent: userAgent?.slice(0, 500),
      });
      return { token, chatToken, expiresAt };
    },
    resolve: (token) => resolveLive('token', hashToken(token)),
    resolveChatToken: (chatToken) => resolveLive('chatToken', hashToken(chatToken)),
    resolveById: (sessionId) => resolveLive('id', sessionId),
    async close(token) {
      const sessionId = await revokeSessionByTokenHash(db, hashToken(token));
      if (sessionId !== undefined) options.onClosed?.(sessionId);
    },
  };
}
