import { describe, it, expect } from 'vitest';
import { centredMovingAverage, decompose } from '../../../src/domain/stats/seasonality.js';
import type { Decomposition } from '../../../src/domain/stats/seasonality.js';
import { allFinite, monthlySeason, mulberry32, normal, trendTimesSeason } from './helpers.js';

function ok(d: ReturnType<typeof decompose>): Decomposition {
  if (d.status !== 'ok') throw new Error(d.reason);
  return d;
}

describe('centred moving average', () => {
  it('uses half weights at both ends for an even period', () => {
    // (0.5·4 + 8 + 6 + 2 + 0.5·4) / 4 = 5 at every reachable point.
    expect(centredMovingAverage([4, 8, 6, 2, 4, 8, 6, 2], 4)).toEqual([null, null, 5, 5, 5, 5, null, null]);
  });

  it('reproduces a straight line and leaves half a period empty at each end', () => {
    const line = Array.from({ length: 30 }, (_, t) => 3 + 2 * t);
    const ma = centredMovingAverage(line, 12);
    expect(ma.slice(0, 6).every((x) => x === null)).toBe(true);
    expect(ma.slice(24).every((x) => x === null)).toBe(true);
    for (let t = 6; t < 24; t++) expect(ma[t]).toBeCloseTo(line[t] as number, 10);
  });

  it('handles an odd period with equal weights', () => {
    expect(centredMovingAverage([1, 2, 3, 4, 5], 3)).toEqual([null, 2, 3, 4, null]);
  });
});

describe('classical decomposition', () => {
  it('additive: recovers a known pattern exactly on trend + season', () => {
    const pattern = [-30, -10, 20, 40, 10, -30];
    const centred = pattern.map((p) => p - pattern.reduce((s, x) => s + x, 0) / 6);
    const v = Array.from({ length: 36 }, (_, t) => 100 + 2 * t + (centred[t % 6] as number));
    const d = ok(decompose(v, { period: 6, type: 'additive' }));
    d.indices.forEach((s, k) => expect(s).toBeCloseTo(centred[k] as number, 10));
    for (const r of d.remainder) if (r !== null) expect(r).toBeCloseTo(0, 10);
    expect(d.indices.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 10);
    expect(d.strength).toBeCloseTo(1, 6);
  });

  it('multiplicative: recovers monthly indices on trend × season within 1 %', () => {
    const season = monthlySeason(0.3);
    const v = trendTimesSeason(48, { level: 1000, slope: 5, season, noise: 0, seed: 1 });
    const d = ok(decompose(v, { period: 12 }));
    expect(d.type).toBe('multiplicative');
    d.indices.forEach((s, k) => expect(Math.abs(s - (season[k] as number))).toBeLessThan(0.01));
    expect(d.indices.reduce((s, x) => s + x, 0) / 12).toBeCloseTo(1, 12);
    // Trend in the interior is within 1 % of the true line.
    d.trend.forEach((tr, t) => {
      if (tr !== null) expect(Math.abs(tr / (1000 + 5 * t) - 1)).toBeLessThan(0.01);
    });
  });

  it('reports indices by calendar position when the series starts mid-year', () => {
    const season = monthlySeason(0.25);
    // Starts in April: value t belongs to month (3 + t) mod 12.
    const v = Array.from({ length: 36 }, (_, t) => 500 * (season[(3 + t) % 12] as number));
    const d = ok(decompose(v, { period: 12, start: 3 }));
    d.indices.forEach((s, k) => expect(s).toBeCloseTo(season[k] as number, 10));
    expect(d.seasonal[0]).toBeCloseTo(season[3] as number, 10);
  });

  it('finds little seasonality in white noise', () => {
    const z = normal(mulberry32(9));
    const v = Array.from({ length: 120 }, () => 1000 + 50 * z());
    const d = ok(decompose(v, { period: 12, type: 'additive' }));
    expect(d.strength).toBeLessThan(0.4);
  });

  it('needs two full periods', () => {
    const short = decompose(new Array(23).fill(5), { period: 12 });
    expect(short).toEqual({ status: 'insufficient_data', reason: expect.any(String), min_required: 24 });
    expect(decompose(new Array(7).fill(5), { period: 4, type: 'additive' })).toMatchObject({ status: 'insufficient_data', min_required: 8 });
    expect(decompose(new Array(24).fill(5), { period: 12 }).status).toBe('ok');
  });

  it('is all finite for series with zeros, and typed when the series is all zero', () => {
    const v = Array.from({ length: 36 }, (_, t) => (t % 5 === 0 ? 0 : 100 + t));
    expect(allFinite(ok(decompose(v, { period: 12 })))).toBe(true);
    expect(allFinite(ok(decompose(v, { period: 4, type: 'additive' })))).toBe(true);
    expect(decompose(new Array(24).fill(0), { period: 12 }).status).toBe('insufficient_data');
  });

  it('refuses negative values for multiplicative and bad options', () => {
    const v = Array.from({ length: 24 }, (_, t) => t - 3);
    expect(() => decompose(v, { period: 12 })).toThrow(RangeError);
    expect(decompose(v, { period: 12, type: 'additive' }).status).toBe('ok');
    expect(() => decompose(v, { period: 1 })).toThrow(RangeError);
    expect(() => decompose([Number.NaN, ...v], { period: 12, type: 'additive' })).toThrow(RangeError);
  });

  it('median seasonal statistic shrugs off one extreme month', () => {
    const season = monthlySeason(0.2);
    // Six years: each cycle position has six ratios, of which the spike spoils at most one.
    const v = trendTimesSeason(72, { level: 1000, slope: 0, season, noise: 0, seed: 1 });
    v[30] = (v[30] as number) * 3;
    const robust = ok(decompose(v, { period: 12, seasonalStatistic: 'median' }));
    const classical = ok(decompose(v, { period: 12 }));
    const err = (d: Decomposition) => Math.max(...d.indices.map((s, k) => Math.abs(s - (season[k] as number))));
    expect(err(robust)).toBeLessThan(1e-9);
    expect(err(classical)).toBeGreaterThan(0.1);
  });
});
