// Limits shared by several API processes through Redis (two apps on one store and one Redis stand
// in for two processes), the monthly quota's month turn and what counts against it, and the
// documented behaviour while Redis is away: each process limits on its own, nothing fails.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openStore, type Store } from '../../src/db/connect.js';
import { buildApp } from '../../src/app.js';
import { prepareDeps, closeDeps } from '../../src/bootstrap.js';
import { createKey } from '../../src/features/auth/queries.js';
import { testConfig } from '../helpers/app.js';
import { startRedis, type ThrowawayRedis } from '../helpers/throwaway.js';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../src/http/types.js';

let redis: ThrowawayRedis | null = null;
let store: Store;
const apps: { app: FastifyInstance; deps: AppDeps }[] = [];

async function makeApp(env: Record<string, string>, clock?: () => Date) {
  const deps = await prepareDeps(store, testConfig(env), { clock });
  const app = await buildApp(deps, { logger: false });
  apps.push({ app, deps });
  return { app, deps };
}

async function tokenFor(app: FastifyInstance, extra: { rateLimitPerMinute?: number; monthlyQuota?: number | null }) {
  const k = await createKey(store.db, { name: 'shared', scopes: ['trade:read'], rateLimitPerMinute: extra.rateLimitPerMinute ?? 100_000, monthlyQuota: extra.monthlyQuota ?? null });
  const res = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: k.api_key, api_secret: k.api_secret } });
  return { key: k, auth: { authorization: `Bearer ${res.json().data[0].access_token as string}` } };
}

beforeAll(async () => {
  redis = await startRedis();
  if (!redis) console.warn('redis-server not found: the shared-limit tests are skipped');
  store = await openStore('sqlite::memory:');
});

afterAll(async () => {
  for (const a of apps) {
    await a.app.close();
    await closeDeps(a.deps);
  }
  await store.close();
  await redis?.stop();
});

describe('limits shared through Redis', () => {
  // Building an app takes seconds: the two "processes" are made once for the block.
  let a: { app: FastifyInstance; deps: AppDeps };
  let b: { app: FastifyInstance; deps: AppDeps };
  beforeAll(async () => {
    if (!redis) return;
    a = await makeApp({ REDIS_URL: redis.url });
    b = await makeApp({ REDIS_URL: redis.url });
  }, 60_000);

  it('two processes sharing a limit of N per minute accept N', async (ctx) => {
    if (!redis) return ctx.skip();
    const n = 300;
    const { auth } = await tokenFor(a.app, { rateLimitPerMinute: n });
    const codes: number[] = [];
    for (let i = 0; i < 2 * n; i++) codes.push((await (i % 2 ? b : a).app.inject({ url: '/v1/account', headers: auth })).statusCode);
    expect(codes.filter((c) => c === 200).length).toBe(n);
    expect(codes.filter((c) => c !== 200 && c !== 429)).toEqual([]);
  }, 60_000);

  it('counts the monthly quota once across processes', async (ctx) => {
    if (!redis) return ctx.skip();
    const { auth } = await tokenFor(a.app, { monthlyQuota: 6 });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await (i % 2 ? b : a).app.inject({ url: '/v1/account', headers: auth })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
  });

  it('shares the login throttle: failures at one process refuse the address at the other', async (ctx) => {
    if (!redis) return ctx.skip();
    const k = await createKey(store.db, { name: 'throttled', scopes: ['trade:read'], rateLimitPerMinute: 1000, monthlyQuota: null });
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    // Failures well below the slow-down threshold at each process, enough together to block.
    for (let i = 0; i < 10; i++) {
      await (i % 2 ? b : a).app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: k.api_key, api_secret: 'wrong' }, headers });
    }
    const r = await a.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: k.api_key, api_secret: k.api_secret }, headers });
    expect(r.statusCode).toBe(429);
  }, 60_000);

  it('keeps serving while Redis is away, limiting per process, and shares again once it is back', async (ctx) => {
    if (!redis) return ctx.skip();
    const { auth } = await tokenFor(a.app, { rateLimitPerMinute: 20, monthlyQuota: 1000 });
    await redis.stop();
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await (i % 2 ? b : a).app.inject({ url: '/v1/account', headers: auth })).statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    // Each process allows the limit on its own while they cannot share a count.
    expect(codes.filter((c) => c === 200).length).toBe(40);
    const login = await tokenFor(b.app, {});
    expect(login.auth.authorization).toMatch(/^Bearer /);
    await redis.start();
    const until = Date.now() + 5000;
    while (!(a.deps.redis!.ready() && b.deps.redis!.ready()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(a.deps.redis!.ready()).toBe(true);
  }, 60_000);
});

describe('monthly quota', () => {
  let now = new Date();
  let app: FastifyInstance;
  let deps: AppDeps;
  beforeAll(async () => {
    ({ app, deps } = await makeApp({}, () => now));
  }, 60_000);

  it('resets at the turn of the month (injected clock)', async () => {
    now = new Date('2026-01-31T23:59:00Z');
    const { auth } = await tokenFor(app, { monthlyQuota: 2 });
    const call = async () => (await app.inject({ url: '/v1/account', headers: auth })).statusCode;
    expect([await call(), await call(), await call()]).toEqual([200, 200, 429]);
    await deps.usage.flush();
    now = new Date('2026-02-01T00:00:01Z');
    expect([await call(), await call(), await call()]).toEqual([200, 200, 429]);
  });

  it('counts only successful calls', async () => {
    const { auth } = await tokenFor(app, { monthlyQuota: 2 });
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/v1/companies/999999999', headers: { ...auth } })).statusCode).toBe(403);
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/v1/imports/declarations?limit=0', headers: auth })).statusCode).toBe(400);
    expect((await app.inject({ url: '/v1/account', headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ url: '/v1/account', headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ url: '/v1/account', headers: auth })).statusCode).toBe(429);
  });
});
