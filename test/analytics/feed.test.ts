// A seed into an empty row store feeds the analytic store as its batches commit (AnalyticStore.feed):
// what it ends with equals a whole load read back from the row store (loadAll), and a feed cut short
// leaves no synced batch, so the next open loads the store whole from the row store.
import { it, expect, afterAll, describe } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, dropSchema, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { analyticsOf, feedAnalytics } from '../../src/analytics/registry.js';
import { verifyAnalytics } from '../../src/analytics/verify.js';
import { derivedTables, SORTED_COPIES } from '../../src/analytics/schema.js';
import { seedStore } from '../../src/synth/seed.js';
import { storeTargets } from '../helpers/stores.js';
import type { Month } from '../../src/synth/calendar.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const from: Month = { year: 2024, month: 1, period: 202401 };
const to: Month = { year: 2024, month: 12, period: 202412 };
const seedOpts = { seed: 5, declarations: 1_200, from, to, batchSize: 400, thread: false };

/** Every derived table's rows, sorted, as text: two stores with the same sums give the same text. */
async function contents(store: Store): Promise<Record<string, string[]>> {
  const analytics = await analyticsOf(store.db);
  const out: Record<string, string[]> = {};
  for (const t of [...derivedTables(), 'synced_batches']) {
    const rows = await analytics.query(t === 'synced_batches' ? 'select id, declarations from synced_batches' : `select * from ${t}`);
    // Sums of doubles differ in their last bits with the order DuckDB's threads add them in.
    out[t] = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toFixed(6)) : v))).sort();
  }
  return out;
}

for (const target of storeTargets()) {
  describe(`analytic store fed by the seed [${target.engine}]`, () => {
    const schemas: string[] = [];
    afterAll(async () => {
      for (const s of schemas) await dropSchema(target.url, s);
    });
    const rowStore = () => {
      const name = `${target.engine}-${randomBytes(4).toString('hex')}`;
      const schema = `f_${randomBytes(5).toString('hex')}`;
      if (target.engine === 'postgres') schemas.push(schema);
      return (analyticsFile: string, more: { summing?: (done: number, total: number) => void; loadWholeFrom?: number } = {}) => {
        const analytics = { pollMs: 0, path: path.join(dir, `${name}-${analyticsFile}`), ...more };
        return target.engine === 'sqlite'
          ? openStore(`sqlite:${path.join(dir, `${name}.sqlite`)}`, { analytics })
          : openStore(target.url, { schema, poolSize: 3, analytics });
      };
    };

    it('ends with the tables a whole load from the row store gives', async () => {
      const open = rowStore();
      const steps: Record<string, [number, number][]> = { fed: [], read: [] };
      const fed = await open('fed.duckdb', { summing: (done, total) => steps.fed!.push([done, total]) });
      await migrate(fed);
      const feed = await feedAnalytics(fed.db);
      expect(feed).not.toBeNull();
      await seedStore(fed, seedOpts);
      expect(await feed!.finish()).toBe(1_200);
      // The sums' progress: a step per month, per sorted copy and for the lines by code, in order.
      const total = 12 + SORTED_COPIES.length + 1;
      expect(steps.fed).toEqual(Array.from({ length: total }, (_, k) => [k + 1, total]));
      expect((await verifyAnalytics(fed.db, await analyticsOf(fed.db))).every((c) => c.differences === 0)).toBe(true);
      // The same row store, read back whole into another file (loadAll, from the first declaration on).
      const read = await open('read.duckdb', { summing: (done, total) => steps.read!.push([done, total]), loadWholeFrom: 1 });
      await (await analyticsOf(read.db)).rebuild();
      expect(steps.read).toEqual(steps.fed);
      expect(await contents(fed)).toEqual(await contents(read));
      // A store that holds batches is not fed again.
      expect(await feedAnalytics(fed.db)).toBeNull();
      await read.close();
      await fed.close();
    }, 120_000);

    it('abandoned part way, is loaded whole from the row store by the next catch-up', async () => {
      const open = rowStore();
      const store = await open('cut.duckdb');
      await migrate(store);
      const feed = await feedAnalytics(store.db);
      await seedStore(store, seedOpts);
      await feed!.abandon();
      const analytics = await analyticsOf(store.db);
      await analytics.catchUp();
      expect(analytics.size()).toBe(1_200);
      expect((await verifyAnalytics(store.db, analytics)).every((c) => c.differences === 0)).toBe(true);
      await store.close();
    }, 120_000);
  });
}
