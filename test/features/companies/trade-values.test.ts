// The directory's trade sizes are read from the company rollup of the analytic store: each company
// gets its value on both sides of its declarations.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { buildWorld, type World } from './fixture.js';
import { tradeValues } from '../../../src/features/companies/queries.js';

describeEachStore('company trade values', (get) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(get().store);
  });

  it('sums each company as declarant and as partner, over every month and flow', async () => {
    const expected = new Map([[w.A, 10_000], [w.B, 2_000], [w.C, 4_000], [w.X, 6_000], [w.Y, 5_000], [w.Z, 5_000]]);
    expect(await tradeValues(get().store.db)).toEqual(expected);
  });
});
