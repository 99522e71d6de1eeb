import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, fieldControlClassName, useFieldIds } from './field.tsx';

const hexColor = /^#[0-9a-f]{6}$/i;

export interface ColorFieldProps {
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  /** The colour as #rrggbb. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A colour picked with the browser's picker or typed as #rrggbb; the two stay in step. */
export function ColorField({
  label,
  hint,
  error,
  required,
  value,
  onChange,
  onBlur,
  name,
  disabled,
  id,
  ref,
  className,
}: ColorFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const [invalid, setInvalid] = useState(false);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value.toLowerCase() !== text.toLowerCase()) {
      setText(value);
      setInvalid(false);
    }
  }
  const shownError = error ?? (invalid ? t('colorInvalid', { ns: 'validation' }) : undefined);
  const ids = useFieldIds({ id, hint, error: shownError });

  const changeText = (next: string) => {
    setText(next);
    const valid = hexColor.test(next);
    setInvalid(!valid && next.length >= 7);
    if (valid) onChange(next.toLowerCase());
  };

  return (
    <FieldFrame
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={shownError}
      className={className}
    >
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('kit.color.picker', { label })}
          value={hexColor.test(value) ? value.toLowerCase() : '#000000'}
          disabled={disabled}
          onChange={(event) => changeText(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-400 bg-white p-1 disabled:cursor-not-allowed"
        />
        <input
          ref={ref}
          id={ids.id}
          name={name}
          value={text}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          placeholder="#rrggbb"
          required={required}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => changeText(event.target.value.trim())}
          onBlur={() => {
            setInvalid(text !== '' && !hexColor.test(text));
            onBlur?.();
          }}
          className={fieldControlClassName(shownError, 'max-w-32 font-mono')}
        />
      </div>
    </FieldFrame>
  );
}
