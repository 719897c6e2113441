// SQLite answers on the thread that asks, so on one connection every read of every request runs
// on the event loop, one after another: a 300 ms list holds up every 1 ms lookup behind it. Reads
// outside a transaction go instead to a few worker threads (piscina), each with a read-only
// connection of its own; writes and everything inside a transaction stay on the one writing
// connection, under Kysely's own SQLite driver and its lock. In WAL mode a reader's statement sees
// every transaction committed before it started, so a request reads what it just wrote.
import { Piscina } from 'piscina';
import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { ReaderSetup, ReadResult, ReadTask } from './sqlite-reader-worker.js';
import { ImmediateSqliteDriver } from './sqlite-driver.js';
import { CancelledError, currentFlag, currentSignal } from '../cancel.js';

export interface ReaderOptions {
  /** The SQLite file (readers cannot share an in-memory database). */
  file: string;
  threads: number;
  cacheKb: number;
  mmapBytes: number;
}

interface WritingDatabase {
  prepare(sql: string): { reader: boolean; readonly: boolean };
  close(): void;
}

function workerFile(): { filename: string; execArgv?: string[] } {
  const filename = new URL('./sqlite-reader-worker.ts', import.meta.url).href;
  // The server runs under `--import tsx`, which worker threads inherit; elsewhere (a test
  // runner) the worker is given the same loader.
  const hasLoader = process.execArgv.some((a) => a.includes('tsx'));
  return hasLoader ? { filename } : { filename, execArgv: [...process.execArgv, '--import', 'tsx'] };
}

function toObjects(result: ReadResult): Record<string, unknown>[] {
  const { columns, rows } = result;
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const o: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) o[columns[c]!] = row[c];
    out[i] = o;
  }
  return out;
}

/** A connection handed to one query or one transaction; it takes the writing connection only when it must. */
class PooledConnection implements DatabaseConnection {
  held: DatabaseConnection | null = null;
  constructor(private readonly driver: ReadingDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.held) return this.held.executeQuery<R>(query);
    if (this.driver.isRead(query.sql)) return { rows: toObjects(await this.driver.read(query)) as R[] };
    return this.driver.withWriter((c) => c.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.held) {
      yield* this.held.streamQuery<R>(query, chunkSize);
      return;
    }
    const writer = await this.driver.writer.acquireConnection();
    try {
      yield* writer.streamQuery<R>(query, chunkSize);
    } finally {
      await this.driver.writer.releaseConnection();
    }
  }
}

class ReadingDriver implements Driver {
  readonly writer: ImmediateSqliteDriver;
  readonly #pool: Piscina<ReadTask, ReadResult>;
  readonly #database: WritingDatabase;

  constructor(database: WritingDatabase, options: ReaderOptions) {
    this.#database = database;
    this.writer = new ImmediateSqliteDriver({ database: database as never });
    const setup: ReaderSetup = { file: options.file, cacheKb: options.cacheKb, mmapBytes: options.mmapBytes };
    this.#pool = new Piscina<ReadTask, ReadResult>({
      ...workerFile(),
      workerData: setup,
      minThreads: options.threads,
      maxThreads: options.threads,
      // Reads are short and many: a thread that sat idle keeps its connection and page cache.
      idleTimeout: Number.POSITIVE_INFINITY,
    });
  }

  /** A statement that only reads (not `insert … returning`, not a pragma that writes). */
  isRead(sql: string): boolean {
    const stmt = this.#database.prepare(sql);
    return stmt.reader && stmt.readonly;
  }

  /**
   * A read on a reader thread; none is started for a request whose client has gone, before it is
   * queued or when its turn comes (src/cancel.ts).
   */
  async read(query: CompiledQuery): Promise<ReadResult> {
    if (currentSignal()?.aborted) throw new CancelledError();
    const cancelled = currentFlag();
    const result = await this.#pool.run({ sql: query.sql, parameters: query.parameters, ...(cancelled ? { cancelled } : {}) });
    if (result.skipped) throw new CancelledError();
    return result;
  }

  async withWriter<T>(work: (c: DatabaseConnection) => Promise<T>): Promise<T> {
    const c = await this.writer.acquireConnection();
    try {
      return await work(c);
    } finally {
      await this.writer.releaseConnection();
    }
  }

  init(): Promise<void> {
    return this.writer.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PooledConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PooledConnection;
    c.held = await this.writer.acquireConnection();
    try {
      await this.writer.beginTransaction(c.held);
    } catch (err) {
      await this.#release(c);
      throw err;
    }
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#end(connection as PooledConnection, (c) => this.writer.commitTransaction(c));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#end(connection as PooledConnection, (c) => this.writer.rollbackTransaction(c));
  }

  /** Commits or rolls back on the writing connection, which is given back whatever happens. */
  async #end(c: PooledConnection, end: (held: DatabaseConnection) => Promise<void>): Promise<void> {
    try {
      await end(c.held!);
    } finally {
      await this.#release(c);
    }
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.writer.savepoint((connection as PooledConnection).held!, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.writer.rollbackToSavepoint((connection as PooledConnection).held!, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.writer.releaseSavepoint((connection as PooledConnection).held!, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.#release(connection as PooledConnection);
  }

  async #release(c: PooledConnection): Promise<void> {
    if (!c.held) return;
    c.held = null;
    await this.writer.releaseConnection();
  }

  async destroy(): Promise<void> {
    await this.#pool.destroy();
    await this.writer.destroy();
  }
}

/** Kysely's SQLite dialect with reads outside transactions answered by reader threads. */
export function readingSqliteDialect(database: WritingDatabase, options: ReaderOptions): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ReadingDriver(database, options),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
