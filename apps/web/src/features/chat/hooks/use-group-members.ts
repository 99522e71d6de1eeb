import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** The members of a group chat (consultaGrupoChat); nothing is asked for a room of two. */
export function useGroupMembers(idSala: number | null, isGroup: boolean) {
  return useQuery({
    queryKey: ['chat', 'group', idSala],
    queryFn: ({ signal }) => api.consultaGrupoChat({ idSala: idSala ?? 0 }, { signal }),
    enabled: idSala !== null && isGroup,
    staleTime: 60_000,
  });
}
