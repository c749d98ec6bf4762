import { Redis } from 'ioredis';

export { Redis } from 'ioredis';

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The shared Redis connection (rate-limit counters across app processes). Tuned to fail fast, so
 * a Redis outage costs a request nothing: no offline queue (a command while disconnected fails at
 * once instead of waiting), one retry, and a short command timeout for a Redis that hangs. The
 * client keeps reconnecting in the background; the outage and the recovery are logged once each.
 */
export function createRedis(url: string, log: Log): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  const where = redactUrl(url);
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: { message: err.message }, redis: where }, 'Redis is not reachable: rate limits are not enforced until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: where }, 'Redis is reachable again: rate limits are enforced');
  });
  return redis;
}

/** The address without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis';
  }
}
