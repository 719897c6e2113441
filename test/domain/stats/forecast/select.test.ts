import { describe, it, expect } from 'vitest';
import { forecastSeries, MAX_ORIGINS, minimumLength, planBacktest } from '../../../../src/domain/stats/forecast/select.js';
import type { ForecastSuccess } from '../../../../src/domain/stats/forecast/select.js';
import { allFinite, monthlySeason, mulberry32, normal, trendTimesSeason } from '../helpers.js';

function ok(r: ReturnType<typeof forecastSeries>): ForecastSuccess {
  if (r.status !== 'ok') throw new Error(r.reason);
  return r;
}

describe('insufficient data', () => {
  it('needs two seasonal cycles (six points for yearly data)', () => {
    expect(forecastSeries(new Array(23).fill(10), { period: 12, horizon: 6 })).toEqual({
      status: 'insufficient_data',
      reason: expect.stringContaining('23'),
      min_required: 24,
    });
    expect(forecastSeries(new Array(7).fill(10), { period: 4, horizon: 4 })).toMatchObject({ status: 'insufficient_data', min_required: 8 });
    expect(forecastSeries(new Array(5).fill(10), { period: 1, horizon: 2 })).toMatchObject({ status: 'insufficient_data', min_required: 6 });
    expect(forecastSeries(new Array(24).fill(10), { period: 12, horizon: 6 }).status).toBe('ok');
  });

  it('minLength raises the bar but never lowers it', () => {
    expect(minimumLength(12, 36)).toBe(36);
    expect(minimumLength(12, 3)).toBe(24);
    expect(forecastSeries(new Array(30).fill(10), { period: 12, horizon: 6, minLength: 36 })).toMatchObject({ status: 'insufficient_data', min_required: 36 });
  });

  it('refuses series with more than 30 % zeros', () => {
    const sparse = Array.from({ length: 40 }, (_, t) => (t % 3 === 0 ? 0 : 100 + t)); // 14 of 40 zeros
    expect(forecastSeries(sparse, { period: 12, horizon: 6 })).toMatchObject({ status: 'insufficient_data', reason: expect.stringContaining('zero') });
    const borderline = Array.from({ length: 40 }, (_, t) => (t % 10 < 3 ? 0 : 100 + t)); // exactly 30 %
    expect(forecastSeries(borderline, { period: 12, horizon: 6 }).status).toBe('ok');
  });

  it('rejects bad input outright', () => {
    expect(() => forecastSeries([1, Number.NaN, 3, 4, 5, 6], { period: 1, horizon: 2 })).toThrow(RangeError);
    expect(() => forecastSeries(new Array(30).fill(1), { period: 12, horizon: 0 })).toThrow(RangeError);
    expect(() => forecastSeries(new Array(30).fill(1), { period: 7 as 12, horizon: 3 })).toThrow(RangeError);
  });
});

describe('backtest plan', () => {
  it('uses the full horizon and twelve origins when the series is long enough', () => {
    // n = 60, h = 12: origins 37..48, training at least two years.
    expect(planBacktest(60, 12, 12)).toEqual({ horizon: 12, k: 23, firstTrain: 37 });
    expect(23 - 12 + 1).toBe(MAX_ORIGINS);
  });

  it('shortens the horizon and starts after one cycle for a two-year series', () => {
    // n = 24: origins 13..19 with 5-step forecasts.
    expect(planBacktest(24, 12, 12)).toEqual({ horizon: 5, k: 11, firstTrain: 13 });
    expect(planBacktest(6, 1, 3)).toEqual({ horizon: 1, k: 2, firstTrain: 4 });
  });
});

describe('forecastSeries', () => {
  const season = monthlySeason(0.3);
  const y = trendTimesSeason(60, { level: 1000, slope: 8, season, noise: 0.03, seed: 5 });

  it('returns the documented shape, with the chosen model the best by backtest MASE', () => {
    const r = ok(forecastSeries(y, { period: 12, horizon: 12 }));
    expect(r.points.map((p) => p.step)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(r.candidates.length).toBe(11);
    const best = Math.min(...r.candidates.map((c) => c.mase ?? Number.POSITIVE_INFINITY));
    expect(r.candidates.find((c) => c.model === r.model)?.mase).toBe(best);
    expect(r.backtest).toMatchObject({ origins: 12, horizon: 12, mase: best });
    expect(r.intervalScale).toBeGreaterThanOrEqual(1);
    expect(allFinite(r)).toBe(true);
    // A clean seasonal series: seasonal ETS wins and beats seasonal naive clearly.
    expect(r.model).toMatch(/^ETS\(A,(A|Ad|N),(A|M)\)$/);
    expect(r.backtest.mase as number).toBeLessThan((r.candidates.find((c) => c.model === 'seasonal_naive')?.mase as number) * 0.8);
  });

  it('leaves multiplicative models out for series with zeros and stays finite and non-negative', () => {
    const z = normal(mulberry32(6));
    for (const period of [12, 4, 1] as const) {
      const v = Array.from({ length: 48 }, (_, t) => (t % 5 === 2 ? 0 : Math.max(0, 50 + 30 * z())));
      const r = ok(forecastSeries(v, { period, horizon: 8 }));
      expect(r.candidates.some((c) => c.model.endsWith(',M)'))).toBe(false);
      expect(allFinite(r)).toBe(true);
      for (const p of r.points) expect(p.lower95).toBeGreaterThanOrEqual(0);
    }
  });

  it('quarterly and yearly series get their own candidate sets', () => {
    const q = trendTimesSeason(24, { level: 500, slope: 4, season: [0.8, 1.1, 1.2, 0.9], noise: 0.03, seed: 9 });
    expect(ok(forecastSeries(q, { period: 4, horizon: 8 })).points).toHaveLength(8);
    const yearly = ok(forecastSeries([100, 110, 118, 131, 140, 152, 160, 171], { period: 1, horizon: 3 }));
    expect(yearly.candidates.map((c) => c.model)).not.toContain('seasonal_naive');
    // A steady rise: the forecast keeps rising.
    expect(yearly.points[2]?.value).toBeGreaterThan(171);
  });

  it('a two-year monthly series is forecast without seasonal ETS (too short to backtest it)', () => {
    const r = ok(forecastSeries(y.slice(0, 24), { period: 12, horizon: 12 }));
    expect(r.candidates.map((c) => c.model)).toEqual(['seasonal_naive', 'naive', 'ETS(A,N,N)', 'ETS(A,A,N)', 'ETS(A,Ad,N)']);
    expect(r.points).toHaveLength(12);
  });

  it('never returns NaN on awkward series', () => {
    const cases: number[][] = [
      new Array(30).fill(0).map((_, t) => (t % 4 === 0 ? 0 : 5)),
      new Array(36).fill(1e9),
      Array.from({ length: 40 }, (_, t) => (t % 2 ? 1e-6 : 1e6)),
      Array.from({ length: 30 }, (_, t) => -500 + 10 * t),
    ];
    for (const v of cases) for (const period of [12, 4, 1] as const) expect(allFinite(forecastSeries(v, { period, horizon: 12 }))).toBe(true);
  });

  it('answers a 60-point monthly series in well under 100 ms of CPU', () => {
    const rand = mulberry32(1);
    const times: number[] = [];
    for (let k = 0; k < 15; k++) {
      const v = trendTimesSeason(60, { level: 1000 * (1 + rand()), slope: rand() * 20 - 5, season: monthlySeason(rand() * 0.4), noise: 0.08, seed: 200 + k });
      const before = process.cpuUsage();
      forecastSeries(v, { period: 12, horizon: 12 });
      const used = process.cpuUsage(before);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    expect(times[7] as number).toBeLessThan(60);
  });
});
