import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  NotificationStreamEvent,
  notificationStreamDataSchema,
  notificationStreamPath,
} from '@elo/contract/calls/notifications';
import { refreshAfterNotification } from '#lib/hr-tickets.ts';
import { applyStreamEvent, notificationKeys } from '../notification-cache.ts';

const firstRetryMs = 1_000;
const maxRetryMs = 60_000;

/**
 * Listens to the person's notification stream while mounted and lays each event over the cache.
 * EventSource reconnects by itself after a dropped connection; when the server refuses it (a
 * node shutting down answers 503) it gives up, so the hook opens a new one, waiting longer each
 * time. After every (re)connection the list is fetched again: items may have come meanwhile.
 */
export function useNotificationStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryMs = firstRetryMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      source = new EventSource(notificationStreamPath);
      for (const event of Object.values(NotificationStreamEvent)) {
        source.addEventListener(event, (message) => {
          const parsed = notificationStreamDataSchema.safeParse(
            JSON.parse((message as MessageEvent<string>).data),
          );
          if (!parsed.success) return;
          if (event === NotificationStreamEvent.ready) {
            retryMs = firstRetryMs;
            void client.invalidateQueries({ queryKey: notificationKeys.list });
          }
          applyStreamEvent(client, event, parsed.data);
          // What the notification is about changed too: an HR answer moves the tickets' unread count.
          if (parsed.data.notificacao) refreshAfterNotification(client, parsed.data.notificacao.tipo);
        });
      }
      source.addEventListener('error', () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, maxRetryMs);
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [client]);
}
