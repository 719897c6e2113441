// A store for @fastify/rate-limit that counts in Redis (so every process and machine shares one
// limit per key) and falls back to counting in this process while Redis is away: the service
// keeps serving with a per-process limit rather than failing or not limiting at all.
import { createRequire } from 'node:module';
import type { SharedRedis } from './client.js';
import { REDIS_PREFIX } from './client.js';

type Incr = (key: string, cb: (err: Error | null, res: { current: number; ttl: number } | null) => void, timeWindow: number, max: number) => void;
interface PluginStore {
  incr: Incr;
}
type StoreCtor = new (...args: unknown[]) => PluginStore;

// The plugin's own stores (CommonJS files without type declarations).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreCtor;

export function fallbackRateLimitStore(redis: SharedRedis) {
  return class FallbackStore implements PluginStore {
    private readonly shared: PluginStore;
    private readonly local: PluginStore;
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      this.shared = new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis.client, `${REDIS_PREFIX}rl:`);
      this.local = new LocalStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, 100_000);
    }

    incr(key: string, cb: Parameters<Incr>[1], timeWindow: number, max: number): void {
      if (!redis.ready()) return this.local.incr(key, cb, timeWindow, max);
      this.shared.incr(key, (err, res) => (err ? this.local.incr(key, cb, timeWindow, max) : cb(null, res)), timeWindow, max);
    }

    child(): PluginStore {
      return this;
    }
  };
}
