// The seed generating on a second thread must store exactly what it stores on one thread (there drawn a batch ahead, draw-ahead.ts), and a
// failing thread must stop the seed with whole batches only.
import { describe, it, expect } from 'vitest';
import { sql } from 'kysely';
import { freshStore, storeTargets } from '../helpers/stores.js';
import { dumpTables } from '../helpers/dump.js';
import { seedStore } from '../../src/synth/seed.js';
import { verifyRollups } from '../../src/analytics/verify.js';
import type { Store } from '../../src/db/connect.js';
import type { Month } from '../../src/synth/calendar.js';

const from: Month = { year: 2024, month: 1, period: 202401 };
const to: Month = { year: 2024, month: 12, period: 202412 };
const TABLES = [
  'companies', 'contacts', 'declarations', 'declaration_items', 'bills_of_lading', 'containers', 'shipments', 'shipment_events',
  'ingest_batches',
];
const dump = (store: Store) => dumpTables(store, TABLES);

async function indexNames(store: Store): Promise<string[]> {
  if (store.engine !== 'sqlite') {
    // Indexes and foreign keys: a PostgreSQL seed defers both.
    const res = await sql<{ name: string }>`
      select indexname as name from pg_indexes where schemaname = current_schema()
      union all
      select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema() and c.contype = 'f'
      order by name`.execute(store.db);
    return res.rows.map((r) => r.name);
  }
  return (store.sqlite!.prepare(`select name from sqlite_master where type = 'index' order by name`).all() as { name: string }[]).map((r) => r.name);
}

for (const target of storeTargets()) {
  describe(`seed on a second thread [${target.engine}]`, () => {
    it('stores the same rows as the seed on one thread', async () => {
      const dumps: Record<string, string[]>[] = [];
      const summaries = [];
      for (const thread of [false, true]) {
        const fresh = await freshStore(target);
        try {
          const s = await seedStore(fresh.store, { seed: 21, declarations: 2_500, from, to, batchSize: 1_000, thread });
          summaries.push({ ...s, ms: 0, calibration: s.calibration.rows() });
          dumps.push(await dump(fresh.store));
          expect((await verifyRollups(fresh.store)).ok).toBe(true);
        } finally {
          await fresh.close();
        }
      }
      expect(dumps[0]!.declarations).toHaveLength(2_500);
      expect(dumps[0]!.shipment_events!.length).toBeGreaterThan(0);
      for (const table of TABLES) expect(dumps[1]![table], table).toEqual(dumps[0]![table]);
      expect(summaries[1]).toEqual(summaries[0]);
    }, 60_000);

    it('stops with a clear error when the thread fails, leaving whole batches and the indexes in place', async () => {
      const fresh = await freshStore(target);
      try {
        const before = await indexNames(fresh.store);
        expect(before).toContain('shipments_status');
        await expect(seedStore(fresh.store, { seed: 22, declarations: 3_000, from, to, batchSize: 1_000, thread: true, threadFailAfter: 1 }))
          .rejects.toThrow(/generating thread failed: failing after 1 batches/);
        const n = async (table: 'declarations' | 'ingest_batches') =>
          Number((await fresh.store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
        expect(await n('declarations')).toBe(1_000);
        expect(await n('ingest_batches')).toBe(1);
        expect((await verifyRollups(fresh.store)).ok).toBe(true);
        expect(await indexNames(fresh.store)).toEqual(before);
      } finally {
        await fresh.close();
      }
    }, 60_000);
  });
}
