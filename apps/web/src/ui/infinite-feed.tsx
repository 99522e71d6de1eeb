import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '#lib/api-client.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { LoadFailedAlert } from './load-failed-alert.tsx';
import { Spinner } from './spinner.tsx';

// Start fetching a little before the end of the list comes into view.
const sentinelMargin = '600px 0px';

/** What the feed needs of an infinite query (TanStack's useInfiniteQuery answers it). */
export interface InfiniteFeedQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

export interface InfiniteFeedProps {
  query: InfiniteFeedQuery;
  /** How many items the pages loaded so far hold. */
  itemCount: number;
  texts: {
    loading: string;
    /** The feed's heading, for screen readers only. */
    heading: string;
    emptyTitle: string;
    emptyDescription: string;
    loadMoreFailed: string;
    loadMore: string;
    endOfFeed: string;
  };
  /** The section's classes. */
  className: string;
  spinnerClassName?: string;
  /** The colour of the end-of-feed line. */
  endClassName: string;
  /** The items, as articles. */
  children: ReactNode;
}

/**
 * A list of posts as an ARIA feed of articles, under a heading for screen readers. More pages load
 * when the end of the list comes into view, and with the 'Carregar mais' button for those who do
 * not scroll with a pointer.
 */
export function InfiniteFeed({
  query,
  itemCount,
  texts,
  className,
  spinnerClassName,
  endClassName,
  children,
}: InfiniteFeedProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
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

  if (query.isPending) return <Spinner label={texts.loading} className={spinnerClassName} />;
  if (query.isError && itemCount === 0) {
    return (
      <LoadFailedAlert onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {errorMessageOf(query.error, t('apiErrors.default'))}
      </LoadFailedAlert>
    );
  }

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="sr-only">
        {texts.heading}
      </h2>
      {itemCount === 0 && !hasNextPage ? (
        <EmptyState title={texts.emptyTitle} description={texts.emptyDescription} headingLevel={3} />
      ) : (
        <div
          role="feed"
          aria-busy={query.isFetching}
          aria-labelledby={headingId}
          className="flex flex-col gap-4"
        >
          {children}
        </div>
      )}
      <div ref={sentinelRef} aria-hidden="true" />
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          {texts.loadMoreFailed}
        </p>
      )}
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {texts.loadMore}
          </Button>
        </div>
      ) : (
        itemCount > 0 && <p className={`text-center text-sm ${endClassName}`}>{texts.endOfFeed}</p>
      )}
    </section>
  );
}
