import type { SalvaAdministradorAdminInput } from '@elo/contract/calls/administrators';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { loggedUserQueryOptions, useKnownLoggedUser } from '#lib/session.ts';

/** Cache keys of the administrators area. */
export const administratorKeys = {
  all: ['admin-administrators'] as const,
  list: (page: number, size: number, search: string) =>
    ['admin-administrators', 'list', page, size, search] as const,
  one: (idUsuario: number) => ['admin-administrators', 'one', idUsuario] as const,
  options: ['admin-administrators', 'options'] as const,
  candidates: (search: string) => ['admin-administrators', 'candidates', search] as const,
};

/** A page of the company's administrators (consultaAdministradoresAdmin). */
export function useAdministratorList(page: number, size: number, search: string) {
  return useQuery({
    queryKey: administratorKeys.list(page, size, search),
    queryFn: ({ signal }) =>
      api.consultaAdministradoresAdmin(
        { idPaginaAtual: page, qtdRegistrosPorPagina: size, ...(search ? { busca: search } : {}) },
        { signal },
      ),
    // The rows stay while the next page or search loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}

/** One administrator with every permission's status (consultaAdministradorAdmin); off for a new one. */
export function useAdministrator(idUsuario: number | null) {
  return useQuery({
    queryKey: administratorKeys.one(idUsuario ?? 0),
    queryFn: ({ signal }) => api.consultaAdministradorAdmin({ idUsuario: idUsuario ?? 0 }, { signal }),
    enabled: idUsuario !== null,
    select: (answer) => answer.administrador,
  });
}

/** The ticket subjects and groups the form may assign (consultaOpcoesAdministradorAdmin). */
export function useAdministratorOptions() {
  return useQuery({
    queryKey: administratorKeys.options,
    queryFn: ({ signal }) => api.consultaOpcoesAdministradorAdmin({}, { signal }),
    staleTime: 60_000,
  });
}

/** Employees who are not administrators yet, to promote (consultaCandidatosAdministradorAdmin). */
export function useAdministratorCandidates(search: string, enabled: boolean) {
  return useQuery({
    queryKey: administratorKeys.candidates(search),
    queryFn: ({ signal }) => api.consultaCandidatosAdministradorAdmin({ busca: search }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    select: (answer) => answer.listUsuarios,
  });
}

/**
 * Creates, promotes or edits an administrator (salvaAdministradorAdmin). Editing oneself may change
 * one's own statuses: then the signed-in user is asked again.
 */
export function useSaveAdministrator() {
  const queryClient = useQueryClient();
  const ownId = useKnownLoggedUser()?.usuario.idUsuario;
  return useMutation({
    mutationFn: (input: SalvaAdministradorAdminInput) => api.salvaAdministradorAdmin(input),
    onSuccess: ({ administrador }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: administratorKeys.all }),
        administrador.idUsuario === ownId
          ? queryClient.invalidateQueries({ queryKey: loggedUserQueryOptions.queryKey })
          : undefined,
      ]),
  });
}

/** Removes an administrator, who stays an employee (removeAdministradorAdmin). */
export function useRemoveAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idUsuario: number) => api.removeAdministradorAdmin({ idUsuario }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: administratorKeys.all }),
  });
}
