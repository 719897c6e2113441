import { describe, it, expect } from 'vitest';
import { forecastPoints, Z80, Z95 } from '../../../../src/domain/stats/forecast/intervals.js';
import { fitNaive, fitSeasonalNaive } from '../../../../src/domain/stats/forecast/naive.js';

describe('naive', () => {
  it('repeats the last value with variance h·σ²', () => {
    // Differences are all 1, so σ² = 1 and sd(h) = sqrt(h).
    const pts = forecastPoints(fitNaive([1, 2, 3, 4, 5]), 4);
    expect(pts.map((p) => p.value)).toEqual([5, 5, 5, 5]);
    expect(pts[0]?.upper95).toBeCloseTo(5 + Z95, 12);
    expect(pts[3]?.upper95).toBeCloseTo(5 + 2 * Z95, 12);
    expect(pts[3]?.lower80).toBeCloseTo(5 - 2 * Z80, 12);
    expect(pts.map((p) => p.step)).toEqual([1, 2, 3, 4]);
  });

  it('clips at zero for a non-negative series, not for one that went negative', () => {
    expect(forecastPoints(fitNaive([0, 3, 0, 3, 1]), 3).every((p) => p.lower95 === 0)).toBe(true);
    expect(forecastPoints(fitNaive([-1, 3, 0, 3, 1]), 3).every((p) => p.lower95 < 0)).toBe(true);
  });
});

describe('seasonal naive', () => {
  it('repeats last year and widens once per whole year', () => {
    // Quarterly; each value is 4 above the one a year earlier, so σ² = 16, σ = 4.
    const y = [10, 20, 30, 40, 14, 24, 34, 44];
    const pts = forecastPoints(fitSeasonalNaive(y, 4), 9);
    expect(pts.map((p) => p.value)).toEqual([14, 24, 34, 44, 14, 24, 34, 44, 14]);
    expect(pts[0]?.upper80).toBeCloseTo(14 + 4 * Z80, 12);
    expect(pts[3]?.upper80).toBeCloseTo(44 + 4 * Z80, 12);
    expect(pts[4]?.upper80).toBeCloseTo(14 + 4 * Math.SQRT2 * Z80, 12);
    expect(pts[8]?.upper80).toBeCloseTo(14 + 4 * Math.sqrt(3) * Z80, 12);
  });

  it('needs a full period', () => {
    expect(() => fitSeasonalNaive([1, 2, 3], 4)).toThrow(RangeError);
  });
});
