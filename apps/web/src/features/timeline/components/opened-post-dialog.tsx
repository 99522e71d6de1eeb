import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '#lib/paths.ts';
import { errorMessageOf } from '#lib/api-client.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Modal } from '#ui/modal.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { usePost } from '../hooks/use-post.ts';
import { viewReporter } from '../view-reporter.ts';
import { PostCard } from './post-card.tsx';
import type { Gesto } from './reactions-bar.tsx';

/**
 * The post of /painel/publicacao/{id}, opened in a dialog over the timeline. A post that cannot
 * be opened (not a number, missing, not visible: 404) sends the user to the timeline with an
 * error toast (spec section 2); closing the dialog goes there too.
 */
export function OpenedPostDialog({
  idMensagem,
  gestos,
}: {
  idMensagem: number | null;
  gestos: readonly Gesto[] | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showToast = useToastStore((store) => store.showToast);
  const post = usePost(idMensagem);
  const failed = idMensagem === null || post.isError;
  const reported = useRef(false);

  // A post opened by its link counts as seen.
  const openedId = post.data?.status === 'Publicado' ? post.data.idMensagem : null;
  useEffect(() => {
    if (openedId !== null) viewReporter().report(openedId);
  }, [openedId]);

  useEffect(() => {
    if (!failed || reported.current) return;
    reported.current = true;
    showToast({
      type: 'error',
      title: t('portal.timeline.opened.failed'),
      message: post.error
        ? errorMessageOf(post.error, t('portal.timeline.opened.notFound'))
        : t('portal.timeline.opened.notFound'),
    });
    void navigate(paths.portal.timeline, { replace: true });
  }, [failed, post.error, navigate, showToast, t]);

  if (failed) return null;
  return (
    <Modal
      open
      size="lg"
      title={t('portal.timeline.opened.title')}
      onOpenChange={(open) => {
        if (!open) void navigate(paths.portal.timeline);
      }}
    >
      {post.data ? (
        <PostCard post={post.data} gestos={gestos} headingLevel={3} className="border-0 shadow-none" />
      ) : (
        <Spinner label={t('common.loading')} className="text-primary-ink" />
      )}
    </Modal>
  );
}
