import type { CallInput } from '@elo/contract/define-call';
import type { consultaUsuariosAdmin, SalvaUsuarioAdminInput } from '@elo/contract/calls/users';
import type { CatalogKindValue } from '@elo/contract/calls/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache keys of the users area. */
export const userKeys = {
  all: ['admin-users'] as const,
  list: (query: UsersQuery) => ['admin-users', 'list', query] as const,
  one: (idUsuario: number) => ['admin-users', 'one', idUsuario] as const,
  groups: ['admin-users', 'groups'] as const,
  catalog: (tipo: CatalogKindValue) => ['admin-users', 'catalog', tipo] as const,
};

/** The filters and page the users list is asked for. */
export type UsersQuery = CallInput<typeof consultaUsuariosAdmin>;

/** A page of the company's people (consultaUsuariosAdmin). */
export function useUserList(query: UsersQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api.consultaUsuariosAdmin(query, { signal }),
    // The rows stay while the next page or filter loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}

/** One person as the form edits them (consultaUsuarioAdmin); off for a new one. */
export function useUser(idUsuario: number | null) {
  return useQuery({
    queryKey: userKeys.one(idUsuario ?? 0),
    queryFn: ({ signal }) => api.consultaUsuarioAdmin({ idUsuario: idUsuario ?? 0 }, { signal }),
    enabled: idUsuario !== null,
    select: (answer) => answer.usuario,
  });
}

/** The company's groups (consultaGruposUsuarioAdmin). */
export function useUserGroups() {
  return useQuery({
    queryKey: userKeys.groups,
    queryFn: ({ signal }) => api.consultaGruposUsuarioAdmin({}, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.listGrupos,
  });
}

/** One catalogue of the user settings (consultaCatalogoAdmin): units, branches, sectors, positions. */
export function useCatalog(tipo: CatalogKindValue) {
  return useQuery({
    queryKey: userKeys.catalog(tipo),
    queryFn: ({ signal }) => api.consultaCatalogoAdmin({ tipo }, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.listItens,
  });
}

/** Creates or edits a person (salvaUsuarioAdmin). */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SalvaUsuarioAdminInput) => api.salvaUsuarioAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Sends a person's photo (enviaFotoUsuarioAdmin). */
export function useUploadUserPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idUsuario, file }: { idUsuario: number; file: File }) =>
      api.enviaFotoUsuarioAdmin({ idUsuario, file }, { multipart: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Activates or deactivates people (alteraSituacaoUsuariosAdmin). */
export function useSetUsersActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { idsUsuarios: number[]; flAtivo: 'S' | 'N' }) =>
      api.alteraSituacaoUsuariosAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Ends a person's sessions (encerraSessoesUsuarioAdmin). */
export function useEndUserSessions() {
  return useMutation({
    mutationFn: (idUsuario: number) => api.encerraSessoesUsuarioAdmin({ idUsuario }),
  });
}

/**
 * Queues the first-access invitation of people (enviaConvitesUsuariosAdmin); with `bySms`, those
 * without an e-mail get it by SMS.
 */
export function useSendInvitations() {
  return useMutation({
    mutationFn: ({ idsUsuarios, bySms }: { idsUsuarios: number[]; bySms: boolean }) =>
      api.enviaConvitesUsuariosAdmin({ idsUsuarios, flSmsSemEmail: bySms ? 'S' : 'N' }),
  });
}
