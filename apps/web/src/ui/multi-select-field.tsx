import clsx from 'clsx';
import { useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages, fieldControlClassName, RequiredMark, useFieldIds } from './field.tsx';
import { CloseIcon } from './icons.tsx';
import type { SelectOption } from './select-field.tsx';

export interface MultiSelectFieldProps {
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  options: readonly SelectOption[];
  /** The chosen values (react-hook-form: through a Controller). */
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
  id?: string;
  /** The filter box, which react-hook-form focuses when the field is invalid. */
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** Letters without accents and case, so "sao" finds "São Paulo". */
function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/**
 * Several choices out of many: the chosen ones as removable chips, a box that filters the list,
 * and the list itself as checkboxes (Tab and Space, the browser's own keyboard handling).
 */
export function MultiSelectField({
  label,
  hint,
  error,
  required,
  options,
  value,
  onChange,
  onBlur,
  disabled,
  id,
  ref,
  className,
}: MultiSelectFieldProps) {
  const { t } = useTranslation();
  const ids = useFieldIds({ id, hint, error });
  const legendId = useId();
  const filterRef = useRef<HTMLInputElement | null>(null);
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  const chosenOptions = options.filter((option) => chosen.has(option.value));
  const folded = foldText(filter.trim());
  const visible = folded ? options.filter((option) => foldText(option.label).includes(folded)) : options;

  const toggle = (optionValue: string, checked: boolean) =>
    onChange(
      checked
        ? options
            .filter((option) => chosen.has(option.value) || option.value === optionValue)
            .map((o) => o.value)
        : value.filter((item) => item !== optionValue),
    );

  return (
    <fieldset
      id={ids.id}
      aria-describedby={ids.describedBy}
      disabled={disabled}
      className={clsx('flex min-w-0 flex-col gap-2', className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
      }}
    >
      <legend id={legendId} className="mb-1 text-sm font-medium text-slate-800">
        {label}
        {required && <RequiredMark announce />}
      </legend>
      <div>
        <p className="sr-only">{t('kit.multiSelect.chosen')}</p>
        {chosenOptions.length === 0 ? (
          <p className="text-sm text-slate-600">{t('kit.multiSelect.none')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {chosenOptions.map((option) => (
              <li
                key={option.value}
                className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-0.5 pr-1 pl-3 text-sm text-slate-900"
              >
                {option.label}
                <button
                  type="button"
                  aria-label={t('kit.multiSelect.remove', { name: option.label })}
                  className="rounded-full p-1 text-slate-700 hover:bg-primary-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-500"
                  onClick={() => {
                    toggle(option.value, false);
                    // The chip and its button are gone: keep focus in the field.
                    filterRef.current?.focus();
                  }}
                >
                  <CloseIcon width={14} height={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <input
        ref={(input) => {
          filterRef.current = input;
          if (typeof ref === 'function') ref(input);
          else if (ref) ref.current = input;
        }}
        type="search"
        value={filter}
        aria-label={t('kit.multiSelect.filter', { label })}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setFilter(event.target.value)}
        onKeyDown={(event) => {
          // Enter would submit the form; here it only filters.
          if (event.key === 'Enter') event.preventDefault();
        }}
        className={fieldControlClassName(error)}
      />
      {/*
        A long list scrolls, and keyboard users scroll it through its checkboxes. Disabled (a
        read-only administrator's form), nothing in it takes focus, so it shows every option instead
        of scrolling: a scrolling box no key can reach fails WCAG 2.1.1.
      */}
      <ul
        aria-labelledby={legendId}
        className={clsx(
          'flex flex-col rounded-md border border-slate-300 bg-white p-1',
          !disabled && 'max-h-60 overflow-y-auto',
        )}
      >
        {visible.length === 0 ? (
          <li className="px-2 py-2 text-sm text-slate-600">{t('kit.multiSelect.noMatches')}</li>
        ) : (
          visible.map((option) => (
            <li key={option.value}>
              <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded px-2 text-sm text-slate-900 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-4 accent-primary-600"
                  checked={chosen.has(option.value)}
                  disabled={option.disabled}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.label}
              </label>
            </li>
          ))
        )}
      </ul>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </fieldset>
  );
}

export interface IdMultiSelectFieldProps extends Omit<
  MultiSelectFieldProps,
  'options' | 'value' | 'onChange'
> {
  options: readonly { value: number; label: string }[];
  /** The chosen ids. */
  value: readonly number[] | undefined;
  onChange: (value: number[]) => void;
}

/** A multi-select of records by their numeric ids (groups, subjects): the forms' usual case. */
export function IdMultiSelectField({ options, value, onChange, ...props }: IdMultiSelectFieldProps) {
  return (
    <MultiSelectField
      {...props}
      options={options.map((option) => ({ value: String(option.value), label: option.label }))}
      value={(value ?? []).map(String)}
      onChange={(chosen) => onChange(chosen.map(Number))}
    />
  );
}
