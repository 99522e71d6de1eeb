import type { Comentario, Postagem } from '@elo/contract/calls/timeline';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage, translateContractKey } from '#lib/i18n/i18n.ts';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';
import { Avatar } from '#ui/avatar.tsx';
import { useAddComment, useComments, useDeleteComment } from '../hooks/use-comments.ts';
import { uniqueBy } from '#lib/paging.ts';

/** The longest comment the server takes (the contract's limit). */
const commentMaxChars = 2000;

type HeadingLevel = 2 | 3 | 4 | 5;

function CommentItem({ comment, onDelete }: { comment: Comentario; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex gap-3">
      <Avatar name={comment.autor.nome} photoUrl={comment.autor.urlFoto} size="sm" className="shrink-0" />
      <div className="min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-sm font-semibold text-font-primary">{comment.autor.nome}</p>
          <time dateTime={comment.dtComentario} className="text-xs text-font-secondary">
            {formatDateTime(comment.dtComentario, currentLanguage())}
          </time>
        </div>
        <p className="text-sm break-words whitespace-pre-wrap text-font-primary">{comment.texto}</p>
        {comment.flPodeExcluir === 'S' && (
          <Button variant="danger-tertiary" size="sm" className="-ml-3" onClick={onDelete}>
            {t('portal.timeline.comments.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}

function CommentForm({ idMensagem }: { idMensagem: number }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addComment = useAddComment(idMensagem);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const texto = text.trim();
    if (!texto) return setError(translateContractKey('validation.required'));
    if (Array.from(texto).length > commentMaxChars) {
      return setError(translateContractKey('validation.tooLong', { max: commentMaxChars }));
    }
    setError(null);
    addComment.mutate(texto, {
      onSuccess: () => setText(''),
      onError: (failure) => setError(errorMessageOf(failure, t('apiErrors.default'))),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {t('portal.timeline.comments.label')}
      </label>
      <textarea
        id={fieldId}
        value={text}
        rows={2}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900"
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" loading={addComment.isPending}>
          {t('portal.timeline.comments.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A post's comments: the first page came with the post, 'Carregar mais comentários' fetches the
 * next ones. The user may add a comment unless the post forbids it, and delete their own.
 */
export function CommentsSection({ post, headingLevel }: { post: Postagem; headingLevel: HeadingLevel }) {
  const { t } = useTranslation();
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const comments = useComments(post);
  const deleteComment = useDeleteComment(post.idMensagem);
  const [pendingDelete, setPendingDelete] = useState<number | null>(null);
  const pages = comments.data.pages;
  const list = uniqueBy(
    pages.flatMap((page) => page.listComentarios),
    (comment) => comment.idComentario,
  );
  const total = pages.at(-1)?.qtdTotalRegistros ?? 0;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3">
      <div className="flex items-baseline justify-between gap-3">
        <Heading id={headingId} className="text-sm font-semibold text-font-primary">
          {t('portal.timeline.comments.heading')}
        </Heading>
        <p className="text-sm text-font-secondary">{t('portal.timeline.comments.count', { count: total })}</p>
      </div>
      {list.length > 0 && (
        <ul className="flex flex-col gap-3">
          {list.map((comment) => (
            <CommentItem
              key={comment.idComentario}
              comment={comment}
              onDelete={() => setPendingDelete(comment.idComentario)}
            />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <div>
          <Button
            variant="tertiary"
            size="sm"
            loading={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            {t('portal.timeline.comments.loadMore')}
          </Button>
        </div>
      )}
      {comments.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessageOf(comments.error, t('apiErrors.loadData'))}
        </p>
      )}
      {post.flPermiteComentarios === 'N' ? (
        <p className="text-sm text-font-secondary">{translateContractKey('validation.commentsClosed')}</p>
      ) : (
        <CommentForm idMensagem={post.idMensagem} />
      )}
      <Modal
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        size="sm"
        title={t('portal.timeline.comments.confirmTitle')}
        description={t('portal.timeline.comments.confirmDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPendingDelete(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={deleteComment.isPending}
              onClick={() => {
                if (pendingDelete === null) return;
                deleteComment.mutate(pendingDelete, { onSettled: () => setPendingDelete(null) });
              }}
            >
              {t('portal.timeline.comments.confirmDelete')}
            </Button>
          </>
        }
      />
    </section>
  );
}
