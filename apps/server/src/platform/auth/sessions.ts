import { isLanguage, type Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import {
  findLiveSession,
  findLiveSessions,
  insertSession,
  listUserPermissions,
  recordUserLanguage,
  revokeSessionByTokenHash,
  revokeSessions,
  touchSessions,
  type SessionKey,
  type SessionTarget,
} from './session-repo.ts';
import { adminStatusesOf, awaitsAdminApproval, type AdminStatuses } from './policy.ts';
import { generateToken, hashToken } from './tokens.ts';

/** Who is calling: resolved from the session cookie on every authenticated call. */
export interface AuthSession {
  sessionId: number;
  userId: number;
  companyId: number;
  isAdministrator: boolean;
  permissions: ReadonlySet<string>;
  /** The administrator's status per administration permission (absent = N); empty for others. */
  adminPermissions: AdminStatuses;
  /** An administrator not yet approved (holds no statuses until approved). */
  awaitsAdminApproval: boolean;
  /** The language the person last used the portal in; null before their first call. */
  language: Language | null;
}

/** Why sessions end; said in the log, and the same for every reason otherwise. */
export type SessionEndReason =
  | 'logout'
  | 'password_changed'
  | 'password_reset'
  | 'first_access'
  | 'deactivated'
  | 'ended_by_admin'
  | 'account_deleted';

export interface SessionManager {
  /**
   * Opens a session; returns the cookie token and the chat token (only their hashes are stored).
   * Only a user allowed to chat gets a chat token.
   */
  open(
    options: {
      companyId: number;
      userId: number;
      ip: string;
      userAgent: string | undefined;
    },
    /** A transaction to open it in, so it commits with what goes with it (the sign-in's audit entry). */
    within?: Database,
  ): Promise<{ token: string; chatToken: string | null; expiresAt: Date }>;
  /** The caller behind a cookie token, or undefined when the session is unknown, ended or idle too long. */
  resolve(token: string): Promise<AuthSession | undefined>;
  /** The same for the chat token handed out at sign-in. */
  resolveChatToken(chatToken: string): Promise<AuthSession | undefined>;
  /** The same for a session already known by id (a chat socket checking it is still live). */
  resolveById(sessionId: number): Promise<AuthSession | undefined>;
  /**
   * Keeps the person's language (what later e-mails are written in) as the one of their call:
   * written only when it changed, so a call costs nothing more.
   */
  noteLanguage(session: AuthSession, language: Language): Promise<void>;
  /** Ends the session of a cookie token and revokes its chat token. */
  close(token: string): Promise<void>;
  /**
   * Ends sessions for any reason (a password set or reset, an account deactivated, an
   * administrator ending them): they stop resolving, their chat tokens die, and every node closes
   * their chat sockets at once. Given a transaction, the sessions end with it; call this as its
   * last step. Returns the ids that were live.
   */
  endSessions(target: SessionTarget, reason: SessionEndReason, within?: Database): Promise<number[]>;
  /** Of these sessions, the ones still live, with their permissions (a node re-checking its sockets). */
  findLive(sessionIds: number[]): Promise<Map<number, ReadonlySet<string>>>;
  absoluteMs: number;
}

/** Touching a session writes to the database; once a minute is enough to keep it alive. */
const touchEveryMs = 60_000;
/**
 * Touches due are written together this often, in one statement for all: with thousands of
 * people online, one write per session a minute was a statement (and a commit) per request of
 * some of them. A few seconds late is nothing against an idle limit of minutes.
 */
const touchFlushMs = 5_000;

/** Server-side sessions with idle and absolute expiry. */
export function createSessionManager(options: {
  db: Database;
  idleMinutes: number;
  absoluteHours: number;
  /** The permission that earns a chat token at sign-in. */
  chatPermission: string;
  /** Told whenever sessions end, so every node closes their chat sockets at once. */
  onEnded?: (sessionIds: number[], reason: SessionEndReason) => void;
}): SessionManager {
  const { db } = options;
  const idleMs = options.idleMinutes * 60_000;
  const absoluteMs = options.absoluteHours * 3_600_000;
  let touchesDue = new Set<number>();
  const flushTouches = () => {
    const batch = [...touchesDue];
    touchesDue = new Set();
    // A missed batch (the database away for a moment) only leaves those sessions seen a minute
    // earlier than they were; their next call queues them again.
    touchSessions(db, batch).catch(() => undefined);
  };
  const touchLater = (sessionId: number) => {
    if (touchesDue.size === 0) setTimeout(flushTouches, touchFlushMs).unref();
    touchesDue.add(sessionId);
  };

  /** The live session by a key, kept alive (touched at most once a minute). */
  async function resolveLive(by: SessionKey, key: string | number): Promise<AuthSession | undefined> {
    const row = await findLiveSession(db, by, key, new Date(Date.now() - idleMs));
    if (!row) return undefined;
    if (Date.now() - row.lastSeenAt.getTime() > touchEveryMs) touchLater(row.sessionId);
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      companyId: row.companyId,
      isAdministrator: row.isAdministrator,
      permissions: new Set(row.permissions),
      adminPermissions: adminStatusesOf(row),
      awaitsAdminApproval: awaitsAdminApproval(row),
      language: isLanguage(row.language) ? row.language : null,
    };
  }

  return {
    absoluteMs,
    async open({ companyId, userId, ip, userAgent }, within = db) {
      const token = generateToken();
      const permissions = await listUserPermissions(within, { companyId, userId });
      const chatToken = permissions.includes(options.chatPermission) ? generateToken() : null;
      const expiresAt = new Date(Date.now() + absoluteMs);
      await insertSession(within, {
        companyId,
        userId,
        tokenHash: hashToken(token),
        chatTokenHash: chatToken === null ? null : hashToken(chatToken),
        expiresAt,
        ip,
        userAgent: userAgent?.slice(0, 500),
      });
      return { token, chatToken, expiresAt };
    },
    resolve: (token) => resolveLive('token', hashToken(token)),
    resolveChatToken: (chatToken) => resolveLive('chatToken', hashToken(chatToken)),
    resolveById: (sessionId) => resolveLive('id', sessionId),
    async noteLanguage(session, language) {
      if (session.language === language) return;
      await recordUserLanguage(db, session, language);
    },
    async close(token) {
      const sessionId = await revokeSessionByTokenHash(db, hashToken(token));
      if (sessionId !== undefined) options.onEnded?.([sessionId], 'logout');
    },
    async endSessions(target, reason, within = db) {
      const ended = await revokeSessions(within, target);
      if (ended.length > 0) options.onEnded?.(ended, reason);
      return ended;
    },
    async findLive(sessionIds) {
      const rows = await findLiveSessions(db, sessionIds, new Date(Date.now() - idleMs));
      return new Map(rows.map((row) => [row.sessionId, new Set(row.permissions)]));
    },
  };
}
