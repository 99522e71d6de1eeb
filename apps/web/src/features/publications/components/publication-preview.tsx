import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Avatar } from '#ui/avatar.tsx';
import { TitledSection } from '#ui/titled-section.tsx';

export interface PreviewProps {
  authorName: string;
  authorPhoto: string | null;
  text: string;
  /** The picture or video shown (a chosen file's blob URL, or the saved file's address). */
  media: { kind: 'image' | 'video'; url: string; posterUrl?: string | null } | null;
  groupNames: string[];
  wall: boolean;
  allowComments: boolean;
  mandatoryReading: boolean;
  readingDeadline: string | null;
  /** When it goes out (a schedule), or null for now. */
  scheduledAt: string | null;
}

/**
 * The publication as employees will see it on their timeline: author, when, where, text and the
 * media scaled into a bounding box (spec section 9), with the mandatory reading's button.
 */
export function PublicationPreview(props: PreviewProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const where = [...(props.wall ? [t('admin.publicationsAdmin.preview.wall')] : []), ...props.groupNames];
  // The preview's initials are its first two words' (the timeline shows the first and last names').
  const initials = props.authorName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const empty = !props.text.trim() && !props.media;
  return (
    <TitledSection
      title={t('admin.publicationsAdmin.preview.title')}
      id="previa-publicacao"
      className="flex flex-col gap-2"
    >
      <p className="text-sm text-slate-700">{t('admin.publicationsAdmin.preview.hint')}</p>
      <article
        aria-label={t('admin.publicationsAdmin.preview.cardLabel')}
        className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        <header className="flex items-start gap-3 p-4">
          <Avatar
            name={props.authorName}
            photoUrl={props.authorPhoto}
            initials={initials}
            className="size-10 shrink-0"
            initialsClassName="flex bg-primary-100 text-sm font-semibold text-primary-ink"
          />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">{props.authorName}</p>
            <p className="text-sm text-slate-700">
              {props.scheduledAt
                ? formatDateTime(props.scheduledAt, language)
                : t('admin.publicationsAdmin.preview.now')}
            </p>
            <p className="text-sm text-slate-700">
              {where.length > 0
                ? t('admin.publicationsAdmin.preview.inGroups', { groups: where.join(', ') })
                : t('admin.publicationsAdmin.preview.nowhere')}
            </p>
          </div>
        </header>
        {empty && (
          <p className="px-4 pb-4 text-sm text-slate-600 italic">
            {t('admin.publicationsAdmin.preview.empty')}
          </p>
        )}
        {props.text.trim() && (
          <p className="px-4 pb-3 break-words whitespace-pre-wrap text-slate-900">{props.text}</p>
        )}
        {props.media &&
          (props.media.kind === 'image' ? (
            <img
              src={props.media.url}
              alt={t('admin.publicationsAdmin.preview.imageAlt')}
              className="mx-auto block max-h-96 max-w-full bg-slate-100 object-contain"
            />
          ) : (
            <video
              src={props.media.url}
              poster={props.media.posterUrl ?? undefined}
              controls
              muted
              preload="metadata"
              aria-label={t('admin.publicationsAdmin.preview.videoLabel')}
              className="mx-auto block max-h-96 max-w-full bg-slate-900"
            />
          ))}
        <footer className="flex flex-col gap-2 border-t border-slate-100 p-4 text-sm text-slate-700">
          {props.mandatoryReading && (
            <div className="flex flex-col gap-2 rounded-md bg-amber-50 p-3 text-amber-950">
              <p className="font-semibold">
                {props.readingDeadline
                  ? t('admin.publicationsAdmin.preview.readingUntil', {
                      date: formatDateTime(props.readingDeadline, language),
                    })
                  : t('admin.publicationsAdmin.preview.reading')}
              </p>
              <span className="self-start rounded-md bg-primary-600 px-3 py-1.5 font-semibold text-on-primary">
                {t('admin.publicationsAdmin.preview.confirm')}
              </span>
            </div>
          )}
          <p>
            {props.allowComments
              ? t('admin.publicationsAdmin.preview.commentsOn')
              : t('admin.publicationsAdmin.preview.commentsOff')}
          </p>
        </footer>
      </article>
    </TitledSection>
  );
}
