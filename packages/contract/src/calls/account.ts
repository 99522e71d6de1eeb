import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { limits } from '../limits.ts';
import { passwordMinLength } from '../password-policy.ts';
import { doLogin, loginInputSchema } from './auth.ts';
import { flagSchema, required } from '../wire.ts';

/** A login as typed: e-mail or matricula. */
const login = loginInputSchema.shape.login;
/** A password being checked (any length): the provisional or the current one. */
const currentPassword = loginInputSchema.shape.senha;
/** A password being chosen: the policy's length here, the rest (login, birth date, common) on the server too. */
export const newPasswordSchema = z
  .string()
  .min(1, required)
  .min(passwordMinLength, { error: 'validation.passwordTooShort' })
  .max(limits.passwordMax, { error: 'validation.tooLong' });
/** A six-digit code sent by SMS. */
export const smsCodeSchema = z
  .string()
  .trim()
  .min(1, required)
  .regex(/^\d{6}$/, { error: 'validation.smsCodeFormat' });
/** The last four digits of the mobile number. */
export const lastDigitsSchema = z
  .string()
  .trim()
  .min(1, required)
  .regex(/^\d{4}$/, { error: 'validation.lastDigitsFormat' });
/** A calendar date as YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .min(1, required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalidDate' })
  // A day that exists: 2025-02-30 would roll over to March, so the date must read back the same.
  .refine(
    (value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { error: 'validation.invalidDate' },
  );
const provisionalToken = z.string().min(1, required).max(2000);

/** First access, step 1: login, provisional password and birth date open a 15-minute provisional token. */
export const primeiroAcesso = defineCall({
  name: 'primeiroAcesso',
  mode: 'write',
  audience: 'public',
  input: z.object({ login, senha: currentPassword, dtNascimento: isoDateSchema }),
  output: z.object({
    /** S when the person signs in by matricula. */
    flMatricula: flagSchema,
    /** S when a mobile number is on file (confirm its last digits), N when one must be registered. */
    flNumeroCadastrado: flagSchema,
    tokenJwtProvisorio: z.string(),
    /** How the digits to confirm look ("****"); the real digits are never sent before they are confirmed. */
    ultimosDigitosCelular: z.string(),
  }),
});

/** First access, step 2 with a mobile on file: the last digits are confirmed and an SMS code is sent. */
export const confirmaNumeroTelefoneDeslogado = defineCall({
  name: 'confirmaNumeroTelefoneDeslogado',
  mode: 'write',
  audience: 'public',
  input: z.object({ codigoJwtProvisorio: provisionalToken, ultimosDigitosCelular: lastDigitsSchema }),
  output: z.object({ flCodigoEnviado: flagSchema, celularMascarado: z.string() }),
});

/**
 * First access, step 2 without a mobile: without `codigoSms` an SMS code goes to the new number;
 * with it, the code is checked and the number is kept.
 */
export const cadastraNumeroTelefoneDeslogado = defineCall({
  name: 'cadastraNumeroTelefoneDeslogado',
  mode: 'write',
  audience: 'public',
  input: z.object({
    numeroTelefoneNovo: z
      .string()
      .trim()
      .min(1, required)
      .regex(/^\d{8,13}$/, { error: 'validation.phoneInvalid' }),
    ddi: z
      .string()
      .trim()
      .min(1, required)
      .regex(/^\d{1,3}$/, { error: 'validation.ddiInvalid' }),
    codigoJwtProvisorio: provisionalToken,
    codigoSms: smsCodeSchema.optional(),
  }),
  output: z.object({
    flCodigoEnviado: flagSchema,
    flNumeroCadastrado: flagSchema,
    celularMascarado: z.string(),
  }),
});

/** Checks an SMS code of the person's open first access (wrong tries count). */
export const validaCodigoSms = defineCall({
  name: 'validaCodigoSms',
  mode: 'write',
  audience: 'public',
  input: z.object({ codigoSms: smsCodeSchema, login }),
  output: z.object({ flValido: z.literal('S') }),
});

/** Ends first access: provisional password and SMS code set the new password and sign in. */
export const alteraSenhaEFazLogin = defineCall({
  name: 'alteraSenhaEFazLogin',
  mode: 'write',
  audience: 'public',
  input: z.object({
    loginUsuario: login,
    senhaAntiga: currentPassword,
    senhaNova: newPasswordSchema,
    codigoSms: smsCodeSchema,
  }),
  output: doLogin.output,
});

/**
 * Asks for a new password. With `ultimosDigitosCelular` (by matricula) an SMS code goes to the
 * mobile and the answer carries the token of the reset page; without it (by e-mail) an e-mail
 * with the link is sent and no token comes back. The answer never tells whether the login exists.
 */
export const solicitaTrocaDeSenha = defineCall({
  name: 'solicitaTrocaDeSenha',
  mode: 'write',
  audience: 'public',
  input: z.object({ login, ultimosDigitosCelular: lastDigitsSchema.optional() }),
  output: z.object({ tokenRecuperacao: z.string().nullable() }),
});

/** Sets a new password with a reset token (and the SMS code when the token came by matricula). */
export const resetaSenhaComToken = defineCall({
  name: 'resetaSenhaComToken',
  mode: 'write',
  audience: 'public',
  input: z.object({
    token: z.string().min(1, required).max(200),
    senha: newPasswordSchema,
    codigoSms: smsCodeSchema.optional(),
  }),
  output: z.object({ ok: z.literal(true) }),
});
