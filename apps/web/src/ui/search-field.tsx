import clsx from 'clsx';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, fieldControlClassName } from './field.tsx';
import { SearchIcon } from './kit-icons.tsx';

export interface SearchFieldProps {
  /** The field's label; 'Buscar' by default. */
  label?: string;
  hint?: string;
  /** The search in force (from the URL); the field follows it when it changes elsewhere. */
  value: string;
  /** Called with what was typed once typing pauses, or at once on Enter. */
  onSearch: (text: string) => void;
  /** The pause, in milliseconds, before a search starts. */
  delayMs?: number;
  maxLength?: number;
  className?: string;
}

/** A search box that searches when typing pauses, so the server is not asked on every key. */
export function SearchField({
  label,
  hint,
  value,
  onSearch,
  delayMs = 400,
  maxLength = 200,
  className,
}: SearchFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  // The search changed elsewhere (back button, a "clear filters" button): show it.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== text.trim()) setText(value);
  }

  const search = (typed: string) => {
    if (typed.trim() !== value) onSearch(typed.trim());
  };
  const searchAfterPause = useEffectEvent(search);
  useEffect(() => {
    const timer = setTimeout(() => searchAfterPause(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
    >
      <Field label={label ?? t('kit.search.label')} hint={hint}>
        {(control) => (
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" />
            <input
              {...control}
              type="search"
              value={text}
              maxLength={maxLength}
              onChange={(event) => setText(event.target.value)}
              className={clsx(fieldControlClassName(), 'pl-10')}
            />
          </div>
        )}
      </Field>
    </form>
  );
}
