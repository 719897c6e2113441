// Remembered answers (src/http/answers.ts): the same bytes as an answer computed afresh, with the
// request's own id; dropped on ingestion; never for downloads, job status or personal data.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { makeDeclarations } from '../ingest/fixtures.js';
import { Type } from 'typebox';
import { buildApp } from '../../src/app.js';
import { prepareDeps } from '../../src/bootstrap.js';
import { defineOperation } from '../../src/http/operation.js';
import { authOperations } from '../../src/features/auth/index.js';
import { createKey } from '../../src/features/auth/queries.js';
import { testConfig } from '../helpers/app.js';
import { writeBatch } from '../../src/ingest/writer.js';

// The three fields each answer sets for itself, blanked so that two answers can be compared.
const own = (body: string) => body.replace(/"request_id":"[^"]*","count":(\d+),"took_ms":[\d.e-]+/, '"request_id":"","count":$1,"took_ms":0');

describeEachStore('remembered answers', (get) => {
  let t: TestApp;
  let plain: TestApp;
  let reader = '';
  let plainReader = '';
  let writer = '';
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    plain = await makeTestApp(get().store, { ANSWER_CACHE_SECONDS: '0' });
    reader = await t.token(['trade:read', 'companies:read']);
    writer = await t.token(['data:write']);
    plainReader = await plain.token(['trade:read', 'companies:read']);
    const res = await t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}` }, payload: makeDeclarations(40, 0, 'R') });
    expect(res.json().data[0].stored).toBe(40);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  const call = (app: TestApp, url: string, token: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('answers a read again from its bytes: the bytes computed afresh, with its own request id and an Age', async () => {
    for (const url of ['/v1/imports/declarations?limit=7&sort=-value_usd', '/v1/exports/shipments?limit=5', '/v1/trade/aggregate?group_by=country&metrics=value_usd,records', '/v1/companies?q=a']) {
      const first = await call(t, url, reader, { 'x-request-id': 'first' });
      const again = await call(t, url, reader, { 'x-request-id': 'again' });
      const fresh = await call(plain, url, plainReader);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.age).toBeUndefined();
      expect(again.headers.age).toBe('0');
      expect(fresh.headers.age).toBeUndefined();
      expect(first.json().meta.request_id).toBe('first');
      expect(again.json().meta.request_id).toBe('again');
      expect(own(again.body)).toBe(own(first.body));
      // Spliced bytes equal what the route's own serialiser writes.
      expect(own(first.body)).toBe(own(fresh.body));
      expect(again.json().meta.count).toBe(fresh.json().data.length);
      expect(again.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(again.body));
    }
  });

  it('says in /v1/health how long answers are remembered', async () => {
    expect((await t.app.inject({ url: '/v1/health' })).json().data[0].answer_cache_s).toBe(30);
    expect((await plain.app.inject({ url: '/v1/health' })).json().data[0].answer_cache_s).toBe(0);
  });

  it('drops the remembered answers when a batch is committed, through the API or not', async () => {
    const url = '/v1/trade/records?limit=100';
    const before = await call(t, url, reader);
    expect((await call(t, url, reader)).headers.age).toBeDefined();
    // Written as the command line writes, not through the API: the commit alone must drop them.
    const res = await writeBatch(get().store, makeDeclarations(3, 1000, 'S'), { batchKey: 'answers-s', source: 'test' });
    expect(res.stored).toBe(3);
    const after = await call(t, url, reader);
    expect(after.headers.age).toBeUndefined();
    expect(after.json().data).toHaveLength(before.json().data.length + 3);
  });

  it('never answers a download, a bad request or a job from memory', async () => {
    const url = '/v1/imports/declarations?limit=3';
    await call(t, url, reader);
    const csv = await call(t, url, reader, { accept: 'text/csv' });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect((await call(t, `${url}&format=ndjson`, reader)).headers['content-type']).toMatch(/ndjson/);

    const bad = '/v1/imports/declarations?limit=0';
    for (let i = 0; i < 2; i++) expect((await call(t, bad, reader)).statusCode).toBe(400);

    const job = await t.app.inject({ method: 'POST', url: '/v1/trade/bulk-exports', headers: { authorization: `Bearer ${reader}` }, payload: { format: 'csv' } });
    expect(job.statusCode).toBe(202);
    const status = `/v1/trade/bulk-exports/${job.json().data[0].job_id}`;
    expect((await call(t, status, reader)).headers.age).toBeUndefined();
    expect((await call(t, status, reader)).headers.age).toBeUndefined();
    // A job is its key's own: another key with the scope gets a 404, not the first key's answer.
    const other = await t.token(['trade:read']);
    expect((await call(t, status, other)).statusCode).toBe(404);
  });

  it('never remembers an answer that read who is asking', async () => {
    const whoAmI = defineOperation({
      method: 'GET', url: '/v1/trade/who-am-i', operationId: 'whoAmI', tag: 'Trade Data', summary: 'test', scope: 'trade:read',
      data: Type.Object({ key_id: Type.String() }),
      handle: (_in, { auth }) => ({ data: [{ key_id: auth!.keyId }] }),
    });
    const deps = await prepareDeps(get().store, testConfig());
    const app = await buildApp(deps, { logger: false, operations: [...authOperations, whoAmI] });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const k = await createKey(get().store.db, { name: `who ${i}`, scopes: ['trade:read'], rateLimitPerMinute: 1000, monthlyQuota: null });
        const tok = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: k.api_key, api_secret: k.api_secret } });
        const res = await app.inject({ url: '/v1/trade/who-am-i', headers: { authorization: `Bearer ${tok.json().data[0].access_token}` } });
        expect(res.headers.age).toBeUndefined();
        expect(res.json().data[0].key_id).toBe(k.key_id);
        ids.push(res.json().data[0].key_id);
      }
      expect(ids[0]).not.toBe(ids[1]);
    } finally {
      await app.close();
      await deps.usage.stop();
    }
  });
});
