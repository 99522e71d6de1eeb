import clsx from 'clsx';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditAuthors } from '../hooks/use-audit-log.ts';

/**
 * The audit log's author filter: a combobox (WAI-ARIA's pattern) where typing part of a name lists
 * the log's authors who match, and choosing one filters by them. Emptied, it filters by nobody.
 */
export function AuthorPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (authorId: number | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  // Null while not typing: the field shows the chosen author's name.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const words = useDeferredValue(typed ?? '');
  const authors = useAuditAuthors(words.trim(), value, open || value !== null);
  const options = open ? (authors.data ?? []) : [];
  const chosenName = authors.data?.find((author) => author.idUsuario === value)?.nome ?? '';

  const choose = (authorId: number | null) => {
    onChange(authorId);
    setTyped(null);
    setOpen(false);
  };
  const activeId = open && options[active] ? `${id}-option-${options[active].idUsuario}` : undefined;

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('admin.audit.author')}
      </label>
      <input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder={t('admin.audit.authorPlaceholder')}
        className={clsx(
          'min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500',
        )}
        value={typed ?? chosenName}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          // Emptied: no author. Anything else not chosen from the list keeps the filter as it was.
          if (typed !== null && typed.trim() === '') choose(null);
          else {
            setTyped(null);
            setOpen(false);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, Math.max(options.length - 1, 0)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            const option = options[active];
            if (option) choose(option.idUsuario);
            else if (typed !== null && typed.trim() === '') choose(null);
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            setTyped(null);
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('admin.audit.author')}
        hidden={options.length === 0}
        className="absolute top-full z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      >
        {options.map((author, index) => (
          <li
            key={author.idUsuario}
            id={`${id}-option-${author.idUsuario}`}
            role="option"
            aria-selected={index === active}
            className={clsx(
              'cursor-pointer px-3 py-2 text-sm text-slate-900',
              index === active && 'bg-primary-50',
            )}
            // Chosen before the field's blur would close the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(author.idUsuario);
            }}
          >
            {author.nome}
          </li>
        ))}
      </ul>
    </div>
  );
}
