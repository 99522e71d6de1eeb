import type { CallInput } from '@elo/contract/define-call';
import type { salvaMinhaConta } from '@elo/contract/calls/my-account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { loggedUserQueryKey } from '#lib/session.ts';

const myAccountKey = ['my-account'] as const;

/** The caller's account as the company keeps it, with their open deletion request (consultaMinhaConta). */
export function useMyAccount() {
  return useQuery({
    queryKey: myAccountKey,
    queryFn: async ({ signal }) => (await api.consultaMinhaConta({}, { signal })).conta,
  });
}

/** After a change the account, and the header's name and photo, are read again. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myAccountKey }),
      queryClient.invalidateQueries({ queryKey: loggedUserQueryKey }),
    ]);
}

/** Saves the caller's own profile fields (salvaMinhaConta). */
export function useSaveMyAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof salvaMinhaConta>) => api.salvaMinhaConta(input),
    onSuccess: (answer) => queryClient.setQueryData(myAccountKey, answer.conta),
  });
}

/** Sends the caller's new photo (enviaFotoMinhaConta). */
export function useUploadMyPhoto() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (file: File) => api.enviaFotoMinhaConta({ file }, { multipart: true }),
    onSuccess: refresh,
  });
}

/** Asks for the caller's account to be deleted (solicitaExclusaoConta). */
export function useRequestDeletion() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (comentario: string) => api.solicitaExclusaoConta({ comentario }),
    onSuccess: refresh,
  });
}

/** Withdraws the caller's open deletion request (retiraSolicitacaoExclusaoConta). */
export function useWithdrawDeletion() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () => api.retiraSolicitacaoExclusaoConta({}),
    onSuccess: refresh,
  });
}
