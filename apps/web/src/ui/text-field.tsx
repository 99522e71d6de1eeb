import clsx from 'clsx';
import { useId, type ComponentProps } from 'react';
import { FieldMessages, RequiredMark } from './field.tsx';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'children'> {
  label: string;
  /** A hint under the field, read with it. */
  hint?: string;
  /** The field's error; marks it invalid and is read with it. */
  error?: string;
}

/** A labelled input whose hint and error are tied to it by aria-describedby. */
export function TextField({ label, hint, error, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
        {inputProps.required && <RequiredMark />}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'min-h-10 rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500',
          error ? 'border-red-700' : 'border-slate-400',
        )}
        {...inputProps}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A person's login (e-mail or matricula), as password managers know it: no capitals, no spelling. */
export function LoginField(props: TextFieldProps) {
  return <TextField autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
