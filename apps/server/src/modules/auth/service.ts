import type { Database } from '../../db/client.ts';
import { listUserPermissions } from '../../platform/auth/session-repo.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { AppError, tooManyRequests } from '../../platform/http/app-error.ts';
import { blockedFor, consumePoint, type LimiterFactory } from '../../platform/rate-limit.ts';
import {
  findLoginCandidates,
  findProfile,
  listMemberships,
  listPermissionNames,
  recordAccess,
  type TenantScope,
} from './repo.ts';

export interface AuthServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
  limiters: LimiterFactory;
  login: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; blockMinutes: number };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, sign-out and the signed-in user's data. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, hasher, sessions } = deps;
  const windowSeconds = deps.login.blockMinutes * 60;
  const failuresByAccount = deps.limiters({
    keyPrefix: 'login-fail-account',
    points: deps.login.maxFailuresPerAccount,
    durationSeconds: windowSeconds,
    blockSeconds: windowSeconds,
  });
  const failuresByAddress = deps.limiters({
    keyPrefix: 'login-fail-address',
    points: deps.login.maxFailuresPerAddress,
    durationSeconds: windowSeconds,
    blockSeconds: windowSeconds,
  });

  /** Counts a failure against both keys. */
  async function recordFailure(accountKey: string, ip: string): Promise<void> {
    await Promise.all([consumePoint(failuresByAccount, accountKey), consumePoint(failuresByAddress, ip)]);
  }

  return {
    /**
     * Checks a login and password and opens a session. Failures are throttled per account and per
     * address for a window, never for good; a correct password resets the account's count.
     */
    async signIn(options: { login: string; password: string; ip: string; userAgent: string | undefined }) {
      const accountKey = options.login.toLowerCase();
      const wait =
        (await blockedFor(failuresByAccount, accountKey)) ??
        (await blockedFor(failuresByAddress, options.ip));
      if (wait !== undefined) throw tooManyRequests(wait);

      const candidates = await findLoginCandidates(db, options.login);
      if (candidates.length === 0) await hasher.verifyNothing(options.password);
      let matched: (typeof candidates)[number] | undefined;
      for (const candidate of candidates) {
        if (await hasher.verifyPassword(candidate.passwordHash, options.password)) {
          matched = candidate;
          break;
        }
      }
      if (!matched) {
        await recordFailure(accountKey, options.ip);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await failuresByAccount.delete(accountKey);
      if (!matched.active) throw new AppError('ACCOUNT_INACTIVE');
      if (matched.firstAccessPending) throw new AppError('FIRST_ACCESS_REQUIRED');

      const scope = { companyId: matched.companyId, userId: matched.id };
      const opened = await sessions.open({ ...scope, ip: options.ip, userAgent: options.userAgent });
      await recordAccess(db, scope);
      return { ...opened, scope };
    },

    /** Ends the session of a cookie token (a no-op for an unknown one). */
    signOut: (token: string) => sessions.close(token),

    /** Everything the portal needs about the signed-in user. */
    async loadLoggedUser(scope: TenantScope) {
      const [profile, memberships, permissionNames, permissions] = await Promise.all([
        findProfile(db, scope),
        listMemberships(db, scope),
        listPermissionNames(db, scope.companyId),
        listUserPermissions(db, scope),
      ]);
      if (!profile) throw new AppError('SESSION_EXPIRED');
      return { ...profile, memberships, permissionNames, permissions };
    },
  };
}

export type LoggedUserData = Awaited<ReturnType<AuthService['loadLoggedUser']>>;
