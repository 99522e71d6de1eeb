import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** How one filter lives in the query string: its default (left out of the URL) and how it reads. */
export interface UrlFilter<Value> {
  defaultValue: Value;
  /** The value of the parameter's text, or undefined when the text is not a valid value. */
  parse: (raw: string) => Value | undefined;
  /** The parameter's text; `String(value)` by default. */
  format?(value: Value): string;
}

/** A filter that is one of a few words (a status), or null for "all". */
export function choiceFilter<const Choice extends string>(
  choices: readonly Choice[],
): UrlFilter<Choice | null> {
  return {
    defaultValue: null,
    parse: (raw) => choices.find((choice) => choice === raw),
  };
}

/** A filter that is free text. */
export function textFilter(defaultValue = ''): UrlFilter<string> {
  return { defaultValue, parse: (raw) => raw };
}

/** A filter that is a yes/no flag, kept as S or N like the wire's flags. */
export function flagFilter(defaultValue: boolean | null = null): UrlFilter<boolean | null> {
  return {
    defaultValue,
    parse: (raw) => (raw === 'S' ? true : raw === 'N' ? false : undefined),
    format: (value) => (value ? 'S' : 'N'),
  };
}

type FilterValues<Definitions> = {
  [Key in keyof Definitions]: Definitions[Key] extends UrlFilter<infer Value> ? Value : never;
};

/** The sorted column as the URL keeps it. */
export interface UrlSort {
  id: string;
  desc: boolean;
}

/** The query parameters the hook itself owns (filters take their own keys). */
export const urlFilterParams = { search: 'busca', page: 'pagina', sort: 'ordem' } as const;

function isDefault<Value>(filter: UrlFilter<Value>, value: Value): boolean {
  return value === filter.defaultValue || value === undefined;
}

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

// `ordem=titulo` sorts ascending, `ordem=-titulo` descending.
function readSort(raw: string | null, sortable: readonly string[] | undefined): UrlSort | null {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const id = desc ? raw.slice(1) : raw;
  if (!id || (sortable && !sortable.includes(id))) return null;
  return { id, desc };
}

/**
 * An administration list's filters, search text, page and sort, kept in the query string so a
 * link, a reload and the back button show the same list. Values equal to their default are left
 * out of the URL; changing a filter, the search or the sort goes back to page 1.
 */
export function useUrlFilters<const Definitions extends Record<string, UrlFilter<unknown>>>(
  definitions: Definitions,
  options: { sortable?: readonly string[] } = {},
) {
  const [params, setParams] = useSearchParams();
  const { sortable } = options;

  const filters = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const [key, filter] of Object.entries(definitions)) {
      const raw = params.get(key);
      values[key] = raw === null ? filter.defaultValue : (filter.parse(raw) ?? filter.defaultValue);
    }
    return values as FilterValues<Definitions>;
  }, [definitions, params]);
  const search = params.get(urlFilterParams.search) ?? '';
  const page = readPage(params.get(urlFilterParams.page));
  const sort = readSort(params.get(urlFilterParams.sort), sortable);

  // The parameters last written and not yet rendered. React Router hands setParams's callback the
  // parameters of the last render, so two changes before the next one (clearing, then a filter at
  // once) lost the first: each starts from what the one before wrote.
  const unrendered = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    unrendered.current = null;
  }, [params]);

  /** Writes some parameters (null removes one); anything but a page change goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | null>, navigation: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(unrendered.current ?? current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!(urlFilterParams.page in changes)) next.delete(urlFilterParams.page);
          unrendered.current = next;
          return next;
        },
        { replace: navigation.replace },
      );
    },
    [setParams],
  );

  const setFilters = useCallback(
    (patch: Partial<FilterValues<Definitions>>) => {
      const changes: Record<string, string | null> = {};
      for (const [key, value] of Object.entries(patch)) {
        const filter = definitions[key];
        if (!filter) continue;
        changes[key] = isDefault(filter, value) ? null : (filter.format ?? String)(value);
      }
      update(changes);
    },
    [definitions, update],
  );

  const setFilter = useCallback(
    <Key extends keyof Definitions & string>(key: Key, value: FilterValues<Definitions>[Key]) =>
      setFilters({ [key]: value } as Partial<FilterValues<Definitions>>),
    [setFilters],
  );

  // Typing replaces the history entry instead of adding one per search.
  const setSearch = useCallback(
    (text: string) => update({ [urlFilterParams.search]: text.trim() || null }, { replace: true }),
    [update],
  );

  const setPage = useCallback(
    (next: number) => update({ [urlFilterParams.page]: next > 1 ? String(next) : null }),
    [update],
  );

  const setSort = useCallback(
    (next: UrlSort | null) =>
      update({ [urlFilterParams.sort]: next ? `${next.desc ? '-' : ''}${next.id}` : null }),
    [update],
  );

  /** Back to the defaults: no filter, no search, page 1 (the sort stays). */
  const clear = useCallback(
    () =>
      update({
        ...Object.fromEntries(Object.keys(definitions).map((key) => [key, null])),
        [urlFilterParams.search]: null,
      }),
    [definitions, update],
  );

  return { filters, search, page, sort, setFilter, setFilters, setSearch, setPage, setSort, clear };
}
