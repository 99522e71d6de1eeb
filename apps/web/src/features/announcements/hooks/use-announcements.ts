import type { CallInput } from '@elo/contract/define-call';
import type { consultaComunicadosAdmin, SalvaComunicadoAdminInput } from '@elo/contract/calls/announcements';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache keys of the announcements area. */
export const announcementKeys = {
  all: ['admin-announcements'] as const,
  list: (query: AnnouncementsQuery) => ['admin-announcements', 'list', query] as const,
  groups: ['admin-announcements', 'groups'] as const,
};

/** The status and page the list is asked for. */
export type AnnouncementsQuery = CallInput<typeof consultaComunicadosAdmin>;

/** A page of the company's announcements in the carousel's order (consultaComunicadosAdmin). */
export function useAnnouncementList(query: AnnouncementsQuery) {
  return useQuery({
    queryKey: announcementKeys.list(query),
    queryFn: ({ signal }) => api.consultaComunicadosAdmin(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's groups (consultaGruposComunicadoAdmin). */
export function useAnnouncementGroups() {
  return useQuery({
    queryKey: announcementKeys.groups,
    queryFn: ({ signal }) => api.consultaGruposComunicadoAdmin({}, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.listGrupos,
  });
}

/** Creates or edits an announcement, with its image when one was chosen (salvaComunicadoAdmin). */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SalvaComunicadoAdminInput) => api.salvaComunicadoAdmin(input, { multipart: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

/** Deletes an announcement (excluiComunicadoAdmin). */
export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idComunicado: number) => api.excluiComunicadoAdmin({ idComunicado }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

/** Puts the announcements sent in that order among their places (ordenaComunicadosAdmin). */
export function useReorderAnnouncements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idsComunicados: number[]) => api.ordenaComunicadosAdmin({ idsComunicados }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
