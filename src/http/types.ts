import type { Config } from '../config.js';
import type { Store } from '../db/connect.js';
import type { Scope } from './scopes.js';
import type { UsageRecorder } from './usage.js';
import type { LoginThrottle } from '../features/auth/throttle.js';
import type { SharedRedis } from '../redis/client.js';
import type { RevocationNotices } from '../redis/revocations.js';

/** What the application is built from; tests build it with their own store and config. */
export interface AppDeps {
  config: Readonly<Config>;
  store: Store;
  usage: UsageRecorder;
  tokenSecret: Uint8Array;
  loginThrottle: LoginThrottle;
  /** Shared counters (REDIS_URL); null: everything is counted in this process. */
  redis: SharedRedis | null;
  /** Announces a committed revocation to every process (through Redis when it is there). */
  revocations: RevocationNotices;
}

export interface AuthContext {
  keyId: string;
  scopes: Scope[];
  jti: string;
  expiresAt: number;
  rateLimitPerMinute: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    recordsServed: number;
  }
  interface FastifyContextConfig {
    scope?: Scope | 'authenticated' | 'public';
    operationId?: string;
  }
}
