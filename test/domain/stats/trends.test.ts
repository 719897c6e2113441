import { describe, it, expect } from 'vitest';
import { rankMovers, windowSum } from '../../../src/domain/stats/trends.js';

const items = [
  { key: 'A', base: 1000, current: 1500 }, // +50 %
  { key: 'B', base: 10, current: 500 }, // +4900 %, but below the base floor
  { key: 'C', base: 2000, current: 1000 }, // −50 %
  { key: 'D', base: 800, current: 880 }, // +10 %
  { key: 'E', base: 150, current: 300 }, // +100 %, share 150/4000 = 3.75 % base, 300/4300 ≈ 7 % current
  { key: 'F', base: 40, current: 120 }, // passes no floor
  { key: 'G', base: 0, current: 700 }, // new: no base, never ranked by change
  { key: 'H', base: 10, current: 0 }, // vanished, below floor
];

describe('rising and falling movers', () => {
  it('applies the base floor and ranks by relative change', () => {
    const r = rankMovers(items, { minBase: 100, minShare: 0, limit: 10 });
    expect(r.rising.map((m) => m.key)).toEqual(['E', 'A', 'D']);
    expect(r.falling.map((m) => m.key)).toEqual(['C']);
    expect(r.considered).toBe(4);
    expect(r.excluded).toBe(4);
    expect(r.rising[0]).toEqual({ key: 'E', base: 150, current: 300, absolute_change: 150, relative_change: 1, share: 300 / 5000 });
  });

  it('applies the minimum share in either window', () => {
    // Totals: base 4010, current 5000. E has 3.7 % then 6 %; D 20 % then 17.6 %.
    const r = rankMovers(items, { minBase: 100, minShare: 0.07, limit: 10 });
    expect(r.rising.map((m) => m.key)).toEqual(['A', 'D']);
    const r2 = rankMovers(items, { minBase: 100, minShare: 0.05, limit: 10 });
    expect(r2.rising.map((m) => m.key)).toEqual(['E', 'A', 'D']);
  });

  it('without rules, noise tops the list', () => {
    const r = rankMovers(items, { minBase: 0, minShare: 0, limit: 1 });
    expect(r.rising.map((m) => m.key)).toEqual(['B']);
    expect(r.falling.map((m) => m.key)).toEqual(['H']);
  });

  it('can rank by absolute change, and limits each list', () => {
    const r = rankMovers(items, { minBase: 100, minShare: 0, limit: 2, by: 'absolute' });
    expect(r.rising.map((m) => m.key)).toEqual(['A', 'E']);
    expect(r.falling.map((m) => m.key)).toEqual(['C']);
  });

  it('breaks ties by larger absolute move then by key', () => {
    const r = rankMovers(
      [
        { key: 'y', base: 100, current: 200 },
        { key: 'x', base: 100, current: 200 },
        { key: 'z', base: 300, current: 600 },
      ],
      { minBase: 0, minShare: 0, limit: 5 },
    );
    expect(r.rising.map((m) => m.key)).toEqual(['z', 'x', 'y']);
  });

  it('refuses negative rules', () => {
    expect(() => rankMovers(items, { minBase: -1, minShare: 0, limit: 1 })).toThrow(RangeError);
  });
});

describe('window sums', () => {
  it('adds values in [from, to) and ignores out-of-range indices', () => {
    const v = [1, 2, 3, 4, 5, 6];
    expect(windowSum(v, 0, 3)).toBe(6);
    expect(windowSum(v, 3, 6)).toBe(15);
    expect(windowSum(v, -2, 100)).toBe(21);
  });
});
