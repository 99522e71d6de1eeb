import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { createEventBus } from '../../platform/bus.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { Database } from '../../db/client.ts';
import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import {
  createNotificationsService,
  listNotifications,
  markNotificationsRead,
  notificationPreferences,
  saveNotificationPreferences,
  type NotificationsService,
} from './service.ts';
import { createNotificationStream, type NotificationStream } from './stream.ts';
import { personEventOf, preferenceOf, presentNotification, presentPreference } from './wire.ts';

/** A heartbeat comment under the 30 s that proxies commonly allow an idle response. */
const heartbeatMs = 25_000;
const sessionCheckMs = 30_000;

/**
 * Notifications of this node: the service features call, and the live stream with its own bus
 * (Redis pub/sub when the deployment has Redis, so an item reaches tabs on every node).
 */
export function createNotifications(deps: {
  db: Database;
  sessions: SessionManager;
  redis: Redis | undefined;
  log: FastifyInstance['log'];
}): { service: NotificationsService; stream: NotificationStream } {
  const stream = createNotificationStream({
    sessions: deps.sessions,
    bus: createEventBus(deps.redis, { log: deps.log }),
    log: deps.log,
    options: { heartbeatMs, sessionCheckMs },
  });
  const service = createNotificationsService({
    db: deps.db,
    publish: (events) => stream.publish(events.map(personEventOf)),
    log: deps.log,
  });
  return { service, stream };
}

/** The stream at /backend/notificacoes/eventos; it stops with the app. */
export async function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifications: ReturnType<typeof createNotifications> },
) {
  const { service, stream } = deps.notifications;
  await stream.register(app, service.countUnread);
  app.addHook('onClose', async () => stream.close());
}

/** The notification calls' handlers. */
export function notificationHandlers({ notifications }: { notifications: NotificationsService }) {
  return {
    consultaNotificacoes: async (input, { session }) => {
      const { page, unread } = await listNotifications(notifications, session, pageQueryOf(input));
      return { ...pagedAnswer('listNotificacoes', page, presentNotification), qtdNaoLidas: unread };
    },
    marcaNotificacoesLidas: async (input, { session }) => ({
      qtdNaoLidas: await markNotificationsRead(
        notifications,
        session,
        'todas' in input ? 'all' : input.idsNotificacoes,
      ),
    }),
    consultaPreferenciasNotificacao: async (_input, { session }) => ({
      listPreferencias: (await notificationPreferences(notifications, session)).map(presentPreference),
    }),
    salvaPreferenciasNotificacao: async (input, { session }) => {
      await saveNotificationPreferences(notifications, session, input.listPreferencias.map(preferenceOf));
      return { ok: true as const };
    },
  } satisfies Partial<CallHandlers>;
}
