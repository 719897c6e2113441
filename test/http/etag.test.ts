// Conditional reads: an ETag named by the data version and the request; If-None-Match answers 304
// without a body until a batch changes the data; never on downloads, job status or writes.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { makeDeclarations } from '../ingest/fixtures.js';

describeEachStore('conditional reads', (get) => {
  let t: TestApp;
  let reader = '';
  let other = '';
  let writer = '';
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    reader = await t.token(['trade:read', 'companies:read']);
    other = await t.token(['trade:read', 'companies:read']);
    writer = await t.token(['data:write']);
    const res = await t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}` }, payload: makeDeclarations(40, 0, 'E') });
    expect(res.json().data[0].stored).toBe(40);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('answers 304 to a matching If-None-Match, and 200 with the same tag otherwise', async () => {
    for (const url of ['/v1/imports/declarations?limit=7', '/v1/trade/aggregate?group_by=country&metrics=value_usd,records', '/v1/exports/summary']) {
      const first = await call(url, reader);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await call(url, reader, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await call(url, reader, { 'if-none-match': 'W/"0.0-nothing"' })).statusCode).toBe(200);
      // Another caller's copy is another tag: an answer may depend on who asks.
      expect((await call(url, other)).headers.etag).not.toBe(etag);
    }
  });

  it('names the answer anew once a batch changes the data', async () => {
    const url = '/v1/exports/summary';
    const before = await call(url, reader);
    const res = await t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}` }, payload: makeDeclarations(5, 100, 'F') });
    expect(res.json().data[0].stored).toBe(5);
    const after = await call(url, reader, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data[0].records).toBeGreaterThan(before.json().data[0].records);
  });

  it('puts no tag on downloads, errors or public routes', async () => {
    const csv = await call('/v1/imports/declarations?format=csv', reader);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers.etag).toBeUndefined();
    const bad = await call('/v1/imports/declarations?limit=0', reader);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    const health = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(health.headers.etag).toBeUndefined();
  });
});
