import type { CallInput } from '@elo/contract/define-call';
import type { consultaSolicitacoesExclusaoAdmin } from '@elo/contract/calls/my-account';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

const deletionRequestsKey = ['admin-deletion-requests'] as const;

/** The page and status the administration's list of deletion requests is asked for. */
export type DeletionRequestsQuery = CallInput<typeof consultaSolicitacoesExclusaoAdmin>;

/** A page of the company's deletion requests (consultaSolicitacoesExclusaoAdmin). */
export function useDeletionRequests(query: DeletionRequestsQuery) {
  return useQuery({
    queryKey: [...deletionRequestsKey, query] as const,
    queryFn: ({ signal }) => api.consultaSolicitacoesExclusaoAdmin(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Cancels or forces a deletion request, then reads the list again. */
export function useDecideDeletionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idSolicitacao, decision }: { idSolicitacao: number; decision: 'cancel' | 'force' }) =>
      decision === 'cancel'
        ? api.cancelaSolicitacaoExclusaoAdmin({ idSolicitacao })
        : api.efetivaSolicitacaoExclusaoAdmin({ idSolicitacao }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deletionRequestsKey }),
  });
}
