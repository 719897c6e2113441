import { describe, it, expect } from 'vitest';
import { mad, mean, median, quantile, sd, summarize } from '../../../src/domain/stats/quantiles.js';
import { mulberry32 } from './helpers.js';

describe('quantile (type 7, numpy default)', () => {
  it('matches numpy.percentile', () => {
    // numpy.percentile([1, 2, 3, 4], 25) == 1.75
    expect(quantile([4, 1, 3, 2], 0.25)).toBeCloseTo(1.75, 12);
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(quantile(ten, 0.1)).toBeCloseTo(1.9, 12);
    expect(quantile(ten, 0.5)).toBeCloseTo(5.5, 12);
    expect(quantile(ten, 0.9)).toBeCloseTo(9.1, 12);
    // numpy.percentile([15, 20, 35, 40, 50], 40) == 29.0
    expect(quantile([15, 20, 35, 40, 50], 0.4)).toBeCloseTo(29, 12);
  });

  it('returns the extremes at 0 and 1 and the value itself for one element', () => {
    expect(quantile([3, 9, 1], 0)).toBe(1);
    expect(quantile([3, 9, 1], 1)).toBe(9);
    expect(quantile([7], 0.37)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
    expect(() => quantile([1], 1.5)).toThrow(RangeError);
  });

  it('is monotone in p and bounded by min and max', () => {
    const r = mulberry32(5);
    for (let k = 0; k < 100; k++) {
      const v = Array.from({ length: 1 + Math.floor(r() * 30) }, () => r() * 200 - 100);
      let prev = Number.NEGATIVE_INFINITY;
      for (let p = 0; p <= 1.0001; p += 0.05) {
        const q = quantile(v, Math.min(1, p)) as number;
        expect(q).toBeGreaterThanOrEqual(prev - 1e-12);
        expect(q).toBeGreaterThanOrEqual(Math.min(...v));
        expect(q).toBeLessThanOrEqual(Math.max(...v));
        prev = q;
      }
    }
  });
});

describe('mean, sd, median, MAD', () => {
  it('match the textbook example', () => {
    const v = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(v)).toBe(5);
    expect(sd(v)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(median(v)).toBe(4.5);
  });

  it('MAD of 1,1,2,2,4,6,9 is 1', () => {
    expect(mad([1, 1, 2, 2, 4, 6, 9])).toBe(1);
  });

  it('are null where undefined', () => {
    expect(mean([])).toBeNull();
    expect(sd([3])).toBeNull();
    expect(mad([])).toBeNull();
  });

  it('summary carries the five percentiles', () => {
    const s = summarize([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s).toMatchObject({ count: 10, mean: 5.5, min: 1, max: 10 });
    expect(s.p10).toBeCloseTo(1.9, 12);
    expect(s.p25).toBeCloseTo(3.25, 12);
    expect(s.p50).toBeCloseTo(5.5, 12);
    expect(s.p75).toBeCloseTo(7.75, 12);
    expect(s.p90).toBeCloseTo(9.1, 12);
    expect(summarize([]).p50).toBeNull();
  });
});
