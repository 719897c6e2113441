import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { verifyRollups } from '../../src/analytics/verify.js';
import { makeDeclaration, makeDeclarations } from './fixtures.js';

describeEachStore('POST /v1/trade/records/batch and GET /v1/trade/freshness', (get) => {
  let t: TestApp;
  let writer = '';
  let reader = '';
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    writer = await t.token(['data:write']);
    reader = await t.token(['trade:read']);
  }, 60_000);
  afterAll(async () => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}`, ...headers }, payload: payload as object });

  it('stores a JSON array, reports bad rows by index, and replays on the same Idempotency-Key', async () => {
    const bad = makeDeclaration(99, 99, 'A');
    bad.registered_at = '2999-01-01';
    const body = [...makeDeclarations(5, 0, 'A'), bad];
    const res = await post(body, { 'idempotency-key': 'batch-a' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data[0];
    expect(data).toMatchObject({ stored: 5, duplicates: 0, replayed: false });
    expect(data.rejected).toEqual([{ index: 5, declaration_no: 'A00000099', field: 'registered_at', reason: expect.stringMatching(/future/) }]);

    const again = await post(body, { 'idempotency-key': 'batch-a' });
    expect(again.json().data[0]).toMatchObject({ batch_id: data.batch_id, stored: 5, replayed: true });
    const other = await post(body);
    expect(other.json().data[0]).toMatchObject({ stored: 0, duplicates: 5, replayed: false });
    expect((await verifyRollups(get().store)).ok).toBe(true);
  });

  it('accepts NDJSON', async () => {
    const body = makeDeclarations(3, 0, 'B').map((d) => JSON.stringify(d)).join('\n') + '\n';
    const res = await post(body, { 'content-type': 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ stored: 3, rejected: [] });
  });

  it('answers 400 with the reasons when every record is rejected, and for broken NDJSON', async () => {
    const bad = makeDeclaration(1, 1, 'C');
    bad.items[0]!.gtip = 'abc';
    const res = await post([bad, { flow: 'import' }]);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.type).toBe('validation_error');
    expect(error.details).toContainEqual({ field: '[0].items[0].gtip', issue: expect.stringMatching(/12-digit/) });
    expect(error.details.some((d: { field: string }) => d.field === '[1].declaration_no')).toBe(true);

    const nd = await post('{"declaration_no": \n', { 'content-type': 'application/x-ndjson' });
    expect(nd.statusCode).toBe(400);
    expect((await post([])).statusCode).toBe(400);
    expect((await post({ not: 'an array' })).statusCode).toBe(400);
  });

  it('refuses more than 5000 records, and needs data:write', async () => {
    const many = Array.from({ length: 5001 }, () => ({}));
    expect((await post(many)).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${reader}` }, payload: [] });
    expect(res.statusCode).toBe(403);
  });

  it('GET /v1/trade/freshness lists each source with its coverage and last load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/trade/freshness', headers: { authorization: `Bearer ${reader}` } });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { source: string; records: number; period_from: string; period_to: string; batches: number; last_load_at: string }[];
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.source).toMatch(/^api:/);
    expect(row.records).toBe(8);
    expect(row.period_from <= row.period_to).toBe(true);
    expect(row.period_from.startsWith('2024-')).toBe(true);
    expect(Date.parse(row.last_load_at)).toBeGreaterThan(Date.now() - 60_000);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/trade/freshness?x=1', headers: { authorization: `Bearer ${reader}` } });
    expect(bad.statusCode).toBe(400);
  });
});
