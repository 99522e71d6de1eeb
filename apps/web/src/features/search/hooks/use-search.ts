import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchLimits, type SearchKind } from '@elo/contract/calls/search';
import { api } from '#lib/api.ts';

export const searchKeys = {
  all: ['buscaGeral'] as const,
  suggestions: (term: string) => ['buscaGeral', 'sugestoes', term] as const,
  results: (term: string, kind: SearchKind | null, page: number) =>
    ['buscaGeral', 'resultados', term, kind, page] as const,
};

/** The value once it has stayed the same for `delayMs`: what was typed, once typing pauses. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The suggestions under the header's field for what was typed, asked once typing pauses. The
 * request of a term no longer typed is cancelled (TanStack Query aborts a query whose signal was
 * used when nobody observes it any more), so a slow old answer never replaces a newer one.
 */
export function useSearchSuggestions(typed: string, delayMs = 250) {
  const term = useDebouncedValue(typed.trim(), delayMs);
  const query = useQuery({
    queryKey: searchKeys.suggestions(term),
    enabled: term.length > 0,
    queryFn: ({ signal }) =>
      api.buscaGeral(
        { termo: term, idPaginaAtual: 1, qtdRegistrosPorPagina: searchLimits.suggestions },
        { signal },
      ),
    staleTime: 30_000,
  });
  return { ...query, term, settled: term === typed.trim() };
}

/** A page of the results page's list: the kind chosen (all when null), with every kind's count. */
export function useSearchResults(term: string, kind: SearchKind | null, page: number) {
  return useQuery({
    queryKey: searchKeys.results(term, kind, page),
    enabled: term.length > 0,
    queryFn: ({ signal }) =>
      api.buscaGeral(
        {
          termo: term,
          ...(kind ? { tipos: [kind] } : {}),
          idPaginaAtual: page,
          qtdRegistrosPorPagina: searchLimits.pageSize,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
