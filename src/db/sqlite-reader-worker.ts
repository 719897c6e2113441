// One reader of the SQLite file in a worker thread: a read-only connection of its own, so a long
// read (a list walking a large index, a period's shipments) runs beside the event loop instead of
// on it. WAL mode lets each statement see the last committed state.
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface ReaderSetup {
  file: string;
  cacheKb: number;
  mmapBytes: number;
}

export interface ReadTask {
  sql: string;
  parameters: readonly unknown[];
  /** Set to 1 (shared memory) when the request it is for has gone: skipped if not started (src/cancel.ts). */
  cancelled?: Int32Array;
}

/** Column names once and the rows as arrays: cheaper to pass between threads than objects. */
export interface ReadResult {
  columns: string[];
  rows: unknown[][];
  /** Not run: its request had gone when its turn came. */
  skipped?: boolean;
}

const STATEMENTS = 500;
const setup = workerData as ReaderSetup;
// The worker thread owns this connection for its life; it closes with the thread.
const database = new Database(setup.file, { readonly: true, fileMustExist: true });
database.pragma('busy_timeout = 5000');
database.pragma(`cache_size = -${setup.cacheKb}`);
database.pragma(`mmap_size = ${setup.mmapBytes}`);
database.pragma('temp_store = MEMORY');
const statements = new Map<string, Database.Statement>();

function prepare(sql: string): Database.Statement {
  const hit = statements.get(sql);
  if (hit) {
    statements.delete(sql);
    statements.set(sql, hit);
    return hit;
  }
  const stmt = database.prepare(sql);
  statements.set(sql, stmt);
  if (statements.size > STATEMENTS) statements.delete(statements.keys().next().value as string);
  return stmt;
}

export default function read(task: ReadTask): ReadResult {
  if (task.cancelled && Atomics.load(task.cancelled, 0) === 1) return { columns: [], rows: [], skipped: true };
  const stmt = prepare(task.sql);
  const columns = stmt.columns().map((c) => c.name);
  return { columns, rows: stmt.raw(true).all(task.parameters as unknown[]) as unknown[][] };
}
