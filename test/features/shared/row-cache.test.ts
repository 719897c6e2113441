// The row cache behind list pages: reads only what it has not kept, forgets by age and by
// generation, and keeps "not found" when told to.
import { describe, it, expect } from 'vitest';
import { RowCache } from '../../../src/features/shared/row-cache.js';

function loader(table: Map<number, string>) {
  const calls: number[][] = [];
  const load = async (missing: number[]) => {
    calls.push([...missing]);
    return new Map(missing.filter((k) => table.has(k)).map((k) => [k, table.get(k)!]));
  };
  return { calls, load };
}

describe('row cache', () => {
  const table = new Map(Array.from({ length: 20 }, (_, i) => [i, `row ${i}`]));

  it('reads each key once, only the missing ones, and answers in full', async () => {
    const c = new RowCache<number, string>(100, 60_000);
    const { calls, load } = loader(table);
    expect([...(await c.getMany([1, 2, 3], load))]).toEqual([[1, 'row 1'], [2, 'row 2'], [3, 'row 3']]);
    const again = await c.getMany([3, 2, 4, 4], load);
    expect(calls).toEqual([[1, 2, 3], [4]]);
    expect(again.get(4)).toBe('row 4');
    expect(again.size).toBe(3);
  });

  it('keeps "not found" only when given a value for it', async () => {
    const plain = new RowCache<number, string>(100, 60_000);
    const a = loader(table);
    await plain.getMany([99], a.load);
    await plain.getMany([99], a.load);
    expect(a.calls).toEqual([[99], [99]]);
    const withAbsent = new RowCache<number, string | null>(100, 60_000);
    const b = loader(table);
    expect((await withAbsent.getMany([99], b.load, null)).get(99)).toBeNull();
    await withAbsent.getMany([99], b.load, null);
    expect(b.calls).toEqual([[99]]);
  });

  it('reads again what is older than its age limit, or two generations back, or cleared', async () => {
    const aged = new RowCache<number, string>(100, 0);
    const a = loader(table);
    await aged.getMany([1], a.load);
    await aged.getMany([1], a.load);
    expect(a.calls).toEqual([[1], [1]]);

    const small = new RowCache<number, string>(2, 60_000);
    const b = loader(table);
    for (const k of [1, 2, 3, 4, 5]) await small.getMany([k], b.load);
    await small.getMany([4, 5], b.load); // the last generations: kept
    expect(b.calls).toHaveLength(5);
    await small.getMany([1], b.load); // pushed out
    expect(b.calls).toHaveLength(6);
    small.clear();
    await small.getMany([1], b.load);
    expect(b.calls).toHaveLength(7);
  });

  it('bounds a generation by weight when given one', async () => {
    const c = new RowCache<number, string>(10, 60_000, (v) => v.length);
    const a = loader(new Map([[1, 'xxxxxx'], [2, 'xxxxxx'], [3, 'xxxxxx'], [4, 'x'.repeat(11)]]));
    for (const k of [1, 2, 3]) await c.getMany([k], a.load);
    await c.getMany([2, 3], a.load); // the last two generations: kept
    await c.getMany([1], a.load); // pushed out
    await c.getMany([4, 4], a.load); // heavier than a generation: never kept
    await c.getMany([4], a.load);
    expect(a.calls).toEqual([[1], [2], [3], [1], [4], [4]]);
  });
});
