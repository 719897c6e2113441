import { describe, it, expect } from 'vitest';
import { filterSse, fitEts, initialState } from '../../../../src/domain/stats/forecast/ets.js';
import type { EtsState, SeasonType, TrendType } from '../../../../src/domain/stats/forecast/ets.js';
import { forecastPoints } from '../../../../src/domain/stats/forecast/intervals.js';
import { fitSeasonalNaive } from '../../../../src/domain/stats/forecast/naive.js';
import { allFinite, monthlySeason, mulberry32, normal, trendTimesSeason } from '../helpers.js';

const state = (level: number, slope: number, seasonal: number[] = [0]): EtsState => ({ level, slope, seasonal: Float64Array.from(seasonal) });
const params = (alpha: number, beta = 0, gamma = 0, phi = 1) => ({ alpha, beta, gamma, phi });

describe('ETS recursions (hand-computed)', () => {
  it('ETS(A,N,N): level moves by alpha times the error', () => {
    const out = state(0, 0);
    expect(filterSse([10, 12, 11], 'N', 'N', params(0.5), state(10, 0), out)).toBeCloseTo(4, 12);
    expect(out.level).toBeCloseTo(11, 12);
  });

  it('ETS(A,A,N): slope moves by beta times the error', () => {
    const out = state(0, 0);
    expect(filterSse([11, 13], 'A', 'N', params(0.5, 0.1), state(10, 1), out)).toBeCloseTo(1, 12);
    expect(out.level).toBeCloseTo(12.5, 12);
    expect(out.slope).toBeCloseTo(1.1, 12);
  });

  it('ETS(A,Ad,N): the slope is damped by phi', () => {
    const out = state(0, 0);
    expect(filterSse([12], 'Ad', 'N', params(0.5, 0.1, 0, 0.9), state(10, 2), out)).toBeCloseTo(0.04, 12);
    expect(out.level).toBeCloseTo(11.9, 12);
    expect(out.slope).toBeCloseTo(1.82, 12);
  });

  it('ETS(A,N,A) with period 2', () => {
    const out = state(0, 0);
    expect(filterSse([12, 9], 'N', 'A', params(0.5, 0, 0.2), state(10, 0, [1, -1]), out)).toBeCloseTo(1.25, 12);
    expect(out.level).toBeCloseTo(10.25, 12);
    expect([...out.seasonal]).toEqual([expect.closeTo(1.2, 12), expect.closeTo(-1.1, 12)]);
  });

  it('ETS(A,N,M) with period 2: errors enter the level divided by the season, the season divided by the level', () => {
    const out = state(0, 0);
    expect(filterSse([13, 8], 'N', 'M', params(0.5, 0, 0.1), state(10, 0, [1.2, 0.8]), out)).toBeCloseTo(1 + 1 / 9, 12);
    expect(out.level).toBeCloseTo(10 + 0.5 / 1.2 - (0.5 * (1 / 3)) / 0.8, 10);
    expect(out.seasonal[0]).toBeCloseTo(1.21, 12);
    expect(out.seasonal[1]).toBeCloseTo(0.8 - (0.1 * (1 / 3)) / (10 + 0.5 / 1.2), 12);
  });

  it('a multiplicative model with a non-positive state has infinite SSE', () => {
    expect(filterSse([5], 'N', 'M', params(0.5, 0, 0.1), state(-1, 0, [1, 1]))).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('initial states', () => {
  it('recover level and slope of a straight line', () => {
    const y = Array.from({ length: 20 }, (_, t) => 100 + 3 * (t + 1));
    const s = initialState(y, 1, 'A', 'N');
    expect(s?.level).toBeCloseTo(100, 9);
    expect(s?.slope).toBeCloseTo(3, 9);
  });

  it('recover additive seasonal indices in observation order', () => {
    const pattern = [5, -5, 10, -10];
    const y = Array.from({ length: 16 }, (_, t) => 50 + (pattern[t % 4] as number));
    const s = initialState(y, 4, 'N', 'A');
    expect([...(s?.seasonal ?? [])]).toEqual(pattern.map((p) => expect.closeTo(p, 9)));
    expect(s?.level).toBeCloseTo(50, 9);
  });
});

describe('fitting', () => {
  const models: [TrendType, SeasonType][] = [
    ['N', 'N'],
    ['A', 'N'],
    ['Ad', 'N'],
    ['N', 'A'],
    ['A', 'A'],
    ['Ad', 'A'],
    ['N', 'M'],
    ['A', 'M'],
    ['Ad', 'M'],
  ];

  it('keeps parameters inside the classical bounds and outputs finite numbers', () => {
    const rand = mulberry32(17);
    for (let k = 0; k < 10; k++) {
      const y = trendTimesSeason(36 + Math.floor(rand() * 30), { level: 500, slope: rand() * 10 - 3, season: monthlySeason(rand() * 0.4), noise: 0.1, seed: 40 + k });
      for (const [trend, season] of models) {
        const f = fitEts(y, { trend, season, period: 12 });
        expect(f).not.toBeNull();
        if (!f) continue;
        const { alpha, beta, gamma, phi } = f.params;
        expect(alpha).toBeGreaterThan(0);
        expect(alpha).toBeLessThan(1);
        expect(beta).toBeGreaterThanOrEqual(0);
        expect(beta).toBeLessThan(alpha);
        expect(gamma).toBeGreaterThanOrEqual(0);
        expect(gamma).toBeLessThan(1 - alpha);
        expect(phi).toBeGreaterThanOrEqual(trend === 'Ad' ? 0.8 : 1);
        expect(phi).toBeLessThanOrEqual(trend === 'Ad' ? 0.98 : 1);
        expect(allFinite(forecastPoints(f, 24))).toBe(true);
      }
    }
  });

  it('the optimiser finds a lower SSE than the starting guesses', () => {
    const y = trendTimesSeason(60, { level: 1000, slope: 5, season: monthlySeason(0.3), noise: 0.05, seed: 2 });
    const f = fitEts(y, { trend: 'A', season: 'M', period: 12 });
    const init = initialState(y, 12, 'A', 'M');
    if (!f || !init) throw new Error('fit failed');
    for (const a of [0.1, 0.3, 0.6, 0.9]) {
      expect(f.sse).toBeLessThanOrEqual(filterSse(y, 'A', 'M', params(a, a * 0.1, (1 - a) * 0.1), init));
    }
  });

  it('refuses what it cannot fit', () => {
    const withZero = Array.from({ length: 36 }, (_, t) => (t === 5 ? 0 : 100 + t));
    expect(fitEts(withZero, { trend: 'A', season: 'M', period: 12 })).toBeNull();
    expect(fitEts(withZero.slice(0, 23), { trend: 'N', season: 'A', period: 12 })).toBeNull();
    expect(fitEts([1, 2, 3], { trend: 'A', season: 'N', period: 1 })).toBeNull();
  });

  it('a constant series forecasts the constant with zero-width intervals', () => {
    const f = fitEts(new Array(30).fill(250), { trend: 'A', season: 'A', period: 12 });
    for (const p of forecastPoints(f!, 6)) {
      expect(p.value).toBeCloseTo(250, 9);
      expect(p.upper95 - p.lower95).toBeCloseTo(0, 9);
    }
  });
});

describe('forecast accuracy', () => {
  it('trend × season: ETS(A,A,M) lands within 3 % of the truth and beats seasonal naive', () => {
    const season = monthlySeason(0.3);
    const y = trendTimesSeason(72, { level: 1000, slope: 10, season, noise: 0.02, seed: 31 });
    const truth = Array.from({ length: 12 }, (_, i) => (1000 + 10 * (60 + i)) * (season[(60 + i) % 12] as number));
    const f = fitEts(y.slice(0, 60), { trend: 'A', season: 'M', period: 12 });
    const ets = forecastPoints(f!, 12).map((p) => p.value);
    const snaive = forecastPoints(fitSeasonalNaive(y.slice(0, 60), 12), 12).map((p) => p.value);
    const mape = (xs: number[]) => xs.reduce((s, x, i) => s + Math.abs(x / (truth[i] as number) - 1), 0) / xs.length;
    expect(mape(ets)).toBeLessThan(0.03);
    expect(mape(ets)).toBeLessThan(mape(snaive) / 2);
  });

  it('trend + season: ETS(A,A,A) follows a known line with additive seasonality', () => {
    const pattern = [-40, -20, 0, 30, 50, 20, 0, -10, -30, -20, 10, 10];
    const z = normal(mulberry32(4));
    const y = Array.from({ length: 72 }, (_, t) => 300 + 4 * t + (pattern[t % 12] as number) + 3 * z());
    const f = fitEts(y.slice(0, 60), { trend: 'A', season: 'A', period: 12 });
    forecastPoints(f!, 12).forEach((p) => {
      const t = 59 + p.step;
      expect(Math.abs(p.value - (300 + 4 * t + (pattern[t % 12] as number)))).toBeLessThan(12);
    });
  });
});

describe('prediction intervals', () => {
  const z = normal(mulberry32(99));
  const walk: number[] = [];
  for (let t = 0, l = 500; t < 60; t++) {
    l += 2 + 10 * z();
    walk.push(l);
  }

  it('ETS(A,N,N): var(h) = var(1) · (1 + (h − 1)α²)', () => {
    const f = fitEts(walk, { trend: 'N', season: 'N', period: 1 })!;
    const v = f.predict(6).variance;
    v.forEach((x, i) => expect(x / (v[0] as number)).toBeCloseTo(1 + i * f.params.alpha ** 2, 10));
  });

  it('ETS(A,A,N): var(h) = var(1) · (1 + Σ (α + βj)²)', () => {
    const f = fitEts(walk, { trend: 'A', season: 'N', period: 1 })!;
    const { alpha, beta } = f.params;
    const v = f.predict(5).variance;
    let expected = 1;
    v.forEach((x, i) => {
      expect(x / (v[0] as number)).toBeCloseTo(expected, 10);
      expected += (alpha + beta * (i + 1)) ** 2;
    });
  });

  it('ETS(A,N,A): the seasonal smoothing adds γ once a year', () => {
    const y = trendTimesSeason(40, { level: 1000, slope: 0, season: [0.9, 1.1, 1.2, 0.8], noise: 0.03, seed: 8 });
    const f = fitEts(y, { trend: 'N', season: 'A', period: 4 })!;
    const { alpha, gamma } = f.params;
    const v = f.predict(6).variance;
    const c = (j: number) => alpha + (j % 4 === 0 ? gamma : 0);
    let expected = 1;
    v.forEach((x, i) => {
      expect(x / (v[0] as number)).toBeCloseTo(expected, 10);
      expected += c(i + 1) ** 2;
    });
  });

  it('are nested around the point, widen with the horizon (relative to the point for M)', () => {
    const y = trendTimesSeason(60, { level: 1000, slope: 5, season: monthlySeason(0.3), noise: 0.05, seed: 12 });
    for (const [trend, season] of [
      ['A', 'A'],
      ['Ad', 'M'],
      ['N', 'N'],
    ] as const) {
      const pts = forecastPoints(fitEts(y, { trend, season, period: 12 })!, 24);
      let prev = 0;
      for (const p of pts) {
        expect(p.lower95).toBeLessThanOrEqual(p.lower80);
        expect(p.lower80).toBeLessThanOrEqual(p.value);
        expect(p.value).toBeLessThanOrEqual(p.upper80);
        expect(p.upper80).toBeLessThanOrEqual(p.upper95);
        const width = season === 'M' ? (p.upper95 - p.lower95) / p.value : p.upper95 - p.lower95;
        expect(width).toBeGreaterThanOrEqual(prev - 1e-9);
        prev = width;
      }
      expect((pts[23] as { upper95: number }).upper95 - (pts[23] as { lower95: number }).lower95).toBeGreaterThan(
        (pts[0] as { upper95: number }).upper95 - (pts[0] as { lower95: number }).lower95,
      );
    }
  });

  it('are clipped at zero for a non-negative series heading down', () => {
    const y = Array.from({ length: 30 }, (_, t) => Math.max(1, 300 - 10 * t + 5 * Math.sin(t)));
    const pts = forecastPoints(fitEts(y, { trend: 'A', season: 'N', period: 1 })!, 12);
    for (const p of pts) expect(Math.min(p.value, p.lower80, p.lower95)).toBeGreaterThanOrEqual(0);
    expect(pts.some((p) => p.lower95 === 0)).toBe(true);
  });
});
