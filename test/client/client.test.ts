// @tradeapi/client against the real server listening on a real socket (port 0), over a real store.
import { it, expect, beforeAll, afterAll, describe } from 'vitest';
import { openStore, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { makeDeclarations } from '../ingest/fixtures.js';
import { createKey } from '../../src/features/auth/queries.js';
import { TradeApiClient, TradeApiError } from '../../clients/typescript/src/index.js';

describe('@tradeapi/client', () => {
  let store: Store;
  let t: TestApp;
  let baseUrl = '';
  let key = { api_key: '', api_secret: '' };
  // Every URL the client fetched, in order: the real fetch, recorded.
  const calls: string[] = [];
  const recording: typeof fetch = (input, init) => {
    calls.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`);
    return fetch(input, init);
  };

  beforeAll(async () => {
    store = await openStore('sqlite::memory:');
    await migrate(store);
    t = await makeTestApp(store);
    const writer = await t.token(['data:write']);
    const res = await t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}` }, payload: makeDeclarations(140, 0, 'C') });
    expect(res.json().data[0].stored).toBe(140);
    key = await t.key(['trade:read']);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('exchanges key and secret for a token once, and refreshes it before it expires', async () => {
    let clock = Date.now();
    const client = new TradeApiClient({ baseUrl, apiKey: key.api_key, apiSecret: key.api_secret, fetch: recording, now: () => clock });
    calls.length = 0;
    await client.get('/v1/exports/summary');
    await client.get('/v1/imports/summary');
    expect(calls).toEqual(['POST /v1/auth/token', 'GET /v1/exports/summary', 'GET /v1/imports/summary']);
    // 15-minute tokens: at 14.5 minutes the token is within the margin and is refreshed first.
    clock += 14.5 * 60_000;
    calls.length = 0;
    const answer = await client.get('/v1/exports/summary');
    expect(answer.status).toBe('success');
    expect(calls).toEqual(['POST /v1/auth/refresh', 'GET /v1/exports/summary']);
  });

  it('pages through a list to its end: as many records as the summary counts', async () => {
    const client = new TradeApiClient({ baseUrl, apiKey: key.api_key, apiSecret: key.api_secret });
    const summary = await client.get('/v1/imports/summary');
    const expected = Number((summary.data[0] as { records: number }).records);
    expect(expected).toBeGreaterThan(40);
    let pages = 0;
    for await (const page of client.pages('/v1/imports/declarations', { query: { limit: 20 } })) {
      pages++;
      expect(page.data.length).toBeLessThanOrEqual(20);
    }
    const seen = new Set<string>();
    for await (const d of client.items('/v1/imports/declarations', { query: { limit: 20 } })) seen.add(d.declaration_no);
    expect(seen.size).toBe(expected);
    expect(pages).toBe(Math.ceil(expected / 20));
  });

  it('throws a typed error for a 400, naming the field, with the request id', async () => {
    const client = new TradeApiClient({ baseUrl, apiKey: key.api_key, apiSecret: key.api_secret });
    const err = await client.get('/v1/exports/summary', { query: { hs: 'abc' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TradeApiError);
    const e = err as TradeApiError;
    expect(e.status).toBe(400);
    expect(e.type).toBe('validation_error');
    expect(e.field).toBe('hs');
    expect(e.requestId).toMatch(/.+/);
    const wrongSecret = new TradeApiClient({ baseUrl, apiKey: key.api_key, apiSecret: 'ts_wrong' });
    await expect(wrongSecret.get('/v1/exports/summary')).rejects.toMatchObject({ status: 401, type: 'unauthorized' });
  });

  it('streams a CSV download line by line: a header and one row per declaration', async () => {
    const client = new TradeApiClient({ baseUrl, apiKey: key.api_key, apiSecret: key.api_secret });
    const summary = await client.get('/v1/exports/summary');
    const res = await client.download('/v1/exports/declarations', 'csv');
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.bodyUsed).toBe(false);
    await res.body!.cancel();
    const lines: string[] = [];
    for await (const line of client.lines('/v1/exports/declarations', 'csv')) lines.push(line);
    expect(lines[0]).toMatch(/^declaration_no,/);
    expect(lines.length - 1).toBe(Number((summary.data[0] as { records: number }).records));
    let n = 0;
    for await (const r of client.records('/v1/exports/declarations')) if (typeof r.declaration_no === 'string') n++;
    expect(n).toBe(lines.length - 1);
  });

  it('waits out a 429 for its Retry-After, a bounded number of times, then throws rate_limited', async () => {
    const limited = await createKey(store.db, { name: 'limited', scopes: ['trade:read'], rateLimitPerMinute: 2, monthlyQuota: null });
    const waits: number[] = [];
    const client = new TradeApiClient({ baseUrl, apiKey: limited.api_key, apiSecret: limited.api_secret, maxRetries: 2, sleep: async (ms) => void waits.push(ms) });
    const err = await (async () => {
      for (let i = 0; i < 10; i++) await client.get('/v1/exports/summary');
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TradeApiError);
    expect((err as TradeApiError).type).toBe('rate_limited');
    expect(waits).toHaveLength(2);
    for (const w of waits) expect(w).toBeGreaterThan(0);
  });
});
