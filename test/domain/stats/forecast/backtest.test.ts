import { describe, it, expect } from 'vitest';
import { backtest, naiveScale } from '../../../../src/domain/stats/forecast/backtest.js';
import { naive, seasonalNaive } from '../../../../src/domain/stats/forecast/naive.js';

describe('MASE scale', () => {
  it('is the in-sample MAE of the seasonal naive forecast', () => {
    expect(naiveScale([1, 3, 2, 4], 1)).toBeCloseTo(5 / 3, 12);
    // Period 2 with four values (two full periods): |2 − 1| and |4 − 3|.
    expect(naiveScale([1, 3, 2, 4], 2)).toBe(1);
  });

  it('falls back to lag 1 below two full periods', () => {
    expect(naiveScale([1, 3, 2], 2)).toBeCloseTo(1.5, 12);
    expect(naiveScale([7], 1)).toBe(0);
  });
});

describe('rolling-origin backtest', () => {
  it('naive on a straight line: the error at step j is j, so MASE = (h + 1) / 2', () => {
    const y = Array.from({ length: 20 }, (_, t) => t);
    const r = backtest(y, naive, { period: 1, horizon: 3, k: 8 });
    // Origins 12 to 17: six of them.
    expect(r.origins).toBe(6);
    expect(r.horizon).toBe(3);
    expect(r.mase).toBeCloseTo(2, 12);
    // In-sample differences are all 1, so σ = 1 and sd(j) = sqrt(j). Error j against 1.2816·sqrt(j)
    // is inside only for j = 1 at 80 %; against 1.96·sqrt(j) inside for j = 1..3 at 95 %.
    expect(r.coverage80).toBeCloseTo(1 / 3, 12);
    expect(r.coverage95).toBeCloseTo(1, 12);
  });

  it('sMAPE by hand', () => {
    // Origin 3 (k = 1, h = 1): naive says 10, actual 30 → 200·20/40 = 100.
    const r = backtest([10, 10, 10, 30], naive, { period: 1, horizon: 1, k: 1 });
    expect(r.smape).toBeCloseTo(100, 12);
    expect(r.origins).toBe(1);
  });

  it('seasonal naive is perfect on a repeating pattern, with zero sMAPE even across zero months', () => {
    const y = Array.from({ length: 36 }, (_, t) => [0, 5, 9, 2][t % 4] as number);
    const r = backtest(y, seasonalNaive, { period: 4, horizon: 4, k: 12 });
    expect(r.mase).toBe(0);
    expect(r.smape).toBe(0);
    expect(r.coverage95).toBe(1);
  });

  it('MASE is null when the scale is zero but errors remain', () => {
    const r = backtest([5, 5, 5, 5, 9], naive, { period: 1, horizon: 1, k: 1 });
    expect(r.mase).toBeNull();
    expect(r.smape).not.toBeNull();
  });

  it('reports the error ratio (error / stated sd)', () => {
    // Naive on a line: errors j, sd sqrt(j), so z² = j; h = 2 → sqrt((1 + 2) / 2).
    const y = Array.from({ length: 10 }, (_, t) => t);
    expect(backtest(y, naive, { period: 1, horizon: 2, k: 4 }).errorRatio).toBeCloseTo(Math.sqrt(1.5), 12);
  });

  it('refuses an impossible plan and returns nulls when the model cannot train', () => {
    expect(() => backtest([1, 2, 3], naive, { period: 1, horizon: 2, k: 1 })).toThrow(RangeError);
    expect(() => backtest([1, 2, 3], naive, { period: 1, horizon: 1, k: 4 })).toThrow(RangeError);
    expect(backtest([1, 2, 3, 4, 5], seasonalNaive, { period: 4, horizon: 1, k: 2 }).mase).toBeNull();
  });
});
