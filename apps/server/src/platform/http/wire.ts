import type { z } from 'zod';
import type { CallName, Calls } from '@elo/contract/calls/registry';
import type { Flag } from '@elo/contract/wire';
import type { Page, PageQuery } from '../paging.ts';
import { mediaUrl } from '../storage/media-storage.ts';

/**
 * The wire's shapes turned into the domain's and back, defined once for every module's `wire.ts`
 * and `routes.ts` (issue 28 §1): services and repositories speak booleans, `Date`s and pages; only
 * the edge speaks 'S'/'N', ISO strings and `idPaginaAtual`.
 */

/** A call's input as its handler gets it (parsed). */
export type CallInput<K extends CallName> = z.output<Calls[K]['input']>;

/** Yes/no, declared once in the contract and shared with the web. */
export { fromFlag, toFlag, type Flag } from '@elo/contract/wire';

/** An optional flag as an optional boolean (absent stays absent: a partial update keeps the value). */
export const fromOptionalFlag = (flag: Flag | undefined): boolean | undefined =>
  flag === undefined ? undefined : flag === 'S';

/** A moment as the wire carries it (ISO 8601, UTC); the database may hand a timestamp as text. */
export const toWireDate = (value: Date | string): string => new Date(value).toISOString();

/** An optional moment as the wire carries it (null when there is none). */
export const toWireDateOrNull = (value: Date | string | null | undefined): string | null =>
  value == null ? null : toWireDate(value);

/** A person as the administration's lists and pickers name them (the contract's `personSummaryShape`). */
export const presentPersonSummary = (person: {
  id: number;
  name: string;
  email: string | null;
  matricula: string | null;
  photoKey: string | null;
}) => ({
  idUsuario: person.id,
  nome: person.name,
  email: person.email,
  matricula: person.matricula,
  urlFoto: mediaUrl(person.photoKey),
});

/** The paging a call's input asks for. */
export const pageQueryOf = (input: { idPaginaAtual: number; qtdRegistrosPorPagina: number }): PageQuery => ({
  number: input.idPaginaAtual,
  size: input.qtdRegistrosPorPagina,
});

/** The paging part of a list's answer. */
export const pageAnswerOf = (page: { number: number; size: number; total: number }) => ({
  idPaginaAtual: page.number,
  qtdRegistrosPorPagina: page.size,
  qtdTotalRegistros: page.total,
});

/** A page as the wire answers it: its items presented under the call's key, with the paging. */
export function pagedAnswer<const Key extends string, T, W>(
  key: Key,
  page: Page<T>,
  present: (item: T) => W,
): { [K in Key]: W[] } & ReturnType<typeof pageAnswerOf> {
  return { [key]: page.items.map(present), ...pageAnswerOf(page) } as { [K in Key]: W[] } & ReturnType<
    typeof pageAnswerOf
  >;
}

/** A group of an administration picker as the wire lists it. */
export const presentGroupChoice = (group: { id: number; name: string }) => ({
  idGrupo: group.id,
  nome: group.name,
});
