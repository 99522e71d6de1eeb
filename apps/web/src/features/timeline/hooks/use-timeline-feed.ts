import { PostType } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '#lib/api.ts';
import { nextPageNumber, uniqueBy } from '#lib/paging.ts';
import { timelineKeys } from '../timeline-cache.ts';

/**
 * The timeline of some groups (none: all the user's groups), page by page, newest first.
 * Spec section 4: while the last page yielded fewer than 10 posts and more pages exist, the next
 * one is fetched at once, so a short page never leaves the user without a way to see more.
 */
export function useTimelineFeed(idsGrupo: readonly number[]) {
  const query = useInfiniteQuery({
    queryKey: timelineKeys.feed(idsGrupo),
    queryFn: ({ pageParam, signal }) =>
      api.consultaPostagens(
        {
          idPaginaAtual: pageParam,
          qtdRegistrosPorPagina: limits.pageSize.timeline,
          idsGrupo: [...idsGrupo],
          // Polls are not shown in the portal's feed (spec section 8: idTipoIgnorar [7]).
          idTipoIgnorar: [PostType.poll],
        },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const lastPage = data?.pages.at(-1);
  const lastPageShort = lastPage !== undefined && lastPage.listPostagens.length < limits.pageSize.timeline;

  useEffect(() => {
    // After a failed page the user retries with the button rather than the app looping.
    if (lastPageShort && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [lastPageShort, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const posts = useMemo(
    () => uniqueBy(data?.pages.flatMap((page) => page.listPostagens) ?? [], (post) => post.idMensagem),
    [data],
  );
  return { ...query, posts };
}
