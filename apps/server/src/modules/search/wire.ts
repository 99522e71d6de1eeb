import type { SearchKind } from '@elo/contract/calls/search';
import { pageQueryOf, toWireDate, type CallInput } from '../../platform/http/wire.ts';
import type { SearchAnswer, SearchQuery } from './model.ts';
import { readTerms } from './search.ts';

/** `buscaGeral`'s input as the use case reads it. */
export const searchQueryOf = (input: CallInput<'buscaGeral'>): SearchQuery => ({
  terms: readTerms(input.termo),
  kinds: [...new Set<SearchKind>(input.tipos ?? [])],
  page: pageQueryOf(input),
});

/** `buscaGeral`'s answer. */
export const presentSearch = (answer: SearchAnswer) => ({
  listResultados: answer.hits.map((hit) => ({
    tipo: hit.kind,
    id: hit.id,
    titulo: hit.title,
    trecho: hit.excerpt,
    url: hit.path,
    dtReferencia: toWireDate(hit.at),
    ...(hit.author ? { autor: hit.author } : {}),
  })),
  qtdTotal: answer.total,
  qtdPorTipo: answer.perKind,
});
