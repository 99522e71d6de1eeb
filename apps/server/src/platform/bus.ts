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

/**
 * The bus of several nodes over Redis pub/sub: publishes on the given connection, listens on a
 * duplicate of it (a subscribed connection can do nothing else). Channel names carry the
 * connection's key prefix, which Redis does not apply to channels by itself.
 */
export function createRedisBus(redis: Redis): EventBus {
  const prefix = redis.options.keyPrefix ?? '';
  const subscriber = redis.duplicate();
  const handlers = new Map<string, Set<BusHandler>>();
  subscriber.on('message', (channel: string, payload: string) => {
    if (!channel.startsWith(prefix)) return;
    deliver(handlers, channel.slice(prefix.length), payload);
  });
  return {
    async publish(topic, payload) {
      await redis.publish(prefix + topic, payload);
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        handlers.set(topic, (set = new Set()));
        await subscriber.subscribe(prefix + topic);
      }
      set.add(handler);
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}

/** The bus for this deployment: Redis when there is one, in-process otherwise. */
export function createEventBus(redis: Redis | undefined): EventBus {
  return redis ? createRedisBus(redis) : createLocalBus();
}
