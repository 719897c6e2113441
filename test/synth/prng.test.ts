import { describe, it, expect } from 'vitest';
import { Rng, Weighted, mix32, streamId } from '../../src/synth/prng.js';

describe('Rng', () => {
  it('repeats a stream for the same (seed, stream, index) and differs otherwise', () => {
    const draw = (seed: number, stream: number, index: number) => {
      const r = Rng.for(seed, stream, index);
      return [r.next(), r.next(), r.next()];
    };
    expect(draw(1, 2, 3)).toEqual(draw(1, 2, 3));
    expect(draw(1, 2, 3)).not.toEqual(draw(2, 2, 3));
    expect(draw(1, 2, 3)).not.toEqual(draw(1, 3, 3));
    expect(draw(1, 2, 3)).not.toEqual(draw(1, 2, 4));
  });

  it('draws uniform values in [0, 1) with the right mean and spread', () => {
    const r = new Rng(12345);
    let sum = 0;
    let sq = 0;
    let lo = 1;
    let hi = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      lo = Math.min(lo, u);
      hi = Math.max(hi, u);
      sum += u;
      sq += u * u;
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    expect(sum / n).toBeCloseTo(0.5, 2);
    expect(sq / n - (sum / n) ** 2).toBeCloseTo(1 / 12, 2);
  });

  it('gives standard normals and log-normals with the requested mean', () => {
    const r = new Rng(7);
    let s = 0;
    let l = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      s += r.normal();
      l += r.lognormalMean(100, 0.5);
    }
    expect(Math.abs(s / n)).toBeLessThan(0.01);
    expect(l / n).toBeGreaterThan(99);
    expect(l / n).toBeLessThan(101);
  });

  it('mix32 and streamId are stable functions', () => {
    expect(mix32(0)).toBe(mix32(0));
    expect(streamId('declarations')).toBe(streamId('declarations'));
    expect(streamId('declarations')).not.toBe(streamId('shipments'));
  });
});

describe('Weighted', () => {
  it('draws items in proportion to their weights', () => {
    const w = new Weighted([['a', 1], ['b', 3], ['c', 6]] as const);
    const r = new Rng(99);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 100_000; i++) counts[w.draw(r)]++;
    expect(counts.a / 100_000).toBeCloseTo(0.1, 2);
    expect(counts.b / 100_000).toBeCloseTo(0.3, 2);
    expect(counts.c / 100_000).toBeCloseTo(0.6, 2);
    expect(w.share('b')).toBeCloseTo(0.3, 12);
  });

  it('maps quantiles to the right item at the boundaries and skips zero weights', () => {
    const w = new Weighted([['a', 1], ['z', 0], ['b', 1]] as const);
    expect(w.at(0)).toBe('a');
    expect(w.at(0.4999)).toBe('a');
    expect(w.at(0.5)).toBe('b');
    expect(w.at(0.9999)).toBe('b');
    expect(w.items).not.toContain('z');
  });

  it('refuses a table without positive weights', () => {
    expect(() => new Weighted([['a', 0]])).toThrow(RangeError);
  });
});
