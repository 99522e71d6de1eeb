import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { NotificationStreamData } from '@elo/contract/calls/notifications';
import type { CallOutput } from '@elo/contract/define-call';
import type { consultaNotificacoes } from '@elo/contract/calls/notifications';

export type NotificationPage = CallOutput<typeof consultaNotificacoes>;

/** Cache keys of the bell: the unread count and the list (pages loaded so far). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/**
 * A stream event's news laid over the cache: the count, a new or grown entry on top (a grown one
 * leaves its old place), read marks.
 */
export function applyStreamEvent(
  client: QueryClient,
  event: 'pronto' | 'notificacao' | 'lidas',
  data: NotificationStreamData,
): void {
  client.setQueryData(notificationKeys.unread, data.qtdNaoLidas);
  if (event === 'notificacao' && data.notificacao) {
    const item = data.notificacao;
    client.setQueryData<InfiniteData<NotificationPage, number>>(notificationKeys.list, (cached) => {
      if (!cached || cached.pages.length === 0) return cached;
      const known = cached.pages.some((page) =>
        page.listNotificacoes.some((entry) => entry.idNotificacao === item.idNotificacao),
      );
      const pages = cached.pages.map((page, index) => {
        const others = page.listNotificacoes.filter((entry) => entry.idNotificacao !== item.idNotificacao);
        return {
          ...page,
          listNotificacoes: index === 0 ? [item, ...others] : others,
          qtdTotalRegistros: page.qtdTotalRegistros + (known ? 0 : 1),
        };
      });
      return { ...cached, pages };
    });
  }
  if (event === 'lidas') markReadInCache(client, data.idsNotificacoes ?? 'all');
}

/** Shows these items (or all) as read in the loaded pages. */
export function markReadInCache(client: QueryClient, ids: number[] | 'all'): void {
  const read = ids === 'all' ? undefined : new Set(ids);
  client.setQueryData<InfiniteData<NotificationPage, number>>(notificationKeys.list, (cached) =>
    cached
      ? {
          ...cached,
          pages: cached.pages.map((page) => ({
            ...page,
            listNotificacoes: page.listNotificacoes.map((item) =>
              !read || read.has(item.idNotificacao) ? { ...item, flLida: 'S' as const } : item,
            ),
          })),
        }
      : cached,
  );
}
