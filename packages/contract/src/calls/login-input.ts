import * as z from 'zod/mini';
import { limits } from '../limits.ts';

/**
 * doLogin's input, in a module of its own and in zod's tree-shakable mini API: the login page
 * validates with it, and the login route's first load must not carry zod's whole classic API
 * (importing it from auth.ts would also bring every auth call's schemas).
 */
export const loginInputSchema = z.object({
  login: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'validation.required' }),
      z.maxLength(limits.loginMax, { error: 'validation.tooLong' }),
    ),
  senha: z
    .string()
    .check(
      z.minLength(1, { error: 'validation.required' }),
      z.maxLength(limits.passwordMax, { error: 'validation.tooLong' }),
    ),
});
