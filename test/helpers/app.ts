// The real application over a real store, with keys minted through the real token endpoint.
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { Store } from '../../src/db/connect.js';
import { buildApp } from '../../src/app.js';
import { prepareDeps, closeDeps } from '../../src/bootstrap.js';
import { createKey } from '../../src/features/auth/queries.js';
import type { Scope } from '../../src/http/scopes.js';
import type { AppDeps } from '../../src/http/types.js';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** A bearer token for a new key with exactly these scopes. */
  token(scopes: Scope[], extra?: { rateLimitPerMinute?: number; monthlyQuota?: number }): Promise<string>;
  key(scopes: Scope[]): Promise<{ key_id: string; api_key: string; api_secret: string }>;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', TOKEN_SECRET: 'test-secret-that-is-long-enough-0123456789', TRUST_PROXY: 'true', ...overrides });
}

export async function makeTestApp(store: Store, env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const deps = await prepareDeps(store, config);
  const app = await buildApp(deps, { logger: false });
  const key = (scopes: Scope[], extra: { rateLimitPerMinute?: number; monthlyQuota?: number } = {}) =>
    createKey(store.db, { name: `test ${scopes.join(' ')}`, scopes, rateLimitPerMinute: extra.rateLimitPerMinute ?? 100_000, monthlyQuota: extra.monthlyQuota ?? null });
  return {
    app,
    deps,
    key,
    async token(scopes, extra) {
      const k = await key(scopes, extra);
      const res = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: k.api_key, api_secret: k.api_secret } });
      if (res.statusCode !== 200) throw new Error(`token request failed: ${res.body}`);
      return (res.json() as { data: [{ access_token: string }] }).data[0].access_token;
    },
    async close() {
      await app.close();
      await closeDeps(deps);
    },
  };
}
