// The one place that knows which database engine is in use. Everything else talks Kysely.
import { ANALYSIS_LIMIT } from './sqlite-settings.js';
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DB } from './schema.js';
import { provideAnalytics } from '../analytics/registry.js';
import type { AnalyticOptions } from '../analytics/store.js';
import { readingSqliteDialect } from './sqlite-readers.js';
import { openState } from './state.js';
import { ImmediateSqliteDialect } from './sqlite-driver.js';
import { isSqliteBusy } from './faults.js';

export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<DB>;
  engine: Engine;
  /** The SQLite connection under Kysely, for bulk loads that reuse prepared statements. */
  sqlite?: Database.Database;
  /**
   * PostgreSQL: the pooled connection with this server process id (`pg_backend_pid()`), so bulk
   * loads can COPY on the connection of their transaction (src/ingest/pg-copy.ts).
   */
  pgClient?(pid: number): pg.PoolClient | undefined;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** PostgreSQL schema to use (created if missing); lets test files share one server. */
  schema?: string;
  poolSize?: number;
  /** Queries slower than this many milliseconds are reported to `onSlowQuery` (0: off). */
  slowQueryMs?: number;
  onSlowQuery?: (ms: number, sql: string) => void;
  /** PostgreSQL: give up on opening a connection after this many milliseconds (0: wait forever). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement running longer than this (0: no limit). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: an idle pooled connection failed (server restarted, network cut). The pool drops
   * the connection and opens a new one on the next query; without a listener node-postgres'
   * 'error' event would end the process.
   */
  onPoolError?: (err: Error) => void;
  /**
   * The analytic store that answers aggregates over this row store (opened on first use). Its
   * file defaults to the SQLite file's name with `.duckdb`, and to memory for an in-memory or
   * PostgreSQL store.
   */
  analytics?: Partial<AnalyticOptions>;
  /**
   * SQLite file: worker threads answering reads outside transactions, each on a read-only
   * connection (src/db/sqlite-readers.ts); 0 keeps every query on the one connection.
   */
  sqliteReaders?: number;
}

/** Where the analytic store of a row store lives unless told otherwise (the server's config says). */
function defaultAnalyticsPath(url: string): string {
  if (engineOf(url) !== 'sqlite') return ':memory:';
  const file = url.slice('sqlite:'.length);
  if (file === '' || file === ':memory:') return ':memory:';
  return file.replace(/\.(sqlite3?|db)$/, '') + '.duckdb';
}

// Kysely's log hook sees every query with its duration; only the slow ones are passed on.
function slowQueryLog(options: StoreOptions): KyselyConfig['log'] {
  const limit = options.slowQueryMs ?? 0;
  const report = options.onSlowQuery;
  if (!limit || !report) return undefined;
  return (event) => {
    if (event.queryDurationMillis >= limit) report(Math.round(event.queryDurationMillis), event.query.sql);
  };
}

// node-postgres hands back int8/numeric as strings and dates as Date objects; parse them the way
// SQLite answers so both engines return the same row shapes.
pg.types.setTypeParser(20, (v) => Number(v)); // int8
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric
pg.types.setTypeParser(1082, (v) => v); // date stays 'YYYY-MM-DD'
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString()); // timestamptz
pg.types.setTypeParser(1114, (v) => new Date(v + 'Z').toISOString()); // timestamp

export function engineOf(url: string): Engine {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export async function openStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const store = engineOf(url) === 'sqlite' ? openSqlite(url.slice('sqlite:'.length), options) : await openPostgres(url, options);
  // What this process keeps for the store (src/db/state.ts), closed before the connections: a
  // slot may still use them while it closes.
  const state = openState(store.db);
  provideAnalytics(store, {
    path: defaultAnalyticsPath(url),
    memoryLimitMb: 1024,
    threads: 1,
    bulkThreads: 2,
    pollMs: 1000,
    slowQueryMs: options.slowQueryMs,
    onSlowQuery: options.onSlowQuery && ((ms, sql) => options.onSlowQuery!(ms, `analytic: ${sql}`)),
    ...options.analytics,
  });
  const closeRows = store.close.bind(store);
  store.close = async () => {
    try {
      await state.close();
    } finally {
      await closeRows();
    }
  };
  return store;
}

// Kysely prepares every query it runs; preparing costs about as much as running a small indexed
// read. Request handlers run the same few hundred SQL texts over and over, so keep the prepared
// statements (most recently used kept, bounded) and hand out a fresh one only while the cached one
// is still being iterated.
const STATEMENT_CACHE = 1000;

function withStatementCache(database: Database.Database): { close(): void; prepare(sql: string): Database.Statement } {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      const hit = statements.get(sqlText);
      if (hit && !hit.busy) {
        statements.delete(sqlText);
        statements.set(sqlText, hit);
        return hit;
      }
      const stmt = database.prepare(sqlText);
      if (!hit) {
        statements.set(sqlText, stmt);
        if (statements.size > STATEMENT_CACHE) statements.delete(statements.keys().next().value as string);
      }
      return stmt;
    },
  };
}

function openSqlite(file: string, options: StoreOptions): Store {
  if (file !== ':memory:' && file !== '') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new Database(file || ':memory:');
  // Set first: switching a new file to WAL takes an exclusive lock, which another process opening
  // the same new file at the same moment may hold.
  database.pragma('busy_timeout = 5000');
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const readers = file === ':memory:' || file === '' ? 0 : (options.sqliteReaders ?? 0);
  if (readers > 0) {
    // Reads go to the reader threads: the writing connection keeps a page cache for the pages
    // writes touch and no memory map, whose pages would count in the process's memory.
    database.pragma('cache_size = -65536');
    database.pragma('mmap_size = 0');
  } else {
    database.pragma('cache_size = -262144'); // 256 MiB page cache: the working set of a 1M-record store
    database.pragma('mmap_size = 1073741824');
  }
  database.pragma('temp_store = MEMORY');
  // Planner statistics (bounded sampling, so it is quick even on a large file): without them
  // SQLite picks a wide index range over a selective company or country index.
  database.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  // PRAGMA optimize takes the write lock, even when it finds nothing to analyse. Another process
  // may hold it past the busy timeout (a load's batch; another process's first ANALYZE of a large
  // file, started at the same moment): then the statistics, which live in the file and are shared
  // by every process, are left to that process or to a later open, and this one opens all the same.
  try {
    database.pragma('optimize = 0x10002');
  } catch (err) {
    if (!isSqliteBusy(err)) throw err;
  }
  const writing = withStatementCache(database);
  // Each reader keeps a smaller page cache and no memory map of its own: the kernel's page cache
  // holds the file once for all of them, where a map per connection would count it once per map.
  const dialect = readers > 0 ? readingSqliteDialect(writing, { file: path.resolve(file), threads: readers, cacheKb: 65_536, mmapBytes: 0 }) : new ImmediateSqliteDialect({ database: writing });
  const db = new Kysely<DB>({ dialect, log: slowQueryLog(options) });
  return {
    db,
    engine: 'sqlite',
    sqlite: database,
    async close() {
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, options: StoreOptions): Promise<Store> {
  const schema = options.schema;
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    // A dead peer (host gone, no RST) is noticed by TCP keepalive rather than after minutes.
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (err) => options.onPoolError?.(err));
  // Each pooled connection by its server process id: Kysely does not hand out the driver's client.
  const byPid = new Map<number, pg.PoolClient>();
  const pidOf = (c: pg.PoolClient) => (c as unknown as { processID: number | null }).processID;
  pool.on('connect', (c) => {
    const pid = pidOf(c);
    if (pid !== null) byPid.set(pid, c);
  });
  pool.on('remove', (c) => {
    const pid = pidOf(c);
    if (pid !== null) byPid.delete(pid);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: slowQueryLog(options) });
  return {
    db,
    engine: 'postgres',
    pgClient: (pid) => byPid.get(pid),
    async close() {
      await db.destroy();
    },
  };
}

/** Drops a PostgreSQL schema made by openStore({schema}); used by tests to clean up. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
}

