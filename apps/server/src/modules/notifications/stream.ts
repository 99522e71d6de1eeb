import fastifySse from '@fastify/sse';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import {
  NotificationStreamEvent,
  notificationStreamPath,
  type NotificationStreamData,
} from '@elo/contract/calls/notifications';
import { routes } from '@elo/contract/routes';
import { authorize } from '../../platform/auth/policy.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import type { EventBus } from '../../platform/bus.ts';
import { sessionOf } from '../../platform/http/bind-call.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

/** Bus topics: events for people, and sessions that ended. */
const eventsTopic = 'notifications:events';
const endedTopic = 'notifications:sessions-ended';

type StreamEventName = (typeof NotificationStreamEvent)[keyof typeof NotificationStreamEvent];

/** One event for one person's open tabs. */
export interface PersonEvent {
  userId: number;
  event: StreamEventName;
  data: NotificationStreamData;
}

interface Connection {
  userId: number;
  sessionId: number;
  reply: FastifyReply;
  /** Events that came before the first one (the unread count) was written, in order. */
  waiting: PersonEvent[] | undefined;
}

export interface NotificationStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** How often this node checks that its streams' sessions are still live (idle and absolute expiry). */
  sessionCheckMs: number;
}

/**
 * The live half of notifications: the server-sent event streams open on this node, fed by the
 * bus, so an event published on any node reaches every open tab of its person.
 */
export function createNotificationStream(deps: {
  sessions: SessionManager;
  bus: EventBus;
  log: FastifyBaseLogger;
  options: NotificationStreamOptions;
}) {
  const { bus, log } = deps;
  const byUser = new Map<number, Set<Connection>>();
  let stopping = false;

  function* connections(): Generator<Connection> {
    for (const set of byUser.values()) yield* set;
  }

  function write(connection: Connection, event: PersonEvent) {
    if (connection.waiting) {
      connection.waiting.push(event);
      return;
    }
    if (!connection.reply.sse.isConnected) return;
    connection.reply.sse
      .send({ event: event.event, data: event.data })
      .catch((error: unknown) => log.info({ err: error }, 'notification stream write failed'));
  }

  function receiveEvents(payload: string) {
    for (const event of JSON.parse(payload) as PersonEvent[]) {
      for (const connection of byUser.get(event.userId) ?? []) write(connection, event);
    }
  }

  function endStreams(predicate: (connection: Connection) => boolean) {
    for (const connection of [...connections()]) if (predicate(connection)) connection.reply.sse.close();
  }

  function receiveEnded(payload: string) {
    const ended = new Set(payload.split(',').map(Number));
    endStreams((connection) => ended.has(connection.sessionId));
  }

  // Sessions also end with nobody telling (idle or absolute expiry): checked in one statement.
  let checking = false;
  const sessionCheck = setInterval(() => {
    const open = [...connections()];
    if (checking || stopping || open.length === 0) return;
    checking = true;
    deps.sessions
      .findLive([...new Set(open.map((connection) => connection.sessionId))])
      .then((live) => endStreams((connection) => !live.has(connection.sessionId)))
      .catch((error: unknown) => log.warn({ err: error }, 'notification streams not checked'))
      .finally(() => (checking = false));
  }, deps.options.sessionCheckMs);
  sessionCheck.unref();

  return {
    /** Sends events to their people's tabs on every node: one bus message for all of them. */
    publish(events: PersonEvent[]) {
      if (events.length === 0) return;
      bus
        .publish(eventsTopic, JSON.stringify(events))
        .catch((error: unknown) => log.error({ err: error }, 'notification events not published'));
    },

    /** Tells every node these sessions ended: their streams close at once. */
    endSessions(sessionIds: number[]) {
      if (sessionIds.length === 0) return;
      bus
        .publish(endedTopic, sessionIds.join(','))
        .catch((error: unknown) => log.error({ err: error }, 'stream session ends not published'));
    },

    /**
     * Registers `GET /backend/notificacoes/eventos` for the signed-in session (401 without): the
     * first event is the unread count, then every new item and read mark of that person.
     */
    async register(app: FastifyInstance, countUnread: (scope: TenantScope) => Promise<number>) {
      await bus.subscribe(eventsTopic, receiveEvents);
      await bus.subscribe(endedTopic, receiveEnded);
      await app.register(fastifySse, { heartbeatInterval: deps.options.heartbeatMs });
      // Before the server waits for open requests: a stream ends, and its client reconnects elsewhere.
      app.addHook('preClose', async () => {
        stopping = true;
        clearInterval(sessionCheck);
        endStreams(() => true);
      });
      app.get(notificationStreamPath, { sse: 'only' }, async (request, reply) => {
        // Declared in the contract (routes.eventosNotificacoes), decided by the one policy.
        const session = authorize(routes.eventosNotificacoes, await sessionOf(request, deps.sessions))!;
        if (stopping) throw new AppError('SERVICE_UNAVAILABLE');
        reply.sse.keepAlive();
        const connection: Connection = {
          userId: session.userId,
          sessionId: session.sessionId,
          reply,
          waiting: [],
        };
        let set = byUser.get(session.userId);
        if (!set) byUser.set(session.userId, (set = new Set()));
        set.add(connection);
        reply.sse.onClose(() => {
          set.delete(connection);
          if (set.size === 0 && byUser.get(session.userId) === set) byUser.delete(session.userId);
        });
        // Registered first, counted next: nothing stored meanwhile is missed.
        const unread = await countUnread({ companyId: session.companyId, userId: session.userId });
        await reply.sse.send({ event: NotificationStreamEvent.ready, data: { qtdNaoLidas: unread } });
        const waiting = connection.waiting ?? [];
        connection.waiting = undefined;
        for (const event of waiting) write(connection, event);
      });
    },

    async close() {
      clearInterval(sessionCheck);
      await bus.close();
    },
  };
}

export type NotificationStream = ReturnType<typeof createNotificationStream>;
