// PostgreSQL: a load into an empty store drops the plain secondary indexes of its large tables and
// records them; they come back at the end of the load, or from `migrate` after a load that was
// killed. Unique indexes and primary keys are never dropped, and a store with data is left alone.
import { it, expect } from 'vitest';
import { sql } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import { deferPgIndexes, restorePgDeferredIndexes } from '../../src/ingest/pg-indexes.js';
import { migrate } from '../../src/db/migrate.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { makeDeclarations } from './fixtures.js';
import type { Store } from '../../src/db/connect.js';

async function indexes(store: Store, table: string): Promise<{ name: string; unique: boolean }[]> {
  const res = await sql<{ name: string; unique: boolean }>`
    select c.relname as name, i.indisunique as unique from pg_index i
    join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = ${table} order by c.relname`.execute(store.db);
  return res.rows;
}

describeEachStore('deferred indexes on PostgreSQL', (get) => {
  it('drops plain indexes of an empty store, keeps unique ones, and migrate builds them back', async (ctx) => {
    const { store } = get();
    if (store.engine !== 'postgres') {
      expect(await deferPgIndexes(store, ['declarations'])).toBe(0);
      return ctx.skip();
    }
    const before = await indexes(store, 'declarations');
    const plain = before.filter((i) => !i.unique).length;
    expect(plain).toBeGreaterThan(3);
    expect(await deferPgIndexes(store, ['declarations', 'declaration_items'])).toBeGreaterThan(plain);
    expect((await indexes(store, 'declarations')).map((i) => i.name)).toEqual(before.filter((i) => i.unique).map((i) => i.name));
    // A batch written meanwhile is stored as always (duplicates found through the unique index).
    const decls = makeDeclarations(150, 0, 'PGX');
    expect((await writeBatch(store, decls, { batchKey: 'pgx-1', source: 'test' })).stored).toBe(150);
    expect((await writeBatch(store, decls, { batchKey: 'pgx-2', source: 'test' })).duplicates).toBe(150);
    // As after a killed load: the next migrate builds them.
    await migrate(store);
    expect(await indexes(store, 'declarations')).toEqual(before);
    expect(await restorePgDeferredIndexes(store)).toBe(0);
    // A store with data keeps its indexes.
    expect(await deferPgIndexes(store, ['declarations'])).toBe(0);
    expect(await indexes(store, 'declarations')).toEqual(before);
  });
});
