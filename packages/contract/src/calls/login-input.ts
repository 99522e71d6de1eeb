import { z } from 'zod';
import { limits } from '../limits.ts';

/**
 * doLogin's input, in a module of its own: the login page validates with it, and importing it
 * from auth.ts would bring every auth call's schemas into the login page's first load.
 */
export const loginInputSchema = z.object({
  login: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(limits.loginMax, { error: 'validation.tooLong' }),
  senha: z
    .string()
    .min(1, { error: 'validation.required' })
    .max(limits.passwordMax, { error: 'validation.tooLong' }),
});
