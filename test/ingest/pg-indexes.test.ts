// PostgreSQL: a load into an empty store drops the plain secondary indexes of its large tables and
// records them; they come back at the end of the load, or from `migrate` after a load that was
// killed. Unique indexes and primary keys are never dropped, and a store with data is left alone.
import { it, expect } from 'vitest';
import { sql } from 'kysely';
import { describeEachStore, freshStore } from '../helpers/stores.js';
import { deferPgIndexes, restorePgDeferredIndexes, PG_SEED_DEFERRED_TABLES } from '../../src/ingest/pg-indexes.js';
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

async function foreignKeys(store: Store, table: string): Promise<string[]> {
  const res = await sql<{ def: string }>`
    select c.conname || ': ' || pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = ${table} and c.contype = 'f' order by c.conname`.execute(store.db);
  return res.rows.map((r) => r.def);
}

/** Whether each foreign key of `table` (or the one named) is validated. */
async function validatedKeys(store: Store, table: string, name?: string): Promise<boolean[]> {
  const res = await sql<{ v: boolean }>`select convalidated as v from pg_constraint
    where conrelid = to_regclass(${table}) and contype = 'f' and (${name ?? null}::text is null or conname = ${name ?? null}) order by conname`.execute(store.db);
  return res.rows.map((r) => r.v);
}

describeEachStore('deferred indexes on PostgreSQL', (get) => {
  it('drops plain indexes of an empty store, keeps unique ones, and migrate builds them back', async (ctx) => {
    const { store } = get();
    if (store.engine !== 'postgres') {
      expect(await deferPgIndexes(store, ['declarations'])).toBe(0);
      return ctx.skip();
    }
    const before = await indexes(store, 'declarations');
    const keysBefore = await foreignKeys(store, 'declaration_items');
    expect(keysBefore).toHaveLength(1);
    const plain = before.filter((i) => !i.unique).length;
    expect(plain).toBeGreaterThan(3);
    expect(await deferPgIndexes(store, ['declarations', 'declaration_items'])).toBeGreaterThan(plain);
    expect((await indexes(store, 'declarations')).map((i) => i.name)).toEqual(before.filter((i) => i.unique).map((i) => i.name));
    // The lines' foreign key is deferred with the indexes.
    expect(await foreignKeys(store, 'declaration_items')).toEqual([]);
    // A batch written meanwhile is stored as always (duplicates found through the unique index).
    const decls = makeDeclarations(150, 0, 'PGX');
    expect((await writeBatch(store, decls, { batchKey: 'pgx-1', source: 'test' })).stored).toBe(150);
    expect((await writeBatch(store, decls, { batchKey: 'pgx-2', source: 'test' })).duplicates).toBe(150);
    // As after a killed load: the next migrate builds them.
    await migrate(store);
    expect(await indexes(store, 'declarations')).toEqual(before);
    expect(await foreignKeys(store, 'declaration_items')).toEqual(keysBefore);
    // Added back validated: a line without its declaration is refused again.
    await expect(sql`insert into declaration_items (declaration_id, line_no, gtip, hs6, description, quantity, quantity_unit, net_weight_kg, gross_weight_kg, value_usd_cents) values (987654321, 1, '0101', '010121', 'x', 1, 'kg', 1, 1, 1)`.execute(store.db)).rejects.toThrow(/foreign key/);
    expect(await restorePgDeferredIndexes(store)).toBe(0);
    // A store with data keeps its indexes.
    expect(await deferPgIndexes(store, ['declarations'])).toBe(0);
    expect(await indexes(store, 'declarations')).toEqual(before);
  });

  it('builds only what is still missing, gives the connections back as they were, and keeps the record when a build fails', async (ctx) => {
    const { target } = get();
    if (target.engine !== 'postgres') return ctx.skip();
    const fresh = await freshStore(target);
    try {
      const { store } = fresh;
      const tables = [...PG_SEED_DEFERRED_TABLES];
      const before = await Promise.all(tables.map((t) => indexes(store, t)));
      const deferred = await deferPgIndexes(store, tables);
      expect(deferred).toBeGreaterThan(15);
      expect((await writeBatch(store, makeDeclarations(200, 0, 'PAR'), { batchKey: 'par-1', source: 'test' })).stored).toBe(200);
      const record = async () => (await store.db.selectFrom('settings').select('value').where('key', '=', 'load.deferred_indexes').executeTakeFirst())?.value;
      const recorded = JSON.parse((await record())!) as { table: string; name: string; sql: string; constraint?: boolean }[];

      // A build that fails stops the rest and leaves the record, for the next migrate.
      const broken = [...recorded, { table: 'declarations', name: 'declarations_broken', sql: 'create index declarations_broken on declarations (no_such_column)' }];
      await store.db.updateTable('settings').set({ value: JSON.stringify(broken) }).where('key', '=', 'load.deferred_indexes').execute();
      await expect(restorePgDeferredIndexes(store)).rejects.toThrow(/no_such_column/);
      expect(await record()).toBe(JSON.stringify(broken));

      // As after a build killed halfway: whatever is there already is not built again.
      await store.db.updateTable('settings').set({ value: JSON.stringify(recorded) }).where('key', '=', 'load.deferred_indexes').execute();
      const gin = recorded.find((ix) => / using gin /i.test(ix.sql))!;
      if (!(await sql<{ r: string | null }>`select to_regclass(${gin.name}) as r`.execute(store.db)).rows[0]!.r) await sql.raw(gin.sql).execute(store.db);
      // A foreign key is added unvalidated before the builds; one whose table was built before the failure may be validated already.
      const missing = await Promise.all(
        recorded.map(async (ix) =>
          ix.constraint ? (await validatedKeys(store, ix.table, ix.name))[0] !== true : !(await sql<{ r: string | null }>`select to_regclass(${ix.name}) as r`.execute(store.db)).rows[0]!.r,
        ),
      );
      expect(await restorePgDeferredIndexes(store)).toBe(missing.filter(Boolean).length);
      expect(await record()).toBeUndefined();
      expect(await Promise.all(tables.map((t) => indexes(store, t)))).toEqual(before);

      // The pooled connections that built them run with the pool's own settings again.
      const shown = await Promise.all(
        Array.from({ length: 4 }, () =>
          store.db.connection().execute(async (conn) => (await sql<{ m: string }>`select current_setting('maintenance_work_mem') as m`.execute(conn)).rows[0]!.m),
        ),
      );
      expect(shown.every((m) => m !== '512MB')).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('adds a deferred foreign key unvalidated, validates it once its own table is indexed, and finishes one a killed build left unvalidated', async (ctx) => {
    const { target } = get();
    if (target.engine !== 'postgres') return ctx.skip();
    const fresh = await freshStore(target);
    try {
      const { store } = fresh;
      const tables = ['declarations', 'declaration_items'];
      const keysBefore = await foreignKeys(store, 'declaration_items');
      const validated = () => validatedKeys(store, 'declaration_items');
      expect(await deferPgIndexes(store, tables)).toBeGreaterThan(3);
      expect((await writeBatch(store, makeDeclarations(120, 0, 'FKV'), { batchKey: 'fkv-1', source: 'test' })).stored).toBe(120);
      const lines: string[] = [];
      await restorePgDeferredIndexes(store, (line) => lines.push(line));
      expect(await foreignKeys(store, 'declaration_items')).toEqual(keysBefore);
      expect(await validated()).toEqual([true]);
      // Validation waits for the lines' own index builds (its lock would hold them back).
      const itemBuilds = lines.filter((l) => /^index declaration_items_/.test(l)).map((l) => lines.indexOf(l));
      const check = lines.findIndex((l) => /^foreign key /.test(l));
      expect(itemBuilds.length).toBeGreaterThan(0);
      expect(check).toBeGreaterThan(Math.max(...itemBuilds));

      // As after a build killed between adding the key and validating it.
      expect(await deferPgIndexes(store, tables)).toBe(0); // not empty: left alone
      const [key] = keysBefore.map((k) => k.split(':')[0]!);
      await sql`alter table declaration_items drop constraint ${sql.id(key!)}`.execute(store.db);
      await sql.raw(`alter table declaration_items add constraint "${key}" foreign key (declaration_id) references declarations(id) on delete cascade not valid`).execute(store.db);
      const record = [{ table: 'declaration_items', name: key, sql: 'unused: the key exists', constraint: true }];
      await store.db.insertInto('settings').values({ key: 'load.deferred_indexes', value: JSON.stringify(record) }).execute();
      expect(await validated()).toEqual([false]);
      expect(await restorePgDeferredIndexes(store)).toBe(1);
      expect(await validated()).toEqual([true]);
    } finally {
      await fresh.close();
    }
  });
});
