import type { ErrorCode } from '../errors.ts';
import type { ptBR } from './pt-BR.ts';
import type { ptBRServer } from './server-pt-BR.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/**
 * The shape every language's shared catalogue must fill (errors and validation, which the web
 * ships too): the Portuguese one, key for key.
 */
export type Catalogue = Widen<typeof ptBR> & { errors: Record<ErrorCode, string> };

/** The shape of the server's own texts (exports, imports, e-mails) in every language. */
export type ServerCatalogue = Widen<typeof ptBRServer>;

/** Key of a validation message, usable as a zod schema's custom error. */
export type ValidationKey = `validation.${keyof (typeof ptBR)['validation']}`;
