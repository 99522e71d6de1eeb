import clsx from 'clsx';
import { useId, useRef, useState, type ChangeEvent, type ReactNode, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '#lib/i18n/i18n.ts';
import { buttonClassName } from './button.tsx';
import { FieldMessages, RequiredMark, useFieldIds } from './field.tsx';

/** The rules a chosen file must meet before it is sent. */
export interface FileRules {
  /** Extensions allowed, without the dot ('png', 'jpg', 'jpeg', 'pdf'). */
  accept: readonly string[];
  /** The size cap in bytes. */
  maxBytes: number;
}

/** A size as the spec writes it: '60MB', '500KB'. */
export function formatFileSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) return `${Number(megabytes.toFixed(1))}MB`;
  return `${Math.ceil(bytes / 1024)}KB`;
}

/** The `accept` attribute of a file input for a list of extensions. */
export function acceptAttribute(extensions: readonly string[]): string {
  return extensions.map((extension) => `.${extension}`).join(',');
}

/** Whether a file is of an allowed kind, by its extension or by its declared type (jpg is jpeg). */
function isAcceptedType(file: File, extensions: readonly string[]): boolean {
  const allowed = extensions.map((extension) => extension.toLowerCase());
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const subtype = file.type.split('/')[1]?.toLowerCase() ?? '';
  return [extension, subtype].some(
    (kind) => kind !== '' && (allowed.includes(kind) || (kind === 'jpeg' && allowed.includes('jpg'))),
  );
}

/**
 * What is wrong with a chosen file's type or size, in the spec's words ('Arquivo inválido. O limite
 * de tamanho de arquivo é 60MB'), or null when it passes. The server checks the content again.
 */
export function checkFile(file: File, rules: FileRules): string | null {
  if (!isAcceptedType(file, rules.accept)) {
    return i18n.t('kit.file.invalidType', {
      formats: rules.accept.map((extension) => extension.toUpperCase()).join(', '),
    });
  }
  if (file.size > rules.maxBytes)
    return i18n.t('kit.file.tooLarge', { size: formatFileSize(rules.maxBytes) });
  return null;
}

/**
 * The classes of a label that stands for a visually hidden file input placed just before it (the
 * input is the `peer`): a button in the portal's words, with the input's keyboard focus shown on it.
 */
export function filePickButtonClassName(options: { disabled?: boolean; size?: 'sm' } = {}): string {
  return buttonClassName({
    variant: 'secondary',
    ...(options.size ? { size: options.size } : {}),
    className: clsx(
      'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-500',
      options.disabled && 'pointer-events-none opacity-60',
    ),
  });
}

/**
 * The ref of a hidden file input: the field keeps the input (to give the focus back after a
 * removal) and hands it on to the form's ref.
 */
export function fileInputRef(
  own: RefObject<HTMLInputElement | null>,
  forwarded: Ref<HTMLInputElement> | undefined,
) {
  return (input: HTMLInputElement | null) => {
    own.current = input;
    if (typeof forwarded === 'function') forwarded(input);
    else if (forwarded) forwarded.current = input;
  };
}

/** The files just picked in a file input, which is emptied so that the same file may be picked again. */
export function takePickedFiles(event: ChangeEvent<HTMLInputElement>): File[] {
  const files = Array.from(event.target.files ?? []);
  event.target.value = '';
  return files;
}

export interface FilePickerProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  accept: readonly string[];
  /** The chosen file's name, or null. */
  fileName: string | null;
  /** The picker's button words ('Escolher arquivo', 'Trocar imagem'). */
  chooseLabel: string;
  removeLabel: string;
  onPick: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown above the button (an image's preview). */
  children?: ReactNode;
  className?: string;
}

/**
 * The shell of the file and image fields: a visually hidden file input behind a button-like label
 * in the portal's words (not the browser's 'Choose file'), the chosen name and a remove button.
 */
export function FilePicker({
  label,
  hint,
  error,
  required,
  accept,
  fileName,
  chooseLabel,
  removeLabel,
  onPick,
  onRemove,
  disabled,
  id,
  ref,
  children,
  className,
}: FilePickerProps) {
  const { t } = useTranslation();
  const ids = useFieldIds({ id, hint, error });
  const labelId = useId();
  const nameId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
        {required && <RequiredMark />}
      </span>
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInputRef(inputRef, ref)}
          id={ids.id}
          type="file"
          accept={acceptAttribute(accept)}
          required={required && !fileName}
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={[nameId, ids.describedBy].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          onChange={(event) => {
            const file = takePickedFiles(event)[0];
            if (file) onPick(file);
          }}
        />
        <label htmlFor={ids.id} className={filePickButtonClassName({ disabled })}>
          {chooseLabel}
        </label>
        <span id={nameId} className="min-w-0 text-sm break-all text-slate-700">
          {fileName ?? t('kit.file.noFile')}
        </span>
        {fileName && (
          <button
            type="button"
            disabled={disabled}
            className={buttonClassName({ variant: 'danger-tertiary', size: 'sm' })}
            onClick={() => {
              onRemove();
              inputRef.current?.focus();
            }}
          >
            {removeLabel}
          </button>
        )}
      </div>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export interface FileFieldProps extends FileRules {
  label: string;
  hint?: ReactNode;
  /** The form's error for this field; a file that breaks the rules shows its own. */
  error?: string;
  required?: boolean;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A file of allowed types under a size cap, checked before it is sent. */
export function FileField({ accept, maxBytes, value, onChange, error, ...props }: FileFieldProps) {
  const { t } = useTranslation();
  // The last refused file's message, until another is chosen or the file removed.
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FilePicker
      {...props}
      accept={accept}
      error={problem ?? error}
      fileName={value?.name ?? null}
      chooseLabel={t(value ? 'kit.file.change' : 'kit.file.choose')}
      removeLabel={t('kit.file.remove')}
      onPick={(file) => {
        const found = checkFile(file, { accept, maxBytes });
        setProblem(found);
        if (!found) onChange(file);
      }}
      onRemove={() => {
        setProblem(null);
        onChange(null);
      }}
    />
  );
}
