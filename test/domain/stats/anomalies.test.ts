import { describe, it, expect } from 'vitest';
import { detectAnomalies, extendTrend } from '../../../src/domain/stats/anomalies.js';
import type { AnomalyReport } from '../../../src/domain/stats/anomalies.js';
import { allFinite, monthlySeason, mulberry32, normal, trendTimesSeason } from './helpers.js';

function ok(r: ReturnType<typeof detectAnomalies>): AnomalyReport {
  if (r.status !== 'ok') throw new Error(r.reason);
  return r;
}

const season = monthlySeason(0.3);

describe('anomaly detection', () => {
  it('flags an injected spike and dip and nothing else', () => {
    const v = trendTimesSeason(48, { level: 1000, slope: 4, season, noise: 0.03, seed: 21 });
    v[20] = (v[20] as number) * 1.8;
    v[33] = (v[33] as number) * 0.4;
    const r = ok(detectAnomalies(v, { period: 12 }));
    expect(r.anomalies.map((a) => [a.index, a.direction])).toEqual([
      [20, 'high'],
      [33, 'low'],
    ]);
    const spike = r.points[20];
    expect(spike?.value).toBeGreaterThan(spike?.upper as number);
    // The expected value is close to what the month would have been without the spike.
    expect(Math.abs((spike?.expected as number) / (v[20] / 1.8) - 1)).toBeLessThan(0.1);
  });

  it('reaches the latest month, beyond the moving average', () => {
    const v = trendTimesSeason(36, { level: 1000, slope: 10, season, noise: 0.02, seed: 4 });
    v[35] = (v[35] as number) * 2;
    const r = ok(detectAnomalies(v, { period: 12 }));
    expect(r.anomalies.map((a) => a.index)).toEqual([35]);
  });

  it('flags exactly the points outside [lower, upper]', () => {
    const rand = mulberry32(8);
    for (let k = 0; k < 40; k++) {
      const v = trendTimesSeason(36 + Math.floor(rand() * 24), { level: 500, slope: rand() * 10 - 5, season, noise: 0.1, seed: 100 + k });
      for (let j = 0; j < 3; j++) {
        const i = Math.floor(rand() * v.length);
        v[i] = (v[i] as number) * (rand() < 0.5 ? 0.3 : 2.5);
      }
      for (const type of ['multiplicative', 'additive'] as const) {
        const r = ok(detectAnomalies(v, { period: 12, type, threshold: 3 }));
        for (const p of r.points) {
          expect(p.anomaly).toBe(p.value < p.lower || p.value > p.upper);
          expect(p.lower).toBeLessThanOrEqual(p.upper);
          expect(p.lower).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('a lower threshold flags at least as many points', () => {
    const v = trendTimesSeason(60, { level: 1000, slope: 2, season, noise: 0.08, seed: 77 });
    const strict = ok(detectAnomalies(v, { period: 12, threshold: 4 })).anomalies.length;
    const loose = ok(detectAnomalies(v, { period: 12, threshold: 2 })).anomalies.length;
    expect(loose).toBeGreaterThanOrEqual(strict);
    expect(loose).toBeGreaterThan(0);
  });

  it('a perfectly regular series has no anomalies and no NaN', () => {
    const v = Array.from({ length: 36 }, (_, t) => 100 * (season[t % 12] as number));
    const r = ok(detectAnomalies(v, { period: 12 }));
    expect(r.anomalies).toEqual([]);
    expect(allFinite(r)).toBe(true);
  });

  it('stays finite with zero months', () => {
    const v = trendTimesSeason(48, { level: 200, slope: 1, season, noise: 0.05, seed: 3 }).map((x, t) => (t % 7 === 0 ? 0 : x));
    for (const type of ['multiplicative', 'additive'] as const) {
      const r = ok(detectAnomalies(v, { period: 12, type }));
      expect(allFinite(r)).toBe(true);
    }
  });

  it('quarterly series work with period 4', () => {
    const q = [0.8, 1.1, 1.2, 0.9];
    const z = normal(mulberry32(12));
    const v = Array.from({ length: 20 }, (_, t) => (1000 + 20 * t) * (q[t % 4] as number) * (1 + 0.02 * z()));
    v[9] = (v[9] as number) * 0.5;
    const r = ok(detectAnomalies(v, { period: 4 }));
    expect(r.anomalies.map((a) => a.index)).toEqual([9]);
  });

  it('rarely flags clean noisy series (under 2 % of months) and catches a +60 % month', () => {
    let flagged = 0;
    let months = 0;
    let caught = 0;
    for (let k = 0; k < 100; k++) {
      const v = trendTimesSeason(60, { level: 1000, slope: 3, season, noise: 0.05, seed: 500 + k });
      flagged += ok(detectAnomalies(v, { period: 12 })).anomalies.length;
      months += v.length;
      const i = k % 60;
      v[i] = (v[i] as number) * 1.6;
      if (ok(detectAnomalies(v, { period: 12 })).points[i]?.anomaly) caught++;
    }
    expect(flagged / months).toBeLessThan(0.02);
    expect(caught).toBeGreaterThanOrEqual(95);
  });

  it('returns insufficient_data below three cycles and refuses a bad threshold', () => {
    expect(detectAnomalies([1, 2, 3], { period: 12 })).toMatchObject({ status: 'insufficient_data', min_required: 36 });
    expect(detectAnomalies(new Array(35).fill(1), { period: 12 })).toMatchObject({ status: 'insufficient_data', min_required: 36 });
    expect(detectAnomalies(new Array(11).fill(1), { period: 4 })).toMatchObject({ status: 'insufficient_data', min_required: 12 });
    expect(() => detectAnomalies(new Array(36).fill(1), { period: 12, threshold: 0 })).toThrow(RangeError);
  });
});

describe('trend extension', () => {
  it('continues a straight line at both ends', () => {
    const t = [null, null, 3, 4, 5, 6, null];
    expect(extendTrend(t, 4)).toEqual([1, 2, 3, 4, 5, 6, 7].map((x) => expect.closeTo(x, 10)));
  });
});
