import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { timelineKeys } from '../timeline-cache.ts';

/** One post by id (consultaPostagem); a missing or hidden post answers 404. */
export function usePost(idMensagem: number | null) {
  return useQuery({
    queryKey: timelineKeys.post(idMensagem ?? 0),
    queryFn: ({ signal }) => api.consultaPostagem({ idMensagem: idMensagem ?? 0 }, { signal }),
    enabled: idMensagem !== null,
    select: (answer) => answer.postagem,
  });
}
