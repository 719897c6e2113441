// The deferred index build of a load (restoreDeferredIndexes in bulk-indexes.ts) on a thread of its
// own, with its own connection to the store's file: see restoreDeferredIndexesAside.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { restoreDeferredIndexes, type IndexBuildMessage } from './bulk-indexes.js';
import { ANALYSIS_LIMIT } from '../db/sqlite-settings.js';

const { file } = workerData as { file: string };
const SORT_RUN_KIB = 8192; // 2-8 MiB measured alike; 64 MiB 40 % slower, 1 GiB in memory 3x
const db = new Database(file);
try {
  // WAL is a setting of the file, so a reader holding a snapshot does not block the build.
  // The sort behind CREATE INDEX is what the build spends its time on. With temp_store = MEMORY
  // SQLite's sorter never spills: it sorts every key of the table as one list in memory, whatever
  // the page cache, and on one thread. With temp files it sorts runs the size of the page cache,
  // writes them out (to SQLite's temp directory: SQLITE_TMPDIR or TMPDIR, at most about the size
  // of the index being built) and merges them, with helper threads. Small runs stay in the CPU's
  // caches: at 10M declarations one index on 10M rows took 30.8 s with the load's 1 GiB cache in
  // memory, 12.3 s with 8 MiB runs and 8.4-9.7 s with helper threads; one on 31M item lines 75.1 s
  // against 23.8 s (docs/operations.md).
  db.pragma('busy_timeout = 60000');
  db.pragma('synchronous = NORMAL');
  db.pragma('temp_store = FILE');
  db.pragma(`cache_size = -${SORT_RUN_KIB}`);
  db.pragma(`threads = ${Math.min(8, availableParallelism())}`); // 8: SQLite's compiled maximum
  db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`); // as every store connection: statistics from a sample
  const count = restoreDeferredIndexes({ engine: 'sqlite', sqlite: db }, (line) => parentPort!.postMessage({ type: 'log', line } satisfies IndexBuildMessage));
  parentPort!.postMessage({ type: 'built', count } satisfies IndexBuildMessage);
} catch (err) {
  parentPort!.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies IndexBuildMessage);
} finally {
  db.close();
}
