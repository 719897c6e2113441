// Remembered async answers: shared while computing, bounded by their bytes once resolved, never
// remembering a failure.
import { describe, it, expect } from 'vitest';
import { PromiseMemo } from '../../../src/features/shared/promise-memo.js';
import { approxBytes } from '../../../src/features/shared/approx-bytes.js';

describe('promise memo', () => {
  it('shares one computation among callers and serves it for its age', async () => {
    const memo = new PromiseMemo(1000, 1 << 20);
    let runs = 0;
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([memo.get('k', compute, 0), memo.get('k', compute, 0)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await memo.get('k', compute, 999)).toBe(1);
    expect(await memo.get('k', compute, 1000)).toBe(2);
  });

  it('weighs an answer once it resolves and drops the oldest past the bound', async () => {
    const big = 'x'.repeat(10_000);
    const memo = new PromiseMemo(60_000, 3 * approxBytes(big));
    for (const k of ['a', 'b', 'c', 'd']) await memo.get(k, async () => big, 0);
    expect(memo.bytes).toBeLessThanOrEqual(3 * approxBytes(big));
    let runs = 0;
    await memo.get('a', async () => (runs++, big), 0);
    await memo.get('d', async () => (runs++, big), 0);
    expect(runs).toBe(1); // a was pushed out, d was kept
  });

  it('does not remember a failure, nor an answer computed before a clear', async () => {
    const memo = new PromiseMemo(60_000, 1 << 20);
    await expect(memo.get('k', async () => { throw new Error('no'); })).rejects.toThrow('no');
    expect(await memo.get('k', async () => 1)).toBe(1);
    let release!: (v: number) => void;
    const slow = memo.get('s', () => new Promise<number>((r) => (release = r)));
    memo.clear();
    release(5);
    expect(await slow).toBe(5);
    expect(await memo.get('s', async () => 6)).toBe(6);
  });
});

describe('approximate bytes', () => {
  it('counts strings by length, typed arrays by buffer, and a shared object once', () => {
    expect(approxBytes('abcd')).toBeGreaterThan(approxBytes('ab'));
    expect(approxBytes(new Float64Array(1000))).toBeGreaterThanOrEqual(8000);
    const shared = { s: 'y'.repeat(1000) };
    expect(approxBytes([shared, shared])).toBeLessThan(approxBytes([shared, { s: 'y'.repeat(1000) }]));
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    expect(approxBytes(cycle)).toBeGreaterThan(0);
  });
});
