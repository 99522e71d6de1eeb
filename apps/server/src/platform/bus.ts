import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A handler of one topic's messages; payloads are strings, serialized once by the publisher. */
export type BusHandler = (payload: string) => void;

/**
 * Fan-out between the server's nodes: what one node publishes, every node (itself included)
 * receives. In-process on one node; through Redis pub/sub when the deployment has Redis.
 */
export interface EventBus {
  publish(topic: string, payload: string): Promise<void>;
  /** Starts delivering a topic's messages to the handler; resolves once subscribed. */
  subscribe(topic: string, handler: BusHandler): Promise<void>;
  close(): Promise<void>;
}

function deliver(handlers: Map<string, Set<BusHandler>>, topic: string, payload: string): void {
  for (const handler of handlers.get(topic) ?? []) handler(payload);
}

/** The bus of a single node: a publish reaches this process's subscribers only. */
export function createLocalBus(): EventBus {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    async publish(topic, payload) {
      // Delivered on a later tick, as Redis would, so publishers never re-enter their own handlers.
      queueMicrotask(() => deliver(handlers, topic, payload));
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}

/** Publishes kept while Redis is away, at most; past that the oldest are dropped (and logged). */
const maxQueuedPublishes = 10_000;
/**
 * Pub/sub keeps nothing for a node that is not subscribed: after Redis comes back, queued
 * publishes wait until the other nodes, which retry every 2 s at most, have subscribed again.
 */
const flushAfterReconnectMs = 3_000;

/**
 * The bus of several nodes over Redis pub/sub: publishes on the given connection, listens on a
 * duplicate of it (a subscribed connection can do nothing else). Channel names carry the
 * connection's key prefix, which Redis does not apply to channels by itself.
 *
 * This node's own subscribers never wait on Redis: a publish reaches them at once, and the copy
 * that comes back through Redis is skipped (payloads carry the publishing node's id). While Redis
 * is away, publishes wait in order in a bounded queue and go out a moment after it is back, so
 * the other nodes hear late rather than never.
 */
export function createRedisBus(
  redis: Redis,
  options: { log?: { warn(details: object, message: string): void } } = {},
): EventBus {
  const prefix = redis.options.keyPrefix ?? '';
  const node = randomUUID();
  const subscriber = redis.duplicate();
  subscriber.on('error', () => {
    // Reconnects by itself and subscribes again; the publisher's side is what callers see.
  });
  const handlers = new Map<string, Set<BusHandler>>();
  const queued: { channel: string; message: string }[] = [];
  let flushing = false;

  subscriber.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    const split = message.indexOf(' ');
    if (message.slice(0, split) === node) return;
    deliver(handlers, channel.slice(prefix.length), message.slice(split + 1));
  });

  /** Sends what waited, in order; stops at the first failure and keeps the rest. */
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      while (queued.length > 0 && redis.status === 'ready') {
        const next = queued[0]!;
        try {
          await redis.publish(next.channel, next.message);
        } catch {
          return;
        }
        queued.shift();
      }
    } finally {
      flushing = false;
    }
  }
  redis.on('ready', () => {
    if (queued.length > 0) setTimeout(() => void flush(), flushAfterReconnectMs).unref();
  });

  function enqueue(channel: string, message: string) {
    queued.push({ channel, message });
    if (queued.length > maxQueuedPublishes) {
      queued.shift();
      options.log?.warn({ queued: queued.length }, 'Redis away too long: oldest bus message dropped');
    }
  }

  return {
    async publish(topic, payload) {
      queueMicrotask(() => deliver(handlers, topic, payload));
      const channel = prefix + topic;
      const message = `${node} ${payload}`;
      // Behind others waiting, or with Redis away: wait in the queue, never in the caller.
      if (queued.length > 0 || redis.status !== 'ready') return enqueue(channel, message);
      try {
        await redis.publish(channel, message);
      } catch {
        enqueue(channel, message);
        if (redis.status === 'ready') void flush();
      }
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        handlers.set(topic, (set = new Set()));
        await subscriber.subscribe(prefix + topic);
      }
      set.add(handler);
    },
    /** Gives what still waits a last chance to go out, then stops listening. */
    async close() {
      await flush();
      handlers.clear();
      subscriber.disconnect();
    },
  };
}

/** The bus for this deployment: Redis when there is one, in-process otherwise. */
export function createEventBus(
  redis: Redis | undefined,
  options: { log?: { warn(details: object, message: string): void } } = {},
): EventBus {
  return redis ? createRedisBus(redis, options) : createLocalBus();
}
