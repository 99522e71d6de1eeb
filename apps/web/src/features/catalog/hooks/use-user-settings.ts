import type { CatalogKindValue, SelfEditableFieldValue } from '@elo/contract/calls/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { userSettingsKeys } from '#lib/catalog-keys.ts';

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
