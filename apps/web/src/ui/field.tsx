import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a field hands its control: the id its label points at and the texts that describe it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** A hint under the field, read with it. */
  hint?: ReactNode;
  /** The field's error; marks the control invalid and is read with it. */
  error?: string;
  /** Shows the required marker; the control itself carries `required`, which is what is announced. */
  required?: boolean;
  id?: string;
  className?: string;
  /** Renders the control with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The classes of a text-like control (input, select), red while it has an error. */
export function fieldControlClassName(error?: string, className?: string): string {
  return clsx(
    'min-h-10 w-full rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500',
    'disabled:cursor-not-allowed disabled:bg-slate-100',
    error ? 'border-red-700' : 'border-slate-400',
    className,
  );
}

/** The ids of a field's hint and error, and the aria-describedby that names them. */
export function useFieldIds(options: { id?: string; hint?: unknown; error?: unknown }) {
  const generatedId = useId();
  const id = options.id ?? generatedId;
  const hintId = options.hint ? `${id}-hint` : undefined;
  const errorId = options.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/**
 * The asterisk after a required field's label; screen readers hear "required" from the control.
 * A group's legend (checkboxes, a list to choose from) has no control that carries `required`, so
 * `announce` says it in words to screen readers too.
 */
export function RequiredMark({ announce = false }: { announce?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
      {announce && <span className="sr-only">{` (${t('kit.field.required')})`}</span>}
    </>
  );
}

/** A field's hint and error lines, under its control. */
export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-sm text-font-secondary">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * A labelled control whose hint and error are tied to it by aria-describedby. The login page's
 * TextField shares its messages (this module is small; the kit's fields live in their own).
 */
export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const ids = useFieldIds({ id, hint, error });
  return (
    <FieldFrame ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      {children({
        id: ids.id,
        'aria-describedby': ids.describedBy,
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
    </FieldFrame>
  );
}

/**
 * A field's frame around its control: the label (pointing at the control, with the required mark)
 * above it, the hint and error below it.
 */
export function FieldFrame({
  ids,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={ids.id} className="text-sm font-medium text-slate-800">
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
