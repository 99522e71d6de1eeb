import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreferenciaNotificacao } from '@elo/contract/calls/notifications';
import { api } from '#lib/api.ts';
import { markReadInCache, notificationKeys } from '../notification-cache.ts';

const pageSize = 10;

/** The unread count for the bell; the stream keeps it current afterwards. */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) =>
      (await api.consultaNotificacoes({ idPaginaAtual: 1, qtdRegistrosPorPagina: 1 }, { signal }))
        .qtdNaoLidas,
    staleTime: Infinity,
  });
}

/** The bell's list, a page at a time, fetched while the list is open. */
export function useNotificationList(enabled: boolean) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    enabled,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.consultaNotificacoes(
        { idPaginaAtual: pageParam, qtdRegistrosPorPagina: pageSize },
        { signal },
      );
      client.setQueryData(notificationKeys.unread, page.qtdNaoLidas);
      return page;
    },
    getNextPageParam: (last, pages) =>
      pages.reduce((shown, page) => shown + page.listNotificacoes.length, 0) < last.qtdTotalRegistros
        ? pages.length + 1
        : undefined,
  });
}

/** Marks some (by id) or all of the caller's notifications read. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') =>
      api.marcaNotificacoesLidas(ids === 'all' ? { todas: 'S' } : { idsNotificacoes: ids }),
    onMutate: (ids) => markReadInCache(client, ids),
    onSuccess: (answer) => client.setQueryData(notificationKeys.unread, answer.qtdNaoLidas),
    onError: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** The caller's choice per type. */
export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.preferences,
    enabled,
    queryFn: async ({ signal }) =>
      (await api.consultaPreferenciasNotificacao({}, { signal })).listPreferencias,
  });
}

/** Saves the caller's choices. */
export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listPreferencias: PreferenciaNotificacao[]) =>
      api.salvaPreferenciasNotificacao({ listPreferencias }),
    onSuccess: (_answer, saved) => client.setQueryData(notificationKeys.preferences, saved),
  });
}
