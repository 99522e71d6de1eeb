import type {
  CatalogKindValue,
  ResultadoImportacao,
  SelfEditableFieldValue,
} from '@elo/contract/calls/people';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { ApiError } from '#lib/api-client.ts';

/** Cache keys of the user settings. */
export const userSettingsKeys = {
  all: ['admin-user-settings'] as const,
  catalog: (tipo: CatalogKindValue) => ['admin-user-settings', 'catalog', tipo] as const,
  fields: ['admin-user-settings', 'fields'] as const,
};

/** A catalogue's items with how many people use each (consultaCatalogoAdmin). */
export function useCatalog(tipo: CatalogKindValue) {
  return useQuery({
    queryKey: userSettingsKeys.catalog(tipo),
    queryFn: ({ signal }) => api.consultaCatalogoAdmin({ tipo }, { signal }),
    select: (answer) => answer.listItens,
  });
}

/** Creates, renames or (de)activates an item (salvaItemCatalogoAdmin). */
export function useSaveCatalogItem(tipo: CatalogKindValue) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; nome: string; flAtivo: 'S' | 'N' }) =>
      api.salvaItemCatalogoAdmin({ tipo, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSettingsKeys.catalog(tipo) }),
  });
}

/** Deletes an item no one uses (excluiItemCatalogoAdmin); one in use is refused with 409. */
export function useDeleteCatalogItem(tipo: CatalogKindValue) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.excluiItemCatalogoAdmin({ tipo, id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSettingsKeys.catalog(tipo) }),
  });
}

/** The profile fields employees may change themselves (consultaConfiguracoesUsuarioAdmin). */
export function useSelfEditableFields() {
  return useQuery({
    queryKey: userSettingsKeys.fields,
    queryFn: ({ signal }) => api.consultaConfiguracoesUsuarioAdmin({}, { signal }),
    select: (answer) => answer.camposEditaveis,
  });
}

export function useSaveSelfEditableFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (camposEditaveis: SelfEditableFieldValue[]) =>
      api.salvaConfiguracoesUsuarioAdmin({ camposEditaveis }),
    onSuccess: (answer) => queryClient.setQueryData(userSettingsKeys.fields, answer),
  });
}

/** An import may take a while on a large file: well beyond the usual answer time. */
const importTimeoutMs = 180_000;

/**
 * Simulates or applies an import (importaUsuariosAdmin). A refused apply (422 IMPORT_HAS_ERRORS)
 * comes back as its per-row result, as a simulation does, with `refused` set.
 */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      file: File;
      simular: 'S' | 'N';
      flDesativarAusentes: 'S' | 'N';
    }): Promise<{ result: ResultadoImportacao; refused: boolean }> => {
      try {
        return {
          result: await api.importaUsuariosAdmin(input, { timeoutMs: importTimeoutMs }),
          refused: false,
        };
      } catch (error) {
        if (error instanceof ApiError && error.errorCode === 'IMPORT_HAS_ERRORS' && error.body.resultado) {
          return { result: error.body.resultado as ResultadoImportacao, refused: true };
        }
        throw error;
      }
    },
    onSuccess: ({ result }) => {
      if (result.flSimulacao === 'N')
        return queryClient.invalidateQueries({ queryKey: userSettingsKeys.all });
      return undefined;
    },
  });
}
