import type { CallInput } from '@elo/contract/define-call';
import type { moderaComentarioAdmin, moderaPostagemAdmin } from '@elo/contract/calls/moderation';
import { limits } from '@elo/contract/limits';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '#lib/api.ts';
import { nextPageNumber, uniqueBy } from '#lib/paging.ts';

/** Cache keys of the administration timeline. */
export const adminTimelineKeys = {
  all: ['admin-timeline'] as const,
  feed: (idGrupo: number | null) => ['admin-timeline', 'feed', idGrupo] as const,
  groups: ['admin-timeline', 'groups'] as const,
};

/**
 * Every published post of the company (or of one group), newest first, page after page
 * (consultaTimelineAdmin); a post repeated by offset paging when newer ones arrive shows once.
 */
export function useAdminTimeline(idGrupo: number | null) {
  const query = useInfiniteQuery({
    queryKey: adminTimelineKeys.feed(idGrupo),
    queryFn: ({ pageParam, signal }) =>
      api.consultaTimelineAdmin(
        {
          idPaginaAtual: pageParam,
          qtdRegistrosPorPagina: limits.pageSize.timeline,
          ...(idGrupo === null ? {} : { idGrupo }),
        },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
  const posts = useMemo(
    () => uniqueBy(query.data?.pages.flatMap((page) => page.listPostagens) ?? [], (post) => post.idMensagem),
    [query.data],
  );
  return { ...query, posts };
}

/** The company's groups, for the filter (consultaGruposPublicacaoAdmin). */
export function useTimelineGroups() {
  return useQuery({
    queryKey: adminTimelineKeys.groups,
    queryFn: ({ signal }) => api.consultaGruposPublicacaoAdmin({}, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.listGrupos,
  });
}

/** Hides, shows again or deletes a post (moderaPostagemAdmin); the timeline reloads after. */
export function useModeratePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof moderaPostagemAdmin>) => api.moderaPostagemAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTimelineKeys.all }),
  });
}

/** Hides, shows again or deletes a comment (moderaComentarioAdmin); the timeline reloads after. */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof moderaComentarioAdmin>) => api.moderaComentarioAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTimelineKeys.all }),
  });
}
