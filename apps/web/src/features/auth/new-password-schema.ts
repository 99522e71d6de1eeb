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
    .refine(({ senha, confirmacaoSenha }) => senha === confirmacaoSenha, {
      path: ['confirmacaoSenha'],
      error: 'validation.passwordsDiffer',
      // Say so as soon as both are typed, even while the first one still breaks the policy.
      when: ({ value }) => typedConfirmation(value),
    });
}

function typedConfirmation(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || !('confirmacaoSenha' in value)) return false;
  return typeof value.confirmacaoSenha === 'string' && value.confirmacaoSenha.length > 0;
}
