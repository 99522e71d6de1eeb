import { useId, type ComponentProps } from 'react';

/** A checkbox with its label beside it and, when given, a hint below that describes it. */
export function CheckboxField({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & Omit<ComponentProps<'input'>, 'type'>) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-primary-600"
          aria-describedby={hint ? hintId : undefined}
          {...input}
        />
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
    </div>
  );
}
