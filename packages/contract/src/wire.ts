import { z } from 'zod';
import { limits } from './limits.ts';

/**
 * Wire primitives every call shares (issue 11 §1): defined once here and reused, so a list, a page
 * or a yes/no flag reads the same in every call.
 */

/** Yes/no as the spec's wire carries it. */
export const flagSchema = z.enum(['S', 'N']);
export type Flag = z.infer<typeof flagSchema>;

/** A boolean as the wire's flag (both sides convert through these two). */
export const toFlag = (value: boolean): Flag => (value ? 'S' : 'N');

/** The wire's flag as a boolean. */
export const fromFlag = (flag: Flag): boolean => flag === 'S';

/** The largest identity key: PostgreSQL's integer keys stop at 2^31-1. */
export const idMax = 2_147_483_647;

/**
 * An identity key as the wire carries it: a positive 32-bit integer. Every id a call takes is
 * one, so no number past what the keys hold ever reaches a query.
 */
export const idSchema = z.number().int().positive().max(idMax);

/**
 * A record's version (issue 27): an integer the administration read answers as `versao` and the
 * save may send back. The server keeps it in the row's `version` column, bumped by every update of
 * the record in the same statement; a save whose versao is not the stored one answers 409
 * REGISTRO_ALTERADO and writes nothing. A save without it overwrites, as before.
 */
export const versaoSchema = z.number().int().min(1).max(idMax);

/** A record's versao sent as text (multipart saves), with the same bounds. */
export const versaoTextSchema = z.coerce.number().int().min(1).max(idMax);

/** An identity key sent as text (multipart fields, download addresses), with the same bounds. */
export const idTextSchema = z.coerce.number().int().positive().max(idMax);

/** Paging asked for (pages start at 1), with a page size up to `max`, `size` when not given. */
export function pageRequest(size: number = limits.pageSize.admin, max = 100) {
  return {
    idPaginaAtual: z.number().int().min(1).max(1_000_000).default(1),
    qtdRegistrosPorPagina: z.number().int().min(1).max(max).default(size),
  };
}

/** Paging answered with a page of a list. */
export const pageAnswer = {
  idPaginaAtual: z.number().int(),
  qtdRegistrosPorPagina: z.number().int(),
  qtdTotalRegistros: z.number().int(),
};

/** A page of a list under its key (`listRegistros`, `listNotificacoes`, …) with the paging answer. */
export function pagedList<const Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), ...pageAnswer } as {
    [K in Key]: z.ZodArray<Item>;
  } & typeof pageAnswer);
}

/**
 * A person as the administration's lists and pickers name them: who they are, how they sign in
 * (e-mail or matricula) and their photo. Spread into an object that says more about them.
 */
export const personSummaryShape = {
  idUsuario: z.number().int(),
  nome: z.string(),
  email: z.string().nullable(),
  matricula: z.string().nullable(),
  urlFoto: z.string().nullable(),
};

/** The message of a field left empty, and of one past its length: one catalogue key each. */
export const required = { error: 'validation.required' } as const;
export const tooLong = { error: 'validation.tooLong' } as const;

/** The answer of a write that returns nothing else. */
export const okSchema = z.object({ ok: z.literal(true) });
