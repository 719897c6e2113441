// A large batch into a small table is written with the table's secondary indexes dropped and
// rebuilt inside the batch's transaction (SQLite): afterwards every index is back as it was, a
// failed batch leaves them untouched, and the rollups still equal the raw records. A seed into an
// empty store builds some of them once at its end instead, and a killed one gets them back from
// the next migrate.
import { it, expect } from 'vitest';
import { sql } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import type { Store } from '../../src/db/connect.js';
import { writeBatch } from '../../src/ingest/writer.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deferIndexes, restoreDeferredIndexes, restoreDeferredIndexesAside, withLoadSettings } from '../../src/ingest/bulk-indexes.js';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { seedStore, SEED_DEFERRED_INDEXES } from '../../src/synth/seed.js';
import { verifyRollups } from '../../src/analytics/verify.js';
import { makeDeclarations } from './fixtures.js';

const LARGE = 12_000;

async function indexes(store: Store): Promise<string[]> {
  if (store.engine === 'sqlite') {
    const rows = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'index' order by name`.execute(store.db);
    return rows.rows.map((r) => `${r.name}: ${r.sql ?? '(automatic)'}`);
  }
  const rows = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() order by indexname`.execute(store.db);
  return rows.rows.map((r) => `${r.name}: ${r.def}`);
}

/** SQLite's schema cookie: moves with every committed DDL statement. */
async function schemaVersion(store: Store): Promise<number | null> {
  if (store.engine !== 'sqlite') return null;
  return Number((store.sqlite!.pragma('schema_version', { simple: true }) as number | bigint));
}

async function count(store: Store, table: 'declarations' | 'declaration_items'): Promise<number> {
  const row = await store.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachStore('large batches and secondary indexes', (get) => {
  it('a batch that fails after its writes leaves the indexes and the tables as they were', async () => {
    const { store } = get();
    const before = await indexes(store);
    const version = await schemaVersion(store);
    const records = makeDeclarations(LARGE, 0, 'F');
    await expect(
      writeBatch(store, records, {
        batchKey: 'fails-late',
        source: 'test',
        alsoWrite: async () => {
          throw new Error('fail after the declarations, items and rollups were written');
        },
      }),
    ).rejects.toThrow(/fail after/);
    expect(await indexes(store)).toEqual(before);
    expect(await schemaVersion(store)).toBe(version);
    expect(await count(store, 'declarations')).toBe(0);
    const batches = await store.db.selectFrom('ingest_batches').select('id').where('batch_key', '=', 'fails-late').execute();
    expect(batches).toHaveLength(0);
  });

  it('stores a large first batch with every index back in place and the rollups exact', async () => {
    const { store } = get();
    const before = await indexes(store);
    const version = await schemaVersion(store);
    const records = makeDeclarations(LARGE, 0, 'L');
    const res = await writeBatch(store, records, { batchKey: 'large-1', source: 'test' });
    expect(res.stored).toBe(LARGE);
    expect(await indexes(store)).toEqual(before);
    // On SQLite the indexes were dropped and rebuilt (the schema moved), on PostgreSQL left alone.
    if (version !== null) expect(await schemaVersion(store)).toBeGreaterThan(version);
    const items = records.reduce((a, d) => a + d.items.length, 0);
    expect(await count(store, 'declaration_items')).toBe(items);
    expect(await verifyRollups(store)).toMatchObject({ ok: true, differences: [] });

    // The rebuilt indexes answer queries: a company's declarations are found through its index.
    if (store.engine === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan select id from declarations where company_id = 1 order by registered_at`.execute(store.db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/declarations_company/);
    }

    // A second batch of the same numbers is all duplicates and changes nothing; the table is no
    // longer small next to it, so its indexes are kept.
    const kept = await schemaVersion(store);
    const again = await writeBatch(store, records.slice(0, 10_000), { batchKey: 'large-2', source: 'test' });
    expect(again).toMatchObject({ stored: 0, duplicates: 10_000 });
    expect(await count(store, 'declarations')).toBe(LARGE);
    expect(await schemaVersion(store)).toBe(kept);
    expect((await verifyRollups(store)).ok).toBe(true);
  });

  it('a long load runs with a larger page cache and memory map, and the connection gets its own back', async () => {
    const { store } = get();
    const settings = () => (store.sqlite ? [store.sqlite.pragma('cache_size', { simple: true }), store.sqlite.pragma('mmap_size', { simple: true })] : []);
    const before = settings();
    const during = await withLoadSettings(store, async () => settings());
    expect(settings()).toEqual(before);
    // (An in-memory database, as here, has no memory map to enlarge.)
    if (store.engine === 'sqlite') expect(-Number(during[0])).toBeGreaterThan(-Number(before[0]));
    // Put back even when the load fails.
    await expect(withLoadSettings(store, async () => { throw new Error('load failed'); })).rejects.toThrow('load failed');
    expect(settings()).toEqual(before);
  });
});

describeEachStore('indexes deferred for a whole load', (get) => {
  it('a seed into an empty store ends with every index back, the rollups exact, and nothing pending', async () => {
    const { store } = get();
    const before = await indexes(store);
    const seeded = await seedStore(store, { seed: 3, declarations: 1_200, from: { year: 2024, month: 1, period: 202401 }, to: { year: 2024, month: 6, period: 202406 }, batchSize: 500 });
    expect(seeded.declarations).toBe(1_200);
    expect(await indexes(store)).toEqual(before);
    expect(await pending(store)).toBeUndefined();
    expect(await verifyRollups(store)).toMatchObject({ ok: true, differences: [] });
  });

  it('indexes left out by a load that was killed are built by the next migrate', async () => {
    const { store } = get();
    const before = await indexes(store);
    // What a killed seed leaves: committed rows, some indexes dropped and recorded.
    const dropped = deferIndexes(store, SEED_DEFERRED_INDEXES);
    if (store.engine === 'sqlite') {
      expect(dropped).toBeGreaterThan(5);
      expect(await indexes(store)).not.toEqual(before);
      expect(await pending(store)).toBeDefined();
    } else expect(dropped).toBe(0);
    await migrate(store);
    expect(await indexes(store)).toEqual(before);
    expect(await pending(store)).toBeUndefined();
    expect(restoreDeferredIndexes(store)).toBe(0);
  });

  it('the build sorts on temp files with helper threads, and the connection gets its settings back', async () => {
    const { store } = get();
    if (store.engine !== 'sqlite') return;
    const raw = store.sqlite!;
    const settings = () => ['temp_store', 'cache_size', 'threads'].map((p) => Number(raw.pragma(p, { simple: true })));
    raw.pragma('temp_store = MEMORY'); // as every store connection opens
    const before = settings();
    expect(deferIndexes(store, SEED_DEFERRED_INDEXES)).toBeGreaterThan(5);
    const during: number[][] = [];
    expect(restoreDeferredIndexes(store, () => during.push(settings()))).toBeGreaterThan(5);
    // 1 = FILE: an in-memory sorter never spills, so it sorts the whole table as one list.
    expect(during[0]![0]).toBe(1);
    expect(during[0]![1]).toBeLessThan(0);
    expect(-during[0]![1]!).toBeLessThan(-before[1]!); // runs smaller than the connection's page cache
    expect(during[0]![2]).toBeGreaterThanOrEqual(1);
    expect(settings()).toEqual(before);
  });

  it('a file load defers only into an empty store', async () => {
    const { store } = get();
    // The store holds declarations now: nothing is deferred.
    expect(deferIndexes(store, ['declarations'], 'declarations')).toBe(0);
    expect(await pending(store)).toBeUndefined();
  });
});

async function pending(store: Store): Promise<string | undefined> {
  const row = await store.db.selectFrom('settings').select('value').where('key', '=', 'load.deferred_indexes').executeTakeFirst();
  return row?.value;
}

it('a store in a file builds the deferred indexes on a thread of its own, with the same result', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aside-'));
  const store = await openStore(`sqlite:${path.join(dir, 'aside.sqlite')}`);
  try {
    await migrate(store);
    const before = await indexes(store);
    expect(deferIndexes(store, SEED_DEFERRED_INDEXES)).toBeGreaterThan(5);
    await writeBatch(store, makeDeclarations(300, 0, 'A'), { batchKey: 'aside', source: 'test' });
    expect(await indexes(store)).not.toEqual(before);
    // As after a whole load into a new file: no planner statistics yet.
    store.sqlite!.exec('drop table if exists sqlite_stat1');
    // Built by the thread (from 0 declarations on, for the test), which this connection then sees;
    // the thread's lines reach this one, an index each and the statistics.
    const lines: string[] = [];
    const built = await restoreDeferredIndexesAside(store, (l) => lines.push(l), 0);
    expect(built).toBeGreaterThan(5);
    expect(lines).toHaveLength(built + 1);
    expect(lines[0]).toMatch(new RegExp(`^index \\w+ \\(1 of ${built}\\) done in \\d+\\.\\d s$`));
    expect(lines.at(-1)).toMatch(/^statistics done in/);
    expect(await indexes(store)).toEqual(before);
    expect(await pending(store)).toBeUndefined();
    // The build left them, so the next open's PRAGMA optimize has nothing to analyse first.
    const analysed = store.sqlite!.prepare(`select idx from sqlite_stat1 where tbl = 'declarations'`).all() as { idx: string | null }[];
    expect(analysed.map((r) => r.idx)).toEqual(expect.arrayContaining(['declarations_company']));
    expect(await restoreDeferredIndexesAside(store, undefined, 0)).toBe(0);
    const plan = await sql<{ detail: string }>`explain query plan select id from declarations where company_id = 1 order by registered_at`.execute(store.db);
    expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/declarations_company/);
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
