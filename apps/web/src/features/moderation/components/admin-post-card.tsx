import type { ModerationActionValue, PostagemAdmin } from '@elo/contract/calls/moderation';
import type { Comentario } from '@elo/contract/calls/timeline';
import { PostType } from '@elo/contract/enums';
import { youTubeWatchUrl } from '@elo/contract/youtube';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Avatar } from '#ui/avatar.tsx';
import { ModerationMenu } from './moderation-menu.tsx';

/** The 'Oculta' mark of a hidden post or comment. */
function HiddenMark({ label }: { label: string }) {
  return (
    <span className="rounded-full border border-slate-400 bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
      {label}
    </span>
  );
}

/** A post's picture, video or YouTube link, within the card. */
function AdminPostMedia({ post }: { post: PostagemAdmin }) {
  const { t } = useTranslation();
  const author = post.autor.nome;
  if (post.idAppTipoMensagem === PostType.youtube && post.idYouTube) {
    return (
      <p className="px-4 pb-3">
        <a
          href={youTubeWatchUrl(post.idYouTube)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm text-primary-700 underline hover:text-primary-800"
        >
          {t('admin.timelineAdmin.youtubeLink')}
        </a>
      </p>
    );
  }
  const media = post.midia;
  if (!media) return null;
  if (post.idAppTipoMensagem === PostType.video) {
    return (
      <div className="flex justify-center bg-slate-900">
        <video
          controls
          preload="metadata"
          src={media.url}
          poster={media.urlThumbnail ?? undefined}
          aria-label={t('admin.timelineAdmin.videoLabel', { author })}
          className="max-h-96 max-w-full"
        />
      </div>
    );
  }
  return (
    <div className="flex justify-center bg-slate-100">
      <img
        src={media.url}
        alt={t('admin.timelineAdmin.imageAlt', { author })}
        width={media.largura ?? undefined}
        height={media.altura ?? undefined}
        loading="lazy"
        decoding="async"
        className="h-auto max-h-96 w-auto max-w-full object-contain"
      />
    </div>
  );
}

function CommentRow({
  comment,
  hidden,
  canEdit,
  onModerate,
}: {
  comment: Comentario;
  hidden: boolean;
  canEdit: boolean;
  onModerate: (acao: ModerationActionValue, motivo: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex gap-3">
      <Avatar name={comment.autor.nome} photoUrl={comment.autor.urlFoto} size="sm" className="shrink-0" />
      <div
        className={clsx(
          'min-w-0 flex-1 rounded-md px-3 py-2',
          hidden ? 'border border-dashed border-slate-400 bg-slate-50' : 'bg-slate-100',
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3">
          <p className="text-sm font-semibold text-slate-900">{comment.autor.nome}</p>
          <div className="flex items-center gap-2">
            {hidden && <HiddenMark label={t('admin.timelineAdmin.hiddenComment')} />}
            <time dateTime={comment.dtComentario} className="text-xs text-slate-700">
              {formatDateTime(comment.dtComentario, currentLanguage())}
            </time>
            {canEdit && (
              <ModerationMenu
                kind="comment"
                hidden={hidden}
                label={t('admin.timelineAdmin.comment.menu', { author: comment.autor.nome })}
                onModerate={onModerate}
              />
            )}
          </div>
        </div>
        <p
          className={clsx(
            'text-sm break-words whitespace-pre-wrap',
            hidden ? 'text-slate-700' : 'text-slate-900',
          )}
        >
          {comment.texto}
        </p>
      </div>
    </li>
  );
}

export interface AdminPostCardProps {
  post: PostagemAdmin;
  /** Whether the administrator may moderate (ADMIN_PUBLICACOES at E). */
  canEdit: boolean;
  onModeratePost: (acao: ModerationActionValue, motivo: string) => Promise<unknown>;
  onModerateComment: (idComentario: number, acao: ModerationActionValue, motivo: string) => Promise<unknown>;
}

/**
 * A post as the administration timeline shows it: the portal card's parts (author, date, groups,
 * text, media, reactions and its first comments) with a moderation menu on the post and on each
 * comment. Hidden ones are dimmed (dashed, grey) and marked 'Oculta'.
 */
export function AdminPostCard({ post, canEdit, onModeratePost, onModerateComment }: AdminPostCardProps) {
  const { t } = useTranslation();
  const hidden = post.flOculta === 'S';
  const hiddenComments = new Set(post.comentariosOcultos);
  const author = post.autor;
  const where = [
    ...(post.flMural === 'S' ? [t('admin.timelineAdmin.wall')] : []),
    ...post.grupos.map((g) => g.nome),
  ];
  const comments = post.comentarios;
  return (
    <article
      aria-label={t('admin.timelineAdmin.postLabel', { author: author.nome })}
      className={clsx(
        'overflow-hidden rounded-lg border shadow-sm',
        hidden ? 'border-dashed border-slate-400 bg-slate-50' : 'border-slate-200 bg-white',
      )}
    >
      <header className="flex items-start gap-3 p-4">
        <Avatar name={author.nome} photoUrl={author.urlFoto} size="md" className="shrink-0" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">{author.nome}</h3>
          <p className="text-sm text-slate-700">
            {author.cargo && <span>{author.cargo} · </span>}
            <time dateTime={post.dtPublicacao}>{formatDateTime(post.dtPublicacao, currentLanguage())}</time>
          </p>
          {where.length > 0 && (
            <p className="text-sm text-slate-700">
              {t('admin.timelineAdmin.inGroups', { groups: where.join(', ') })}
            </p>
          )}
        </div>
        {hidden && <HiddenMark label={t('admin.timelineAdmin.hidden')} />}
        {canEdit && (
          <ModerationMenu
            kind="post"
            hidden={hidden}
            label={t('admin.timelineAdmin.post.menu', { author: author.nome })}
            onModerate={onModeratePost}
          />
        )}
      </header>
      {post.textoPublicacao && (
        <p className="px-4 pb-3 break-words whitespace-pre-wrap text-slate-900">{post.textoPublicacao}</p>
      )}
      <AdminPostMedia post={post} />
      <p className="border-t border-slate-200 px-4 py-2 text-sm text-slate-700">
        {t('admin.timelineAdmin.counts', {
          reactions: post.qtdReacoes,
          comments: comments.qtdTotalRegistros,
        })}
      </p>
      {comments.listComentarios.length > 0 && (
        <section
          aria-label={t('admin.timelineAdmin.commentsOf', { author: author.nome })}
          className="px-4 pb-4"
        >
          <ul className="flex flex-col gap-3">
            {comments.listComentarios.map((comment) => (
              <CommentRow
                key={comment.idComentario}
                comment={comment}
                hidden={hiddenComments.has(comment.idComentario)}
                canEdit={canEdit}
                onModerate={(acao, motivo) => onModerateComment(comment.idComentario, acao, motivo)}
              />
            ))}
          </ul>
          {comments.qtdTotalRegistros > comments.listComentarios.length && (
            <p className="mt-2 text-sm text-slate-700">
              {t('admin.timelineAdmin.moreComments', {
                number: comments.qtdTotalRegistros - comments.listComentarios.length,
              })}
            </p>
          )}
        </section>
      )}
    </article>
  );
}
