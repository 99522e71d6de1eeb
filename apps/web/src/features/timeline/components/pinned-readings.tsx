import type { Postagem } from '@elo/contract/calls/timeline';
import {
  onlineManager,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#lib/api.ts';
import { queuedMutationKeys, type ConfirmReadingVariables } from '#lib/offline/queued-mutations.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Button } from '#ui/button.tsx';
import { patchCachedPost, timelineKeys } from '../timeline-cache.ts';
import { PostCard } from './post-card.tsx';
import type { Gesto } from './reactions-bar.tsx';

/** The person's unconfirmed mandatory readings (consultaLeiturasPendentes), newest first. */
export function usePendingReadings() {
  return useQuery({
    queryKey: timelineKeys.pendingReadings,
    queryFn: ({ signal }) => api.consultaLeiturasPendentes({}, { signal }),
    select: (answer) => answer.listPostagens,
  });
}

/**
 * 'Li e estou ciente': confirms a reading; the card leaves the pinned area and the feed's card says
 * so at once. Without a connection the confirmation waits on the device (queued-mutations.ts) and
 * goes when the connection returns; the person is told so.
 */
export function useConfirmReading() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const showToast = useToastStore((store) => store.showToast);
  return useMutation<unknown, unknown, ConfirmReadingVariables, { pending?: { listPostagens: Postagem[] } }>({
    mutationKey: queuedMutationKeys.confirmReading,
    onMutate: async ({ idPublicacao }) => {
      await queryClient.cancelQueries({ queryKey: timelineKeys.pendingReadings });
      const pending = queryClient.getQueryData<{ listPostagens: Postagem[] }>(timelineKeys.pendingReadings);
      markConfirmed(queryClient, idPublicacao, 'S');
      if (!onlineManager.isOnline())
        showToast({ type: 'success', message: t('portal.timeline.reading.queued') });
      return { pending };
    },
    onSuccess: () => showToast({ type: 'success', message: t('portal.timeline.reading.confirmed') }),
    onError: (error, { idPublicacao }, context) => {
      if (context?.pending) queryClient.setQueryData(timelineKeys.pendingReadings, context.pending);
      markConfirmed(queryClient, idPublicacao, 'N');
      showErrorToast(error);
    },
  });
}

/** Shows a reading as confirmed (or not) wherever the cache holds it, and out of (or back in) the pinned area. */
function markConfirmed(queryClient: QueryClient, idPublicacao: number, flConfirmada: 'S' | 'N') {
  if (flConfirmada === 'S') {
    queryClient.setQueryData<{ listPostagens: Postagem[] }>(timelineKeys.pendingReadings, (data) =>
      data ? { listPostagens: data.listPostagens.filter((post) => post.idMensagem !== idPublicacao) } : data,
    );
  }
  patchCachedPost(queryClient, idPublicacao, (post) => ({
    ...post,
    leituraObrigatoria: post.leituraObrigatoria && { ...post.leituraObrigatoria, flConfirmada },
  }));
}

/**
 * The mandatory readings pinned above the feed, each with its deadline (when it has one) and the
 * 'Li e estou ciente' button. Nothing shows while there are none.
 */
export function PinnedReadings({ gestos }: { gestos: readonly Gesto[] | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  const pending = usePendingReadings();
  const confirm = useConfirmReading();
  const posts = pending.data ?? [];
  if (posts.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border-2 border-sky-700 bg-sky-50 p-3"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-font-primary">
          {t('portal.timeline.reading.heading')}
        </h2>
        <p className="text-sm text-font-secondary">{t('portal.timeline.reading.description')}</p>
      </div>
      {posts.map((post) => {
        const deadline = post.leituraObrigatoria?.dtLimite;
        return (
          <PostCard
            key={post.idMensagem}
            post={post}
            gestos={gestos}
            headingLevel={3}
            actions={
              <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-sky-50 px-4 py-3">
                <p className="text-sm font-medium text-slate-800">
                  {deadline
                    ? t('portal.timeline.reading.deadline', {
                        date: formatDateTime(deadline, currentLanguage()),
                      })
                    : t('portal.timeline.reading.noDeadline')}
                </p>
                <Button
                  aria-label={t('portal.timeline.reading.confirmLabel', { author: post.autor.nome })}
                  loading={
                    confirm.isPending &&
                    !confirm.isPaused &&
                    confirm.variables?.idPublicacao === post.idMensagem
                  }
                  disabled={confirm.isPending && !confirm.isPaused}
                  onClick={() => confirm.mutate({ idPublicacao: post.idMensagem })}
                >
                  {t('portal.timeline.reading.confirm')}
                </Button>
              </div>
            }
          />
        );
      })}
    </section>
  );
}
