// The statistics operations over a small hand-made dataset whose every figure is worked out below:
//   exports to DE, HS 6109: 1,000 USD a month in 2023, 1,200 in 2024 (+20 % year on year)
//   exports to US, HS 8703:   500 USD a month in 2023,   400 in 2024 (−20 %)
//   imports from CN, HS 8517: 2,000 USD a month in both years
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { load, monthsOf, type Line } from './fixtures.js';

const lines: Line[] = [];
for (const [year, de, us] of [[2023, 1000, 500], [2024, 1200, 400]] as const) {
  for (const month of monthsOf(year)) {
    lines.push({ flow: 'export', month, country: 'DE', gtip: '610910000011', usd: de });
    lines.push({ flow: 'export', month, country: 'US', gtip: '870323191000', usd: us });
    lines.push({ flow: 'import', month, country: 'CN', gtip: '851712000000', usd: 2000 });
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are read loosely; the assertions check their shape
type Body = { data: Record<string, any>[]; meta: Record<string, any>; error?: { type: string; details: { field: string; issue: string; allowed?: string[] }[] } };

describeEachStore('statistics over HTTP', (get) => {
  let t: TestApp;
  let token: string;
  const call = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
    const json = res.headers['content-type']?.toString().startsWith('application/json');
    return { status: res.statusCode, body: (json ? res.json() : {}) as Body, res };
  };

  beforeAll(async () => {
    t = await makeTestApp(get().store);
    token = await t.token(['trade:read']);
    await load(get().store, lines, 'stats-hand');
  });
  afterAll(async () => t.close());

  it('overview: figures, change vs the previous period and vs a year earlier', async () => {
    const { status, body } = await call('/v1/statistics/overview?from=2024-07&to=2024-12');
    expect(status).toBe(200);
    const o = body.data[0]!;
    expect(o).toMatchObject({ from: '2024-07-01', to: '2024-12-31', exports_usd: 9600, imports_usd: 12000, balance_usd: -2400, trade_volume_usd: 21600, coverage_ratio: 0.8, export_records: 12, import_records: 6 });
    // The previous six months are 2024-01..06: identical, so no change.
    expect(o.previous_period).toMatchObject({ from: '2024-01-01', to: '2024-06-30', exports_usd: 9600 });
    expect(o.change_vs_previous).toMatchObject({ exports: 0, imports: 0, balance: 0, coverage_ratio_points: 0 });
    // A year earlier exports were 6 × 1,500 = 9,000: +6.6667 %; balance −3,000 → −2,400 is up by 20 %.
    expect(o.year_ago).toMatchObject({ from: '2023-07-01', to: '2023-12-31', exports_usd: 9000, imports_usd: 12000, balance_usd: -3000, coverage_ratio: 0.75 });
    expect(o.change_vs_year_ago.exports).toBeCloseTo(0.066667, 6);
    expect(o.change_vs_year_ago.balance).toBeCloseTo(0.2, 6);
    expect(o.change_vs_year_ago.coverage_ratio_points).toBeCloseTo(0.05, 6);
    expect(body.meta.query).toMatchObject({ from: '2024-07-01', to: '2024-12-31' });
    expect(body.meta.source.datasets).toEqual(['test']);
  });

  it('overview defaults to the last 12 months with data', async () => {
    const { body } = await call('/v1/statistics/overview');
    expect(body.data[0]).toMatchObject({ from: '2024-01-01', to: '2024-12-31', exports_usd: 19200, imports_usd: 24000 });
    expect(body.data[0]!.change_vs_year_ago.exports).toBeCloseTo(19200 / 18000 - 1, 6);
  });

  it('balance: overall series, per partner series, quarterly', async () => {
    const overall = await call('/v1/statistics/balance?from=2024-01&to=2024-03');
    expect(overall.body.data).toEqual([
      { period: '2024-01', country: null, exports_usd: 1600, imports_usd: 2000, balance_usd: -400, trade_volume_usd: 3600, coverage_ratio: 0.8 },
      { period: '2024-02', country: null, exports_usd: 1600, imports_usd: 2000, balance_usd: -400, trade_volume_usd: 3600, coverage_ratio: 0.8 },
      { period: '2024-03', country: null, exports_usd: 1600, imports_usd: 2000, balance_usd: -400, trade_volume_usd: 3600, coverage_ratio: 0.8 },
    ]);
    const partners = await call('/v1/statistics/balance?from=2024-01&to=2024-06&country=CN,DEU&freq=quarter');
    expect(partners.body.data).toEqual([
      { period: '2024-Q1', country: 'CN', exports_usd: 0, imports_usd: 6000, balance_usd: -6000, trade_volume_usd: 6000, coverage_ratio: 0 },
      { period: '2024-Q2', country: 'CN', exports_usd: 0, imports_usd: 6000, balance_usd: -6000, trade_volume_usd: 6000, coverage_ratio: 0 },
      { period: '2024-Q1', country: 'DE', exports_usd: 3600, imports_usd: 0, balance_usd: 3600, trade_volume_usd: 3600, coverage_ratio: null },
      { period: '2024-Q2', country: 'DE', exports_usd: 3600, imports_usd: 0, balance_usd: 3600, trade_volume_usd: 3600, coverage_ratio: null },
    ]);
    expect(partners.body.meta.query).toMatchObject({ country: ['CN', 'DE'], freq: 'quarter' });
  });

  it('partners: ranking with share and growth', async () => {
    const { body } = await call('/v1/statistics/partners?flow=export&from=2024-01&to=2024-12');
    expect(body.data).toEqual([
      { rank: 1, country: 'DE', name: 'Germany', value_usd: 14400, share: 0.75, net_weight_kg: 1200, records: 12, previous_value_usd: 12000, growth_vs_previous: 0.2, year_ago_value_usd: 12000, growth_yoy: 0.2 },
      { rank: 2, country: 'US', name: expect.any(String), value_usd: 4800, share: 0.25, net_weight_kg: 1200, records: 12, previous_value_usd: 6000, growth_vs_previous: -0.2, year_ago_value_usd: 6000, growth_yoy: -0.2 },
    ]);
    expect(body.meta.totals).toMatchObject({ value_usd: 19200, previous_value_usd: 18000 });
    expect(body.meta.query).toMatchObject({ flow: 'export', top: 20 });
    // Without flow, total trade: CN (24,000 of imports) leads.
    const all = await call('/v1/statistics/partners?from=2024-01&to=2024-12&top=1');
    expect(all.body.data.map((r) => [r.country, r.value_usd, r.share])).toEqual([['CN', 24000, 24000 / 43200].map((v) => (typeof v === 'number' ? expect.closeTo(v, 5) : v))]);
  });

  it('products: ranking at the chosen HS level with growth over a half year', async () => {
    const { body } = await call('/v1/statistics/products?flow=export&from=2024-07&to=2024-12&hs_level=4');
    expect(body.data.map((r) => [r.hs_code, r.value_usd, r.share, r.growth_yoy, r.growth_vs_previous])).toEqual([
      ['6109', 7200, 0.75, 0.2, 0],
      ['8703', 2400, 0.25, -0.2, 0],
    ]);
    expect(body.data[0]!.description).toEqual(expect.any(String));
    // Twelve months: the previous period is the year-ago window, and both are 2023.
    const year = await call('/v1/statistics/products?flow=export&from=2024-01&to=2024-12&hs_level=4');
    expect(year.body.data.map((r) => [r.hs_code, r.value_usd, r.share, r.previous_value_usd, r.year_ago_value_usd, r.growth_vs_previous, r.growth_yoy])).toEqual([
      ['6109', 14400, 0.75, 12000, 12000, 0.2, 0.2],
      ['8703', 4800, 0.25, 6000, 6000, -0.2, -0.2],
    ]);
    expect(year.body.meta.totals).toEqual({ value_usd: 19200, previous_value_usd: 18000, year_ago_value_usd: 18000, growth_vs_previous: expect.closeTo(1 / 15, 5), growth_yoy: expect.closeTo(1 / 15, 5) });
    // The total value is the filtered total's, not the shown groups' alone.
    const first = await call('/v1/statistics/products?flow=export&from=2024-01&to=2024-12&hs_level=4&top=1');
    expect(first.body.data.map((r) => [r.hs_code, r.share])).toEqual([['6109', 0.75]]);
    expect(first.body.meta.totals).toMatchObject({ value_usd: 19200, previous_value_usd: 18000, year_ago_value_usd: 18000 });
  });

  it('time-series: any slice, zero-filled, at month, quarter and year', async () => {
    const q = await call('/v1/statistics/time-series?flow=export&country=DE&freq=quarter&from=2023-01&to=2024-12');
    expect(q.body.data.map((r) => [r.period, r.value_usd, r.records])).toEqual([
      ['2023-Q1', 3000, 3], ['2023-Q2', 3000, 3], ['2023-Q3', 3000, 3], ['2023-Q4', 3000, 3],
      ['2024-Q1', 3600, 3], ['2024-Q2', 3600, 3], ['2024-Q3', 3600, 3], ['2024-Q4', 3600, 3],
    ]);
    expect(q.body.data[0]!.unit_value_usd_per_kg).toBe(10);
    // Months without trade are present with zeros.
    const z = await call('/v1/statistics/time-series?hs=8703&from=2024-11&to=2025-02');
    expect(z.body.data.map((r) => [r.period, r.value_usd, r.unit_value_usd_per_kg])).toEqual([['2024-11', 400, 4], ['2024-12', 400, 4], ['2025-01', 0, null], ['2025-02', 0, null]]);
    const y = await call('/v1/statistics/time-series?flow=import&freq=year');
    expect(y.body.data.map((r) => [r.period, r.value_usd])).toEqual([['2023', 24000], ['2024', 24000]]);
  });

  it('growth: year-on-year, period-on-period and CAGR', async () => {
    const { body } = await call('/v1/statistics/growth?flow=export&hs=61&freq=quarter');
    expect(body.data.map((r) => [r.period, r.growth_pop, r.growth_yoy])).toEqual([
      ['2023-Q1', null, null], ['2023-Q2', 0, null], ['2023-Q3', 0, null], ['2023-Q4', 0, null],
      ['2024-Q1', 0.2, 0.2], ['2024-Q2', 0, 0.2], ['2024-Q3', 0, 0.2], ['2024-Q4', 0, 0.2],
    ]);
    expect(body.meta.cagr).toMatchObject({ value: 0.2, years: 1, base: { from: '2023-Q1', to: '2023-Q4', value_usd: 12000 }, end: { from: '2024-Q1', to: '2024-Q4', value_usd: 14400 } });
    // US exports: 6,000 → 4,800 a year; a single year has no CAGR.
    const us = await call('/v1/statistics/growth?country=US&freq=year');
    expect(us.body.data).toEqual([{ period: '2023', value_usd: 6000, growth_pop: null, growth_yoy: null }, { period: '2024', value_usd: 4800, growth_pop: -0.2, growth_yoy: -0.2 }]);
    expect(us.body.meta.cagr.value).toBeCloseTo(-0.2, 6);
    const short = await call('/v1/statistics/growth?country=US&from=2024-01&to=2024-12');
    expect(short.body.meta.cagr.value).toBeNull();
  });

  it("market-share: a partner's and a product's share of the flow over time", async () => {
    const de = await call('/v1/statistics/market-share?flow=export&country=DE&freq=year');
    expect(de.body.data.map((r) => [r.period, r.value_usd, r.total_usd])).toEqual([['2023', 12000, 18000], ['2024', 14400, 19200]]);
    expect(de.body.data[0]!.share).toBeCloseTo(2 / 3, 6);
    expect(de.body.data[1]!.share).toBe(0.75);
    const hs = await call('/v1/statistics/market-share?flow=export&hs=8703&from=2024-01&to=2024-01');
    expect(hs.body.data).toEqual([{ period: '2024-01', value_usd: 400, total_usd: 1600, share: 0.25 }]);
    expect(hs.body.meta.query).toMatchObject({ of: 'product', hs: ['8703'] });
    const missing = await call('/v1/statistics/market-share?flow=export');
    expect(missing.status).toBe(400);
    expect(missing.body.error!.details[0]!.field).toBe('hs');
  });

  it('concentration: HHI on the 10,000 scale, level, top-N share, overall and per period', async () => {
    const { body } = await call('/v1/statistics/concentration?flow=export&from=2023-01&to=2024-12&freq=year');
    // 2024: shares 0.75 / 0.25 → 5,625 + 625 = 6,250; 2023: 2/3, 1/3 → 5,555.6; whole window 26,400 / 10,800.
    const whole = (26400 / 37200) ** 2 + (10800 / 37200) ** 2;
    expect(body.data.map((r) => r.period)).toEqual([null, '2023', '2024']);
    expect(body.data[0]!.hhi).toBeCloseTo(whole * 10000, 1);
    expect(body.data[2]).toEqual({ period: '2024', hhi: 6250, level: 'high', equivalent_number: 1.6, top1_share: 0.75, top3_share: 1, top5_share: 1, top10_share: 1, count: 2, value_usd: 19200 });
    expect(body.data[1]!.hhi).toBeCloseTo(5555.56, 2);
    const products = await call('/v1/statistics/concentration?by=product&hs_level=2&from=2024-01&to=2024-12');
    // Three chapters: 14,400, 4,800, 24,000 of 43,200.
    const expected = [14400, 4800, 24000].reduce((s, v) => s + (v / 432) ** 2, 0);
    expect(products.body.data).toHaveLength(1);
    expect(products.body.data[0]!.hhi).toBeCloseTo(expected, 1);
    expect(products.body.data[0]!.count).toBe(3);
  });

  it('trends: movers with the minimum-size rule', async () => {
    const base = '/v1/statistics/trends?flow=export&by=country&from=2024-01&to=2024-12';
    const both = await call(`${base}&min_value_usd=5000&min_share=0`);
    expect(both.body.data.map((r) => [r.kind, r.country, r.base_value_usd, r.current_value_usd, r.relative_change])).toEqual([
      ['rising', 'DE', 12000, 14400, 0.2],
      ['falling', 'US', 6000, 4800, -0.2],
    ]);
    expect(both.body.meta.base_window).toEqual({ from: '2023-01-01', to: '2023-12-31' });
    // US's base (6,000) is under a 7,000 floor; the default floor (100,000) leaves nothing to rank here.
    const floor = await call(`${base}&min_value_usd=7000&min_share=0`);
    expect(floor.body.data.map((r) => r.country)).toEqual(['DE']);
    expect(floor.body.meta).toMatchObject({ considered: 1, excluded: 1 });
    const share = await call(`${base}&min_value_usd=0&min_share=0.4`);
    expect(share.body.data.map((r) => r.country)).toEqual(['DE']);
    const dflt = await call(base);
    expect(dflt.body.data).toEqual([]);
    expect(dflt.body.meta.query).toMatchObject({ min_value_usd: 100000, min_share: 0.001, compare: 'year_ago' });
    const products = await call('/v1/statistics/trends?from=2024-07&to=2024-12&compare=previous&min_value_usd=0&min_share=0');
    expect(products.body.data).toEqual([]); // nothing changed between the two halves of 2024
    expect(products.body.meta.base_window).toEqual({ from: '2024-01-01', to: '2024-06-30' });
  });

  it('downloads stream the same rows as CSV and NDJSON', async () => {
    const csv = await call('/v1/statistics/time-series?flow=import&freq=year&format=csv');
    expect(csv.res.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.res.body).toBe('period,value_usd,net_weight_kg,records,unit_value_usd_per_kg\n2023,24000,1200,12,20\n2024,24000,1200,12,20\n');
    const nd = await t.app.inject({ method: 'GET', url: '/v1/statistics/partners?flow=export&from=2024-01', headers: { authorization: `Bearer ${token}`, accept: 'application/x-ndjson' } });
    expect(nd.body.trim().split('\n').map((l) => JSON.parse(l).country)).toEqual(['DE', 'US']);
  });

  it('bad parameters are 400s naming the field', async () => {
    const cases: [string, string][] = [
      ['/v1/statistics/time-series?flow=both', 'flow'],
      ['/v1/statistics/time-series?freq=week', 'freq'],
      ['/v1/statistics/partners?country=XX', 'country'],
      ['/v1/statistics/overview?from=2024-05&to=2024-01', 'to'],
      ['/v1/statistics/products?hs=61a', 'hs'],
      ['/v1/statistics/products?hs_level=3', 'hs_level'],
      ['/v1/statistics/forecast?horizon=37', 'horizon'],
      ['/v1/statistics/forecast?horizon=0', 'horizon'],
      ['/v1/statistics/seasonality?freq=year', 'freq'],
      ['/v1/statistics/trends?threshold=2', 'threshold'],
      ['/v1/statistics/concentration?by=company', 'by'],
      ['/v1/statistics/overview?flow=export', 'flow'],
      ['/v1/statistics/trends?max_value_usd=5', 'max_value_usd'],
    ];
    for (const [url, field] of cases) {
      const { status, body } = await call(url);
      expect(status, url).toBe(400);
      expect(body.error!.type).toBe('validation_error');
      expect(JSON.stringify(body.error!.details), url).toContain(field);
    }
    const flow = await call('/v1/statistics/growth?flow=both');
    expect(flow.body.error!.details[0]!.allowed).toEqual(['import', 'export']);
  });

  it('too short a series for seasonality, anomalies or a forecast is a clear 400 on from/to', async () => {
    for (const url of [
      '/v1/statistics/seasonality?flow=export&country=DE&from=2024-01&to=2024-12',
      '/v1/statistics/trends?kind=anomalies&country=DE',
      '/v1/statistics/forecast?country=DE&from=2024-01&to=2024-12',
      '/v1/statistics/forecast?country=DE&freq=year',
      '/v1/statistics/forecast?country=GB',
    ]) {
      const { status, body } = await call(url);
      expect(status, url).toBe(400);
      expect(body.error!.type).toBe('validation_error');
      expect(body.error!.details.map((d) => d.field)).toEqual(['from', 'to']);
      expect(body.error!.details[1]!.issue).toMatch(/at least \d+ (month|year)ly values/);
    }
  });
});
