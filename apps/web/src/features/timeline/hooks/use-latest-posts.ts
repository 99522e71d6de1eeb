import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { timelineKeys } from '../timeline-cache.ts';

/** How many posts the dashboard shows. */
export const latestPostsCount = 5;

/** The newest posts of all the user's groups, for the dashboard. */
export function useLatestPosts() {
  return useQuery({
    queryKey: timelineKeys.latest,
    queryFn: ({ signal }) =>
      api.consultaPostagens(
        { idPaginaAtual: 1, qtdRegistrosPorPagina: latestPostsCount, idsGrupo: [], idTipoIgnorar: [] },
        { signal },
      ),
    select: (answer) => answer.listPostagens,
  });
}
