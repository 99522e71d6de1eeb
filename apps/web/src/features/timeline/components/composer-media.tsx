import { useEffect, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { takeVideoThumbnail } from '#lib/video-thumbnail.ts';
import { Button } from '#ui/button.tsx';
import type { ComposerAction, ComposerMedia } from '../composer-state.ts';
import { fitIntoBox, type Size } from '../media-box.ts';

/** The bounding box of the composer's preview (spec section 9: the preview is scaled into it). */
export const previewBox: Size = { width: 480, height: 320 };

function ImagePreview({ media }: { media: ComposerMedia }) {
  const { t } = useTranslation();
  const [natural, setNatural] = useState<Size | null>(null);
  const size = natural ? fitIntoBox(natural, previewBox) : null;
  return (
    <img
      src={media.previewUrl}
      alt={t('portal.timeline.composer.imagePreview', { name: media.file.name })}
      width={size?.width}
      height={size?.height}
      onLoad={(event) =>
        setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
      }
      className="max-h-80 max-w-full rounded-md object-contain"
    />
  );
}

function VideoPreview({ media, dispatch }: { media: ComposerMedia; dispatch: Dispatch<ComposerAction> }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const pendingUrl = media.thumbnailUrl ? null : media.previewUrl;

  useEffect(() => {
    if (!pendingUrl) return;
    let current = true;
    void takeVideoThumbnail(media.file).then((frame) => {
      if (!current) return;
      if (!frame) return setFailed(true);
      dispatch({
        type: 'videoThumbnailTaken',
        previewUrl: pendingUrl,
        thumbnailUrl: URL.createObjectURL(frame),
      });
    });
    return () => {
      current = false;
    };
  }, [pendingUrl, media.file, dispatch]);
  // The frame's object URL holds it in memory until the preview lets it go.
  const thumbnailUrl = media.thumbnailUrl;
  useEffect(() => () => (thumbnailUrl ? URL.revokeObjectURL(thumbnailUrl) : undefined), [thumbnailUrl]);

  const name = media.file.name;
  if (media.thumbnailUrl) {
    return (
      <img
        src={media.thumbnailUrl}
        alt={t('portal.timeline.composer.videoThumbnail', { name })}
        className="max-h-80 max-w-full rounded-md object-contain"
      />
    );
  }
  // A browser that cannot draw the frame still shows the video itself.
  if (failed) {
    return (
      <video
        src={media.previewUrl}
        controls
        preload="metadata"
        aria-label={t('portal.timeline.composer.videoThumbnail', { name })}
        className="max-h-80 max-w-full rounded-md"
      />
    );
  }
  return (
    <p className="text-sm text-slate-700">{t('portal.timeline.composer.videoThumbnailPending', { name })}</p>
  );
}

/** The chosen image (scaled into the preview box) or video (its frame at 1.5 s), with a remove button. */
export function MediaPreview({
  media,
  dispatch,
}: {
  media: ComposerMedia;
  dispatch: Dispatch<ComposerAction>;
}) {
  const { t } = useTranslation();
  const previewUrl = media.previewUrl;
  // The object URL holds the file in memory until it is let go.
  useEffect(() => () => URL.revokeObjectURL(previewUrl), [previewUrl]);
  return (
    <div className="flex flex-col items-start gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      {media.kind === 'image' ? (
        <ImagePreview media={media} />
      ) : (
        <VideoPreview media={media} dispatch={dispatch} />
      )}
      <Button variant="danger-tertiary" size="sm" onClick={() => dispatch({ type: 'mediaRemoved' })}>
        {t('portal.timeline.composer.removeMedia')}
      </Button>
    </div>
  );
}
