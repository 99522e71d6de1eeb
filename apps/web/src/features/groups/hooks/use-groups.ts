import type { CallInput } from '@elo/contract/define-call';
import type {
  adicionaMembrosGrupoAdmin,
  alteraMembroGrupoAdmin,
  consultaGruposAdmin,
  consultaMembrosGrupoAdmin,
  removeMembrosGrupoAdmin,
  salvaRegrasGrupoAdmin,
} from '@elo/contract/calls/groups';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache keys of the groups area. */
export const groupKeys = {
  all: ['admin-groups'] as const,
  list: (query: GroupsQuery) => ['admin-groups', 'list', query] as const,
  one: (idGrupo: number) => ['admin-groups', 'one', idGrupo] as const,
  members: (query: MembersQuery) => ['admin-groups', 'members', query] as const,
  candidates: (idGrupo: number, busca: string) => ['admin-groups', 'candidates', idGrupo, busca] as const,
  rules: (idGrupo: number) => ['admin-groups', 'rules', idGrupo] as const,
  ruleOptions: ['admin-groups', 'rule-options'] as const,
};

export type GroupsQuery = CallInput<typeof consultaGruposAdmin>;
export type MembersQuery = CallInput<typeof consultaMembrosGrupoAdmin>;

/** A page of the company's groups (consultaGruposAdmin). */
export function useGroupList(query: GroupsQuery) {
  return useQuery({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => api.consultaGruposAdmin(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One group (consultaGrupoAdmin); off for a new one. */
export function useGroup(idGrupo: number | null) {
  return useQuery({
    queryKey: groupKeys.one(idGrupo ?? 0),
    queryFn: ({ signal }) => api.consultaGrupoAdmin({ idGrupo: idGrupo ?? 0 }, { signal }),
    enabled: idGrupo !== null,
    select: (answer) => answer.grupo,
  });
}

/** The group form as sent: the photo only when a new one was chosen; flRemoverFoto to clear it. */
export interface SaveGroupValues {
  idGrupo?: number;
  /** The versao read with the group: a stale one is refused (409 REGISTRO_ALTERADO). */
  versao?: number;
  nome: string;
  sigla: string;
  flPadrao: 'S' | 'N';
  foto?: File;
  /** S removes the saved photo (when no new one is sent). */
  flRemoverFoto?: 'S';
}

/** Creates or edits a group (salvaGrupoAdmin, multipart). */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SaveGroupValues) => api.salvaGrupoAdmin(values, { multipart: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** Deletes a group (excluiGrupoAdmin). */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idGrupo: number) => api.excluiGrupoAdmin({ idGrupo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** A page of a group's members (consultaMembrosGrupoAdmin). */
export function useGroupMembers(query: MembersQuery) {
  return useQuery({
    queryKey: groupKeys.members(query),
    queryFn: ({ signal }) => api.consultaMembrosGrupoAdmin(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** People to add, matching the words (consultaCandidatosMembroGrupoAdmin). */
export function useMemberCandidates(idGrupo: number, busca: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: groupKeys.candidates(idGrupo, busca),
    queryFn: ({ signal }) =>
      api.consultaCandidatosMembroGrupoAdmin({ idGrupo, ...(busca ? { busca } : {}) }, { signal }),
    placeholderData: keepPreviousData,
    select: (answer) => answer.listUsuarios,
  });
}

/** Adds people by hand (adicionaMembrosGrupoAdmin). */
export function useAddMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof adicionaMembrosGrupoAdmin>) => api.adicionaMembrosGrupoAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** Changes a member's roles (alteraMembroGrupoAdmin). */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof alteraMembroGrupoAdmin>) => api.alteraMembroGrupoAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** Removes people by hand (removeMembrosGrupoAdmin). */
export function useRemoveMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof removeMembrosGrupoAdmin>) => api.removeMembrosGrupoAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** A group's audience rules with their versao (consultaRegrasGrupoAdmin). */
export function useGroupRules(idGrupo: number) {
  return useQuery({
    queryKey: groupKeys.rules(idGrupo),
    queryFn: ({ signal }) => api.consultaRegrasGrupoAdmin({ idGrupo }, { signal }),
  });
}

/** What a rule may name (consultaOpcoesRegrasGrupoAdmin). */
export function useRuleOptions() {
  return useQuery({
    queryKey: groupKeys.ruleOptions,
    queryFn: ({ signal }) => api.consultaOpcoesRegrasGrupoAdmin({}, { signal }),
    staleTime: 60_000,
  });
}

/** Replaces a group's rules (salvaRegrasGrupoAdmin). */
export function useSaveRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof salvaRegrasGrupoAdmin>) => api.salvaRegrasGrupoAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
