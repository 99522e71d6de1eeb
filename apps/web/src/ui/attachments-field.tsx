import clsx from 'clsx';
import { useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from './button.tsx';
import { FieldMessages, useFieldIds } from './field.tsx';
import {
  acceptAttribute,
  checkFile,
  fileInputRef,
  filePickButtonClassName,
  formatFileSize,
  takePickedFiles,
  type FileRules,
} from './file-field.tsx';

export interface AttachmentsFieldProps extends FileRules {
  label: string;
  hint?: string;
  /** The server's word on the attachments (a file refused by its content). */
  error?: string;
  /** The files chosen so far. */
  value: readonly File[];
  onChange: (files: File[]) => void;
  /** The most files the field takes. */
  maxFiles: number;
  disabled?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * Several files of allowed types under a size cap each, up to a count: each chosen file is checked
 * before it is sent (the server checks the content again), listed by name and size, and removable.
 */
export function AttachmentsField({
  label,
  hint,
  error,
  value,
  onChange,
  maxFiles,
  accept,
  maxBytes,
  disabled,
  id,
  ref,
  className,
}: AttachmentsFieldProps) {
  const { t } = useTranslation();
  const ids = useFieldIds({ id, hint, error: true });
  const labelId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  // What was refused of the last pick, until the next pick or removal.
  const [problems, setProblems] = useState<string[]>([]);
  const shownError = [...problems, ...(error ? [error] : [])].join(' ') || undefined;
  const full = value.length >= maxFiles;

  const pick = (picked: File[]) => {
    const refused: string[] = [];
    const kept = [...value];
    for (const file of picked) {
      const problem = checkFile(file, { accept, maxBytes });
      if (problem) refused.push(`${file.name}: ${problem}`);
      else if (kept.length >= maxFiles) refused.push(t('kit.attachments.tooMany', { max: maxFiles }));
      else kept.push(file);
    }
    setProblems([...new Set(refused)]);
    onChange(kept);
  };

  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInputRef(inputRef, ref)}
          id={ids.id}
          type="file"
          multiple
          accept={acceptAttribute(accept)}
          disabled={disabled || full}
          aria-labelledby={labelId}
          aria-describedby={[listId, ids.hintId, shownError ? ids.errorId : undefined]
            .filter(Boolean)
            .join(' ')}
          aria-invalid={shownError ? true : undefined}
          className="peer sr-only"
          onChange={(event) => {
            const files = takePickedFiles(event);
            if (files.length > 0) pick(files);
          }}
        />
        <label
          htmlFor={ids.id}
          className={filePickButtonClassName({ disabled: disabled || full, size: 'sm' })}
        >
          {t('kit.attachments.choose')}
        </label>
        <span id={listId} className="text-sm text-slate-700">
          {t('kit.attachments.count', { chosen: value.length, max: maxFiles })}
        </span>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-col gap-1">
          {value.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 px-3 py-1"
            >
              <span className="min-w-0 flex-1 text-sm break-all text-slate-800">
                {file.name} <span className="text-slate-600">({formatFileSize(file.size)})</span>
              </span>
              <button
                type="button"
                disabled={disabled}
                className={buttonClassName({ variant: 'danger-tertiary', size: 'sm' })}
                aria-label={t('kit.attachments.remove', { name: file.name })}
                onClick={() => {
                  setProblems([]);
                  onChange(value.filter((_, position) => position !== index));
                  inputRef.current?.focus();
                }}
              >
                {t('kit.file.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldMessages hint={hint} hintId={ids.hintId} error={shownError} errorId={ids.errorId} />
    </div>
  );
}
