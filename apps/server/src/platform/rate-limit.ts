import { tooManyRequests } from './http/app-error.ts';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
}

/** Makes rate limiters: shared through Redis when there are several nodes, in memory on one. */
export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

/**
 * The limiter factory for this deployment. With Redis, each limiter has an in-memory insurance:
 * while Redis is unreachable (not connected, or a command times out) this node counts on its own,
 * so calls keep their limits and answer at once instead of waiting for Redis.
 */
export function createLimiterFactory(redis: Redis | undefined): LimiterFactory {
  return ({ keyPrefix, points, durationSeconds, blockSeconds }) => {
    const common = { keyPrefix, points, duration: durationSeconds, blockDuration: blockSeconds ?? 0 };
    if (!redis) return new RateLimiterMemory(common);
    return new RateLimiterRedis({
      ...common,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(common),
    });
  };
}

/** Consumes a point; resolves with the wait in ms when the key is over its limit, else undefined. */
export async function consumePoint(limiter: RateLimiterAbstract, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext;
    throw rejection;
  }
}

/** Consumes a point, or refuses the call with 429 when the key is over its limit. */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const wait = await consumePoint(limiter, key);
  if (wait !== undefined) throw tooManyRequests(wait);
}

/** Gives back a point consumed for an attempt that turned out fine. */
export async function refundPoint(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.reward(key, 1);
}
