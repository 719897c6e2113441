// Findings of the production review (issue #20), each reproduced: rotation ends refresh
// families, sessions have an absolute lifetime, a failed refresh can be retried, the login
// throttle spares a key's owner and reads the right address behind a proxy, small bodies on the
// token routes, the demo key and /metrics, CSV cells that a spreadsheet would run.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, testConfig, type TestApp } from '../helpers/app.js';
import { csvCell } from '../../src/http/download.js';
import { ensureDemoKey } from '../../src/bootstrap.js';

describeEachStore('production hardening', (get) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(get().store, { METRICS_TOKEN: 'metrics-token-that-is-long-enough-0123456789' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as string, headers });
  const pairOf = async (k: { api_key: string; api_secret: string }) => {
    const r = await post('/v1/auth/token', { api_key: k.api_key, api_secret: k.api_secret });
    expect(r.statusCode).toBe(200);
    return r.json().data[0] as { access_token: string; refresh_token: string; refresh_expires_in: number };
  };

  it('finding 7: rotating a secret ends the refresh-token families issued before it', async () => {
    const admin = { authorization: `Bearer ${await t.token(['admin'])}` };
    const k = await t.key(['trade:read']);
    const pair = await pairOf(k);
    const rot = await post(`/v1/admin/api-keys/${k.key_id}/rotate`, { grace_seconds: 0 }, admin);
    expect(rot.statusCode).toBe(200);
    expect((await post('/v1/auth/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(401);
  });

  it('finding 7: a refresh never extends a session past its absolute lifetime', async () => {
    const k = await t.key(['trade:read']);
    const pair = await pairOf(k);
    const ttl = t.deps.config.refreshTokenTtlSeconds;
    // The session began ttl - 100 s ago: a refresh may grant at most 100 s more.
    const began = new Date(Date.now() - (ttl - 100) * 1000).toISOString();
    await t.deps.store.db.updateTable('refresh_tokens').set({ created_at: began }).where('key_id', '=', k.key_id).execute();
    const r = await post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
    expect(r.statusCode).toBe(200);
    expect(r.json().data[0].refresh_expires_in).toBeLessThanOrEqual(100);
    // Past the lifetime: refused.
    const old = new Date(Date.now() - (ttl + 10) * 1000).toISOString();
    await t.deps.store.db.updateTable('refresh_tokens').set({ created_at: old }).where('key_id', '=', k.key_id).execute();
    expect((await post('/v1/auth/refresh', { refresh_token: r.json().data[0].refresh_token })).statusCode).toBe(401);
  });

  it('finding 11: a refresh that failed in the store can be retried with the same token', async (ctx) => {
    if (get().store.engine !== 'sqlite') return ctx.skip(); // the fault is injected with a SQLite trigger
    const k = await t.key(['trade:read']);
    const pair = await pairOf(k);
    const db = t.deps.store.db;
    await sql`create trigger refresh_fault before insert on refresh_tokens begin select raise(abort, 'injected store fault'); end`.execute(db);
    try {
      const failed = await post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`drop trigger refresh_fault`.execute(db);
    }
    const retry = await post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it("finding 8: others' bad secrets do not lock a key's owner out", async () => {
    const k = await t.key(['trade:read']);
    for (let i = 0; i < 12; i++) {
      const r = await post('/v1/auth/token', { api_key: k.api_key, api_secret: 'wrong' }, { 'x-forwarded-for': '203.0.113.7' });
      expect([401, 429]).toContain(r.statusCode);
    }
    const attacker = await post('/v1/auth/token', { api_key: k.api_key, api_secret: k.api_secret }, { 'x-forwarded-for': '203.0.113.7' });
    expect(attacker.statusCode).toBe(429);
    const owner = await post('/v1/auth/token', { api_key: k.api_key, api_secret: k.api_secret }, { 'x-forwarded-for': '198.51.100.2' });
    expect(owner.statusCode, owner.body).toBe(200);
  }, 30_000);

  it('finding 8: behind a proxy the throttle uses the right-most address, not one the client wrote', async () => {
    const k = await t.key(['trade:read']);
    const other = await t.key(['trade:read']);
    for (let i = 0; i < 12; i++) {
      // The client prepends a different made-up address each time; the proxy appends the real one.
      await post('/v1/auth/token', { api_key: k.api_key, api_secret: 'wrong' }, { 'x-forwarded-for': `10.9.${i}.1, 192.0.2.55` });
    }
    const r = await post('/v1/auth/token', { api_key: other.api_key, api_secret: 'wrong' }, { 'x-forwarded-for': '10.9.99.1, 192.0.2.55' });
    expect(r.statusCode).toBe(429);
  }, 30_000);

  it('finding 9: the token routes refuse a large body before parsing it', async () => {
    const big = JSON.stringify({ api_key: 'x'.repeat(100), api_secret: 'y'.repeat(64 * 1024) });
    const r = await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: big, headers: { 'content-type': 'application/json' } });
    expect(r.statusCode).toBe(413);
    expect(r.json().error.type).toBe('payload_too_large');
    const refresh = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: JSON.stringify({ refresh_token: 'z'.repeat(64 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(refresh.statusCode).toBe(413);
  });

  it('finding 10: the demo key reads no contact details, and is not made on a PostgreSQL store unless asked', async () => {
    const store = get().store;
    const demo = await ensureDemoKey(store, testConfig({ DEMO_API_KEY: `tk_demo_${Date.now()}`, DEMO_API_SECRET: 'ts_demo_secret_for_the_test_0123456789' }));
    expect(demo?.scopes).not.toContain('contacts:read');
    if (store.engine === 'postgres') {
      const config = testConfig({ DATABASE_URL: 'postgres://localhost/x' });
      expect(config.demoKey).toBe(false);
    } else {
      expect(testConfig().demoKey).toBe(true);
    }
  });

  it('answers a request line over the header limit with the envelope (found by the fuzz run)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/v1/companies?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ status: 'error', code: 431, data: [], error: { type: 'payload_too_large' } });
  });

  it('finding 10: /metrics needs the metrics token', async () => {
    const bare = await t.app.inject({ url: '/metrics', remoteAddress: '192.0.2.10' });
    expect(bare.statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', remoteAddress: '192.0.2.10', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.app.inject({ url: '/metrics', remoteAddress: '192.0.2.10', headers: { authorization: 'Bearer metrics-token-that-is-long-enough-0123456789' } });
    expect(ok.statusCode).toBe(200);
  });
});

it('finding 13: CSV cells a spreadsheet would run as a formula are neutralised; numbers stay numbers', () => {
  for (const bad of ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
    const cell = csvCell(bad);
    expect(cell.replace(/^"/, '').startsWith("'"), cell).toBe(true);
  }
  expect(csvCell(-12.5)).toBe('-12.5');
  expect(csvCell('ACME, Ltd')).toBe('"ACME, Ltd"');
  expect(csvCell('plain')).toBe('plain');
});
