import { newPasswordSchema } from '@elo/contract/calls/account';
import { passwordProblems } from '@elo/contract/password-policy';
import { z } from 'zod';

/** What the password policy compares a new password with; either may be unknown on a page. */
export interface PasswordPolicyContext {
  login?: string;
  birthDate?: string | null;
}

/**
 * The fields of a new password typed twice, checked as the server checks it: the contract's
 * schema for the length, then its password policy (login, birth date, common passwords).
 * Extra fields of the same form (the SMS code) come first, in the order they are shown.
 */
export function newPasswordFormSchema<Shape extends z.ZodRawShape>(
  context: PasswordPolicyContext,
  extraFields: Shape,
) {
  const senha = newPasswordSchema.superRefine((password, ctx) => {
    for (const problem of passwordProblems({ password, ...context })) {
      // The contract's schema already says "too short", in its place among the other checks.
      if (problem !== 'validation.passwordTooShort') ctx.addIssue({ code: 'custom', message: problem });
    }
  });
  return z
    .object({
      ...extraFields,
      senha,
      confirmacaoSenha: z.string().min(1, { error: 'validation.required' }),
    })
    .refine((value) => passwordPair(value).senha === passwordPair(value).confirmacaoSenha, {
      path: ['confirmacaoSenha'],
      error: 'validation.passwordsDiffer',
      // Say so as soon as the confirmation is typed, even while the password breaks the policy.
      when: ({ value }) => Boolean(passwordPair(value).confirmacaoSenha),
    });
}

// The refinement also runs on input that failed other checks, so it reads it without trusting it.
function passwordPair(value: unknown): { senha?: unknown; confirmacaoSenha?: unknown } {
  return typeof value === 'object' && value !== null ? value : {};
}
