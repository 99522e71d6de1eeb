import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { searchLimits, searchTypes, type SearchKind, type SearchResult } from '@elo/contract/calls/search';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { queryParams } from '#lib/paths.ts';
import { buttonClassName } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { LoadFailedAlert } from '#ui/load-failed-alert.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { Excerpt } from '../components/excerpt.tsx';
import { useSearchResults } from '../hooks/use-search.ts';

const isKind = (value: string | null): value is SearchKind => searchTypes.some((kind) => kind === value);

function ResultItem({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-xs font-semibold tracking-wide text-font-secondary uppercase">
        {t(`portal.search.kind.${result.tipo}`)}
      </p>
      <h2 className="mt-1 text-base font-semibold break-words">
        <Link
          to={result.url}
          data-search-result=""
          className="text-primary-ink underline-offset-2 hover:underline focus-visible:underline"
        >
          {result.titulo}
        </Link>
      </h2>
      <p className="mt-1 text-sm break-words text-font-secondary">
        <Excerpt trecho={result.trecho} />
      </p>
      <p className="mt-2 text-xs text-font-secondary">
        {formatDateTime(result.dtReferencia, language)}
        {result.autor && <> · {t('portal.search.by', { author: result.autor })}</>}
      </p>
    </li>
  );
}

/**
 * The portal-wide search's results (/painel/busca?q=): a filter per kind with its count, the
 * results of the kind chosen a page at a time, and the arrow keys to move between them.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const term = (params.get(queryParams.searchTerm) ?? '').trim();
  const kindParam = params.get(queryParams.searchKind);
  const kind = isKind(kindParam) ? kindParam : null;
  const page = Math.max(1, Number(params.get(queryParams.searchPage)) || 1);
  const results = useSearchResults(term, kind, page);
  const list = useRef<HTMLOListElement>(null);

  const setFilter = (next: Record<string, string | null>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === null) updated.delete(key);
        else updated.set(key, value);
      }
      return updated;
    });

  // Up and down move between the results' links (and Home, End to the ends).
  const onListKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-search-result]') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const targets: Record<string, number> = {
      ArrowDown: Math.min(links.length - 1, index + 1),
      ArrowUp: Math.max(0, index - 1),
      Home: 0,
      End: links.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined || links.length === 0) return;
    event.preventDefault();
    links[target]?.focus();
  };

  const data = results.data;
  const total = data?.qtdTotal ?? 0;
  const pages = Math.max(1, Math.ceil(total / searchLimits.pageSize));
  const allCount = data ? searchTypes.reduce((sum, each) => sum + data.qtdPorTipo[each], 0) : 0;
  // A kind counts at most `searchLimits.countMax` matches: at the ceiling there may be more.
  const atCeiling = (each: SearchKind) => (data?.qtdPorTipo[each] ?? 0) >= searchLimits.countMax;
  const listedKinds = kind ? [kind] : searchTypes;
  const totalAtLeast = listedKinds.some(atCeiling);
  const filters: { value: SearchKind | null; label: string; count: number; atLeast: boolean }[] = [
    { value: null, label: t('portal.search.all'), count: allCount, atLeast: searchTypes.some(atCeiling) },
    ...searchTypes.map((each) => ({
      value: each,
      label: t(`portal.search.kinds.${each}`),
      count: data?.qtdPorTipo[each] ?? 0,
      atLeast: atCeiling(each),
    })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeading title={term ? t('portal.search.resultsFor', { term }) : t('portal.search.pageTitle')} />
      {!term && <p className="text-font-secondary">{t('portal.search.typeToSearch')}</p>}
      {term && (
        <nav aria-label={t('portal.search.filters')}>
          <ul className="flex flex-wrap gap-2">
            {filters.map((filter) => {
              const current = filter.value === kind;
              return (
                <li key={filter.value ?? 'todos'}>
                  <button
                    type="button"
                    aria-pressed={current}
                    onClick={() =>
                      setFilter({ [queryParams.searchKind]: filter.value, [queryParams.searchPage]: null })
                    }
                    className={clsx(
                      'rounded-full border px-3 py-1 text-sm font-medium',
                      current
                        ? 'border-primary-600 bg-primary-600 text-on-primary'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
                    )}
                  >
                    {t(filter.atLeast ? 'portal.search.countOfAtLeast' : 'portal.search.countOf', {
                      label: filter.label,
                      count: filter.count,
                    })}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {term && results.isPending && <PageSpinner label={t('portal.search.loading')} />}
      {term && results.isError && (
        <LoadFailedAlert onRetry={() => void results.refetch()} retrying={results.isFetching}>
          {results.error.message}
        </LoadFailedAlert>
      )}
      {data && (
        <>
          <p role="status" className="text-sm text-font-secondary">
            {totalAtLeast
              ? t('portal.search.totalAtLeast', { count: total })
              : t('portal.search.total', { count: total })}
          </p>
          {data.listResultados.length === 0 ? (
            <EmptyState
              title={t('portal.search.emptyTitle')}
              description={t('portal.search.emptyDescription')}
            />
          ) : (
            <>
              <p className="sr-only">{t('portal.search.keyboardHint')}</p>
              <ol
                ref={list}
                onKeyDown={onListKeyDown}
                className="flex flex-col gap-3"
                aria-label={t('portal.search.resultsFor', { term })}
              >
                {data.listResultados.map((result) => (
                  <ResultItem key={`${result.tipo}-${result.id}`} result={result} />
                ))}
              </ol>
            </>
          )}
          {pages > 1 && (
            <nav
              aria-label={t('portal.search.pageOf', { page, pages })}
              className="flex items-center justify-between gap-2"
            >
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setFilter({ [queryParams.searchPage]: String(page - 1) })}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                {t('portal.search.previous')}
              </button>
              <span className="text-sm text-font-secondary">
                {t('portal.search.pageOf', { page, pages })}
              </span>
              <button
                type="button"
                disabled={page >= pages}
                onClick={() => setFilter({ [queryParams.searchPage]: String(page + 1) })}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                {t('portal.search.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
