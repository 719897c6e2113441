// Finding 5: bulk exports have a per-key cap on queued and running jobs (429 in the envelope), a
// bound on the bytes of export files kept (503 with Retry-After), and a retention after which a
// finished job's file and row are removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { seed } from '../features/trade/fixtures.js';
import { expireJobs, runPendingJobs } from '../../src/bulk/runner.js';

describeEachStore('bulk-export limits', (get) => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  const post = (tok = token) =>
    t.app.inject({ method: 'POST', url: '/v1/trade/bulk-exports', headers: { authorization: `Bearer ${tok}` }, payload: { query: { flow: 'export' }, format: 'csv' } });
  const status = (id: string) => t.app.inject({ method: 'GET', url: `/v1/trade/bulk-exports/${id}`, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    await seed(get().store, 7, 200);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-limits-'));
    t = await makeTestApp(get().store, { DATA_DIR: dataDir, BULK_MAX_JOBS_PER_KEY: '2', BULK_MAX_DISK_BYTES: '2048', BULK_RETENTION_HOURS: '1' });
    token = await t.token(['trade:read']);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a key a third queued export with a 429 in the envelope, and accepts again once they ran', async () => {
    expect((await post()).statusCode).toBe(202);
    expect((await post()).statusCode).toBe(202);
    const over = await post();
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect(over.json()).toMatchObject({ status: 'error', code: 429, error: { type: 'rate_limited' } });
    expect(over.json().error.message).toMatch(/At most 2 bulk exports/);
    // Another key is not held back by this one's jobs.
    expect((await post(await t.token(['trade:read']))).statusCode).toBe(202);
    expect(await runPendingJobs(t.deps)).toBe(3);
  });

  it('refuses new exports with a 503 and Retry-After while the kept files reach the disk bound', async () => {
    const kept = await get().store.db.selectFrom('bulk_export_jobs').select('file_bytes').where('status', '=', 'completed').execute();
    const bytes = kept.reduce((a, r) => a + Number(r.file_bytes), 0);
    expect(bytes).toBeGreaterThanOrEqual(2048); // three files of 200 records each
    const full = await post();
    expect(full.statusCode).toBe(503);
    expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(60);
    expect(full.json()).toMatchObject({ status: 'error', code: 503, error: { type: 'service_unavailable' } });
  });

  it('removes finished jobs and their files after the retention period', async () => {
    const jobs = await get().store.db.selectFrom('bulk_export_jobs').select(['id', 'file_path', 'finished_at']).where('status', '=', 'completed').execute();
    const mine = jobs.find((j) => j.file_path?.startsWith(dataDir))!;
    expect(fs.existsSync(mine.file_path!)).toBe(true);
    const finished = Date.parse(String(mine.finished_at));
    // Within the hour nothing goes.
    expect(await expireJobs(t.deps, new Date(finished + 30 * 60_000))).toBe(0);
    expect(await expireJobs(t.deps, new Date(finished + 3_600_000 + 60_000))).toBeGreaterThanOrEqual(3);
    expect(fs.existsSync(mine.file_path!)).toBe(false);
    expect((await status(mine.id)).statusCode).toBe(404);
    // Room again: a new export is accepted.
    expect((await post()).statusCode).toBe(202);
  });
});
