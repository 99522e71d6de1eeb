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

/** The limiter factory for this deployment. */
export function createLimiterFactory(redis: Redis | undefined): LimiterFactory {
  return ({ keyPrefix, points, durationSeconds, blockSeconds }) => {
    const common = { keyPrefix, points, duration: durationSeconds, blockDuration: blockSeconds ?? 0 };
    return redis ? new RateLimiterRedis({ ...common, storeClient: redis }) : new RateLimiterMemory(common);
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

/** The wait in ms when the key is already over its limit, without consuming. */
export async function blockedFor(limiter: RateLimiterAbstract, key: string): Promise<number | undefined> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= limiter.points) return Math.max(state.msBeforeNext, 1);
  return undefined;
}
