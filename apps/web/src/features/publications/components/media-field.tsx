import { limits } from '@elo/contract/limits';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile, FilePicker } from '#ui/file-field.tsx';
import { translateContractKey } from '#lib/i18n/i18n.ts';
import { checkImageDimensions, readImageSize, type ImageDimensions } from '#ui/image-field.tsx';
import { takeVideoThumbnail } from '#lib/video-thumbnail.ts';

/** What a publication may carry (spec section 5): PNG, JPG, JPEG or MP4, up to 60 MB. */
export const mediaRules = { accept: ['png', 'jpg', 'jpeg', 'mp4'] as const, maxBytes: limits.mediaMaxBytes };

/** An image's size rule for a publication: 750x405 to 1920x1080. */
export const postImageDimensions: ImageDimensions = {
  min: { width: limits.postImage.minWidth, height: limits.postImage.minHeight },
  max: { width: limits.postImage.maxWidth, height: limits.postImage.maxHeight },
};

/** A file chosen for the publication, checked: an image, or a video with the frame taken at 1.5 s. */
export interface ChosenMedia {
  file: File;
  kind: 'image' | 'video';
  /** The video's frame at 1.5 s, sent as `thumbnail`; null for an image. */
  thumbnail: File | null;
}

/** Whether a file is the video kind (MP4), by its extension or declared type. */
export function isVideoFile(file: File): boolean {
  return file.type === 'video/mp4' || /\.mp4$/i.test(file.name);
}

/**
 * What is wrong with a file chosen for a publication, in the spec's words, or the checked media:
 * type and weight, then an image's size in pixels, or a video's frame at 1.5 s.
 */
export async function checkMedia(
  file: File,
  messages: { notImage: string; unreadableVideo: string },
): Promise<{ problem: string } | { media: ChosenMedia }> {
  const problem = checkFile(file, mediaRules);
  if (problem) return { problem };
  if (isVideoFile(file)) {
    const frame = await takeVideoThumbnail(file);
    if (!frame) return { problem: messages.unreadableVideo };
    return {
      media: { file, kind: 'video', thumbnail: new File([frame], 'thumbnail.jpg', { type: 'image/jpeg' }) },
    };
  }
  const size = await readImageSize(file);
  if (!size) return { problem: messages.notImage };
  // One message for too small and too large, the server's own (spec section 5's range).
  if (checkImageDimensions(size, postImageDimensions)) {
    return { problem: translateContractKey('validation.imageSizeRange', { ...limits.postImage }) };
  }
  return { media: { file, kind: 'image', thumbnail: null } };
}

export interface MediaFieldProps {
  label: string;
  /** The form's (or the server's) error for the file. */
  error?: string;
  value: ChosenMedia | null;
  /** The saved file's name shown while no new one is chosen; null when there is none (or it was removed). */
  savedName: string | null;
  onChange: (media: ChosenMedia | null) => void;
  disabled?: boolean;
}

/** The publication's one file: an image or an MP4, checked in the browser before it is sent. */
export function MediaField({ label, error, value, savedName, onChange, disabled }: MediaFieldProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const pick = async (file: File) => {
    setChecking(true);
    const result = await checkMedia(file, {
      notImage: t('kit.image.notImage'),
      unreadableVideo: t('admin.publicationsAdmin.form.unreadableVideo'),
    });
    setChecking(false);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    onChange(result.media);
  };

  return (
    <FilePicker
      label={label}
      hint={t('admin.publicationsAdmin.form.mediaHint', {
        minWidth: limits.postImage.minWidth,
        minHeight: limits.postImage.minHeight,
        maxWidth: limits.postImage.maxWidth,
        maxHeight: limits.postImage.maxHeight,
      })}
      accept={mediaRules.accept}
      error={problem ?? error}
      fileName={value?.file.name ?? savedName}
      chooseLabel={t(value || savedName ? 'kit.file.change' : 'kit.file.choose')}
      removeLabel={t('kit.file.remove')}
      disabled={disabled}
      onPick={(file) => void pick(file)}
      onRemove={() => {
        setProblem(null);
        onChange(null);
      }}
    >
      {checking && (
        <p role="status" className="text-sm text-slate-700">
          {t('admin.publicationsAdmin.form.checkingMedia')}
        </p>
      )}
    </FilePicker>
  );
}

/** A blob URL for a chosen file, released when the file changes or the component goes. */
export function useObjectUrl(file: Blob | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
