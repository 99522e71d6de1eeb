import type { ComponentProps } from 'react';
import { Field, fieldControlClassName } from './field.tsx';

/** One choice of a select. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: string;
  hint?: string;
  error?: string;
  options: readonly SelectOption[];
  /** A first, empty choice ("Selecione", "Todas"); its value is the empty string. */
  placeholder?: string;
}

/** A labelled native select: the browser's own keyboard and screen-reader behaviour. */
export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  id,
  className,
  required,
  ...selectProps
}: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => (
        <select {...control} required={required} className={fieldControlClassName(error)} {...selectProps}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
