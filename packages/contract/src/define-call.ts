import type { z } from 'zod';
import type { PermissionCode } from './enums.ts';

/** Who may make a call: anyone, a signed-in user, or a signed-in administrator. */
export type Audience = 'public' | 'user' | 'admin';

/** One POST call of the API, declared once and bound by both the server and the web client. */
export interface CallDefinition<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> {
  name: Name;
  input: Input;
  output: Output;
  audience: Audience;
  /** A permission the signed-in user must hold, besides the audience. */
  permission?: PermissionCode;
  /** The body travels as multipart/form-data (files). */
  multipart?: boolean;
  /** The most files a multipart call takes in one request (1 when not given); more are refused. */
  maxFiles?: number;
}

/** Declares a call; the identity function keeps the literal types for the typed client. */
export function defineCall<const Name extends string, Input extends z.ZodType, Output extends z.ZodType>(
  definition: CallDefinition<Name, Input, Output>,
): CallDefinition<Name, Input, Output> {
  return definition;
}

export type CallInput<C> = C extends CallDefinition<string, infer I, z.ZodType> ? z.input<I> : never;
export type CallOutput<C> = C extends CallDefinition<string, z.ZodType, infer O> ? z.output<O> : never;
