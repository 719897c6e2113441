// PostgreSQL: a load into an empty store (a seed, a first file) builds the plain secondary indexes
// of its largest tables once, after its last batch, instead of inserting every row into each of
// them batch after batch (the PostgreSQL counterpart of deferIndexes in bulk-indexes.ts, which
// is SQLite's). Primary keys and unique indexes are never touched: duplicates and upserts
// need them. The dropped definitions are recorded in `settings` in the transaction that drops
// them, so a load that is killed gets them back from `migrate` (every start and every command).
// While such a load runs, readers of the store get correct answers without those indexes, slowly.
//
// The foreign keys of those tables (items → declarations, containers → bills of lading, events →
// shipments) are deferred the same way: PostgreSQL checks a foreign key with one query per inserted
// row (a trigger), which cost more than the insert itself — 940,092 items copied in 10.6 s with
// their foreign key and 3.0 s without it; adding it back afterwards checks every row in one join,
// 1.0 s. The constraint comes back (validated) at the end of the load, after a failed load, and from
// `migrate` after a killed one; rows the load itself writes always reference rows it wrote before
// them in the same transaction. What this gives up while the load runs: a declaration deleted by
// someone else meanwhile would not take its lines with it, and adding the constraint back would then
// fail (and be retried by every migrate) until those lines are removed.
import { sql } from 'kysely';
import type { Store } from '../db/connect.js';

const DEFERRED_KEY = 'load.deferred_indexes';

interface DeferredIndex {
  table: string;
  name: string;
  sql: string;
  /** A foreign key (`alter table … add constraint …`) rather than an index. */
  constraint?: boolean;
}

/** Tables whose secondary indexes a seed into an empty PostgreSQL store builds at its end. */
export const PG_SEED_DEFERRED_TABLES = ['declarations', 'declaration_items', 'containers', 'bills_of_lading', 'shipments', 'shipment_events'] as const;

/** The same for a file load into an empty store (it writes no documents). */
export const PG_FILE_DEFERRED_TABLES = ['declarations', 'declaration_items'] as const;

/**
 * Drops and records the plain secondary indexes and the foreign keys of `tables` when `emptyTable`
 * has no row; returns how many (0 on SQLite).
 */
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
    const keys = await sql<{ table: string; name: string; def: string }>`
      select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and c.contype = 'f' and t.relname in (${sql.join(tables.map((t) => sql.lit(t)))})
      order by t.relname, c.conname`.execute(trx);
    if (!found.rows.length && !keys.rows.length) return 0;
    const prior = await pending(trx);
    const deferred: DeferredIndex[] = [
      ...prior,
      ...found.rows.map((r) => ({ table: r.table, name: r.name, sql: r.sql })),
      ...keys.rows.map((r) => ({ table: r.table, name: r.name, sql: `alter table ${quote(r.table)} add constraint ${quote(r.name)} ${r.def}`, constraint: true })),
    ];
    await trx
      .insertInto('settings')
      .values({ key: DEFERRED_KEY, value: JSON.stringify(deferred) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(deferred) }))
      .execute();
    for (const r of found.rows) await sql`drop index ${sql.id(r.name)}`.execute(trx);
    for (const r of keys.rows) await sql`alter table ${sql.table(r.table)} drop constraint ${sql.id(r.name)}`.execute(trx);
    return found.rows.length + keys.rows.length;
  });
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function pending(db: Store['db']): Promise<DeferredIndex[]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', DEFERRED_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as DeferredIndex[]) : [];
}

// Index builds side by side: PostgreSQL 15 builds a GIN index (the bills' three trigram indexes, about
// half of a seed's final build) in one process, and a B-tree with at most
// max_parallel_maintenance_workers helpers for part of the work, so one build after another leaves
// cores idle. Measured on a 200,000-declaration seed's 22 indexes on 2 busy cores (load average
// 3.5-5): 6.8-7.1 s one at a time, 6.0-6.2 s on two sessions, 5.0-5.4 s on three.
const BUILD_SESSIONS = 3;

/** `run` over `items` on up to `sessions` pooled connections at once, each taking the next item; stops at the first failure. */
async function onSessions<T>(db: Store['db'], items: readonly T[], sessions: number, setup: readonly string[], run: (conn: Store['db'], item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const session = () =>
    db.connection().execute(async (conn) => {
      for (const s of setup) await sql.raw(s).execute(conn);
      try {
        while (!failed && next < items.length) await run(conn, items[next++]!);
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        // The connection goes back to the pool with its own settings.
        for (const s of setup) await sql.raw(s.replace(/^set (\w+).*$/, 'reset $1')).execute(conn);
      }
    });
  const results = await Promise.allSettled(Array.from({ length: Math.min(sessions, items.length) }, session));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Builds the indexes and adds the foreign keys a load deferred, then clears the record; returns
 * how many. The indexes are built on several connections at once, each build committed on its
 * own; the foreign keys (which need every row of both tables) and the record's removal follow in
 * the transaction that holds the record's lock. A build killed halfway leaves the record: the
 * next call (migrate) builds only what is still missing.
 */
export async function restorePgDeferredIndexes(store: Pick<Store, 'engine' | 'db'>): Promise<number> {
  if (store.engine !== 'postgres') return 0;
  if (!(await pending(store.db)).length) return 0;
  const tables = new Set<string>();
  // Building the indexes of millions of rows outlasts DB_STATEMENT_TIMEOUT_MS (as in migration
  // 041); a larger sort memory than the 64 MB default lets the GIN (trigram) builds flush less.
  const setup = ['set statement_timeout = 0', "set maintenance_work_mem = '512MB'"];
  const built = await store.db.transaction().execute(async (trx) => {
    // Read again under a lock, so two processes (a restarted server and the load) build them once.
    await sql`lock table settings in share row exclusive mode`.execute(trx);
    for (const s of setup) await sql.raw(s.replace(/^set /, 'set local ')).execute(trx);
    const todo: DeferredIndex[] = [];
    for (const ix of await pending(trx)) {
      const exists = ix.constraint
        ? await sql<{ r: string | null }>`select conname as r from pg_constraint where conname = ${ix.name} and conrelid = to_regclass(${ix.table})`.execute(trx)
        : await sql<{ r: string | null }>`select to_regclass(${ix.name}) as r`.execute(trx);
      if (!exists.rows[0]?.r) todo.push(ix);
    }
    // The slowest first (GIN), so that the last builds to start are short ones.
    const indexes = todo.filter((ix) => !ix.constraint).sort((a, b) => Number(/ using gin /i.test(b.sql)) - Number(/ using gin /i.test(a.sql)));
    await onSessions(store.db, indexes, BUILD_SESSIONS, setup, async (conn, ix) => {
      await sql.raw(ix.sql).execute(conn);
    });
    for (const ix of todo.filter((ix) => ix.constraint)) {
      await sql.raw(ix.sql).execute(trx);
    }
    for (const ix of todo) tables.add(ix.table);
    await trx.deleteFrom('settings').where('key', '=', DEFERRED_KEY).execute();
    return todo.length;
  });
  // Fresh statistics for the planner, now that the tables are full.
  await onSessions(store.db, [...tables], BUILD_SESSIONS, ['set statement_timeout = 0'], async (conn, table) => {
    await sql`analyze ${sql.table(table)}`.execute(conn);
  });
  return built;
}
