// The one Redis connection of a process (REDIS_URL): shared rate-limit counters, monthly quota
// counters, the login throttle and revocation notices. Redis is an accelerator, never a
// dependency of serving: commands fail fast while it is away (no offline queue, a short command
// timeout) and every caller falls back to its in-process behaviour; ioredis reconnects by itself.
import { Redis } from 'ioredis';

/** Prefix of every key this service writes, so one Redis can serve other things too. */
export const REDIS_PREFIX = 'tradeapi:';

export interface SharedRedis {
  client: Redis;
  /** True while connected; callers skip Redis (and use their fallback) otherwise. */
  ready(): boolean;
  close(): Promise<void>;
}

export function openRedis(url: string, log: (msg: string, err?: unknown) => void): SharedRedis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    // Reconnect quickly at first, then every 2 s at most.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  let away = false;
  client.on('error', (err) => {
    // ioredis emits an error per failed reconnect; one line per outage is enough.
    if (!away) log('Redis is unavailable: limits, quota and throttle fall back to this process', err);
    away = true;
  });
  client.on('ready', () => {
    if (away) log('Redis is back: limits, quota and throttle are shared again');
    away = false;
  });
  return {
    client,
    ready: () => client.status === 'ready',
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
