// Per-store state: each store has its own slots, a committed batch drops what was derived from
// records in that store only, and closing the store closes and forgets every slot.
import { describe, it, expect } from 'vitest';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { StoreState, stateKey, stateOf } from '../../src/db/state.js';
import { batchCommitted } from '../../src/ingest/events.js';
import { analyticsOf } from '../../src/analytics/registry.js';

describe('store state', () => {
  it('makes a slot once, and closes slots the last made first, awaiting each', async () => {
    const order: string[] = [];
    const slow = async (name: string) => {
      await new Promise((r) => setTimeout(r, 5));
      order.push(name);
    };
    const a = stateKey({ name: 'a', create: () => ({ n: 1 }), close: () => slow('a') });
    const b = stateKey({ name: 'b', create: () => ({ n: 2 }), close: () => slow('b') });
    const state = new StoreState();
    expect(state.get(a)).toBe(state.get(a));
    state.get(b);
    await state.close();
    expect(order).toEqual(['b', 'a']);
    expect(state.size).toBe(0);
    // Once closed, a value is still made for a late caller but not kept.
    expect(state.get(a)).not.toBe(state.get(a));
    expect(state.size).toBe(0);
  });

  it('closes every slot even when one fails, then reports the failure', async () => {
    const closed: string[] = [];
    const bad = stateKey({ name: 'bad', create: () => 0, close: () => { throw new Error('cannot close'); } });
    const good = stateKey({ name: 'good', create: () => 0, close: () => void closed.push('good') });
    const state = new StoreState();
    state.get(good);
    state.get(bad);
    await expect(state.close()).rejects.toThrow('cannot close');
    expect(closed).toEqual(['good']);
  });

  it('is per store, dropped by a batch of that store only, and released when the store closes', async () => {
    const made: number[] = [];
    const closed: number[] = [];
    let next = 0;
    const memo = stateKey({
      name: 'test memo',
      create: () => {
        made.push(++next);
        return { id: next, entries: new Map<string, number>([['x', next]]) };
      },
      changed: (m) => m.entries.clear(),
      close: async (m) => {
        await new Promise((r) => setTimeout(r, 5));
        closed.push(m.id);
      },
    });
    const one = await openStore('sqlite::memory:');
    const two = await openStore('sqlite::memory:');
    try {
      const state = stateOf(one.db);
      const a = state.get(memo);
      const b = stateOf(two.db).get(memo);
      expect(a).not.toBe(b);
      expect(stateOf(one.db).get(memo)).toBe(a);

      await batchCommitted(one, [], 1);
      expect(a.entries.size).toBe(0);
      expect(b.entries.size).toBe(1);

      await migrate(one);
      await analyticsOf(one.db);
      await one.close();
      expect(closed).toEqual([a.id]);
      expect(state.size).toBe(0);
      expect(stateOf(one.db)).not.toBe(state);
      expect(stateOf(one.db).peek(memo)).toBeUndefined();
      await expect(analyticsOf(one.db)).rejects.toThrow('no analytic store');
      // The other store keeps its state.
      expect(stateOf(two.db).get(memo)).toBe(b);
    } finally {
      await two.close();
    }
    expect(closed).toEqual([1, 2]);
    expect(made).toEqual([1, 2]);
  });

  it('keeps nothing for a handle that is no open store', async () => {
    const store = await openStore('sqlite::memory:');
    const k = stateKey({ name: 'k', create: () => ({}) });
    try {
      await store.db.transaction().execute(async (trx) => {
        expect(stateOf(trx).get(k)).not.toBe(stateOf(trx).get(k));
      });
    } finally {
      await store.close();
    }
  });
});
