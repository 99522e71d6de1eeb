import type { SalvaTelaTvAdminInput, TelaTv } from '@elo/contract/calls/tv';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache keys of the corporate TV's administration. */
export const tvAdminKeys = {
  all: ['admin-tv'] as const,
  screens: ['admin-tv', 'screens'] as const,
  groups: ['admin-tv', 'groups'] as const,
  preview: (idTela: number) => ['admin-tv', 'preview', idTela] as const,
};

/** How often the list asks again, so "online" and "last seen" stay current. */
export const screensRefreshMs = 30_000;

/**
 * How often it asks while a screen waits to be paired or, just paired, for its TV's first contact:
 * a pairing done in another tab or by another administrator shows 'Pareada' and 'Online' within
 * seconds, without a reload. (No live channel reaches administrators: the TV's stream is for
 * devices and the notification stream is per person.)
 */
export const pendingPairingRefreshMs = 3_000;

/** Whether some screen waits for a pairing or for its newly paired TV's first contact. */
const pairingPending = (screens: readonly TelaTv[]) =>
  screens.some((screen) => screen.flPareada === 'N' || screen.dtUltimoContato === null);

/**
 * The company's screens (consultaTelasTvAdmin), refreshed every 30 s, every 3 s while a pairing is
 * pending (only while the tab is shown, React Query's default).
 */
export function useTvScreens() {
  return useQuery({
    queryKey: tvAdminKeys.screens,
    queryFn: ({ signal }) => api.consultaTelasTvAdmin({}, { signal }),
    refetchInterval: (query) =>
      query.state.data && pairingPending(query.state.data.listTelas)
        ? pendingPairingRefreshMs
        : screensRefreshMs,
    select: (answer) => answer.listTelas,
  });
}

/** The company's groups (consultaGruposTvAdmin). */
export function useTvGroups() {
  return useQuery({
    queryKey: tvAdminKeys.groups,
    queryFn: ({ signal }) => api.consultaGruposTvAdmin({}, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.listGrupos,
  });
}

/** What a screen would rotate now (consultaConteudoTelaTvAdmin), for the preview. */
export function useTvPreview(idTela: number | null) {
  return useQuery({
    queryKey: tvAdminKeys.preview(idTela ?? 0),
    queryFn: ({ signal }) => api.consultaConteudoTelaTvAdmin({ idTela: idTela ?? 0 }, { signal }),
    enabled: idTela !== null,
  });
}

function useTvMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tvAdminKeys.screens }),
  });
}

/** Creates or edits a screen (salvaTelaTvAdmin). */
export const useSaveTvScreen = () =>
  useTvMutation((input: SalvaTelaTvAdminInput) => api.salvaTelaTvAdmin(input));

/** Pairs a screen with the code its TV shows (pareiaTelaTvAdmin). */
export const usePairTvScreen = () =>
  useTvMutation((input: { idTela: number; codigo: string }) => api.pareiaTelaTvAdmin(input));

/** Unpairs a screen: its TV shows it is no longer authorised (revogaTelaTvAdmin). */
export const useRevokeTvScreen = () => useTvMutation((idTela: number) => api.revogaTelaTvAdmin({ idTela }));

/** Deletes a screen (excluiTelaTvAdmin). */
export const useDeleteTvScreen = () => useTvMutation((idTela: number) => api.excluiTelaTvAdmin({ idTela }));
