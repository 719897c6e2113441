// Seasonality, anomalies and forecasts over series with a known shape: 48 months (2021–2024) of
//   20,000 × (1 + 0.01 t) × S[month] × (1 ± 2 % noise), S below (mean 1),
// exports to RU as generated, exports to GB the same with June 2023 tripled, and exports to CA in
// every other month only (too sparse to forecast).
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { prng } from '../../helpers/random-records.js';
import { load, monthsOf, type Line } from './fixtures.js';

const S = [0.8, 0.9, 1.0, 1.1, 1.2, 1.0, 0.9, 0.8, 1.0, 1.1, 1.2, 1.0];
const truth = (t: number) => 20000 * (1 + 0.01 * t) * (S[t % 12] as number);
const months = [2021, 2022, 2023, 2024].flatMap(monthsOf);

const r = prng(42);
const lines: Line[] = [];
months.forEach((month, t) => {
  const noisy = (x: number) => Math.round(x * (1 + (r.next() - 0.5) * 0.04) * 100) / 100;
  lines.push({ flow: 'export', month, country: 'RU', gtip: '720839000000', usd: noisy(truth(t)) });
  lines.push({ flow: 'export', month, country: 'GB', gtip: '080222000000', usd: noisy(truth(t) * (month === '2023-06' ? 3 : 1)) });
  if (t % 2 === 0) lines.push({ flow: 'export', month, country: 'CA', gtip: '080222000000', usd: 5000 });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are read loosely; the assertions check their shape
type Body = { data: Record<string, any>[]; meta: Record<string, any>; error?: { type: string; message: string; details: { field: string; issue: string }[] } };

describeEachStore('seasonality, anomalies and forecasts over HTTP', (get) => {
  let t: TestApp;
  let token: string;
  const call = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() as Body };
  };

  beforeAll(async () => {
    t = await makeTestApp(get().store);
    token = await t.token(['trade:read']);
    await load(get().store, lines, 'stats-patterns');
  });
  afterAll(async () => t.close());

  it('seasonality recovers the monthly and quarterly indices', async () => {
    const m = await call('/v1/statistics/seasonality?country=RU');
    expect(m.status).toBe(200);
    expect(m.body.data.map((d) => d.label)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    m.body.data.forEach((d, i) => {
      expect(Math.abs(d.index - (S[i] as number)), d.label).toBeLessThan(0.03);
      expect(d.effect).toBeCloseTo(d.index - 1, 6);
    });
    expect(m.body.meta.strength).toBeGreaterThan(0.8);
    expect(m.body.meta.series).toEqual({ from: '2021-01', to: '2024-12', periods: 48 });
    const q = await call('/v1/statistics/seasonality?country=RU&freq=quarter');
    const quarterly = [0.9, 1.1, 0.9, 1.1];
    q.body.data.forEach((d, i) => expect(Math.abs(d.index - (quarterly[i] as number))).toBeLessThan(0.03));
    // A series starting mid-year keeps its calendar positions.
    const late = await call('/v1/statistics/seasonality?country=RU&from=2021-04');
    late.body.data.forEach((d, i) => expect(Math.abs(d.index - (S[i] as number)), d.label).toBeLessThan(0.04));
  });

  it('anomalies: the tripled month and nothing else, with its expected range', async () => {
    // At the default threshold (3.5) one noisy month sits at the edge; 4 leaves only the real one.
    const dflt = await call('/v1/statistics/trends?kind=anomalies&country=GB');
    expect(dflt.status).toBe(200);
    expect(dflt.body.data.map((p) => p.period)).toContain('2023-06');
    expect(dflt.body.meta.query).toMatchObject({ kind: 'anomalies', threshold: 3.5 });
    const { body } = await call('/v1/statistics/trends?kind=anomalies&country=GB&threshold=4');
    expect(body.data).toHaveLength(1);
    const a = body.data[0]!;
    expect(a).toMatchObject({ kind: 'anomaly', period: '2023-06', direction: 'high', anomaly: true });
    const expected = truth(29);
    expect(Math.abs(a.expected_usd / expected - 1)).toBeLessThan(0.08);
    expect(a.lower_usd).toBeLessThan(a.expected_usd);
    expect(a.upper_usd).toBeLessThan(a.value_usd);
    expect(a.score).toBeGreaterThan(50);
    const all = await call('/v1/statistics/trends?kind=anomalies&country=GB&all_periods=true&threshold=4');
    expect(all.body.data).toHaveLength(48);
    expect(all.body.data.filter((p) => p.anomaly).map((p) => p.period)).toEqual(['2023-06']);
    for (const p of all.body.data.filter((x) => !x.anomaly)) expect(p.value_usd >= p.lower_usd && p.value_usd <= p.upper_usd).toBe(true);
    const clean = await call('/v1/statistics/trends?kind=anomalies&country=RU&threshold=4');
    expect(clean.body.data).toEqual([]);
  });

  it('forecast follows the trend and the seasonal shape, with ordered intervals and its backtest', async () => {
    const { status, body } = await call('/v1/statistics/forecast?country=RU&horizon=12');
    expect(status).toBe(200);
    expect(body.data.map((p) => p.period)).toEqual(monthsOf(2025));
    body.data.forEach((p, i) => {
      expect(p.step).toBe(i + 1);
      expect(Math.abs(p.value_usd / truth(48 + i) - 1), p.period).toBeLessThan(0.08);
      expect(p.lower95_usd).toBeLessThanOrEqual(p.lower80_usd);
      expect(p.lower80_usd).toBeLessThanOrEqual(p.value_usd);
      expect(p.value_usd).toBeLessThanOrEqual(p.upper80_usd);
      expect(p.upper80_usd).toBeLessThanOrEqual(p.upper95_usd);
    });
    // Peak (May, November) above trough (January, August).
    expect(body.data[4]!.value_usd).toBeGreaterThan(body.data[0]!.value_usd * 1.3);
    expect(body.data[10]!.value_usd).toBeGreaterThan(body.data[7]!.value_usd * 1.3);
    const f = body.meta.forecast;
    expect(f.model).toMatch(/^ETS\(/);
    expect(f.history).toEqual({ from: '2021-01', to: '2024-12', periods: 48 });
    expect(f.backtest.origins).toBeGreaterThan(0);
    expect(f.backtest.mase).toBeLessThan(1);
    const snaive = f.candidates.find((c: { model: string }) => c.model === 'seasonal_naive');
    expect(f.backtest.mase).toBeLessThanOrEqual(snaive.mase);
    expect(f.backtest.coverage95).toBeGreaterThanOrEqual(0);
    expect(body.meta.query).toMatchObject({ country: ['RU'], freq: 'month', horizon: 12 });
  });

  it('forecast at quarter and year frequencies', async () => {
    const q = await call('/v1/statistics/forecast?country=RU&freq=quarter&horizon=4');
    expect(q.status).toBe(200);
    expect(q.body.data.map((p) => p.period)).toEqual(['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4']);
    // Four years are too few for a yearly model (six needed): the clear 400.
    const y = await call('/v1/statistics/forecast?country=RU&freq=year&horizon=2');
    expect(y.status).toBe(400);
    expect(y.body.error!.details[0]!.issue).toContain('at least 6 yearly values');
  });

  it('a sparse series gets the clear 400, not a curve', async () => {
    const { status, body } = await call('/v1/statistics/forecast?country=CA');
    expect(status).toBe(400);
    expect(body.error!.message).toMatch(/sparse/);
    expect(body.error!.details.map((d) => d.field)).toEqual(['from', 'to']);
  });

  it('a repeated forecast is served the same (cached per normalised query)', async () => {
    const a = await call('/v1/statistics/forecast?country=RU&horizon=6');
    const b = await call('/v1/statistics/forecast?country=rus&horizon=6');
    expect(b.body.data).toEqual(a.body.data);
    expect(b.body.meta.forecast).toEqual(a.body.meta.forecast);
  });
});
