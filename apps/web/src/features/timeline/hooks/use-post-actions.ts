import type { Flag } from '@elo/contract/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { patchCachedPost } from '../timeline-cache.ts';

/** Reacts to a post with a gesto, changes the reaction, or (idGesto null) takes it back. */
export function useReactToPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { idMensagem: number; idGesto: number | null }) => api.reagePostagem(input),
    onSuccess: (answer, input) =>
      patchCachedPost(queryClient, input.idMensagem, (post) => ({
        ...post,
        reacoes: answer.reacoes,
        qtdReacoes: answer.qtdReacoes,
        idGestoUsuario: answer.idGestoUsuario,
      })),
    onError: (error) => showErrorToast(error),
  });
}

/** Saves a post to the user's list or takes it out. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { idMensagem: number; flSalva: Flag }) => api.salvaPostagem(input),
    onSuccess: (answer, input) =>
      patchCachedPost(queryClient, input.idMensagem, (post) => ({ ...post, flSalva: answer.flSalva })),
    onError: (error) => showErrorToast(error),
  });
}

/** Votes in a poll, or changes the vote; the answer carries the new results. */
export function useVoteInPoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { idMensagem: number; idOpcao: number }) => api.votaEnquete(input),
    onSuccess: (answer, input) =>
      patchCachedPost(queryClient, input.idMensagem, (post) => ({ ...post, enquete: answer.enquete })),
    onError: (error) => showErrorToast(error),
  });
}
