// The deferred index build of a load (restoreDeferredIndexes in bulk-indexes.ts) on a thread of its
// own, with its own connection to the store's file: see restoreDeferredIndexesAside.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { LOAD_CACHE_KIB, restoreDeferredIndexes, type IndexBuildMessage } from './bulk-indexes.js';
import { ANALYSIS_LIMIT } from '../db/sqlite-settings.js';

const { file } = workerData as { file: string };
const db = new Database(file);
try {
  // WAL is a setting of the file, so a reader holding a snapshot does not block the build; the
  // sorter's settings are restoreDeferredIndexes' own.
  db.pragma('busy_timeout = 60000');
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = -${LOAD_CACHE_KIB}`); // the statistics after a whole load read every table
  db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`); // as every store connection: statistics from a sample
  const count = restoreDeferredIndexes({ engine: 'sqlite', sqlite: db }, (line) => parentPort!.postMessage({ type: 'log', line } satisfies IndexBuildMessage));
  parentPort!.postMessage({ type: 'built', count } satisfies IndexBuildMessage);
} catch (err) {
  parentPort!.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies IndexBuildMessage);
} finally {
  db.close();
}
