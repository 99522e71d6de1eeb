import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '#lib/api-client.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useTimelineFeed } from '../hooks/use-timeline-feed.ts';
import { PostCard } from './post-card.tsx';
import type { Gesto } from './reactions-bar.tsx';

// Start fetching a little before the end of the list comes into view.
const sentinelMargin = '600px 0px';

export interface PostFeedProps {
  /** The groups to show (empty: all the user's groups). */
  idsGrupo: readonly number[];
  gestos: readonly Gesto[] | undefined;
  /** What the empty state says when there is nothing to show. */
  emptyDescription: string;
}

/**
 * The posts, as an ARIA feed of articles. More pages load when the end of the list comes into
 * view, and with the 'Carregar mais' button for those who do not scroll with a pointer.
 */
export function PostFeed({ idsGrupo, gestos, emptyDescription }: PostFeedProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const feed = useTimelineFeed(idsGrupo);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: sentinelMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (feed.isPending)
    return <Spinner label={t('portal.timeline.loadingPosts')} className="text-primary-ink" />;
  if (feed.isError && feed.posts.length === 0) {
    return (
      <Alert
        type="error"
        title={t('apiErrors.loadData')}
        actions={
          <Button size="sm" variant="secondary" loading={feed.isFetching} onClick={() => void feed.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorMessageOf(feed.error, t('apiErrors.default'))}
      </Alert>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="sr-only">
        {t('portal.timeline.feedHeading')}
      </h2>
      {feed.posts.length === 0 && !hasNextPage ? (
        <EmptyState title={t('portal.timeline.emptyTitle')} description={emptyDescription} headingLevel={3} />
      ) : (
        <div
          role="feed"
          aria-busy={feed.isFetching}
          aria-labelledby={headingId}
          className="flex flex-col gap-4"
        >
          {feed.posts.map((post) => (
            <PostCard key={post.idMensagem} post={post} gestos={gestos} />
          ))}
        </div>
      )}
      <div ref={sentinelRef} aria-hidden="true" />
      {feed.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          {t('portal.timeline.loadMoreFailed')}
        </p>
      )}
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('portal.timeline.loadMore')}
          </Button>
        </div>
      ) : (
        feed.posts.length > 0 && (
          <p className="text-center text-sm text-font-secondary">{t('portal.timeline.endOfFeed')}</p>
        )
      )}
    </section>
  );
}
