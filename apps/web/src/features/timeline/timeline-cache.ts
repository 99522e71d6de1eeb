import type { consultaPostagem, consultaPostagens, Postagem } from '@elo/contract/calls/timeline';
import type { CallOutput } from '@elo/contract/define-call';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** One page of the timeline as consultaPostagens answers it. */
export type PostPage = CallOutput<typeof consultaPostagens>;
type SinglePost = CallOutput<typeof consultaPostagem>;

/** Cache keys of the timeline's queries; `all` covers every one of them. */
export const timelineKeys = {
  all: ['timeline'] as const,
  feeds: ['timeline', 'feed'] as const,
  /** The infinite list of the given groups (empty: all the user's groups). */
  feed: (idsGrupo: readonly number[]) => ['timeline', 'feed', [...idsGrupo]] as const,
  /** The few newest posts the dashboard shows. */
  latest: ['timeline', 'latest'] as const,
  post: (idMensagem: number) => ['timeline', 'post', idMensagem] as const,
  comments: (idMensagem: number) => ['timeline', 'comments', idMensagem] as const,
  gestos: ['timeline', 'gestos'] as const,
  /** The person's unconfirmed mandatory readings, pinned above the feed. */
  pendingReadings: ['timeline', 'pending-readings'] as const,
  banners: ['timeline', 'banners'] as const,
};

/**
 * Applies a change to a post wherever the cache holds it (the lists and the opened post), so a
 * reaction, a vote or a save shows at once on every card of that post.
 */
export function patchCachedPost(
  queryClient: QueryClient,
  idMensagem: number,
  patch: (post: Postagem) => Postagem,
): void {
  const patchList = (posts: Postagem[]) =>
    posts.map((post) => (post.idMensagem === idMensagem ? patch(post) : post));
  queryClient.setQueriesData<InfiniteData<PostPage>>({ queryKey: timelineKeys.feeds }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, listPostagens: patchList(page.listPostagens) })),
        }
      : data,
  );
  queryClient.setQueriesData<PostPage>({ queryKey: timelineKeys.latest }, (data) =>
    data ? { ...data, listPostagens: patchList(data.listPostagens) } : data,
  );
  queryClient.setQueryData<SinglePost>(timelineKeys.post(idMensagem), (data) =>
    data ? { postagem: patch(data.postagem) } : data,
  );
}
