import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Who is online, per scope (a company), with expiry: a member not touched for `expiryMs` is gone.
 * In memory on one node; a sorted set per scope in Redis (score = expiry time) with several, where
 * each node keeps its own entry per member: one node's `remove` (its last socket of that member
 * closed) leaves the member online while another node still holds and touches them.
 */
export interface PresenceStore {
  /** Marks a member online until now + expiry; written in batches (at most `flushMs` late). */
  touch(scope: string, member: number): void;
  /** Marks a member online at once (a new connection). */
  touchNow(scope: string, member: number): Promise<void>;
  /** Marks a member offline at once, on this node (still online while another node touches them). */
  remove(scope: string, member: number): Promise<void>;
  /** The members online now. */
  list(scope: string): Promise<number[]>;
  close(): Promise<void>;
}

interface PresenceOptions {
  expiryMs: number;
  /** How often batched touches are written. */
  flushMs?: number;
  now?: () => number;
}

/** Presence of a single node, in memory. */
export function createMemoryPresence(options: PresenceOptions): PresenceStore {
  const now = options.now ?? Date.now;
  const scopes = new Map<string, Map<number, number>>();
  const members = (scope: string) => {
    let map = scopes.get(scope);
    if (!map) scopes.set(scope, (map = new Map()));
    return map;
  };
  const touch = (scope: string, member: number) => void members(scope).set(member, now() + options.expiryMs);
  return {
    touch,
    async touchNow(scope, member) {
      touch(scope, member);
    },
    async remove(scope, member) {
      scopes.get(scope)?.delete(member);
    },
    async list(scope) {
      const map = scopes.get(scope);
      if (!map) return [];
      const at = now();
      const online: number[] = [];
      for (const [member, expiresAt] of map) {
        if (expiresAt > at) online.push(member);
        else map.delete(member);
      }
      return online.sort((a, b) => a - b);
    },
    async close() {
      scopes.clear();
    },
  };
}

/** Presence shared by every node through Redis sorted sets of `<member>@<node>` entries. */
export function createRedisPresence(redis: Redis, options: PresenceOptions): PresenceStore {
  const now = options.now ?? Date.now;
  const key = (scope: string) => `presence:${scope}`;
  const node = randomUUID();
  const entry = (member: number) => `${member}@${node}`;
  let pending = new Map<string, Set<number>>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const expiresAt = now() + options.expiryMs;
    const pipeline = redis.pipeline();
    for (const [scope, set] of batch) {
      pipeline.zadd(key(scope), ...[...set].flatMap((member) => [expiresAt, entry(member)]));
      pipeline.pexpire(key(scope), options.expiryMs * 2);
    }
    await pipeline.exec();
  };
  const timer = setInterval(() => void flush().catch(() => undefined), options.flushMs ?? 1_000);
  timer.unref();
  return {
    touch(scope, member) {
      let set = pending.get(scope);
      if (!set) pending.set(scope, (set = new Set()));
      set.add(member);
    },
    async touchNow(scope, member) {
      await redis
        .multi()
        .zadd(key(scope), now() + options.expiryMs, entry(member))
        .pexpire(key(scope), options.expiryMs * 2)
        .exec();
    },
    async remove(scope, member) {
      pending.get(scope)?.delete(member);
      await redis.zrem(key(scope), entry(member));
    },
    async list(scope) {
      const at = now();
      const [, online] = (await redis
        .multi()
        .zremrangebyscore(key(scope), '-inf', at)
        .zrangebyscore(key(scope), `(${at}`, '+inf')
        .exec())!;
      const members = new Set((online![1] as string[]).map((value) => Number.parseInt(value, 10)));
      return [...members].sort((a, b) => a - b);
    },
    async close() {
      clearInterval(timer);
      await flush().catch(() => undefined);
    },
  };
}

/** Presence for this deployment: in Redis when there is one, in memory otherwise. */
export function createPresenceStore(redis: Redis | undefined, options: PresenceOptions): PresenceStore {
  return redis ? createRedisPresence(redis, options) : createMemoryPresence(options);
}
