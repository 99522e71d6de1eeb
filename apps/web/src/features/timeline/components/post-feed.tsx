import { useTranslation } from 'react-i18next';
import { InfiniteFeed } from '#ui/infinite-feed.tsx';
import { useTimelineFeed } from '../hooks/use-timeline-feed.ts';
import { PostCard } from './post-card.tsx';
import type { Gesto } from './reactions-bar.tsx';

export interface PostFeedProps {
  /** The groups to show (empty: all the user's groups). */
  idsGrupo: readonly number[];
  gestos: readonly Gesto[] | undefined;
  /** What the empty state says when there is nothing to show. */
  emptyDescription: string;
}

/** The posts of the user's timeline, as a feed that loads more as it is read. */
export function PostFeed({ idsGrupo, gestos, emptyDescription }: PostFeedProps) {
  const { t } = useTranslation();
  const feed = useTimelineFeed(idsGrupo);
  return (
    <InfiniteFeed
      query={feed}
      itemCount={feed.posts.length}
      texts={{
        loading: t('portal.timeline.loadingPosts'),
        heading: t('portal.timeline.feedHeading'),
        emptyTitle: t('portal.timeline.emptyTitle'),
        emptyDescription,
        loadMoreFailed: t('portal.timeline.loadMoreFailed'),
        loadMore: t('portal.timeline.loadMore'),
        endOfFeed: t('portal.timeline.endOfFeed'),
      }}
      className="flex flex-col gap-4"
      spinnerClassName="text-primary-ink"
      endClassName="text-font-secondary"
    >
      {feed.posts.map((post) => (
        <PostCard key={post.idMensagem} post={post} gestos={gestos} />
      ))}
    </InfiniteFeed>
  );
}
