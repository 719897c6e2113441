// Token and key revocation shared through Redis: two API processes (two apps, each with its own
// handle on one store file, so each remembers token states on its own) and one Redis. A
// revocation made through one is refused by the other on its next request, not a second later;
// with Redis stopped both keep serving (no 5xx) and the other sees the revocation in the store
// within the second its answer is kept.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openStore, type Store } from '../../src/db/connect.js';
import { buildApp } from '../../src/app.js';
import { prepareDeps, closeDeps } from '../../src/bootstrap.js';
import { createKey, TOKEN_STATE_TTL_MS } from '../../src/features/auth/queries.js';
import type { AppDeps } from '../../src/http/types.js';
import { testConfig } from '../helpers/app.js';
import { startRedis, type ThrowawayRedis } from '../helpers/throwaway.js';

let redis: ThrowawayRedis | null = null;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-revoke-'));
const stores: Store[] = [];
const apps: { app: FastifyInstance; deps: AppDeps }[] = [];

async function process_(): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const store = await openStore(`sqlite:${path.join(dir, 'store.sqlite')}`);
  stores.push(store);
  const deps = await prepareDeps(store, testConfig({ REDIS_URL: redis!.url }));
  const app = await buildApp(deps, { logger: false });
  apps.push({ app, deps });
  return { app, deps };
}

beforeAll(async () => {
  redis = await startRedis();
  if (!redis) console.warn('redis-server not found: the shared revocation tests are skipped');
});

afterAll(async () => {
  for (const a of apps) {
    await a.app.close();
    await closeDeps(a.deps);
  }
  for (const s of stores) await s.close();
  await redis?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('revocation shared through Redis', () => {
  let a: { app: FastifyInstance; deps: AppDeps };
  let b: { app: FastifyInstance; deps: AppDeps };
  let adminAuth: { authorization: string };
  beforeAll(async () => {
    if (!redis) return;
    a = await process_();
    b = await process_();
    adminAuth = (await login(a.app, ['admin'])).auth;
    // Both subscribed before the first revocation.
    const until = Date.now() + 5000;
    while (Date.now() < until && !(a.deps.redis!.ready() && b.deps.redis!.ready())) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
  }, 60_000);

  const login = async (app: FastifyInstance, scopes: ('trade:read' | 'admin')[]) => {
    const k = await createKey(stores[0]!.db, { name: 'revocation', scopes, rateLimitPerMinute: 100_000, monthlyQuota: null });
    const res = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: k.api_key, api_secret: k.api_secret } });
    const token = res.json().data[0].access_token as string;
    return { key: k, token, auth: { authorization: `Bearer ${token}` } };
  };
  const account = async (app: FastifyInstance, auth: { authorization: string }) => (await app.inject({ method: 'GET', url: '/v1/account', headers: auth })).statusCode;
  /** Status codes of `b` from now for `ms`, one request every 10 ms, until a 401. */
  const watch = async (auth: { authorization: string }, ms: number) => {
    const codes: number[] = [];
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const c = await account(b.app, auth);
      codes.push(c);
      if (c === 401) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    return codes;
  };

  it('a key revoked in one process is refused by the other at once', async (ctx) => {
    if (!redis) return ctx.skip();
    const { key, auth } = await login(a.app, ['trade:read']);
    expect(await account(b.app, auth)).toBe(200); // b now remembers the token as valid
    const revoked = await a.app.inject({ method: 'DELETE', url: `/v1/admin/api-keys/${key.key_id}`, headers: adminAuth });
    expect(revoked.statusCode).toBe(200);
    // Well inside the second b would otherwise keep its answer.
    const codes = await watch(auth, TOKEN_STATE_TTL_MS / 4);
    expect(codes.at(-1)).toBe(401);
  });

  it('an access token revoked in one process is refused by the other at once', async (ctx) => {
    if (!redis) return ctx.skip();
    const { token, auth } = await login(a.app, ['trade:read']);
    expect(await account(b.app, auth)).toBe(200);
    const revoked = await a.app.inject({ method: 'POST', url: '/v1/auth/revoke', headers: auth, payload: { token } });
    expect(revoked.statusCode).toBe(200);
    const codes = await watch(auth, TOKEN_STATE_TTL_MS / 4);
    expect(codes.at(-1)).toBe(401);
  });

  it('with Redis stopped keeps serving, and the other process refuses the revoked key within the second', async (ctx) => {
    if (!redis) return ctx.skip();
    const { key, auth } = await login(a.app, ['trade:read']);
    await redis.stop();
    try {
      expect(await account(b.app, auth)).toBe(200);
      const revoked = await a.app.inject({ method: 'DELETE', url: `/v1/admin/api-keys/${key.key_id}`, headers: adminAuth });
      expect(revoked.statusCode).toBe(200);
      const codes = await watch(auth, TOKEN_STATE_TTL_MS + 500);
      expect(codes.every((c) => c === 200 || c === 401)).toBe(true);
      expect(codes.at(-1)).toBe(401);
    } finally {
      await redis.start();
    }
  });
});
