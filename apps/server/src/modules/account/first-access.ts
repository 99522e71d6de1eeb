import { SignJWT } from 'jose';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { maskPhone } from '../../platform/outbox.ts';
import {
  countTokenAttempt,
  findAccount,
  findLiveSmsChallenge,
  replaceToken,
  updateMobilePhone,
} from './repo.ts';
import {
  accountRules,
  accountsWithPassword,
  checkSmsCode,
  fieldError,
  minutesFromNow,
  resolveProvisional,
  scopeOf,
  sendSmsCode,
  setNewPassword,
  throttle,
  type AccountService,
  type CallerMeta,
} from './service.ts';

/** What step 1 of first access gives: how the person signs in, whether a mobile is on file, the token. */
export interface FirstAccessStart {
  signsInByMatricula: boolean;
  mobileRegistered: boolean;
  /** The provisional token the next steps carry. */
  token: string;
}

/** What a step about the mobile did: whether a code was sent, whether the number is kept now. */
export interface MobileStep {
  codeSent: boolean;
  mobileRegistered: boolean;
  /** The number with all but its last digits hidden. */
  maskedMobile: string;
}

/** First access, step 1: login, provisional password and birth date give a provisional token. */
export async function startFirstAccess(
  flows: AccountService,
  input: { login: string; password: string; birthDate: string },
  meta: CallerMeta,
): Promise<FirstAccessStart> {
  await throttle(flows, meta, input.login);
  const account = (await accountsWithPassword(flows, input.login, input.password)).find(
    (candidate) => candidate.birthDate === input.birthDate && candidate.active,
  );
  if (!account) throw new AppError('FIRST_ACCESS_INVALID');
  // A company that signs in only through its identity provider sets no passwords.
  if (await flows.auth.passwordRefused(scopeOf(account))) throw new AppError('SSO_ONLY');
  if (!account.firstAccessPending) throw new AppError('FIRST_ACCESS_DONE');
  const jti = generateToken();
  const token = await new SignJWT({ purpose: 'first_access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(account.id))
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${accountRules.provisionalTokenMinutes}m`)
    .sign(flows.secret);
  await replaceToken(flows.db, {
    scope: scopeOf(account),
    purpose: 'first_access',
    channel: null,
    tokenHash: hashToken(jti),
    expiresAt: minutesFromNow(accountRules.provisionalTokenMinutes),
  });
  return {
    signsInByMatricula: account.loginType === 'MATRICULA',
    mobileRegistered: Boolean(account.mobilePhone),
    token,
  };
}

/** First access with a mobile on file: the last four digits confirmed, a code goes to it. */
export async function confirmMobile(
  flows: AccountService,
  input: { token: string; lastDigits: string },
  meta: CallerMeta,
): Promise<MobileStep> {
  await throttle(flows, meta);
  const { record, account } = await resolveProvisional(flows, input.token);
  const phone = account.mobilePhone;
  if (!phone) throw new AppError('TOKEN_INVALID');
  if (!phone.endsWith(input.lastDigits)) {
    await countTokenAttempt(flows.db, record.id, accountRules.maxWrongAnswers);
    throw fieldError('ultimosDigitosCelular', 'validation.lastDigitsMismatch');
  }
  await sendSmsCode(flows, account, 'first_access', phone, meta.language);
  return { codeSent: true, mobileRegistered: true, maskedMobile: maskPhone(phone) };
}

/** First access without a mobile: a code to the new number, then the code keeps the number. */
export async function registerMobile(
  flows: AccountService,
  input: { token: string; ddi: string; number: string; code?: string | undefined },
  meta: CallerMeta,
): Promise<MobileStep> {
  await throttle(flows, meta);
  const { account } = await resolveProvisional(flows, input.token);
  const phone = `+${input.ddi}${input.number}`;
  if (!input.code) {
    await sendSmsCode(flows, account, 'first_access', phone, meta.language);
    return { codeSent: true, mobileRegistered: false, maskedMobile: maskPhone(phone) };
  }
  const challenge = await checkSmsCode(flows, account, 'first_access', input.code);
  // The code proves the number it was sent to, not whatever the form says now.
  if (challenge.phone !== phone) throw fieldError('codigoSms', 'validation.smsCodeInvalid');
  await updateMobilePhone(flows.db, scopeOf(account), phone);
  return { codeSent: false, mobileRegistered: true, maskedMobile: maskPhone(phone) };
}

/**
 * Checks the first-access SMS code of a login (wrong tries count); an unknown login reads as a
 * wrong code. Answers only when the code is right.
 */
export async function validateFirstAccessCode(
  flows: AccountService,
  input: { login: string; code: string },
  meta: CallerMeta,
): Promise<void> {
  await throttle(flows, meta, input.login);
  for (const candidate of await flows.auth.loginCandidates(input.login)) {
    const account = await findAccount(flows.db, { companyId: candidate.companyId, userId: candidate.id });
    if (!account?.firstAccessPending) continue;
    if (!(await findLiveSmsChallenge(flows.db, scopeOf(account), 'first_access'))) continue;
    await checkSmsCode(flows, account, 'first_access', input.code);
    return;
  }
  throw fieldError('codigoSms', 'validation.smsCodeInvalid');
}

/**
 * Ends first access: the provisional password and the SMS code set the new password; every
 * other session ends, the provisional tokens die, and a session opens.
 */
export async function finishFirstAccess(
  flows: AccountService,
  input: { login: string; oldPassword: string; newPassword: string; code: string },
  meta: CallerMeta,
) {
  await throttle(flows, meta, input.login);
  const account = (await accountsWithPassword(flows, input.login, input.oldPassword)).find(
    (candidate) => candidate.firstAccessPending,
  );
  if (!account?.active) throw new AppError('FIRST_ACCESS_INVALID');
  if (await flows.auth.passwordRefused(scopeOf(account))) throw new AppError('SSO_ONLY');
  await checkSmsCode(flows, account, 'first_access', input.code);
  const scope = await setNewPassword(
    flows,
    account,
    { purpose: 'first_access', password: input.newPassword, field: 'senhaNova' },
    meta,
  );
  const opened = await flows.sessions.open({ ...scope, ip: meta.ip, userAgent: meta.userAgent });
  await flows.auth.markAccess(scope);
  return { ...opened, scope };
}
