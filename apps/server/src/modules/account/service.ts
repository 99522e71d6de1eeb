import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { jwtVerify } from 'jose';
import { AuditAction } from '@elo/contract/calls/audit';
import type { Logger } from '../../platform/logger.ts';
import type { Language } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { passwordProblems } from '@elo/contract/password-policy';
import type { Database } from '../../db/client.ts';
import { actorAt } from '../../platform/auth/actor.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { MailSender } from '../../platform/mail.ts';
import { consumeOrRefuse, type LimiterFactory } from '../../platform/rate-limit.ts';
import type { SmsSender } from '../../platform/sms.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import type { AuthService } from '../auth/service.ts';
import { smsCodeText } from './messages.ts';
import {
  countSmsAttempt,
  deleteSmsChallenge,
  findAccount,
  findLiveSmsChallenge,
  findLiveToken,
  replaceSmsChallenge,
  updatePassword,
  voidSmsChallenges,
  voidTokens,
  type Account,
  type TokenPurpose,
} from './repo.ts';
import { auditedPassword } from './wire.ts';

/** Lifetimes and limits of the account flows. */
export const accountRules = {
  provisionalTokenMinutes: 15,
  resetTokenMinutes: 60,
  smsCodeMinutes: 10,
  maxWrongAnswers: 5,
  /** One SMS per person a minute, five an hour. */
  smsResendSeconds: limits.smsResendSeconds,
  smsPerHour: 5,
} as const;

export interface AccountServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
  limiters: LimiterFactory;
  mail: MailSender;
  sms: SmsSender;
  storage: MediaStorage;
  secret: Uint8Array;
  publicUrl: string;
  log: Logger;
  maxCallsPerAddress: number;
  maxCallsPerLogin: number;
  /** Logins and last access are the auth module's: read and marked through its service. */
  auth: Pick<AuthService, 'loginCandidates' | 'markAccess' | 'passwordRefused'>;
}

/** Who calls these public flows: their address (throttled), language and browser. */
export interface CallerMeta {
  ip: string;
  language: Language;
  userAgent?: string | undefined;
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
export const scopeOf = (account: { id: number; companyId: number }): TenantScope => ({
  companyId: account.companyId,
  userId: account.id,
});

/** The login a person types: their e-mail or their matricula, by their login type. */
function loginOf(account: Account): string {
  return (account.loginType === 'MATRICULA' ? account.matricula : account.email) ?? '';
}

/** A 422 on one field with one catalogue key. */
export const fieldError = (field: string, key: string) => invalidFields({ [field]: [key] });

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * First access, SMS codes, password requests and resets (first-access.ts, password-reset.ts):
 * the module is its dependencies and the limiters every flow counts against.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const windowSeconds = 15 * 60;
  return {
    ...deps,
    byAddress: deps.limiters({
      keyPrefix: 'account-address',
      points: deps.maxCallsPerAddress,
      durationSeconds: windowSeconds,
    }),
    byLogin: deps.limiters({
      keyPrefix: 'account-login',
      points: deps.maxCallsPerLogin,
      durationSeconds: windowSeconds,
    }),
    smsResend: deps.limiters({
      keyPrefix: 'sms-resend',
      points: 1,
      durationSeconds: accountRules.smsResendSeconds,
    }),
    smsHourly: deps.limiters({
      keyPrefix: 'sms-hour',
      points: accountRules.smsPerHour,
      durationSeconds: 3600,
    }),
  };
}

/** Every call of these flows counts against the caller's address and, when it names one, the login. */
export async function throttle(flows: AccountService, meta: CallerMeta, login?: string): Promise<void> {
  await consumeOrRefuse(flows.byAddress, meta.ip);
  if (login) await consumeOrRefuse(flows.byLogin, login.trim().toLowerCase());
}

function hashCode(flows: AccountService, scope: TenantScope, purpose: TokenPurpose, code: string): string {
  return createHmac('sha256', flows.secret)
    .update(`${scope.companyId}:${scope.userId}:${purpose}:${code}`)
    .digest('hex');
}

/** Issues a new SMS code and sends it; an undelivered code is removed, so nothing is consumed. */
export async function sendSmsCode(
  flows: AccountService,
  account: Account,
  purpose: TokenPurpose,
  phone: string,
  language: Language,
): Promise<void> {
  const scope = scopeOf(account);
  await consumeOrRefuse(flows.smsResend, `${scope.userId}:${purpose}`);
  await consumeOrRefuse(flows.smsHourly, String(scope.userId));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const challengeId = await replaceSmsChallenge(flows.db, {
    scope,
    purpose,
    phone,
    codeHash: hashCode(flows, scope, purpose, code),
    expiresAt: minutesFromNow(accountRules.smsCodeMinutes),
  });
  try {
    await flows.sms.send({ to: phone, text: smsCodeText(language, code) });
  } catch (error) {
    await deleteSmsChallenge(flows.db, challengeId);
    await flows.smsResend.delete(`${scope.userId}:${purpose}`);
    flows.log.warn({ err: error }, 'SMS not delivered');
    throw new AppError('DELIVERY_FAILED');
  }
}

/** Checks a code against the live challenge; a wrong one counts, five void it. */
export async function checkSmsCode(
  flows: AccountService,
  account: Account,
  purpose: TokenPurpose,
  code: string,
  field = 'codigoSms',
) {
  const scope = scopeOf(account);
  const challenge = await findLiveSmsChallenge(flows.db, scope, purpose);
  if (!challenge) throw fieldError(field, 'validation.smsCodeInvalid');
  const expected = Buffer.from(challenge.codeHash, 'hex');
  const given = Buffer.from(hashCode(flows, scope, purpose, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await countSmsAttempt(flows.db, challenge.id, accountRules.maxWrongAnswers);
    throw fieldError(field, 'validation.smsCodeInvalid');
  }
  return challenge;
}

/** The account behind a provisional token, which must be signed by us, live and the latest issued. */
export async function resolveProvisional(flows: AccountService, token: string) {
  let jti: string | undefined;
  try {
    const { payload } = await jwtVerify(token, flows.secret, { algorithms: ['HS256'] });
    jti = payload.jti;
  } catch {
    throw new AppError('TOKEN_INVALID');
  }
  const record = jti ? await findLiveToken(flows.db, hashToken(jti), 'first_access') : undefined;
  const account = record ? await findAccount(flows.db, record) : undefined;
  if (!record || !account?.active || !account.firstAccessPending) throw new AppError('TOKEN_INVALID');
  return { record, account };
}

/** Refuses a new password that breaks the policy, on the given field. */
export function checkNewPassword(account: Account, password: string, field: string): void {
  const problems = passwordProblems({ password, login: loginOf(account), birthDate: account.birthDate });
  if (problems.length > 0) throw invalidFields({ [field]: problems });
}

/**
 * Sets the new password a flow of this purpose ends with (refused on `field` when it breaks the
 * policy): the flow's tokens and SMS codes die, the change is audited and every session ends, all
 * in one transaction. Answers the account's scope.
 */
export async function setNewPassword(
  flows: AccountService,
  account: Account,
  change: { purpose: TokenPurpose; password: string; field: string },
  meta: CallerMeta,
): Promise<TenantScope> {
  checkNewPassword(account, change.password, change.field);
  const passwordHash = await flows.hasher.hashPassword(change.password);
  const scope = scopeOf(account);
  await flows.db.transaction(async (tx) => {
    await updatePassword(tx, scope, { passwordHash });
    await voidTokens(tx, scope, change.purpose);
    await voidSmsChallenges(tx, scope, change.purpose);
    await recordAudit(tx, actorAt(scope, meta), {
      action: change.purpose === 'first_access' ? AuditAction.passwordChange : AuditAction.passwordReset,
      target: { type: 'user', id: account.id, name: account.name },
      changes: changedFields(auditedPassword(false), auditedPassword(true)),
    });
    await flows.sessions.endSessions(scope, change.purpose, tx);
  });
  return scope;
}

/** The accounts a login names whose password is this one. */
export async function accountsWithPassword(flows: AccountService, login: string, password: string) {
  const matches: Account[] = [];
  const candidates = await flows.auth.loginCandidates(login);
  if (candidates.length === 0) await flows.hasher.verifyNothing(password);
  for (const candidate of candidates) {
    if (!(await flows.hasher.verifyPassword(candidate.passwordHash, password))) continue;
    const account = await findAccount(flows.db, { companyId: candidate.companyId, userId: candidate.id });
    if (account) matches.push(account);
  }
  return matches;
}
