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
import { doneLine } from './bulk-indexes.js';

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

/** One piece of the final build: an index, or the check of a foreign key added unvalidated. */
interface Step {
  ix: DeferredIndex;
  validate?: boolean;
}

/**
 * `run` over `steps` on up to `sessions` pooled connections at once, each taking the first step
 * that is `ready` given the steps not yet finished; stops at the first failure.
 */
async function onSessions<T>(
  db: Store['db'],
  steps: readonly T[],
  sessions: number,
  setup: readonly string[],
  run: (conn: Store['db'], step: T) => Promise<void>,
  ready: (step: T, unfinished: readonly T[]) => boolean = () => true,
): Promise<void> {
  const waiting = [...steps];
  const running = new Set<T>();
  let failed = false;
  let wake = () => {};
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    const woken = wake;
    changed = new Promise<void>((resolve) => (wake = resolve));
    woken();
  };
  const take = (): T | undefined => {
    const unfinished = [...waiting, ...running];
    const at = waiting.findIndex((step) => ready(step, unfinished));
    return at < 0 ? undefined : waiting.splice(at, 1)[0];
  };
  const session = () =>
    db.connection().execute(async (conn) => {
      for (const s of setup) await sql.raw(s).execute(conn);
      try {
        while (!failed && waiting.length) {
          const step = take();
          // Nothing ready yet: what it waits for runs on another session.
          if (step === undefined) {
            await changed;
            continue;
          }
          running.add(step);
          try {
            await run(conn, step);
          } finally {
            running.delete(step);
            signal();
          }
        }
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        // The connection goes back to the pool with its own settings.
        for (const s of setup) await sql.raw(s.replace(/^set (\w+).*$/, 'reset $1')).execute(conn);
      }
    });
  const results = await Promise.allSettled(Array.from({ length: Math.min(sessions, steps.length) }, session));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Builds the indexes and adds the foreign keys a load deferred, then clears the record; returns
 * how many. The indexes are built on several connections at once, each build committed on its
 * own, the largest tables' first. A foreign key is added unvalidated before the builds (no scan)
 * and validated on a build session once its own table's indexes are built: validation takes a
 * lock that waits for them (and would hold back the ones after it), while the referenced table's
 * builds go on beside it. Added one after another at the end, the foreign keys left a core idle
 * for the length of their scans. A build killed halfway leaves the record: the next call
 * (migrate) builds or validates only what is still missing.
 */
export async function restorePgDeferredIndexes(store: Pick<Store, 'engine' | 'db'>, log?: (line: string) => void): Promise<number> {
  if (store.engine !== 'postgres') return 0;
  if (!(await pending(store.db)).length) return 0;
  const tables = new Set<string>();
  // Building the indexes of millions of rows outlasts DB_STATEMENT_TIMEOUT_MS (as in migration
  // 041); a larger sort memory than the 64 MB default lets the GIN (trigram) builds flush less.
  // A foreign key's validation runs its join in maintenance_work_mem too.
  const setup = ['set statement_timeout = 0', "set maintenance_work_mem = '512MB'"];
  const built = await store.db.transaction().execute(async (trx) => {
    // Read again under a lock, so two processes (a restarted server and the load) build them once.
    await sql`lock table settings in share row exclusive mode`.execute(trx);
    const steps: Step[] = [];
    const unvalidated: DeferredIndex[] = [];
    for (const ix of await pending(trx)) {
      if (ix.constraint) {
        const found = await sql<{ valid: boolean }>`select convalidated as valid from pg_constraint where conname = ${ix.name} and conrelid = to_regclass(${ix.table})`.execute(trx);
        if (!found.rows.length) unvalidated.push(ix);
        if (!found.rows[0]?.valid) steps.push({ ix, validate: true });
      } else if (!(await sql<{ r: string | null }>`select to_regclass(${ix.name}) as r`.execute(trx)).rows[0]?.r) {
        steps.push({ ix });
      }
    }
    const size = new Map<string, number>();
    for (const table of new Set(steps.map((s) => s.ix.table))) {
      size.set(table, Number((await sql<{ n: string }>`select pg_relation_size(to_regclass(${table})) as n`.execute(trx)).rows[0]?.n ?? 0));
    }
    // Validations first, each taken once its table's indexes are built; then the slowest builds
    // (GIN, then the largest tables), so that the last builds to start are short ones.
    const gin = (s: Step) => Number(/ using gin /i.test(s.ix.sql));
    steps.sort((a, b) => Number(!!b.validate) - Number(!!a.validate) || gin(b) - gin(a) || size.get(b.ix.table)! - size.get(a.ix.table)!);
    // Added outside this transaction, which must not hold locks on the tables the sessions build on.
    for (const ix of unvalidated) await sql.raw(`${ix.sql} not valid`).execute(store.db);
    const ready = (step: Step, unfinished: readonly Step[]) => !step.validate || !unfinished.some((u) => !u.validate && u.ix.table === step.ix.table);
    await onSessions(
      store.db,
      steps,
      BUILD_SESSIONS,
      setup,
      async (conn, step) => {
        const what = step.validate ? `foreign key ${step.ix.name}` : `index ${step.ix.name}`;
        const statement = step.validate ? sql`alter table ${sql.table(step.ix.table)} validate constraint ${sql.id(step.ix.name)}` : sql.raw(step.ix.sql);
        await timed(log, what, () => statement.execute(conn));
      },
      ready,
    );
    for (const step of steps) tables.add(step.ix.table);
    await trx.deleteFrom('settings').where('key', '=', DEFERRED_KEY).execute();
    return steps.length;
  });
  // Fresh statistics for the planner, now that the tables are full.
  await onSessions(store.db, [...tables], BUILD_SESSIONS, ['set statement_timeout = 0'], async (conn, table) => {
    await timed(log, `statistics of ${table}`, () => sql`analyze ${sql.table(table)}`.execute(conn));
  });
  return built;
}

async function timed(log: ((line: string) => void) | undefined, what: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  log?.(doneLine(what, started));
}
