// Preparing a store at start (migrations, the token secret, a first start's demo data and demo key)
// is done by one process at a time. Several processes started together on one store (independent
// servers on one SQLite file, servers on several machines on one PostgreSQL) would otherwise each
// find the store empty or a migration pending and do the same work at once: a migration run twice
// fails ("table already exists"), a seed would be made twice. Under the lock the first one does
// the work; the next waits for the lock, then finds the work done and uses its result.
//
// SQLite: an exclusive lock on a small file beside the database (`<file>-start-lock`, empty),
// taken with SQLite's own file locking, so the operating system releases it when its process ends
// however it ends. PostgreSQL: a session advisory lock per schema, held on one pooled connection,
// released when that connection closes. Both are polled, so a process waiting for another's long
// seed keeps its event loop free.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { Store } from './connect.js';
import { isSqliteBusy } from './faults.js';

const POLL_MS = 100;

/**
 * While a process prepares the store, a SQLite write waits this long for another process's write
 * lock (a load's batch on a large store holds it for many seconds), instead of the usual 5 s busy
 * timeout: a process must not fail its start because another one writes.
 */
export const START_BUSY_TIMEOUT_MS = 10 * 60_000;

// An arbitrary second key of the PostgreSQL advisory lock (the first is the schema's hash): the
// two-key form never meets the one-key locks Kysely's migrator takes.
const PG_LOCK_KEY = 61_873;

// The stores whose lock this async context holds: `migrate` takes the lock too, also when called
// by a start that holds it already.
const held = new AsyncLocalStorage<ReadonlySet<Store>>();

export interface StartLockOptions {
  /** Called once when another process holds the lock and this one starts waiting for it. */
  onWait?: () => void;
}

/** What a server process says while another prepares the store. */
export const SAY_WAITING: StartLockOptions = { onWait: () => console.log('tradeapi: another process is preparing the store; waiting for it') };

/** Runs `work` holding the store's start lock (at once if this async context holds it already). */
export async function withStartLock<T>(store: Store, work: () => Promise<T>, options: StartLockOptions = {}): Promise<T> {
  const outer = held.getStore();
  if (outer?.has(store)) return work();
  const inside = () => held.run(new Set([...(outer ?? []), store]), work);
  if (store.engine === 'postgres') return withPostgresLock(store, inside, options);
  return withSqliteLock(store, inside, options);
}

async function withSqliteLock<T>(store: Store, work: () => Promise<T>, options: StartLockOptions): Promise<T> {
  const raw = store.sqlite;
  // An in-memory database belongs to one connection: nobody else can be preparing it.
  if (!raw || raw.memory) return work();
  // No busy timeout: a busy lock is polled here rather than waited for inside SQLite, which would
  // hold up this thread.
  const lock = new Database(`${raw.name}-start-lock`, { timeout: 0 });
  try {
    let waiting = false;
    for (;;) {
      try {
        lock.exec('begin exclusive');
        break;
      } catch (err) {
        if (!isSqliteBusy(err)) throw err;
        if (!waiting) options.onWait?.();
        waiting = true;
        await sleep(POLL_MS);
      }
    }
    const busyTimeout = raw.pragma('busy_timeout', { simple: true }) as number;
    raw.pragma(`busy_timeout = ${START_BUSY_TIMEOUT_MS}`);
    try {
      return await work();
    } finally {
      raw.pragma(`busy_timeout = ${busyTimeout}`);
    }
  } finally {
    lock.close(); // ends the transaction and with it the lock
  }
}

async function withPostgresLock<T>(store: Store, work: () => Promise<T>, options: StartLockOptions): Promise<T> {
  return store.db.connection().execute(async (c) => {
    let waiting = false;
    while (!(await sql<{ ok: boolean }>`select pg_try_advisory_lock(hashtext(current_schema()), ${sql.lit(PG_LOCK_KEY)}) as ok`.execute(c)).rows[0]?.ok) {
      if (!waiting) options.onWait?.();
      waiting = true;
      await sleep(POLL_MS);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(current_schema()), ${sql.lit(PG_LOCK_KEY)})`.execute(c);
    }
  });
}
