import { Redis } from 'ioredis';

/**
 * How long a Redis command may take before it fails. Redis answers in well under a millisecond;
 * a command this late means Redis is frozen or unreachable, and callers fall back (rate limits
 * count in memory, the bus queues its publishes) instead of holding a request.
 */
export const redisCommandTimeoutMs = 1_000;

/**
 * A Redis connection as every node uses it: commands given while disconnected wait for one
 * reconnection attempt at most (not the library's default of twenty), none waits longer than
 * `redisCommandTimeoutMs`, and reconnection keeps trying every second or two for ever.
 */
export function createRedisClient(
  url: string,
  keyPrefix: string,
  onError: (error: Error) => void = () => {},
): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    commandTimeout: redisCommandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Connection errors are expected while Redis is away; the client reconnects by itself.
  redis.on('error', onError);
  return redis;
}
