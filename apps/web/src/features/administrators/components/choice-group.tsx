import clsx from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldMessages } from '#ui/field.tsx';

/**
 * A labelled group of radio buttons (a fieldset with its legend): the browser's own keyboard use,
 * arrows move between choices. `inputProps` gives each radio its react-hook-form registration;
 * or `value` and `onValueChange` hold the choice outside a form.
 */
export function ChoiceGroup({
  legend,
  hint,
  error,
  options,
  inputProps,
  value,
  onValueChange,
  disabled,
  inline = true,
  className,
  legendClassName,
}: {
  legend: ReactNode;
  hint?: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  inputProps: Omit<ComponentProps<'input'>, 'type' | 'value'>;
  value?: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
  inline?: boolean;
  className?: string;
  legendClassName?: string;
}) {
  const baseId = useId();
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  return (
    <fieldset
      className={clsx('flex flex-col gap-1', className)}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      disabled={disabled}
    >
      <legend className={clsx('text-sm font-medium text-slate-800', legendClassName)}>{legend}</legend>
      <div className={clsx('flex gap-x-4 gap-y-1', inline ? 'flex-row flex-wrap' : 'flex-col')}>
        {options.map((option) => (
          <label key={option.value} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              value={option.value}
              className="size-4 accent-primary-600"
              aria-invalid={error ? true : undefined}
              {...inputProps}
              {...(onValueChange
                ? { checked: value === option.value, onChange: () => onValueChange(option.value) }
                : {})}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}
