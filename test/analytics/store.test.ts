// The analytic store is derived from the row store: a batch committed by another process shows
// in analytic answers within 2 s, and a deleted analytic file is rebuilt with the same answers.
import { it, expect, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { openStore, dropSchema, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { aggregate } from '../../src/features/shared/aggregate.js';
import { parseFilters } from '../../src/features/shared/filters.js';
import { analyticsOf } from '../../src/analytics/registry.js';
import { verifyAnalytics, verifyRollups } from '../../src/analytics/verify.js';
import { storeTargets } from '../helpers/stores.js';
import { makeDeclarations } from '../ingest/fixtures.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const byCountry = async (store: Store) =>
  (await aggregate(store.db, { filters: parseFilters({}, null), groupBy: ['flow', 'country'], metrics: ['value_usd', 'records', 'net_weight_kg'] })).rows;

for (const target of storeTargets()) {
  describe(`analytic store [${target.engine}]`, () => {
    const schemas: string[] = [];
    afterAll(async () => {
      for (const s of schemas) await dropSchema(target.url, s);
    });
    // Two processes on one row store: each with its own analytic file.
    const rowStore = (() => {
      const name = `${target.engine}-${randomBytes(4).toString('hex')}`;
      const schema = `a_${randomBytes(5).toString('hex')}`;
      if (target.engine === 'postgres') schemas.push(schema);
      return (analyticsFile: string, loadWholeFrom?: number) => {
        // A query waits for a build in progress up to waitMs, then answers 503: on a slow machine a whole
        // load of these few records has taken longer than the 5 s a server waits.
        const analytics = { pollMs: 250, waitMs: 60_000, ...(loadWholeFrom === undefined ? {} : { loadWholeFrom }) };
        return target.engine === 'sqlite'
          ? openStore(`sqlite:${path.join(dir, `${name}.sqlite`)}`, { analytics: { ...analytics, path: path.join(dir, analyticsFile) } })
          : openStore(target.url, { schema, poolSize: 2, analytics: { ...analytics, path: path.join(dir, `${name}-${analyticsFile}`) } });
      };
    })();

    it('shows a batch committed by another process within 2 s, and rebuilds a deleted file with the same answers', async () => {
      const a = await rowStore('a.duckdb');
      await migrate(a);
      const b = await rowStore('b.duckdb');
      await writeBatch(a, makeDeclarations(60, 0, 'P'), { batchKey: 'first', source: 'test' });
      // b opened before the batch; it sees it once its poll has run.
      const first = await byCountry(a);
      expect(first.length).toBeGreaterThan(0);
      const deadline = Date.now() + 2_000;
      let seen = await byCountry(b);
      while (JSON.stringify(seen) !== JSON.stringify(first) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await byCountry(b);
      }
      expect(seen).toEqual(first);

      // A second batch, committed by b: a sees it within 2 s too.
      await writeBatch(b, makeDeclarations(25, 60, 'Q'), { batchKey: 'second', source: 'test' });
      const afterB = await byCountry(b);
      expect(afterB).not.toEqual(first);
      const t0 = Date.now();
      let fromA = await byCountry(a);
      while (JSON.stringify(fromA) !== JSON.stringify(afterB) && Date.now() - t0 < 2_000) {
        await new Promise((r) => setTimeout(r, 50));
        fromA = await byCountry(a);
      }
      expect(fromA).toEqual(afterB);
      expect((await verifyAnalytics(a.db, await analyticsOf(a.db))).every((c) => c.differences === 0)).toBe(true);

      // The analytic file lost: the next open rebuilds it from the row store.
      await b.close();
      for (const f of fs.readdirSync(dir).filter((f) => f.includes('b.duckdb'))) fs.rmSync(path.join(dir, f));
      const again = await rowStore('b.duckdb');
      expect(await byCountry(again)).toEqual(afterB);
      expect((await analyticsOf(again.db)).size()).toBe(85);
      await again.close();

      // Loaded whole (the path a large store takes): the same answers and exact rollups, and the
      // next batch applied on top of it as usual.
      for (const f of fs.readdirSync(dir).filter((f) => f.includes('b.duckdb'))) fs.rmSync(path.join(dir, f));
      const whole = await rowStore('b.duckdb', 1);
      expect(await byCountry(whole)).toEqual(afterB);
      expect(await verifyRollups(whole)).toMatchObject({ ok: true, differences: [] });
      // A rebuild right after that load keeps it (it would load the same again); once a batch has
      // been applied on top, a rebuild loads everything anew.
      const store = await analyticsOf(whole.db);
      const loadedAt = async () => String((await store.query('select min(synced_at) as t from synced_batches'))[0]?.t);
      const loadedFirst = await loadedAt();
      await new Promise((r) => setTimeout(r, 20));
      await store.rebuild();
      expect(await loadedAt()).toBe(loadedFirst);
      await writeBatch(whole, makeDeclarations(10, 85, 'R'), { batchKey: 'third', source: 'test' });
      expect(store.size()).toBe(95);
      expect(await verifyRollups(whole)).toMatchObject({ ok: true, differences: [] });
      await store.rebuild();
      expect(await loadedAt()).not.toBe(loadedFirst);
      expect(store.size()).toBe(95);
      expect(await verifyRollups(whole)).toMatchObject({ ok: true, differences: [] });
      await whole.close();
      await a.close();
    }, 180_000);
  });
}
