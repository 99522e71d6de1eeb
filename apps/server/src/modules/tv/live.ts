import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { TvEvent, tvEventsPath } from '@elo/contract/calls/tv';
import { routes } from '@elo/contract/routes';
import { authorizeDevice } from '../../platform/auth/policy.ts';
import type { EventBus } from '../../platform/bus.ts';
import { deviceOf, type Device, type DeviceResolver } from '../../platform/http/bind-call.ts';
import { AppError } from '../../platform/http/app-error.ts';

const topic = 'tv:events';

type TvEventName = (typeof TvEvent)[keyof typeof TvEvent];

/** One bus message: an event for the company's screens, or only for some of them. */
interface TvBusMessage {
  companyId: number;
  /** Null: every screen of the company. */
  screenIds: number[] | null;
  event: TvEventName;
}

interface Connection {
  device: Device;
  token: string;
  reply: FastifyReply;
  /** Told it was revoked: it hears nothing more while its stream closes. */
  ended?: boolean;
}

/**
 * The screens' live streams (`GET /backend/tv/eventos`, bearer device token): `conteudo` when what
 * they show changed, `revogada` when they lost their authorisation (then the stream ends). Fed by
 * the bus, so a change on any node reaches a screen connected to any other. Each open stream's
 * token is checked again at every keep-alive, so a revocation whose message was lost still ends it.
 */
export function createTvLive(deps: {
  bus: EventBus;
  log: FastifyBaseLogger;
  devices: DeviceResolver;
  /** Counts a stream opened by a device against its rate limit (throws 429 past it). */
  admit: (device: Device) => Promise<void>;
  /** Records a screen's contact (throttled by the caller). */
  touch: (screenId: number) => Promise<void>;
  /** How often open streams' tokens are checked again. */
  checkMs: number;
}) {
  const { bus, log } = deps;
  const byCompany = new Map<number, Set<Connection>>();
  let stopping = false;

  function* connections(): Generator<Connection> {
    for (const set of byCompany.values()) yield* set;
  }

  function send(connection: Connection, event: TvEventName) {
    if (connection.ended || !connection.reply.sse.isConnected) return;
    if (event === TvEvent.revoked) connection.ended = true;
    connection.reply.sse
      .send({ event, data: { evento: event } })
      .catch((error: unknown) => log.info({ err: error }, 'tv stream write failed'))
      .finally(() => {
        if (event === TvEvent.revoked) connection.reply.sse.close();
      });
  }

  function receive(payload: string) {
    const message = JSON.parse(payload) as TvBusMessage;
    for (const connection of [...(byCompany.get(message.companyId) ?? [])]) {
      if (message.screenIds && !message.screenIds.includes(connection.device.deviceId)) continue;
      send(connection, message.event);
    }
  }

  let checking = false;
  const check = setInterval(() => {
    const open = [...connections()];
    if (checking || stopping || open.length === 0) return;
    checking = true;
    Promise.all(
      open.map(async (connection) => {
        const live = await deps.devices(connection.token, connection.reply.request);
        if (!live || live.deviceId !== connection.device.deviceId) send(connection, TvEvent.revoked);
        else await deps.touch(live.deviceId);
      }),
    )
      .catch((error: unknown) => log.warn({ err: error }, 'tv streams not checked'))
      .finally(() => (checking = false));
  }, deps.checkMs);
  check.unref();

  function publish(message: TvBusMessage) {
    bus
      .publish(topic, JSON.stringify(message))
      .catch((error: unknown) => log.error({ err: error }, 'tv event not published'));
  }

  return {
    /** Tells the company's screens (or only these) that what they show changed. */
    contentChanged(companyId: number, screenIds: number[] | null = null) {
      publish({ companyId, screenIds, event: TvEvent.content });
    },

    /** Tells these screens they are no longer authorised; their streams end. */
    revoked(companyId: number, screenIds: number[]) {
      publish({ companyId, screenIds, event: TvEvent.revoked });
    },

    /** Whether this node holds an open stream of the screen. */
    isConnected(screenId: number) {
      for (const connection of connections()) if (connection.device.deviceId === screenId) return true;
      return false;
    },

    /** Registers the stream's route (after the server-sent events plugin is registered). */
    async register(app: FastifyInstance) {
      await bus.subscribe(topic, receive);
      app.addHook('onClose', async () => bus.close());
      app.addHook('preClose', async () => {
        stopping = true;
        clearInterval(check);
        for (const connection of [...connections()]) connection.reply.sse.close();
      });
      app.get(tvEventsPath, { sse: 'only' }, async (request, reply) => {
        // Declared in the contract (routes.eventosTv), decided by the device policy.
        const device = authorizeDevice(routes.eventosTv, await deviceOf(request, deps.devices));
        if (stopping) throw new AppError('SERVICE_UNAVAILABLE');
        await deps.admit(device);
        const token = request.headers.authorization!.trim().slice('Bearer '.length);
        await deps.touch(device.deviceId);
        reply.sse.keepAlive();
        const connection: Connection = { device, token, reply };
        let set = byCompany.get(device.companyId);
        if (!set) byCompany.set(device.companyId, (set = new Set()));
        set.add(connection);
        reply.sse.onClose(() => {
          set.delete(connection);
          if (set.size === 0 && byCompany.get(device.companyId) === set) byCompany.delete(device.companyId);
        });
        // A first comment opens the stream at once, so the screen knows it is connected.
        await reply.sse.send({ event: TvEvent.content, data: { evento: TvEvent.content } });
      });
    },
  };
}

export type TvLive = ReturnType<typeof createTvLive>;
