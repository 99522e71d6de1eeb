import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Logger } from '../../platform/logger.ts';
import type { Language } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { passwordProblems } from '@elo/contract/password-policy';
import { AuditAction } from '@elo/contract/calls/audit';
import type { Database } from '../../db/client.ts';
import { actorAt } from '../../platform/auth/actor.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import { DeliveryError } from '../../platform/delivery-error.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { MailSender } from '../../platform/mail.ts';
import { maskPhone } from '../../platform/outbox.ts';
import { consumeOrRefuse, type LimiterFactory } from '../../platform/rate-limit.ts';
import type { SmsSender } from '../../platform/sms.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { AuthService } from '../auth/service.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { passwordResetEmail, smsCodeText } from './messages.ts';
import {
  countSmsAttempt,
  countTokenAttempt,
  deleteSmsChallenge,
  findAccount,
  findAccountIdsBy,
  findLiveSmsChallenge,
  findLiveToken,
  replaceSmsChallenge,
  replaceToken,
  updateMobilePhone,
  updatePassword,
  voidSmsChallenges,
  voidTokens,
  type Account,
  type TokenPurpose,
} from './repo.ts';

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
  auth: Pick<AuthService, 'loginCandidates' | 'markAccess'>;
}

interface CallerMeta {
  ip: string;
  language: Language;
  userAgent?: string | undefined;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const scopeOf = (account: { id: number; companyId: number }): TenantScope => ({
  companyId: account.companyId,
  userId: account.id,
});

/** The login a person types: their e-mail or their matricula, by their login type. */
function loginOf(account: Account): string {
  return (account.loginType === 'MATRICULA' ? account.matricula : account.email) ?? '';
}

/** A 422 on one field with one catalogue key. */
const fieldError = (field: string, key: string) => invalidFields({ [field]: [key] });

export type AccountService = ReturnType<typeof createAccountService>;

/** First access, SMS codes, password requests and resets. */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, hasher } = deps;
  const windowSeconds = 15 * 60;
  const byAddress = deps.limiters({
    keyPrefix: 'account-address',
    points: deps.maxCallsPerAddress,
    durationSeconds: windowSeconds,
  });
  const byLogin = deps.limiters({
    keyPrefix: 'account-login',
    points: deps.maxCallsPerLogin,
    durationSeconds: windowSeconds,
  });
  const smsResend = deps.limiters({
    keyPrefix: 'sms-resend',
    points: 1,
    durationSeconds: accountRules.smsResendSeconds,
  });
  const smsHourly = deps.limiters({
    keyPrefix: 'sms-hour',
    points: accountRules.smsPerHour,
    durationSeconds: 3600,
  });

  /** Every call of these flows counts against the caller's address and, when it names one, the login. */
  async function throttle(meta: CallerMeta, login?: string): Promise<void> {
    await consumeOrRefuse(byAddress, meta.ip);
    if (login) await consumeOrRefuse(byLogin, login.trim().toLowerCase());
  }

  function hashCode(scope: TenantScope, purpose: TokenPurpose, code: string): string {
    return createHmac('sha256', deps.secret)
      .update(`${scope.companyId}:${scope.userId}:${purpose}:${code}`)
      .digest('hex');
  }

  /** Issues a new SMS code and sends it; an undelivered code is removed, so nothing is consumed. */
  async function sendSmsCode(
    account: Account,
    purpose: TokenPurpose,
    phone: string,
    language: Language,
  ): Promise<void> {
    const scope = scopeOf(account);
    await consumeOrRefuse(smsResend, `${scope.userId}:${purpose}`);
    await consumeOrRefuse(smsHourly, String(scope.userId));
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const challengeId = await replaceSmsChallenge(db, {
      scope,
      purpose,
      phone,
      codeHash: hashCode(scope, purpose, code),
      expiresAt: minutesFromNow(accountRules.smsCodeMinutes),
    });
    try {
      await deps.sms.send({ to: phone, text: smsCodeText(language, code) });
    } catch (error) {
      await deleteSmsChallenge(db, challengeId);
      await smsResend.delete(`${scope.userId}:${purpose}`);
      deps.log.warn({ err: error }, 'SMS not delivered');
      throw new AppError('DELIVERY_FAILED');
    }
  }

  /** Checks a code against the live challenge; a wrong one counts, five void it. */
  async function checkSmsCode(account: Account, purpose: TokenPurpose, code: string, field = 'codigoSms') {
    const scope = scopeOf(account);
    const challenge = await findLiveSmsChallenge(db, scope, purpose);
    if (!challenge) throw fieldError(field, 'validation.smsCodeInvalid');
    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = Buffer.from(hashCode(scope, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await countSmsAttempt(db, challenge.id, accountRules.maxWrongAnswers);
      throw fieldError(field, 'validation.smsCodeInvalid');
    }
    return challenge;
  }

  /** The account behind a provisional token, which must be signed by us, live and the latest issued. */
  async function resolveProvisional(token: string) {
    let jti: string | undefined;
    try {
      const { payload } = await jwtVerify(token, deps.secret, { algorithms: ['HS256'] });
      jti = payload.jti;
    } catch {
      throw new AppError('TOKEN_INVALID');
    }
    const record = jti ? await findLiveToken(db, hashToken(jti), 'first_access') : undefined;
    const account = record ? await findAccount(db, record) : undefined;
    if (!record || !account?.active || !account.firstAccessPending) throw new AppError('TOKEN_INVALID');
    return { record, account };
  }

  /** Refuses a new password that breaks the policy, on the given field. */
  function checkNewPassword(account: Account, password: string, field: string): void {
    const problems = passwordProblems({ password, login: loginOf(account), birthDate: account.birthDate });
    if (problems.length > 0) throw invalidFields({ [field]: problems });
  }

  /** The accounts a login names whose password is this one. */
  async function accountsWithPassword(login: string, password: string) {
    const matches: Account[] = [];
    const candidates = await deps.auth.loginCandidates(login);
    if (candidates.length === 0) await hasher.verifyNothing(password);
    for (const candidate of candidates) {
      if (!(await hasher.verifyPassword(candidate.passwordHash, password))) continue;
      const account = await findAccount(db, { companyId: candidate.companyId, userId: candidate.id });
      if (account) matches.push(account);
    }
    return matches;
  }

  return {
    /** First access, step 1: login, provisional password and birth date give a provisional token. */
    async startFirstAccess(input: { login: string; password: string; birthDate: string }, meta: CallerMeta) {
      await throttle(meta, input.login);
      const account = (await accountsWithPassword(input.login, input.password)).find(
        (candidate) => candidate.birthDate === input.birthDate && candidate.active,
      );
      if (!account) throw new AppError('FIRST_ACCESS_INVALID');
      if (!account.firstAccessPending) throw new AppError('FIRST_ACCESS_DONE');
      const jti = generateToken();
      const token = await new SignJWT({ purpose: 'first_access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(account.id))
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime(`${accountRules.provisionalTokenMinutes}m`)
        .sign(deps.secret);
      await replaceToken(db, {
        scope: scopeOf(account),
        purpose: 'first_access',
        channel: null,
        tokenHash: hashToken(jti),
        expiresAt: minutesFromNow(accountRules.provisionalTokenMinutes),
      });
      return {
        flMatricula: account.loginType === 'MATRICULA' ? ('S' as const) : ('N' as const),
        flNumeroCadastrado: account.mobilePhone ? ('S' as const) : ('N' as const),
        tokenJwtProvisorio: token,
        ultimosDigitosCelular: '****',
      };
    },

    /** First access with a mobile on file: the last four digits confirmed, a code goes to it. */
    async confirmMobile(input: { token: string; lastDigits: string }, meta: CallerMeta) {
      await throttle(meta);
      const { record, account } = await resolveProvisional(input.token);
      const phone = account.mobilePhone;
      if (!phone) throw new AppError('TOKEN_INVALID');
      if (!phone.endsWith(input.lastDigits)) {
        await countTokenAttempt(db, record.id, accountRules.maxWrongAnswers);
        throw fieldError('ultimosDigitosCelular', 'validation.lastDigitsMismatch');
      }
      await sendSmsCode(account, 'first_access', phone, meta.language);
      return { flCodigoEnviado: 'S' as const, celularMascarado: maskPhone(phone) };
    },

    /** First access without a mobile: a code to the new number, then the code keeps the number. */
    async registerMobile(
      input: { token: string; ddi: string; number: string; code?: string | undefined },
      meta: CallerMeta,
    ) {
      await throttle(meta);
      const { account } = await resolveProvisional(input.token);
      const phone = `+${input.ddi}${input.number}`;
      if (!input.code) {
        await sendSmsCode(account, 'first_access', phone, meta.language);
        return {
          flCodigoEnviado: 'S' as const,
          flNumeroCadastrado: 'N' as const,
          celularMascarado: maskPhone(phone),
        };
      }
      const challenge = await checkSmsCode(account, 'first_access', input.code);
      // The code proves the number it was sent to, not whatever the form says now.
      if (challenge.phone !== phone) throw fieldError('codigoSms', 'validation.smsCodeInvalid');
      await updateMobilePhone(db, scopeOf(account), phone);
      return {
        flCodigoEnviado: 'N' as const,
        flNumeroCadastrado: 'S' as const,
        celularMascarado: maskPhone(phone),
      };
    },

    /** Checks the first-access SMS code of a login (wrong tries count); an unknown login reads as a wrong code. */
    async validateFirstAccessCode(input: { login: string; code: string }, meta: CallerMeta) {
      await throttle(meta, input.login);
      for (const candidate of await deps.auth.loginCandidates(input.login)) {
        const account = await findAccount(db, { companyId: candidate.companyId, userId: candidate.id });
        if (!account?.firstAccessPending) continue;
        if (!(await findLiveSmsChallenge(db, scopeOf(account), 'first_access'))) continue;
        await checkSmsCode(account, 'first_access', input.code);
        return { flValido: 'S' as const };
      }
      throw fieldError('codigoSms', 'validation.smsCodeInvalid');
    },

    /**
     * Ends first access: the provisional password and the SMS code set the new password; every
     * other session ends, the provisional tokens die, and a session opens.
     */
    async finishFirstAccess(
      input: { login: string; oldPassword: string; newPassword: string; code: string },
      meta: CallerMeta,
    ) {
      await throttle(meta, input.login);
      const account = (await accountsWithPassword(input.login, input.oldPassword)).find(
        (candidate) => candidate.firstAccessPending,
      );
      if (!account?.active) throw new AppError('FIRST_ACCESS_INVALID');
      await checkSmsCode(account, 'first_access', input.code);
      checkNewPassword(account, input.newPassword, 'senhaNova');
      const passwordHash = await hasher.hashPassword(input.newPassword);
      const scope = scopeOf(account);
      await db.transaction(async (tx) => {
        await updatePassword(tx, scope, { passwordHash });
        await voidSmsChallenges(tx, scope, 'first_access');
        await voidTokens(tx, scope, 'first_access');
        await recordAudit(tx, actorAt(scope, meta), {
          action: AuditAction.passwordChange,
          target: { type: 'user', id: account.id, name: account.name },
          changes: changedFields({ senha: null }, { senha: 'nova' }),
        });
        await deps.sessions.endSessions(scope, 'first_access', tx);
      });
      const opened = await deps.sessions.open({ ...scope, ip: meta.ip, userAgent: meta.userAgent });
      await deps.auth.markAccess(scope);
      return { ...opened, scope };
    },

    /**
     * Asks for a new password. By matricula (with the last digits): a code by SMS and a reset
     * token in the answer, a decoy token when nothing matched. By e-mail: a link by e-mail.
     * Either way the answer looks the same whether or not the login exists.
     */
    async requestPasswordReset(input: { login: string; lastDigits?: string | undefined }, meta: CallerMeta) {
      await throttle(meta, input.login);
      const token = generateToken();
      const byMatricula = input.lastDigits !== undefined;
      const ids = await findAccountIdsBy(
        db,
        byMatricula ? { matricula: input.login } : { email: input.login },
      );
      const accounts = (await Promise.all(ids.map((id) => findAccount(db, id)))).filter(
        (account): account is Account => Boolean(account?.active && !account.firstAccessPending),
      );
      const account = byMatricula
        ? accounts.find((candidate) => candidate.mobilePhone?.endsWith(input.lastDigits!))
        : accounts[0];
      if (!account) return { tokenRecuperacao: byMatricula ? token : null };

      const scope = scopeOf(account);
      await replaceToken(db, {
        scope,
        purpose: 'password_reset',
        channel: byMatricula ? 'sms' : 'email',
        tokenHash: hashToken(token),
        expiresAt: minutesFromNow(accountRules.resetTokenMinutes),
      });
      try {
        if (byMatricula) {
          await sendSmsCode(account, 'password_reset', account.mobilePhone!, meta.language);
          return { tokenRecuperacao: token };
        }
        await sendResetEmail(account, token, meta.language);
        return { tokenRecuperacao: null };
      } catch (error) {
        // Nothing was delivered: the token must not stay usable, and the person may ask again.
        await voidTokens(db, scope, 'password_reset');
        if (error instanceof DeliveryError) {
          deps.log.warn({ err: error }, 'reset e-mail not delivered');
          throw new AppError('DELIVERY_FAILED');
        }
        throw error;
      }
    },

    /** Sets a new password with a reset token (and its SMS code when it came by matricula); every session ends. */
    async resetPassword(
      input: { token: string; password: string; code?: string | undefined },
      meta: CallerMeta,
    ) {
      await throttle(meta);
      const record = await findLiveToken(db, hashToken(input.token), 'password_reset');
      // With a code, an unknown token reads as a wrong code: the matricula page must not learn
      // that its data did not match.
      if (!record)
        throw input.code
          ? fieldError('codigoSms', 'validation.smsCodeInvalid')
          : new AppError('TOKEN_INVALID');
      const account = await findAccount(db, record);
      if (!account?.active) throw new AppError('TOKEN_INVALID');
      if (record.channel === 'sms') {
        if (!input.code) throw fieldError('codigoSms', 'validation.required');
        await checkSmsCode(account, 'password_reset', input.code);
      }
      checkNewPassword(account, input.password, 'senha');
      const passwordHash = await hasher.hashPassword(input.password);
      const scope = scopeOf(account);
      await db.transaction(async (tx) => {
        await updatePassword(tx, scope, { passwordHash });
        await voidTokens(tx, scope, 'password_reset');
        await voidSmsChallenges(tx, scope, 'password_reset');
        await recordAudit(tx, actorAt(scope, meta), {
          action: AuditAction.passwordReset,
          target: { type: 'user', id: account.id, name: account.name },
          changes: changedFields({ senha: null }, { senha: 'nova' }),
        });
        await deps.sessions.endSessions(scope, 'password_reset', tx);
      });
      return { ok: true as const };
    },
  };

  async function sendResetEmail(account: Account, token: string, language: Language): Promise<void> {
    if (!account.email) throw new DeliveryError('the account has no e-mail');
    const logo = account.companyLogoKey
      ? await deps.storage.read(account.companyLogoKey).catch(() => null)
      : null;
    const message = passwordResetEmail({
      language,
      personName: account.name,
      companyName: account.companyName,
      link: `${deps.publicUrl}/resetarsenha/${token}`,
      logoCid: logo ? 'logo-empresa' : null,
    });
    await deps.mail.send({
      to: account.email,
      ...message,
      inlineImages: logo ? [{ cid: 'logo-empresa', filename: 'logo.png', content: logo }] : [],
    });
  }
}
