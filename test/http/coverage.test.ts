// meta.warnings when a request's window lies outside the data (src/http/coverage.ts), on both stores.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { makeDeclarations } from '../ingest/fixtures.js';
import { coverageWarnings } from '../../src/http/coverage.js';

describeEachStore('outside_coverage warnings', (get) => {
  let t: TestApp;
  let reader = '';
  let coverage = { from: '', to: '' };
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    reader = await t.token(['trade:read', 'companies:read']);
    const writer = await t.token(['data:write']);
    const res = await t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}` }, payload: makeDeclarations(60, 0, 'W') });
    expect(res.json().data[0].stored).toBe(60);
    const fresh = await t.app.inject({ method: 'GET', url: '/v1/trade/freshness', headers: { authorization: `Bearer ${reader}` } });
    expect(fresh.statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => t.close());

  const call = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${reader}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().meta as { warnings?: { type: string; message: string; coverage: { from: string; to: string } }[] };
  };

  it('says so when the window lies wholly outside the data, also when the answer is remembered', async () => {
    for (let i = 0; i < 2; i++) {
      const meta = await call('/v1/exports/summary?from=2023-01&to=2023-06');
      expect(meta.warnings).toHaveLength(1);
      const w = meta.warnings![0]!;
      expect(w.type).toBe('outside_coverage');
      expect(w.message).toMatch(/wholly outside/);
      expect(w.coverage.from).toMatch(/^2024-01-\d\d$/);
      expect(w.coverage.to).toMatch(/^2024-12-\d\d$/);
      coverage = w.coverage;
    }
  });

  it('says so when the window lies partly outside, on lists, aggregates and statistics alike', async () => {
    for (const url of ['/v1/imports/declarations?from=2023-06&to=2024-03', '/v1/trade/aggregate?group_by=country&from=2024-06-01&to=2025-02-01', '/v1/statistics/time-series?from=2023-10&to=2024-02']) {
      const meta = await call(url);
      expect(meta.warnings, url).toEqual([{ type: 'outside_coverage', message: expect.stringMatching(/partly outside/), coverage }]);
    }
  });

  it('names the pair of a two-window query', async () => {
    const meta = await call('/v1/trade/compare?period_a_from=2022-01&period_a_to=2022-12&period_b_from=2024-01&period_b_to=2024-12');
    expect(meta.warnings).toHaveLength(1);
    expect(meta.warnings![0]!.message).toMatch(/^period_a 2022-01 to 2022-12 lies wholly outside/);
  });

  it('stays silent inside the coverage and without a window', async () => {
    expect((await call('/v1/exports/summary?from=2024-03&to=2024-05')).warnings).toBeUndefined();
    expect((await call('/v1/exports/summary')).warnings).toBeUndefined();
  });
});

it('compares month bounds by month and day bounds by day', () => {
  const cov = { from: '2023-11-03', to: '2026-10-28' };
  expect(coverageWarnings({ from: '2023-11', to: '2026-10' }, cov)).toEqual([]);
  expect(coverageWarnings({ from: '2023-11-01' }, cov)[0]!.message).toMatch(/partly/);
  expect(coverageWarnings({ to: '2023-10' }, cov)[0]!.message).toMatch(/wholly/);
  expect(coverageWarnings({ from: '2026-11-01', hs: '61' }, cov)[0]!.message).toMatch(/wholly/);
  expect(coverageWarnings({ from: '2024-01', to: '2024-02' }, { from: null, to: null })[0]!.message).toMatch(/No declarations/);
  expect(coverageWarnings({ q: 'from' }, cov)).toEqual([]);
});
