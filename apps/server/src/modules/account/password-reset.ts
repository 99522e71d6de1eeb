import type { Language } from '@elo/contract/enums';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import { DeliveryError } from '../../platform/delivery-error.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { passwordResetEmail } from './messages.ts';
import {
  findAccount,
  findAccountIdsBy,
  findLiveToken,
  replaceToken,
  voidTokens,
  type Account,
} from './repo.ts';
import {
  accountRules,
  checkSmsCode,
  fieldError,
  minutesFromNow,
  scopeOf,
  sendSmsCode,
  setNewPassword,
  throttle,
  type AccountService,
  type CallerMeta,
} from './service.ts';

/**
 * Asks for a new password. By matricula (with the last digits): a code by SMS and a reset
 * token in the answer, a decoy token when nothing matched. By e-mail: a link by e-mail, and no
 * token (null). Either way the answer looks the same whether or not the login exists.
 */
export async function requestPasswordReset(
  flows: AccountService,
  input: { login: string; lastDigits?: string | undefined },
  meta: CallerMeta,
): Promise<string | null> {
  await throttle(flows, meta, input.login);
  const token = generateToken();
  const byMatricula = input.lastDigits !== undefined;
  const ids = await findAccountIdsBy(
    flows.db,
    byMatricula ? { matricula: input.login } : { email: input.login },
  );
  const accounts = (await Promise.all(ids.map((id) => findAccount(flows.db, id)))).filter(
    (account): account is Account => Boolean(account?.active && !account.firstAccessPending),
  );
  const account = byMatricula
    ? accounts.find((candidate) => candidate.mobilePhone?.endsWith(input.lastDigits!))
    : accounts[0];
  if (!account) return byMatricula ? token : null;

  const scope = scopeOf(account);
  // A company that signs in only through its identity provider has no passwords to recover.
  if (await flows.auth.passwordRefused(scope)) throw new AppError('SSO_ONLY');
  await replaceToken(flows.db, {
    scope,
    purpose: 'password_reset',
    channel: byMatricula ? 'sms' : 'email',
    tokenHash: hashToken(token),
    expiresAt: minutesFromNow(accountRules.resetTokenMinutes),
  });
  try {
    if (byMatricula) {
      await sendSmsCode(flows, account, 'password_reset', account.mobilePhone!, meta.language);
      return token;
    }
    await sendResetEmail(flows, account, token, meta.language);
    return null;
  } catch (error) {
    // Nothing was delivered: the token must not stay usable, and the person may ask again.
    await voidTokens(flows.db, scope, 'password_reset');
    if (error instanceof DeliveryError) {
      flows.log.warn({ err: error }, 'reset e-mail not delivered');
      throw new AppError('DELIVERY_FAILED');
    }
    throw error;
  }
}

/** Sets a new password with a reset token (and its SMS code when it came by matricula); every session ends. */
export async function resetPassword(
  flows: AccountService,
  input: { token: string; password: string; code?: string | undefined },
  meta: CallerMeta,
): Promise<void> {
  await throttle(flows, meta);
  const record = await findLiveToken(flows.db, hashToken(input.token), 'password_reset');
  // With a code, an unknown token reads as a wrong code: the matricula page must not learn
  // that its data did not match.
  if (!record)
    throw input.code ? fieldError('codigoSms', 'validation.smsCodeInvalid') : new AppError('TOKEN_INVALID');
  const account = await findAccount(flows.db, record);
  if (!account?.active) throw new AppError('TOKEN_INVALID');
  if (await flows.auth.passwordRefused(scopeOf(account))) throw new AppError('SSO_ONLY');
  if (record.channel === 'sms') {
    if (!input.code) throw fieldError('codigoSms', 'validation.required');
    await checkSmsCode(flows, account, 'password_reset', input.code);
  }
  await setNewPassword(
    flows,
    account,
    { purpose: 'password_reset', password: input.password, field: 'senha' },
    meta,
  );
}

async function sendResetEmail(
  flows: AccountService,
  account: Account,
  token: string,
  language: Language,
): Promise<void> {
  if (!account.email) throw new DeliveryError('the account has no e-mail');
  const logo = account.companyLogoKey
    ? await flows.storage.read(account.companyLogoKey).catch(() => null)
    : null;
  const message = passwordResetEmail({
    language,
    personName: account.name,
    companyName: account.companyName,
    link: `${flows.publicUrl}/resetarsenha/${token}`,
    logoCid: logo ? 'logo-empresa' : null,
  });
  await flows.mail.send({
    to: account.email,
    ...message,
    inlineImages: logo ? [{ cid: 'logo-empresa', filename: 'logo.png', content: logo }] : [],
  });
}
