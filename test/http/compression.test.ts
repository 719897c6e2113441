// Compressed answers (src/http/compression.ts): br and gzip by Accept-Encoding, above the threshold,
// downloads included; the bytes decompress to exactly what an uncompressed request gets.
import { it, expect, beforeAll, afterAll, describe } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { openStore, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { makeDeclarations } from '../ingest/fixtures.js';

// took_ms is measured per request; everything else of two answers to one query is the same.
const untimed = (body: string) => body.replace(/"took_ms":[\d.e-]+/, '"took_ms":0');

describe('compression', () => {
  let store: Store;
  let t: TestApp;
  let reader = '';
  beforeAll(async () => {
    store = await openStore('sqlite::memory:');
    await migrate(store);
    t = await makeTestApp(store);
    reader = await t.token(['trade:read']);
    const writer = await t.token(['data:write']);
    const res = await t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}` }, payload: makeDeclarations(300, 0, 'Z') });
    expect(res.json().data[0].stored).toBe(300);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${reader}`, 'x-request-id': 'same', ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('compresses a large page with gzip and with br, byte-identical after decompression', async () => {
    const url = '/v1/exports/declarations?limit=200';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);
    for (const [encoding, inflate] of [['gzip', gunzipSync], ['br', brotliDecompressSync]] as const) {
      const res = await get(url, encoding);
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      // Conditional reads keep their tag when compressed.
      expect(res.headers.etag, encoding).toMatch(/^W\//);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 4);
      expect(untimed(inflate(res.rawPayload).toString('utf8'))).toBe(untimed(plain.body));
    }
    // The preferred encoding when both are accepted.
    expect((await get(url, 'gzip, deflate, br')).headers['content-encoding']).toBe('br');
  });

  it('compresses streamed CSV and NDJSON downloads', async () => {
    for (const format of ['csv', 'ndjson']) {
      const url = `/v1/imports/declarations?format=${format}`;
      const plain = await get(url);
      const res = await get(url, 'gzip');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('leaves small answers and clients that do not ask uncompressed', async () => {
    const small = await get('/v1/health', 'gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const identity = await get('/v1/exports/declarations?limit=200', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });
});
