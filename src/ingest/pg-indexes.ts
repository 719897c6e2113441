// PostgreSQL: a load into an empty store (a seed, a first file) builds the plain secondary indexes
// of its largest tables once, after its last batch, instead of inserting every row into each of
// them batch after batch (the PostgreSQL counterpart of deferIndexes in bulk-indexes.ts, which
// is SQLite's). Primary keys and unique indexes are never touched: duplicates and upserts
// need them. The dropped definitions are recorded in `settings` in the transaction that drops
// them, so a load that is killed gets them back from `migrate` (every start and every command).
// While such a load runs, readers of the store get correct answers without those indexes, slowly.
import { sql } from 'kysely';
import type { Store } from '../db/connect.js';

const DEFERRED_KEY = 'load.deferred_indexes';

interface DeferredIndex {
  table: string;
  name: string;
  sql: string;
}

/** Tables whose secondary indexes a seed into an empty PostgreSQL store builds at its end. */
export const PG_SEED_DEFERRED_TABLES = ['declarations', 'declaration_items', 'containers', 'bills_of_lading'] as const;

/** The same for a file load into an empty store (it writes no documents). */
export const PG_FILE_DEFERRED_TABLES = ['declarations', 'declaration_items'] as const;

/** Drops and records the plain secondary indexes of `tables` when `emptyTable` has no row; returns how many (0 on SQLite). */
export async function deferPgIndexes(store: Pick<Store, 'engine' | 'db'>, tables: readonly string[], emptyTable = 'declarations'): Promise<number> {
  if (store.engine !== 'postgres') return 0;
  return store.db.transaction().execute(async (trx) => {
    const any = await sql`select 1 from ${sql.table(emptyTable)} limit 1`.execute(trx);
    if (any.rows.length) return 0;
    const found = await sql<{ table: string; name: string; sql: string }>`
      select t.relname as table, c.relname as name, pg_get_indexdef(i.indexrelid) as sql
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname in (${sql.join(tables.map((t) => sql.lit(t)))})
        and not i.indisunique and not i.indisprimary
      order by t.relname, c.relname`.execute(trx);
    if (!found.rows.length) return 0;
    const prior = await pending(trx);
    const deferred: DeferredIndex[] = [...prior, ...found.rows.map((r) => ({ table: r.table, name: r.name, sql: r.sql }))];
    await trx
      .insertInto('settings')
      .values({ key: DEFERRED_KEY, value: JSON.stringify(deferred) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(deferred) }))
      .execute();
    for (const r of found.rows) await sql`drop index ${sql.id(r.name)}`.execute(trx);
    return found.rows.length;
  });
}

async function pending(db: Store['db']): Promise<DeferredIndex[]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', DEFERRED_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as DeferredIndex[]) : [];
}

/** Builds the indexes a load deferred and clears the record, in one transaction; returns how many were built. */
export async function restorePgDeferredIndexes(store: Pick<Store, 'engine' | 'db'>): Promise<number> {
  if (store.engine !== 'postgres') return 0;
  if (!(await pending(store.db)).length) return 0;
  const tables = new Set<string>();
  const built = await store.db.transaction().execute(async (trx) => {
    // Read again under a lock, so two processes (a restarted server and the load) build them once.
    await sql`lock table settings in share row exclusive mode`.execute(trx);
    const todo = await pending(trx);
    let n = 0;
    for (const ix of todo) {
      const exists = await sql<{ r: string | null }>`select to_regclass(${ix.name}) as r`.execute(trx);
      if (exists.rows[0]?.r) continue;
      await sql.raw(ix.sql).execute(trx);
      tables.add(ix.table);
      n++;
    }
    await trx.deleteFrom('settings').where('key', '=', DEFERRED_KEY).execute();
    return n;
  });
  // Fresh statistics for the planner, now that the tables are full.
  for (const t of tables) await sql`analyze ${sql.table(t)}`.execute(store.db);
  return built;
}
