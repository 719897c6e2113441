import { describe, it, expect } from 'vitest';
import { concentration, concentrationLevel, equivalentNumber, hhi, hhiPoints, topNShare } from '../../../src/domain/stats/concentration.js';
import { mulberry32 } from './helpers.js';

describe('Herfindahl–Hirschman index', () => {
  it('of shares 0.5, 0.3, 0.2 is 0.38 or 3800 points', () => {
    expect(hhi([0.5, 0.3, 0.2])).toBeCloseTo(0.38, 12);
    expect(hhiPoints([0.5, 0.3, 0.2])).toBeCloseTo(3800, 8);
  });

  it('normalises raw values first', () => {
    expect(hhi([50, 30, 20])).toBeCloseTo(0.38, 12);
    expect(hhi([5_000_000, 3_000_000, 2_000_000])).toBeCloseTo(0.38, 12);
  });

  it('is 1 for a monopoly and 1/n for n equal partners', () => {
    expect(hhi([42])).toBe(1);
    expect(hhi([7, 0, 0])).toBe(1);
    expect(hhi([1, 1, 1, 1])).toBeCloseTo(0.25, 12);
    expect(equivalentNumber([1, 1, 1, 1])).toBeCloseTo(4, 12);
    expect(equivalentNumber([0.5, 0.3, 0.2])).toBeCloseTo(1 / 0.38, 12);
  });

  it('stays between 1/n and 1 on random inputs', () => {
    const r = mulberry32(3);
    for (let k = 0; k < 300; k++) {
      const v = Array.from({ length: 1 + Math.floor(r() * 20) }, () => r() * 100 + 1e-9);
      const h = hhi(v) as number;
      expect(h).toBeGreaterThanOrEqual(1 / v.length - 1e-12);
      expect(h).toBeLessThanOrEqual(1 + 1e-12);
    }
  });

  it('is null when everything is zero, and refuses negative or non-finite values', () => {
    expect(hhi([0, 0])).toBeNull();
    expect(hhi([])).toBeNull();
    expect(() => hhi([1, -1])).toThrow(RangeError);
    expect(() => hhi([1, Number.NaN])).toThrow(RangeError);
  });
});

describe('top-N share', () => {
  it('adds the largest shares', () => {
    expect(topNShare([5, 1, 3, 1], 1)).toBeCloseTo(0.5, 12);
    expect(topNShare([5, 1, 3, 1], 2)).toBeCloseTo(0.8, 12);
    expect(topNShare([5, 1, 3, 1], 10)).toBeCloseTo(1, 12);
    expect(() => topNShare([1], 0)).toThrow(RangeError);
  });
});

describe('concentration level', () => {
  it('uses the 1500 and 2500 point bands', () => {
    expect(concentrationLevel(0)).toBe('unconcentrated');
    expect(concentrationLevel(1499.99)).toBe('unconcentrated');
    expect(concentrationLevel(1500)).toBe('moderate');
    expect(concentrationLevel(2500)).toBe('moderate');
    expect(concentrationLevel(2500.01)).toBe('high');
    expect(concentrationLevel(10_000)).toBe('high');
  });

  it('summarises a market in one object', () => {
    const s = concentration([50, 30, 20, 0], [1, 2]);
    expect(s).not.toBeNull();
    expect(s?.hhi_points).toBeCloseTo(3800, 8);
    expect(s?.level).toBe('high');
    expect(s?.count).toBe(3);
    expect(s?.top_shares).toEqual([
      { n: 1, share: expect.closeTo(0.5, 12) },
      { n: 2, share: expect.closeTo(0.8, 12) },
    ]);
    expect(concentration([0])).toBeNull();
    // Ten equal partners: 1000 points, unconcentrated.
    expect(concentration(new Array(10).fill(3))?.level).toBe('unconcentrated');
  });
});
