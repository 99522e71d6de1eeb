import type { CallInput } from '@elo/contract/define-call';
import type {
  cancelaAgendamentoPublicacaoAdmin,
  consultaPublicacoesAdmin,
  SalvaPublicacaoAdminInput,
} from '@elo/contract/calls/publications';
import type { consultaInteracoesPublicacaoAdmin } from '@elo/contract/calls/publication-reach';
import type { moderaComentarioAdmin } from '@elo/contract/calls/moderation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache keys of the publications area. */
export const publicationKeys = {
  all: ['admin-publications'] as const,
  list: (query: PublicationsQuery) => ['admin-publications', 'list', query] as const,
  one: (idPublicacao: number) => ['admin-publications', 'one', idPublicacao] as const,
  interactions: (query: InteractionsQuery) => ['admin-publications', 'interactions', query] as const,
  groups: ['admin-publications', 'groups'] as const,
};

export type PublicationsQuery = CallInput<typeof consultaPublicacoesAdmin>;
export type InteractionsQuery = CallInput<typeof consultaInteracoesPublicacaoAdmin>;

/** A page of the company's publications, newest first (consultaPublicacoesAdmin). */
export function usePublicationList(query: PublicationsQuery) {
  return useQuery({
    queryKey: publicationKeys.list(query),
    queryFn: ({ signal }) => api.consultaPublicacoesAdmin(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The groups a publication may go to (consultaGruposPublicacaoAdmin). */
export function usePublicationGroups() {
  return useQuery({
    queryKey: publicationKeys.groups,
    queryFn: ({ signal }) => api.consultaGruposPublicacaoAdmin({}, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.listGrupos,
  });
}

/** One publication with its counts per tab and its reach (consultaPublicacaoAdmin); off for a new one. */
export function usePublication(idPublicacao: number | null) {
  return useQuery({
    queryKey: publicationKeys.one(idPublicacao ?? 0),
    queryFn: ({ signal }) => api.consultaPublicacaoAdmin({ idPublicacao: idPublicacao ?? 0 }, { signal }),
    enabled: idPublicacao !== null,
  });
}

/** A page of one tab of a publication (consultaInteracoesPublicacaoAdmin). */
export function usePublicationInteractions(query: InteractionsQuery, enabled = true) {
  return useQuery({
    queryKey: publicationKeys.interactions(query),
    queryFn: ({ signal }) => api.consultaInteracoesPublicacaoAdmin(query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Creates or edits a publication: publish, schedule or keep as a draft (salvaPublicacaoAdmin, multipart). */
export function useSavePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SalvaPublicacaoAdminInput) => api.salvaPublicacaoAdmin(input, { multipart: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}

/** Moves a scheduled publication to another time (reagendaPublicacaoAdmin). */
export function useReschedulePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { idPublicacao: number; dtAgendamento: string }) =>
      api.reagendaPublicacaoAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}

/** Cancels a schedule: delete, keep as a draft or publish now (cancelaAgendamentoPublicacaoAdmin). */
export function useCancelSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof cancelaAgendamentoPublicacaoAdmin>) =>
      api.cancelaAgendamentoPublicacaoAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}

/** Deletes a publication (excluiPublicacaoAdmin). */
export function useDeletePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idPublicacao: number) => api.excluiPublicacaoAdmin({ idPublicacao }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}

/** Hides, shows again or deletes a comment, with the reason (moderaComentarioAdmin). */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof moderaComentarioAdmin>) => api.moderaComentarioAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}
