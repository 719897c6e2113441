// Interval calibration by simulation: series drawn from known processes with fixed seeds, forecast
// twelve steps, and the share of actual values inside the 80 % and 95 % intervals, pooled over
// steps and simulations, must be within 7 points of nominal.

import { describe, it, expect } from 'vitest';
import { fitEts } from '../../../../src/domain/stats/forecast/ets.js';
import { forecastPoints } from '../../../../src/domain/stats/forecast/intervals.js';
import { forecastSeries } from '../../../../src/domain/stats/forecast/select.js';
import type { ForecastPoint } from '../../../../src/domain/stats/forecast/types.js';
import { mulberry32, normal } from '../helpers.js';

const SIMS = 200;
const N = 60;
const H = 12;

type Process = (seed: number) => number[];

/** Local level: y = l + e, l += α·e (ETS(A,N,N) with α = 0.3, σ = 30). */
const localLevel: Process = (seed) => {
  const z = normal(mulberry32(seed));
  const y: number[] = [];
  for (let t = 0, l = 1000; t < N + H; t++) {
    const e = 30 * z();
    y.push(l + e);
    l += 0.3 * e;
  }
  return y;
};

/** Local level with evolving additive monthly seasonality (ETS(A,N,A), α = 0.2, γ = 0.1). */
const seasonalLevel: Process = (seed) => {
  const z = normal(mulberry32(seed));
  const s = Array.from({ length: 12 }, (_, k) => 150 * Math.sin((2 * Math.PI * k) / 12));
  const y: number[] = [];
  for (let t = 0, l = 1000; t < N + H; t++) {
    const e = 30 * z();
    const S = s[t % 12] as number;
    y.push(l + S + e);
    l += 0.2 * e;
    s[t % 12] = S + 0.1 * e;
  }
  return y;
};

/** Growing trade flow: linear trend × monthly season × (1 + 4 % noise). */
const tradeLike: Process = (seed) => {
  const z = normal(mulberry32(seed));
  return Array.from({ length: N + H }, (_, t) => (1000 + 8 * t) * (1 + 0.3 * Math.sin((2 * Math.PI * t) / 12)) * (1 + 0.04 * z()));
};

function coverage(process: Process, seed0: number, forecast: (train: number[]) => ForecastPoint[]) {
  let in80 = 0;
  let in95 = 0;
  let count = 0;
  for (let k = 0; k < SIMS; k++) {
    const y = process(seed0 + k);
    for (const p of forecast(y.slice(0, N))) {
      const actual = y[N + p.step - 1] as number;
      if (actual >= p.lower80 && actual <= p.upper80) in80++;
      if (actual >= p.lower95 && actual <= p.upper95) in95++;
      count++;
    }
  }
  return { c80: in80 / count, c95: in95 / count };
}

function auto(train: number[]): ForecastPoint[] {
  const r = forecastSeries(train, { period: 12, horizon: H });
  if (r.status !== 'ok') throw new Error(r.reason);
  return r.points;
}

describe('prediction interval coverage (200 seeded simulations each)', () => {
  it('ETS(A,N,N) fitted to its own process', () => {
    const { c80, c95 } = coverage(localLevel, 1000, (train) => forecastPoints(fitEts(train, { trend: 'N', season: 'N', period: 1 })!, H));
    expect(Math.abs(c80 - 0.8)).toBeLessThanOrEqual(0.07);
    expect(Math.abs(c95 - 0.95)).toBeLessThanOrEqual(0.07);
  });

  it('automatic selection on a seasonal local-level process', { timeout: 120_000 }, () => {
    const { c80, c95 } = coverage(seasonalLevel, 2000, auto);
    expect(Math.abs(c80 - 0.8)).toBeLessThanOrEqual(0.07);
    expect(Math.abs(c95 - 0.95)).toBeLessThanOrEqual(0.07);
  });

  it('automatic selection on a trend × season series with multiplicative noise', { timeout: 120_000 }, () => {
    const { c80, c95 } = coverage(tradeLike, 3000, auto);
    expect(Math.abs(c80 - 0.8)).toBeLessThanOrEqual(0.07);
    expect(Math.abs(c95 - 0.95)).toBeLessThanOrEqual(0.07);
  });
});
