import type { ComponentProps, ReactNode } from 'react';
import { Field, fieldControlClassName } from './field.tsx';

export interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'children' | 'className'> {
  label: ReactNode;
  /** A hint under the field, read with it. */
  hint?: ReactNode;
  /** The field's error; marks it invalid and is read with it. */
  error?: string;
  /** Classes of the field's wrapper (its place in a grid). */
  className?: string;
  /** Classes added to the text area's own. */
  controlClassName?: string;
}

/** A labelled multi-line text whose hint and error are tied to it by aria-describedby. */
export function TextareaField({
  label,
  hint,
  error,
  required,
  id,
  className,
  controlClassName,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => (
        <textarea
          {...control}
          required={required}
          className={fieldControlClassName(error, controlClassName)}
          {...textareaProps}
        />
      )}
    </Field>
  );
}
