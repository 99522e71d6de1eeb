import { useEffect, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '#lib/i18n/i18n.ts';
import { checkFile, FilePicker, type FileRules } from './file-field.tsx';

/** Width and height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** An image's dimension rule: exactly one size (260x260), or between a minimum and a maximum. */
export type ImageDimensions = { exact: Size } | { min?: Size; max?: Size };

/** What is wrong with an image's size, as a message, or null when it meets the rule. */
export function checkImageDimensions(size: Size, rule: ImageDimensions): string | null {
  if ('exact' in rule) {
    const { width, height } = rule.exact;
    return size.width === width && size.height === height
      ? null
      : i18n.t('kit.image.exact', { width, height });
  }
  if (rule.min && (size.width < rule.min.width || size.height < rule.min.height)) {
    return i18n.t('kit.image.tooSmall', { ...rule.min });
  }
  if (rule.max && (size.width > rule.max.width || size.height > rule.max.height)) {
    return i18n.t('kit.image.tooLarge', { ...rule.max });
  }
  return null;
}

/** An image file's size in pixels, decoded by the browser; null when it is not an image. */
export async function readImageSize(file: Blob): Promise<Size | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The hint that states a dimension rule ('Exatamente 260x260 pixels.'). */
function dimensionsHint(rule: ImageDimensions): string | undefined {
  if ('exact' in rule) return i18n.t('kit.image.exactHint', { ...rule.exact });
  if (rule.min && rule.max) {
    return i18n.t('kit.image.rangeHint', {
      minWidth: rule.min.width,
      minHeight: rule.min.height,
      maxWidth: rule.max.width,
      maxHeight: rule.max.height,
    });
  }
  return undefined;
}

export interface ImageFieldProps extends FileRules {
  label: string;
  hint?: string;
  /** The form's error for this field; an image that breaks the rules shows its own. */
  error?: string;
  required?: boolean;
  dimensions?: ImageDimensions;
  /**
   * The server keeps only the image's centred square (profile photos: `platform/square-image.ts`,
   * sharp's cover crop): the preview shows that same square, not the whole picture.
   */
  square?: boolean;
  /**
   * The form's own words for a refused file (say, the server's messages for this image), in place
   * of the kit's: wrong type, too heavy, wrong size in pixels.
   */
  messages?: { type?: string; weight?: string; dimensions?: string };
  /** The image chosen now. */
  value: File | null;
  /** The image already saved, shown while no new one is chosen. */
  currentUrl?: string | null;
  /** A new image that met every rule, or null when the image is removed (the saved one too). */
  onChange: (file: File | null) => void;
  disabled?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * An image checked before upload: type (extensions or declared type), size in bytes and
 * dimensions (exact or a range, read by decoding it), with a preview and a remove button.
 */
export function ImageField({
  accept,
  maxBytes,
  dimensions,
  square = false,
  messages,
  value,
  currentUrl,
  onChange,
  error,
  hint,
  label,
  ...props
}: ImageFieldProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // The preview of a chosen file is a blob URL, released when the file changes or the field goes.
  const previewUrl = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const pick = async (file: File) => {
    setChecking(true);
    let found = checkFile(file, { accept, maxBytes });
    if (found) found = (file.size > maxBytes ? messages?.weight : messages?.type) ?? found;
    if (!found) {
      const size = await readImageSize(file);
      if (!size) found = messages?.type ?? t('kit.image.notImage');
      else if (dimensions) {
        found = checkImageDimensions(size, dimensions);
        if (found) found = messages?.dimensions ?? found;
      }
    }
    setChecking(false);
    setProblem(found);
    if (!found) onChange(file);
  };

  const shown = previewUrl ?? currentUrl ?? null;
  const hints = [hint, dimensions && dimensionsHint(dimensions)].filter(Boolean).join(' ');
  return (
    <FilePicker
      {...props}
      label={label}
      hint={hints || undefined}
      accept={accept}
      error={problem ?? error}
      fileName={value?.name ?? (currentUrl ? t('kit.image.saved') : null)}
      chooseLabel={t(shown ? 'kit.image.change' : 'kit.image.choose')}
      removeLabel={t('kit.image.remove')}
      onPick={(file) => void pick(file)}
      onRemove={() => {
        setProblem(null);
        onChange(null);
      }}
    >
      {shown &&
        (square ? (
          // The centred square the server stores, filled as sharp's cover crop fills it.
          <img
            src={shown}
            alt={t('kit.image.squarePreview', { label })}
            data-crop="square"
            className="aspect-square size-48 self-start rounded-md border border-slate-200 bg-white object-cover object-center"
          />
        ) : (
          // Scaled into a bounding box (spec section 9), never stretched.
          <img
            src={shown}
            alt={t('kit.image.preview', { label })}
            className="max-h-48 max-w-full self-start rounded-md border border-slate-200 bg-white object-contain"
          />
        ))}
      {checking && (
        <p role="status" className="text-sm text-slate-700">
          {t('kit.image.checking')}
        </p>
      )}
    </FilePicker>
  );
}
