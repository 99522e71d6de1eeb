import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { createEventBus } from '../../platform/bus.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { Database } from '../../db/client.ts';
import { createNotificationsService, type NotificationsService } from './service.ts';
import { createNotificationStream, type NotificationStream } from './stream.ts';

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
  const service = createNotificationsService({ db: deps.db, publish: stream.publish, log: deps.log });
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
    consultaNotificacoes: (input, context) =>
      notifications.list(context.session, {
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
      }),
    marcaNotificacoesLidas: (input, context) =>
      notifications.markRead(context.session, 'todas' in input ? 'all' : input.idsNotificacoes),
    consultaPreferenciasNotificacao: (_input, context) => notifications.preferences(context.session),
    salvaPreferenciasNotificacao: (input, context) =>
      notifications.savePreferences(context.session, input.listPreferencias),
  } satisfies Partial<CallHandlers>;
}
