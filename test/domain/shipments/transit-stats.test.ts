import { describe, it, expect } from 'vitest';
import { daysBetween, deliveryPerformance, quantileSorted, transitStats } from '../../../src/domain/shipments/transit-stats.js';

describe('quantileSorted', () => {
  it('interpolates like R type 7 and spreadsheets', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 12);
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
    expect(quantileSorted([7], 0.3)).toBe(7);
  });

  it('refuses an empty sample or a level outside [0, 1]', () => {
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileSorted([1], 1.5)).toThrow(RangeError);
    expect(() => quantileSorted([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('transit statistics', () => {
  it('describes a sample, ignoring values that are not numbers', () => {
    expect(transitStats([3, 1, Number.NaN, 2, 4])).toEqual({
      count: 4,
      mean_days: 2.5,
      p10_days: expect.closeTo(1.3, 12),
      p50_days: 2.5,
      p90_days: expect.closeTo(3.7, 12),
      min_days: 1,
      max_days: 4,
    });
    expect(transitStats([])).toMatchObject({ count: 0, mean_days: null, p50_days: null });
  });

  it('measures days between instants across time zones', () => {
    expect(daysBetween('2024-01-01T00:00:00+03:00', '2024-01-02T21:00:00Z')).toBe(2);
    expect(() => daysBetween('yesterday', '2024-01-01T00:00:00Z')).toThrow(RangeError);
  });
});

describe('delivery performance', () => {
  // Given out of order: the p90 must come from the sorted delays.
  const rows = [3, -1, 1, 0.5];

  it('counts arrivals within the tolerance as on time, the boundary included', () => {
    expect(deliveryPerformance(rows, 24)).toEqual({
      count: 4,
      on_time: 3,
      late: 1,
      on_time_share: 0.75,
      mean_delay_days: 0.875,
      mean_lateness_days: 1.125,
      p90_delay_days: expect.closeTo(2.4, 9),
    });
    expect(deliveryPerformance(rows, 0)).toMatchObject({ on_time: 1, late: 3, on_time_share: 0.25 });
    // The caller's sample is left as it was.
    expect(rows).toEqual([3, -1, 1, 0.5]);
  });

  it('handles an empty set and refuses a negative tolerance', () => {
    expect(deliveryPerformance([])).toMatchObject({ count: 0, on_time_share: null });
    expect(() => deliveryPerformance(rows, -1)).toThrow(RangeError);
  });
});
