import { limits } from '@elo/contract/limits';
import { useId, type ReactNode } from 'react';

/** A small control with its label beside it; the control gets the id the label points to. */
function InlineField({ label, children }: { label: ReactNode; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      {children(id)}
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}

/** A control under its label (a select, a text area); the control gets the id the label points to. */
export function StackedField({
  label,
  className = 'flex flex-col gap-1',
  children,
}: {
  label: ReactNode;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A description of the authoring forms (a survey's, a question's), under its label. */
export function DescriptionField({
  label,
  value,
  rows,
  onChange,
}: {
  label: ReactNode;
  value: string;
  rows: number;
  onChange: (value: string) => void;
}) {
  return (
    <StackedField label={label}>
      {(id) => (
        <textarea
          id={id}
          rows={rows}
          value={value}
          maxLength={limits.survey.descriptionMax}
          onChange={(event) => onChange(event.target.value)}
          className="rounded-md border border-slate-400 bg-white px-3 py-2"
        />
      )}
    </StackedField>
  );
}

/** A labelled checkbox of the authoring forms (settings, groups, question and option flags). */
export function Check({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <InlineField label={label}>
      {(id) => (
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 accent-primary-600"
        />
      )}
    </InlineField>
  );
}

/** A labelled colour picker (the survey's theme colours). */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <InlineField label={label}>
      {(id) => (
        <input
          id={id}
          type="color"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-14 rounded border border-slate-400"
        />
      )}
    </InlineField>
  );
}
