import { AuditAction } from '@elo/contract/calls/audit';
import type { Database } from '../../db/client.ts';
import { actorAt } from '../../platform/auth/actor.ts';
import { adminStatusesOf } from '../../platform/auth/policy.ts';
import { listAdminPermissions, listUserPermissions } from '../../platform/auth/session-repo.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { AppError, tooManyRequests } from '../../platform/http/app-error.ts';
import {
  consumeOrRefuse,
  consumePoint,
  refundPoint,
  type LimiterFactory,
} from '../../platform/rate-limit.ts';
import {
  findLoginCandidates,
  findProfile,
  listMemberships,
  listPermissionNames,
  recordAccess,
  countCompanyPeople,
} from './repo.ts';
import { recordAudit } from '../audit/service.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

export interface AuthServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
  limiters: LimiterFactory;
  login: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; blockMinutes: number };
  /** The person's HR tickets with an answer not read yet (the HR tickets module counts them). */
  countUnreadTickets?: (scope: TenantScope) => Promise<number>;
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Says whether a person may not use a password (their company signs in only through its identity
 * provider, and they are not one of its break-glass administrators): another module answers.
 */
export type PasswordGuard = (scope: TenantScope) => Promise<boolean>;

/**
 * Given the session a sign-out ends, an address the browser should go to next (the identity
 * provider's sign-out), if any: another module answers, before the session ends.
 */
export type SignOutFollowUp = (sessionToken: string) => Promise<string | undefined>;

/** Sign-in, sign-out and the signed-in user's data. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, hasher, sessions } = deps;
  const passwordGuards: PasswordGuard[] = [];
  const signOutFollowUps: SignOutFollowUp[] = [];

  /** Whether a password may not sign this person in (or recover their password). */
  async function passwordRefused(scope: TenantScope): Promise<boolean> {
    for (const guard of passwordGuards) if (await guard(scope)) return true;
    return false;
  }
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

  /**
   * Counts an attempt against the account and the address before the password is checked, so
   * parallel attempts cannot all pass a check made before any of them failed; a success gives the
   * points back.
   */
  async function countAttempt(accountKey: string, ip: string): Promise<void> {
    await consumeOrRefuse(failuresByAccount, accountKey);
    const wait = await consumePoint(failuresByAddress, ip);
    if (wait === undefined) return;
    await refundPoint(failuresByAccount, accountKey);
    throw tooManyRequests(wait);
  }

  return {
    /** Adds a rule that refuses passwords to some people (single sign-on only). */
    guardPasswords: (guard: PasswordGuard) => void passwordGuards.push(guard),
    /** Adds what a sign-out leads to next (the identity provider's sign-out). */
    followSignOut: (followUp: SignOutFollowUp) => void signOutFollowUps.push(followUp),
    passwordRefused,
    /** The accounts, in any company, that a login (e-mail or matricula) names: for the account flows. */
    loginCandidates: (login: string) => findLoginCandidates(db, login),
    /** Marks a person's last access (a session was opened outside the sign-in). */
    markAccess: (scope: TenantScope) => recordAccess(db, scope),
    /** The company's active people and those signed in since an instant, for the administration's figures. */
    countPeople: (companyId: number, signedInSince: Date) => countCompanyPeople(db, companyId, signedInSince),
    /**
     * Checks a login and password and opens a session. Failures are throttled per account and per
     * address for a window, never for good; a correct password resets the account's count.
     */
    async signIn(options: { login: string; password: string; ip: string; userAgent: string | undefined }) {
      const accountKey = options.login.toLowerCase();
      await countAttempt(accountKey, options.ip);

      const named = await findLoginCandidates(db, options.login);
      // People of a company that signs in only through its identity provider are not checked
      // against a password at all; when the login names only such people, they are told so.
      const refused = await Promise.all(
        named.map((candidate) => passwordRefused({ companyId: candidate.companyId, userId: candidate.id })),
      );
      const candidates = named.filter((_candidate, index) => !refused[index]);
      if (named.length > 0 && candidates.length === 0) {
        await Promise.all([failuresByAccount.delete(accountKey), refundPoint(failuresByAddress, options.ip)]);
        throw new AppError('SSO_ONLY');
      }
      if (candidates.length === 0) await hasher.verifyNothing(options.password);
      let matched: (typeof candidates)[number] | undefined;
      for (const candidate of candidates) {
        if (await hasher.verifyPassword(candidate.passwordHash, options.password)) {
          matched = candidate;
          break;
        }
      }
      if (!matched) {
        // Each account the login names learns of the attempt in its own company's log.
        await Promise.all(
          candidates.map((candidate) =>
            recordAudit(db, actorAt({ companyId: candidate.companyId, userId: null }, options), {
              action: AuditAction.signInFailed,
              target: { type: 'user', id: candidate.id, name: candidate.name },
            }),
          ),
        );
        throw new AppError('INVALID_CREDENTIALS');
      }
      await Promise.all([failuresByAccount.delete(accountKey), refundPoint(failuresByAddress, options.ip)]);
      if (!matched.active) throw new AppError('ACCOUNT_INACTIVE');
      if (matched.firstAccessPending) throw new AppError('FIRST_ACCESS_REQUIRED');

      const account = matched;
      const scope = { companyId: account.companyId, userId: account.id };
      // The session, the last access and the audit entry commit together or not at all.
      const opened = await db.transaction(async (tx) => {
        const session = await sessions.open({ ...scope, ip: options.ip, userAgent: options.userAgent }, tx);
        await recordAccess(tx, scope);
        await recordAudit(tx, actorAt(scope, options), {
          action: AuditAction.signIn,
          target: { type: 'user', id: account.id, name: account.name },
        });
        return session;
      });
      return { ...opened, scope };
    },

    /**
     * Ends the session of a cookie token (a no-op for an unknown one); answers where the browser
     * should go next, when the session came from an identity provider that signs out too.
     */
    async signOut(token: string): Promise<string | undefined> {
      let next: string | undefined;
      for (const followUp of signOutFollowUps) next ??= await followUp(token).catch(() => undefined);
      await sessions.close(token);
      return next;
    },

    /** Everything the portal needs about the signed-in user. */
    async loadLoggedUser(scope: TenantScope) {
      const [profile, memberships, permissionNames, permissions, adminRows, unreadTickets] =
        await Promise.all([
          findProfile(db, scope),
          listMemberships(db, scope),
          listPermissionNames(db, scope.companyId),
          listUserPermissions(db, scope),
          listAdminPermissions(db, scope),
          deps.countUnreadTickets?.(scope) ?? 0,
        ]);
      if (!profile) throw new AppError('SESSION_EXPIRED');
      const adminStatuses = adminStatusesOf({
        ...scope,
        isAdministrator: profile.user.isAdministrator,
        approved: profile.user.approved,
        adminPermissions: adminRows,
      });
      return { ...profile, memberships, permissionNames, permissions, adminStatuses, unreadTickets };
    },
  };
}

export type LoggedUserData = Awaited<ReturnType<AuthService['loadLoggedUser']>>;
