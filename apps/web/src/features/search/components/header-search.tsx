import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchLimits, type SearchResult } from '@elo/contract/calls/search';
import { searchPath } from '#lib/paths.ts';
import { SearchIcon } from '#ui/kit-icons.tsx';
import { useSearchSuggestions } from '../hooks/use-search.ts';
import { Excerpt } from './excerpt.tsx';

/** Whether a key press happens while the person types somewhere (then `/` is theirs, not ours). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The portal header's search field, 'Buscar no portal': `/` focuses it (unless the person is
 * typing in a field), suggestions appear as one types (a combobox: arrows move, Enter opens,
 * Escape closes) and Enter without a chosen suggestion opens the results page.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(typed);
  const results: SearchResult[] = suggestions.data?.listResultados ?? [];
  // The last row is 'see all results', always offered once something is typed.
  const rowCount = typed.trim() ? results.length + 1 : 0;
  const showList = open && typed.trim().length > 0;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (url: string) => {
    close();
    setTyped('');
    input.current?.blur();
    void navigate(url);
  };
  const choose = (index: number) => {
    const result = results[index];
    if (result) go(result.url);
    else if (typed.trim()) go(searchPath(typed.trim()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (rowCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Cycles through the rows and back to the field itself (-1).
      setActive((current) => ((current + 1 + step + rowCount + 1) % (rowCount + 1)) - 1);
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    }
  };

  const optionId = (index: number) => `${listId}-opcao-${index}`;
  return (
    <div className="relative w-full" role="search">
      <label htmlFor={`${listId}-campo`} className="sr-only">
        {t('portal.search.field')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" />
      <input
        ref={input}
        id={`${listId}-campo`}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder={t('portal.search.field')}
        aria-describedby={hintId}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        maxLength={searchLimits.termMax}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(close, 150)}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-10 text-sm text-font-primary placeholder:text-slate-500 focus:border-primary-600 focus:ring-2 focus:ring-primary-600 focus:outline-none"
      />
      <span id={hintId} className="sr-only">
        {t('portal.search.fieldHint')}
      </span>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('portal.search.suggestions')}
        hidden={!showList}
        className="absolute right-0 left-0 z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg sm:w-96"
      >
        {results.map((result, index) => (
          <li
            key={`${result.tipo}-${result.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
            className={clsx(
              'cursor-pointer px-3 py-2 text-sm',
              index === active ? 'bg-primary-50' : 'hover:bg-slate-50',
            )}
          >
            <span className="block text-xs font-medium text-font-secondary">
              {t(`portal.search.kind.${result.tipo}`)}
            </span>
            <span className="block truncate font-medium text-font-primary">{result.titulo}</span>
            <Excerpt trecho={result.trecho} className="line-clamp-2 block text-font-secondary" />
          </li>
        ))}
        {suggestions.settled && suggestions.isSuccess && results.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-font-secondary">
            {t('portal.search.noSuggestions', { term: typed.trim() })}
          </li>
        )}
        {(!suggestions.settled || suggestions.isFetching) && (
          <li role="presentation" className="px-3 py-2 text-sm text-font-secondary">
            {t('portal.search.searching')}
          </li>
        )}
        {typed.trim() && (
          <li
            id={optionId(results.length)}
            role="option"
            aria-selected={active === results.length}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(results.length)}
            className={clsx(
              'cursor-pointer border-t border-slate-100 px-3 py-2 text-sm font-medium text-primary-ink',
              active === results.length ? 'bg-primary-50' : 'hover:bg-slate-50',
            )}
          >
            {t('portal.search.seeAll', { term: typed.trim() })}
          </li>
        )}
      </ul>
    </div>
  );
}
