// Migration 045 drops the indexes no query reads, and takes them out of the record a killed load
// left (src/ingest/bulk-indexes.ts, pg-indexes.ts), so the next migrate does not build them again.
import { it, expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import { up } from '../../src/db/migrations/045-unread-indexes.js';
import { restoreDeferredIndexes } from '../../src/ingest/bulk-indexes.js';
import { restorePgDeferredIndexes } from '../../src/ingest/pg-indexes.js';
import type { Store } from '../../src/db/connect.js';

async function exists(store: Store, name: string): Promise<boolean> {
  if (store.engine === 'sqlite') return !!store.sqlite!.prepare(`select 1 from sqlite_master where type = 'index' and name = ?`).get(name);
  return (await sql<{ r: string | null }>`select to_regclass(${name})::text as r`.execute(store.db)).rows[0]?.r != null;
}

describeEachStore('unread indexes (migration 045)', (get) => {
  it('leaves a migrated store without declarations_bl', async () => {
    expect(await exists(get().store, 'declarations_bl')).toBe(false);
    expect(await exists(get().store, 'declarations_company')).toBe(true);
  });

  it('keeps a killed load from building it again, and builds the rest of its record', async () => {
    const { store } = get();
    const pending = [
      { table: 'declarations', name: 'declarations_bl', sql: 'create index declarations_bl on declarations (bl_number)' },
      { table: 'declarations', name: 'declarations_probe', sql: 'create index declarations_probe on declarations (vessel)' },
    ];
    await sql`insert into settings (key, value) values ('load.deferred_indexes', ${JSON.stringify(pending)})`.execute(store.db);
    await up(store.db as unknown as Kysely<unknown>);
    restoreDeferredIndexes(store);
    await restorePgDeferredIndexes(store);
    expect(await exists(store, 'declarations_bl')).toBe(false);
    expect(await exists(store, 'declarations_probe')).toBe(true);
    const left = await store.db.selectFrom('settings').select('value').where('key', '=', 'load.deferred_indexes').executeTakeFirst();
    expect(left).toBeUndefined();
    await sql`drop index declarations_probe`.execute(store.db);
  });

  it('clears a record that named nothing else', async () => {
    const { store } = get();
    const only = [{ table: 'declarations', name: 'declarations_bl', sql: 'create index declarations_bl on declarations (bl_number)' }];
    await sql`insert into settings (key, value) values ('load.deferred_indexes', ${JSON.stringify(only)})`.execute(store.db);
    await up(store.db as unknown as Kysely<unknown>);
    expect(await store.db.selectFrom('settings').select('value').where('key', '=', 'load.deferred_indexes').executeTakeFirst()).toBeUndefined();
  });
});
