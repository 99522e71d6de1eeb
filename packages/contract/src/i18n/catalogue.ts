import type { ErrorCode } from '../errors.ts';
import type { ptBR } from './pt-BR.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language's catalogue must fill: the Portuguese one, key for key. */
export type Catalogue = Widen<typeof ptBR> & { errors: Record<ErrorCode, string> };

/** Key of a validation message, usable as a zod schema's custom error. */
export type ValidationKey = `validation.${keyof (typeof ptBR)['validation']}`;
