// SQLite only: a write that at least doubles a table goes in faster with the table's secondary
// indexes dropped and built again afterwards. Building an index sorts its entries once, while
// inserting into it row by row walks and splits its B-tree at random places (measured: 300,000
// declarations with their 8 secondary indexes took 13.7 s row by row, 3.0 s + 3.9 s without
// them and rebuilt). Both happen inside the caller's transaction, so a reader never sees a table
// without its indexes, and a process killed mid-load rolls the drop back with everything else.
//
// Only plain CREATE INDEX indexes are touched: primary keys and UNIQUE constraints stay, because
// ON CONFLICT and the duplicate checks rely on them.
import { availableParallelism } from 'node:os';
import type { Store } from '../db/connect.js';
import { startWorker } from './worker-thread.js';


interface SavedIndex {
  name: string;
  sql: string;
}

/** Puts the dropped indexes back (and refreshes their planner statistics); a no-op if none were dropped. */
export type RestoreIndexes = () => void;

const NOTHING: RestoreIndexes = () => {};

// Below this, maintaining the indexes costs little, and a schema change makes every connection
// re-prepare its statements: not worth it for an API batch.
const MIN_ROWS = 10_000;

/**
 * Drops `table`'s secondary indexes when `adding` rows (at least MIN_ROWS) will at least match the rows already in it;
 * call the returned function after the rows are in, before the transaction commits.
 */
export function dropIndexesForLoad(store: Pick<Store, 'engine' | 'sqlite'>, table: string, adding: number): RestoreIndexes {
  const raw = store.engine === 'sqlite' ? store.sqlite : undefined;
  if (!raw || adding < MIN_ROWS) return NOTHING;
  // max(rowid) reads one B-tree edge, unlike count(*); tables here are only appended to.
  const existing = Number((raw.prepare(`select coalesce(max(rowid), 0) as n from ${table}`).get() as { n: number }).n);
  if (adding < existing) return NOTHING;
  const saved = plainIndexes(raw, table);
  if (!saved.length) return NOTHING;
  for (const ix of saved) raw.exec(`drop index "${ix.name}"`);
  return () => {
    for (const ix of saved) raw.exec(ix.sql);
    // DROP INDEX removed their rows from sqlite_stat1; without them the planner may prefer a wide
    // index over a selective one. The connection's analysis_limit keeps this a sample.
    if (raw.prepare(`select 1 from sqlite_master where name = 'sqlite_stat1'`).get()) {
      for (const ix of saved) raw.exec(`analyze "${ix.name}"`);
    }
  };
}

// A seed into an empty store goes further (SQLite): the secondary indexes that its rows reach at
// random places (a company, a value, a container number) are dropped once before the first batch
// and built once after the last, instead of being maintained row by row through every batch of a
// store that soon holds far more than one batch; each commit then also writes far fewer pages.
// The indexes dropped are recorded in `settings` in the same transaction as the drop, and
// `restoreDeferredIndexes` builds them from that record: at the end of the seed, when the seed
// fails, and from `migrate` (every start and command) after a seed that was killed. Primary keys
// and UNIQUE constraints are never touched, so duplicates and rollup upserts work as always.
const DEFERRED_KEY = 'load.deferred_indexes';

interface DeferredIndex extends SavedIndex {
  table: string;
}

/** The deferred indexes recorded in the store (none on PostgreSQL or when no load is pending). */
function deferredIndexes(raw: NonNullable<Store['sqlite']>): DeferredIndex[] {
  const row = raw.prepare(`select value from settings where key = ?`).get(DEFERRED_KEY) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as DeferredIndex[]) : [];
}

/**
 * Drops the plain secondary indexes of `tables` and records them for `restoreDeferredIndexes`,
 * in one transaction, when `emptyTable` (if given) holds no row yet. Returns how many were
 * dropped (0 on PostgreSQL).
 */
export function deferIndexes(store: Pick<Store, 'engine' | 'sqlite'>, tables: readonly string[], emptyTable?: string): number {
  const raw = store.engine === 'sqlite' ? store.sqlite : undefined;
  if (!raw) return 0;
  return raw.transaction(() => {
    if (emptyTable && raw.prepare(`select 1 from ${emptyTable} limit 1`).get()) return 0;
    const deferred = deferredIndexes(raw);
    let dropped = 0;
    for (const table of tables) {
      for (const ix of plainIndexes(raw, table)) {
        deferred.push({ table, ...ix });
        raw.exec(`drop index "${ix.name}"`);
        dropped++;
      }
    }
    raw.prepare(`insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value`).run(DEFERRED_KEY, JSON.stringify(deferred));
    return dropped;
  }).immediate();
}

/**
 * Builds the indexes a load deferred and clears the record, in one transaction; a no-op when none
 * are pending. Returns how many were built; `log` gets a line per index, as the PostgreSQL build
 * writes them (at 10M declarations the build takes minutes, which would otherwise be silent).
 */
export function restoreDeferredIndexes(store: Pick<Store, 'engine' | 'sqlite'>, log?: (line: string) => void): number {
  const raw = store.engine === 'sqlite' ? store.sqlite : undefined;
  if (!raw || !raw.prepare(`select 1 from sqlite_master where type = 'table' and name = 'settings'`).get()) return 0;
  if (!deferredIndexes(raw).length) return 0;
  const cache = raw.pragma('cache_size', { simple: true }) as number;
  const temp = raw.pragma('temp_store', { simple: true }) as number;
  const threads = raw.pragma('threads', { simple: true }) as number;
  // The sort behind CREATE INDEX is what a build spends its time on. With temp_store = MEMORY
  // SQLite's sorter never spills: it sorts every key of the table as one list in memory, whatever
  // the page cache, and on one thread. With temp files it sorts runs the size of the page cache,
  // writes them out (to SQLite's temp directory: SQLITE_TMPDIR or TMPDIR, at most about the size
  // of the index being built) and merges them, with helper threads; small runs stay in the CPU's
  // caches. At 10M declarations the 36 deferred indexes took 224.0 s against 826.6 s on the same
  // file (docs/operations.md).
  raw.pragma('temp_store = FILE');
  raw.pragma(`cache_size = -${SORT_RUN_KIB}`);
  raw.pragma(`threads = ${Math.min(8, availableParallelism())}`); // 8: SQLite's compiled maximum
  try {
    return buildPending(raw, log, cache);
  } finally {
    raw.pragma(`cache_size = ${cache}`);
    raw.pragma(`temp_store = ${temp}`);
    raw.pragma(`threads = ${threads}`);
  }
}

const SORT_RUN_KIB = 8192; // 2-8 MiB measured alike; 64 MiB 40 % slower, 1 GiB in memory 3x

function buildPending(raw: NonNullable<Store['sqlite']>, log: ((line: string) => void) | undefined, cache: number): number {
  return raw.transaction(() => {
    const pending = deferredIndexes(raw); // read again under the write lock
    const stats = !!raw.prepare(`select 1 from sqlite_master where name = 'sqlite_stat1'`).get();
    let built = 0;
    for (const [k, ix] of pending.entries()) {
      if (raw.prepare(`select 1 from sqlite_master where type = 'index' and name = ?`).get(ix.name)) continue;
      timed(log, `index ${ix.name} (${k + 1} of ${pending.length})`, () => {
        raw.exec(ix.sql);
        if (stats) raw.exec(`analyze "${ix.name}"`);
      });
      built++;
    }
    // A store loaded whole has no planner statistics yet. Made here, right after the build and
    // with its pages in the cache, they spare the next open's PRAGMA optimize from analysing every
    // table before the first query (a 1M file from a cold cache: 6.8 s; at 10M, minutes).
    if (!stats && built > 0) {
      raw.pragma(`cache_size = ${cache}`); // the statistics read the tables, not sorted runs
      timed(log, 'statistics', () => raw.exec('analyze'));
    }
    raw.prepare(`delete from settings where key = ?`).run(DEFERRED_KEY);
    return built;
  }).immediate();
}

/** The line a deferred index build writes for each step (here and in pg-indexes.ts). */
export const doneLine = (what: string, started: number): string => `${what} done in ${((performance.now() - started) / 1000).toFixed(1)} s`;

function timed(log: ((line: string) => void) | undefined, what: string, run: () => void): void {
  const started = performance.now();
  run();
  log?.(doneLine(what, started));
}

/** What the index build's thread (index-build-worker.ts) answers: its log lines, then the outcome. */
export type IndexBuildMessage = { type: 'log'; line: string } | { type: 'built'; count: number } | { type: 'error'; message: string };

// Declarations from which the deferred build goes to its own thread.
const ASIDE_FROM = 100_000;

/**
 * restoreDeferredIndexes on another thread with its own connection to the store's file, so that
 * this thread stays free meanwhile: the seed sums the analytic store on DuckDB's threads while
 * SQLite builds the indexes, instead of one after the other (the build is a single-threaded
 * sort that left the other core idle). Same transaction, same record, same result; an in-memory
 * store (no file to share) builds them here.
 */
export async function restoreDeferredIndexesAside(
  store: Pick<Store, 'engine' | 'sqlite'>,
  log?: (line: string) => void,
  asideFrom = ASIDE_FROM,
): Promise<number> {
  const raw = store.engine === 'sqlite' ? store.sqlite : undefined;
  if (!raw || raw.memory || raw.inTransaction) return restoreDeferredIndexes(store, log);
  if (!raw.prepare(`select 1 from sqlite_master where type = 'table' and name = 'settings'`).get() || !deferredIndexes(raw).length) return 0;
  // A small load's build takes less than starting a thread (about a second from the TypeScript sources).
  const declarations = Number((raw.prepare('select coalesce(max(rowid), 0) as n from declarations').get() as { n: number }).n);
  if (declarations < asideFrom) return restoreDeferredIndexes(store, log);
  const worker = startWorker(import.meta.url, 'index-build-worker', { file: raw.name });
  try {
    const m = await new Promise<Exclude<IndexBuildMessage, { type: 'log' }>>((resolve, reject) => {
      worker.on('message', (msg: IndexBuildMessage) => (msg.type === 'log' ? log?.(msg.line) : resolve(msg)));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the index build's thread stopped (exit code ${code})`)));
    });
    if (m.type === 'error') throw new Error(`building the deferred indexes failed: ${m.message}`);
    return m.count;
  } finally {
    await worker.terminate();
  }
}

function plainIndexes(raw: NonNullable<Store['sqlite']>, table: string): SavedIndex[] {
  const saved: SavedIndex[] = [];
  for (const ix of raw.pragma(`index_list(${table})`) as { name: string; unique: number; origin: string }[]) {
    if (ix.origin !== 'c' || ix.unique) continue;
    const row = raw.prepare(`select sql from sqlite_master where type = 'index' and name = ?`).get(ix.name) as { sql: string | null } | undefined;
    if (row?.sql) saved.push({ name: ix.name, sql: row.sql });
  }
  return saved;
}

// A long load on SQLite revisits index pages all over files larger than the connection's page
// cache (256 MiB) and memory map (1 GiB) set at open: from about 300,000 declarations on, pages
// are evicted and read back again. For the load only, the writer connection gets a larger cache
// and map; both are put back afterwards, so a server that seeded at start keeps its settings.
// (Measured on the seed, 400,000-600,000 declarations: about 28 s of CPU per 100,000 instead of
// 33-38 s.)
export const LOAD_CACHE_KIB = 1 << 20; // 1 GiB; pages are only allocated as they are used
const LOAD_MMAP_BYTES = 8 * 2 ** 30; // SQLite caps it at its compiled maximum

/** Runs a long load with the larger page cache and memory map; a no-op wrapper on PostgreSQL. */
export async function withLoadSettings<T>(store: Pick<Store, 'engine' | 'sqlite'>, load: () => Promise<T>): Promise<T> {
  const raw = store.engine === 'sqlite' ? store.sqlite : undefined;
  if (!raw) return load();
  // Both read back as a number; an in-memory database has no memory map (undefined).
  const cache = raw.pragma('cache_size', { simple: true }) as number | undefined;
  const mmap = raw.pragma('mmap_size', { simple: true }) as number | undefined;
  const setCache = typeof cache === 'number' && (cache >= 0 || -cache < LOAD_CACHE_KIB);
  const setMmap = typeof mmap === 'number' && mmap < LOAD_MMAP_BYTES;
  if (setCache) raw.pragma(`cache_size = -${LOAD_CACHE_KIB}`);
  if (setMmap) raw.pragma(`mmap_size = ${LOAD_MMAP_BYTES}`);
  try {
    return await load();
  } finally {
    if (setCache) raw.pragma(`cache_size = ${cache}`);
    if (setMmap) raw.pragma(`mmap_size = ${mmap}`);
  }
}
