// Bulk exports end to end on both engines: create → run → poll → download whole and in ranges
// (a resumed download gives the same bytes), gunzipped content equal to the streamed records,
// jobs visible only to their key, failures recorded on the job.
import { gunzipSync } from 'node:zlib';
import fs from 'node:fs';
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { seed, harness, type Harness, type RawDecl } from './fixtures.js';
import { runPendingJobs } from '../../../src/bulk/runner.js';
import { parseRange } from '../../../src/features/trade/bulk-exports.js';
import { createJob } from '../../../src/bulk/jobs.js';

describeEachStore('bulk exports', (get) => {
  let h: Harness;
  let decls: RawDecl[];
  const post = (payload: unknown, token = h.token) =>
    h.t.app.inject({ method: 'POST', url: '/v1/trade/bulk-exports', headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  const range = (url: string, value: string, extra: Record<string, string> = {}) =>
    h.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${h.token}`, range: value, ...extra } });

  beforeAll(async () => {
    decls = await seed(get().store, 45, 700);
    h = await harness(get().store);
  });
  afterAll(() => h.close());

  it('exports a query as gzip NDJSON equal to the streamed records, and resumes with Range', async () => {
    const created = await post({ query: { flow: 'export', country: 'DEU,CN' }, format: 'ndjson' });
    expect(created.statusCode).toBe(202);
    const job = created.json().data[0];
    expect(job).toMatchObject({ status: 'queued', rows_written: 0, progress: 0, download_url: null });
    expect(created.headers.location).toBe(`/v1/trade/bulk-exports/${job.job_id}`);
    expect((await h.get(`/v1/trade/bulk-exports/${job.job_id}/download`)).status).toBe(409);

    expect(await runPendingJobs(h.t.deps)).toBe(1);
    const done = (await h.get(`/v1/trade/bulk-exports/${job.job_id}`)).body.data[0];
    const want = decls.filter((d) => d.flow === 'export' && (d.country === 'DE' || d.country === 'CN')).length;
    expect(want).toBeGreaterThan(50);
    expect(done).toMatchObject({ status: 'completed', rows_written: want, rows_total: want, progress: 1, error: null });
    expect(fs.existsSync(`${h.dataDir}/exports/${job.job_id}.ndjson.gz`)).toBe(true);

    const url = done.download_url as string;
    const whole = await h.get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/gzip');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(done.file_bytes);
    expect(whole.raw.length).toBe(done.file_bytes);
    const streamed = await h.get('/v1/trade/records?format=ndjson&flow=export&country=DE,CN');
    expect(gunzipSync(whole.raw).toString('utf8')).toBe(streamed.raw.toString('utf8'));

    // A download broken after 100 bytes, resumed from there with If-Range.
    const size = whole.raw.length;
    const etag = String(whole.headers.etag);
    const first = await range(url, 'bytes=0-99');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.rawPayload.length).toBe(100);
    const rest = await range(url, 'bytes=100-', { 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 100-${size - 1}/${size}`);
    expect(Number(rest.headers['content-length'])).toBe(size - 100);
    expect(Buffer.concat([first.rawPayload, rest.rawPayload]).equals(whole.raw)).toBe(true);
    const tail = await range(url, 'bytes=-10');
    expect(tail.rawPayload.equals(whole.raw.subarray(size - 10))).toBe(true);
    const past = await range(url, `bytes=${size}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    const stale = await range(url, 'bytes=100-', { 'if-range': '"other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(whole.raw)).toBe(true);
  });

  it('exports CSV with a header line and one line per record', async () => {
    const job = (await post({ query: { hs: '6109', from: '2024-02' }, format: 'csv' })).json().data[0];
    await runPendingJobs(h.t.deps);
    const file = await h.get(`/v1/trade/bulk-exports/${job.job_id}/download`);
    const text = gunzipSync(file.raw).toString('utf8');
    const want = decls.filter((d) => d.date >= '2024-02-01' && d.items.some((i) => i.gtip.startsWith('6109'))).length;
    const lines = text.trim().split('\n');
    expect(lines[0]!.startsWith('declaration_no,record_id,flow')).toBe(true);
    expect(lines).toHaveLength(want + 1);
    const streamed = await h.get('/v1/trade/records?format=csv&hs=6109&from=2024-02');
    expect(text).toBe(streamed.raw.toString('utf8'));
  });

  it('shows a job only to the key that created it', async () => {
    const job = (await post({ format: 'ndjson', query: { flow: 'import' } })).json().data[0];
    await runPendingJobs(h.t.deps);
    const other = await h.t.token(['trade:read']);
    expect((await h.get(`/v1/trade/bulk-exports/${job.job_id}`, other)).status).toBe(404);
    expect((await h.get(`/v1/trade/bulk-exports/${job.job_id}/download`, other)).status).toBe(404);
    expect((await h.get(`/v1/trade/bulk-exports/${job.job_id}`)).status).toBe(200);
    expect((await h.get('/v1/trade/bulk-exports/bx_nope')).status).toBe(404);
  });

  it('refuses impossible queries and formats with 400', async () => {
    for (const body of [
      { format: 'xlsx' },
      { query: { country: 'ZZZ' }, format: 'csv' },
      { query: { from: '2024-05', to: '2024-01' }, format: 'csv' },
      { query: { colour: 'red' }, format: 'csv' },
      { query: { flow: 'both' }, format: 'csv' },
      {},
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('marks a job failed with a message and carries on with the next', async () => {
    const { store } = get();
    const keyId = (await store.db.selectFrom('bulk_export_jobs').select('key_id').executeTakeFirstOrThrow()).key_id;
    const bad = await createJob(store.db, { keyId, query: { country: 'ZZZ' }, format: 'csv' });
    const good = await createJob(store.db, { keyId, query: { flow: 'export' }, format: 'ndjson' });
    expect(await runPendingJobs(h.t.deps)).toBe(2);
    const rows = await store.db.selectFrom('bulk_export_jobs').selectAll().where('id', 'in', [bad.id, good.id]).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(bad.id)).toMatchObject({ status: 'failed' });
    expect(byId.get(bad.id)!.error).toMatch(/country/);
    expect(byId.get(good.id)).toMatchObject({ status: 'completed' });
    expect(Number(byId.get(good.id)!.rows_written)).toBe(decls.filter((d) => d.flow === 'export').length);
  });
});

it('parses single byte ranges and ignores what it may ignore', () => {
  expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
  expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
  expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
  expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
  expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
  expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  expect(parseRange('bytes=9-3', 100)).toBeNull();
  expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  expect(parseRange('items=0-1', 100)).toBeNull();
  expect(parseRange(undefined, 100)).toBeNull();
});
