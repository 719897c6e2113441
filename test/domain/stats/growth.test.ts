import { describe, it, expect } from 'vitest';
import { cagr, change, lagChange, periodOnPeriod, seriesCagr, share, shareSeries, shares, yearOnYear } from '../../../src/domain/stats/growth.js';
import { mulberry32 } from './helpers.js';

describe('change', () => {
  it('is the relative change as a fraction', () => {
    expect(change(110, 100)).toBeCloseTo(0.1, 12);
    expect(change(90, 100)).toBeCloseTo(-0.1, 12);
    expect(change(0, 100)).toBe(-1);
  });

  it('is null when the base is zero, missing or not finite', () => {
    expect(change(5, 0)).toBeNull();
    expect(change(5, null)).toBeNull();
    expect(change(5, undefined)).toBeNull();
    expect(change(null, 5)).toBeNull();
    expect(change(Number.NaN, 5)).toBeNull();
    expect(change(5, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('keeps the sign meaning "went up" for a negative base (trade balance)', () => {
    // A deficit shrinking from -100 to -50 is an improvement of 50 % of the old deficit.
    expect(change(-50, -100)).toBeCloseTo(0.5, 12);
    expect(change(-150, -100)).toBeCloseTo(-0.5, 12);
  });
});

describe('year-on-year and period-on-period', () => {
  it('compares each month with the same month a year earlier', () => {
    const v = Array.from({ length: 24 }, (_, t) => (t < 12 ? 100 + t : 2 * (100 + t - 12)));
    const yoy = yearOnYear(v, 12);
    expect(yoy.slice(0, 12).every((x) => x === null)).toBe(true);
    for (let t = 12; t < 24; t++) expect(yoy[t]).toBeCloseTo(1, 12);
  });

  it('quarterly year-on-year uses a lag of 4', () => {
    expect(yearOnYear([10, 20, 30, 40, 15, 20, 0, 60], 4)).toEqual([null, null, null, null, 0.5, 0, -1, 0.5]);
  });

  it('period-on-period handles zeros without Infinity', () => {
    expect(periodOnPeriod([100, 110, 0, 50])).toEqual([null, expect.closeTo(0.1, 12), -1, null]);
  });

  it('never yields NaN or Infinity on random zero-laden series', () => {
    const r = mulberry32(7);
    for (let k = 0; k < 200; k++) {
      const v = Array.from({ length: 30 }, () => (r() < 0.3 ? 0 : Math.round(r() * 1000)));
      for (const x of [...yearOnYear(v, 12), ...periodOnPeriod(v)]) expect(x === null || Number.isFinite(x)).toBe(true);
    }
  });

  it('rejects a lag that is not a positive integer', () => {
    expect(() => lagChange([1, 2], 0)).toThrow(RangeError);
    expect(() => lagChange([1, 2], 1.5)).toThrow(RangeError);
  });
});

describe('compound annual growth', () => {
  it('matches hand-computed values', () => {
    expect(cagr(100, 121, 2)).toBeCloseTo(0.1, 12);
    expect(cagr(100, 200, 1)).toBeCloseTo(1, 12);
    expect(cagr(1000, 125, 3)).toBeCloseTo(-0.5, 12);
    expect(cagr(100, 0, 3)).toBe(-1);
  });

  it('is null where it has no meaning', () => {
    expect(cagr(0, 10, 1)).toBeNull();
    expect(cagr(-5, 10, 1)).toBeNull();
    expect(cagr(10, -1, 1)).toBeNull();
    expect(cagr(10, 20, 0)).toBeNull();
    expect(cagr(null, 20, 2)).toBeNull();
  });

  it('over a monthly series counts (n - 1) / 12 years', () => {
    const v = Array.from({ length: 25 }, (_, t) => (t === 0 ? 100 : t === 24 ? 121 : 1));
    expect(seriesCagr(v, 12)).toBeCloseTo(0.1, 12);
    expect(seriesCagr([5], 12)).toBeNull();
  });

  it('compounding the rate back gives the end value', () => {
    const r = mulberry32(11);
    for (let k = 0; k < 100; k++) {
      const a = 1 + r() * 1e6;
      const b = r() * 1e6;
      const years = 0.5 + r() * 10;
      const g = cagr(a, b, years) as number;
      expect(a * Math.pow(1 + g, years)).toBeCloseTo(b, 4);
    }
  });
});

describe('share', () => {
  it('divides part by total and is null on a zero total', () => {
    expect(share(25, 200)).toBe(0.125);
    expect(share(0, 0)).toBeNull();
    expect(shares([1, 3])).toEqual([0.25, 0.75]);
    expect(shares([0, 0])).toEqual([null, null]);
    expect(shareSeries([1, 2, 0], [4, 0, 5])).toEqual([0.25, null, 0]);
  });

  it('rejects series of different lengths', () => {
    expect(() => shareSeries([1], [1, 2])).toThrow(RangeError);
  });
});
