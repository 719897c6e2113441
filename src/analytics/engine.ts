// The one file that knows the columnar engine (DuckDB through @duckdb/node-api). Queries run on
// the engine's own threads, off the event loop; a few reader connections let requests overlap,
// and one writer connection applies committed batches in transactions, so readers always see a
// whole batch or none of it.
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBAppender, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { CancelledError, currentSignal } from '../cancel.js';
import { ID_SETS, IdTables, type IdTableOptions } from './id-tables.js';
import { inlineParams } from './literal-sql.js';

export type Value = string | number | null;
export type Row = Record<string, Value>;

export interface EngineOptions {
  /** A file path, or ':memory:'. */
  path: string;
  /** DuckDB's memory_limit in MB: the engine's working memory, whatever the data's size. */
  memoryLimitMb: number;
  /** Threads a query runs on while serving. */
  threads: number;
  /** Threads during bulk work (`bulk`): loads, rebuilds, compaction; default `threads`. */
  bulkThreads?: number;
  readers?: number;
  /** Large id sets as tables (id-tables.ts). */
  idTables?: IdTableOptions;
}

export class EngineLockedError extends Error {}

/** A column value as JavaScript: 64-bit and 128-bit integers as numbers (cents stay exact below 2^53). */
function plain(v: unknown): Value {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return String(v);
}

export class Engine {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((c: DuckDBConnection) => void)[] = [];
  private writing: Promise<unknown> = Promise.resolve();
  private closed = false;
  private bulkRunning = 0;
  private threadsSet: Promise<void> = Promise.resolve();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    readers: DuckDBConnection[],
    readonly path: string,
    private readonly threads: { serving: number; bulk: number },
    private readonly idTables: IdTables,
  ) {
    this.idle.push(...readers);
  }

  static async open(opts: EngineOptions): Promise<Engine> {
    if (opts.path !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(opts.path)), { recursive: true });
    let instance: DuckDBInstance;
    try {
      instance = await DuckDBInstance.create(opts.path, {
        memory_limit: `${opts.memoryLimitMb}MB`,
        threads: String(opts.threads),
        // Ingestion order is kept only where a query asks for it.
        preserve_insertion_order: 'false',
      });
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      if (/lock/i.test(msg)) throw new EngineLockedError(`the analytic store ${opts.path} is held by another process`);
      throw err;
    }
    const writer = await instance.connect();
    const readers: DuckDBConnection[] = [];
    for (let i = 0; i < (opts.readers ?? 4); i++) readers.push(await instance.connect());
    // Attached to the instance, so every connection reads the sets its own connection writes.
    const sets = await instance.connect();
    await sets.run(`attach ':memory:' as ${ID_SETS}`);
    return new Engine(instance, writer, readers, opts.path, { serving: opts.threads, bulk: opts.bulkThreads ?? opts.threads }, new IdTables(sets, opts.idTables));
  }

  /** A reader; while every one is busy, a place in line, left when `signal` cancels the work. */
  private acquire(signal: AbortSignal | undefined): Promise<DuckDBConnection> {
    const c = this.idle.pop();
    if (c) return Promise.resolve(c);
    return new Promise((resolve, reject) => {
      const served = (conn: DuckDBConnection) => {
        signal?.removeEventListener('abort', left);
        resolve(conn);
      };
      const left = () => {
        const at = this.waiting.indexOf(served);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new CancelledError());
      };
      this.waiting.push(served);
      signal?.addEventListener('abort', left, { once: true });
    });
  }

  private release(c: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }

  /**
   * Runs bulk work with more threads. Under concurrent requests each query is best on one thread
   * (measured: parallel plans cost a fifth more CPU per request and gain nothing when every core
   * is busy with other requests); a load or rebuild is one large query at a time, which the
   * cores share. The setting is the instance's, so queries during bulk work get the threads too.
   */
  async bulk<T>(work: () => Promise<T>): Promise<T> {
    if (this.threads.bulk === this.threads.serving) return work();
    let raised = this.threadsSet;
    if (this.bulkRunning++ === 0) raised = this.setThreads(this.threads.bulk);
    try {
      await raised;
      return await work();
    } finally {
      if (--this.bulkRunning === 0 && !this.closed) await this.setThreads(this.threads.serving);
    }
  }

  /** Changes the thread count after any change already asked for, so the last one asked holds. */
  private setThreads(n: number): Promise<void> {
    const set = async () => {
      const c = await this.instance.connect();
      try {
        await c.run(`set threads = ${Math.trunc(n)}`);
      } finally {
        c.closeSync();
      }
    };
    this.threadsSet = this.threadsSet.then(set, set);
    return this.threadsSet;
  }

  /** Rows of one read query, with `?` parameters. */
  async query(sqlText: string, params: readonly Value[] = []): Promise<Row[]> {
    if (this.closed) throw new Error('the analytic store is closed');
    const signal = currentSignal();
    if (signal?.aborted) throw new CancelledError();
    const c = await this.acquire(signal);
    // Left mid-query: the query is interrupted (the connection stays usable, and an interrupt that
    // comes after the query has ended leaves nothing behind for the next one).
    const interrupt = () => c.interrupt();
    signal?.addEventListener('abort', interrupt, { once: true });
    try {
      const inlined = inlineParams(sqlText, params);
      let reader: Awaited<ReturnType<DuckDBConnection['runAndReadAll']>>;
      try {
        reader = inlined !== null ? await c.runAndReadAll(inlined) : await c.runAndReadAll(sqlText, params as DuckDBValue[]);
      } catch (err) {
        if (signal?.aborted) throw new CancelledError();
        throw err;
      }
      const names = reader.columnNames();
      const rows = reader.getRows();
      const out: Row[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i]!;
        const o: Row = {};
        for (let k = 0; k < names.length; k++) o[names[k]!] = plain(r[k]);
        out[i] = o;
      }
      return out;
    } finally {
      signal?.removeEventListener('abort', interrupt);
      this.release(c);
    }
  }

  /** A table holding a large id set, for `x in (select id from <table>)`; null: write the set into the SQL. */
  idTable(ids: readonly number[]): Promise<string | null> {
    return this.closed ? Promise.resolve(null) : this.idTables.table(ids);
  }

  /**
   * Runs `work` on the writer connection inside one transaction, after any write already under
   * way: a batch lands whole or not at all, and writes never interleave.
   */
  async write<T>(work: (w: Writer) => Promise<T>): Promise<T> {
    const run = async () => {
      if (this.closed) throw new Error('the analytic store is closed');
      await this.writer.run('begin transaction');
      try {
        const out = await work(new Writer(this.writer));
        await this.writer.run('commit');
        return out;
      } catch (err) {
        await this.writer.run('rollback').catch(() => undefined);
        throw err;
      }
    };
    const p = this.writing.then(run, run);
    this.writing = p.catch(() => undefined);
    return p;
  }

  /** Statements outside a transaction (schema, checkpoints), in turn with the writes. */
  async exec(sqlText: string): Promise<void> {
    await this.write(async (w) => w.run(sqlText));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.writing;
    this.closed = true;
    this.idTables.close();
    for (const c of [this.writer, ...this.idle]) c.closeSync();
    this.instance.closeSync();
  }
}

/** What a write transaction may do: statements and appenders. */
export class Writer {
  constructor(private readonly c: DuckDBConnection) {}

  async run(sqlText: string, params: readonly Value[] = []): Promise<void> {
    await this.c.run(sqlText, params as DuckDBValue[]);
  }

  async rows(sqlText: string, params: readonly Value[] = []): Promise<Row[]> {
    const reader = await this.c.runAndReadAll(sqlText, params as DuckDBValue[]);
    return reader.getRowObjectsJS().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)])));
  }

  async appender(table: string): Promise<Appender> {
    return new Appender(await this.c.createAppender(table));
  }
}

export type ColumnKind = 'int' | 'bigint' | 'double' | 'text';

/** Rows appended column by column, as the table declares them. */
export class Appender {
  constructor(private readonly a: DuckDBAppender) {}

  row(kinds: readonly ColumnKind[], values: readonly unknown[]): void {
    const a = this.a;
    for (let i = 0; i < kinds.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) {
        a.appendNull();
        continue;
      }
      switch (kinds[i]) {
        case 'int': a.appendInteger(Number(v)); break;
        case 'bigint': a.appendBigInt(typeof v === 'bigint' ? v : BigInt(Math.round(Number(v)))); break;
        case 'double': a.appendDouble(Number(v)); break;
        default: a.appendVarchar(String(v));
      }
    }
    a.endRow();
  }

  close(): void {
    this.a.closeSync();
  }
}
