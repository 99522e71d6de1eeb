import { toFlag } from '@elo/contract/wire';
import type { Postagem } from '@elo/contract/calls/timeline';
import { PostType } from '@elo/contract/enums';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Avatar } from '#ui/avatar.tsx';
import { useSavePost } from '../hooks/use-post-actions.ts';
import { useViewReport } from '../view-reporter.ts';
import { CommentsSection } from './comments-section.tsx';
import { PollView } from './poll-view.tsx';
import { PostMedia, PostText } from './post-media.tsx';
import { ReactionsBar, type Gesto } from './reactions-bar.tsx';

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false">
      <path
        d="M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

function SaveToggle({ post }: { post: Postagem }) {
  const { t } = useTranslation();
  const save = useSavePost();
  const saved = post.flSalva === 'S';
  return (
    <button
      type="button"
      aria-label={t('portal.timeline.post.save')}
      aria-pressed={saved}
      disabled={save.isPending}
      onClick={() => save.mutate({ idMensagem: post.idMensagem, flSalva: toFlag(!saved) })}
      className={clsx(
        'inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm font-medium disabled:cursor-wait',
        saved ? 'text-primary-ink' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      <BookmarkIcon filled={saved} />
      {t('portal.timeline.post.saveShort')}
    </button>
  );
}

export interface PostCardProps {
  post: Postagem;
  /** The reactions on offer; undefined until consultaGestos answers. */
  gestos: readonly Gesto[] | undefined;
  /** The level of the author's name: 3 under the feed's h2, 3 in a dialog too. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  /** What the card offers besides reactions (the pinned reading's confirmation), under its content. */
  actions?: ReactNode;
}

/**
 * One post of the timeline, of any type: author with photo, date in the company's time zone,
 * groups, the content by type, reactions, save and comments.
 */
export function PostCard({ post, gestos, headingLevel = 3, className, actions }: PostCardProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const commentsLevel = (headingLevel + 1) as 3 | 4 | 5;
  const author = post.autor;
  // A published post counts as seen when half of its card stays on screen for a second.
  const viewRef = useViewReport<HTMLElement>(post.idMensagem, post.status === 'Publicado');
  const reading = post.leituraObrigatoria;
  const where = [
    ...(post.flMural === 'S' ? [t('portal.timeline.post.wall')] : []),
    ...post.grupos.map((group) => group.nome),
  ];
  return (
    <article
      ref={viewRef}
      aria-label={t('portal.timeline.post.label', { author: author.nome })}
      className={clsx('overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm', className)}
    >
      <header className="flex items-start gap-3 p-4">
        <Avatar name={author.nome} photoUrl={author.urlFoto} size="md" className="shrink-0" />
        <div className="min-w-0 flex-1">
          <Heading className="font-semibold text-font-primary">{author.nome}</Heading>
          <p className="text-sm text-font-secondary">
            {author.cargo && <span>{author.cargo} · </span>}
            <time dateTime={post.dtPublicacao}>{formatDateTime(post.dtPublicacao, currentLanguage())}</time>
            {post.flEditado === 'S' && <span> · {t('portal.timeline.post.edited')}</span>}
          </p>
          {where.length > 0 && (
            <p className="text-sm text-font-secondary">
              {t('portal.timeline.post.inGroups', { groups: where.join(', ') })}
            </p>
          )}
        </div>
        {post.status !== 'Publicado' && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
            {post.status === 'Rascunho'
              ? t('portal.timeline.post.draft')
              : t('portal.timeline.post.scheduled')}
          </span>
        )}
        {reading && (
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              reading.flConfirmada === 'S' ? 'bg-emerald-100 text-emerald-950' : 'bg-sky-100 text-sky-950',
            )}
          >
            {reading.flConfirmada === 'S'
              ? t('portal.timeline.reading.done')
              : t('portal.timeline.reading.mandatory')}
          </span>
        )}
        <SaveToggle post={post} />
      </header>
      <PostText post={post} />
      <PostMedia post={post} />
      {post.idAppTipoMensagem === PostType.poll && post.enquete && (
        <PollView idMensagem={post.idMensagem} poll={post.enquete} />
      )}
      {actions}
      <ReactionsBar post={post} gestos={gestos} />
      <CommentsSection post={post} headingLevel={commentsLevel} />
    </article>
  );
}
