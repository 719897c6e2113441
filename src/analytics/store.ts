// The analytic store of one process: a columnar file derived from the row store and kept in step
// with it by batch id. Batches committed by this process are applied before the commit returns
// (read your writes); batches of other processes (a CLI load, another API process) are noticed by
// polling the committed batches once a second. A missing or outdated file is rebuilt from the row
// store; nothing in it is the only copy of anything.
import { onBatchCommitted } from '../ingest/events.js';
import { ROLLUPS, measuresOf } from '../ingest/rollups.js';
import { ApiError } from '../http/errors.js';
import { Engine, type Row, type Value } from './engine.js';
import type { IdTableOptions } from './id-tables.js';
import { PRE_AGGREGATIONS, SCHEMA_VERSION, SORTED_COPIES, derivedTables, schemaStatements } from './schema.js';
import { rowStoreId } from './identity.js';
import { fillSorted, needsSorting, sortAgain } from './sorted.js';
import { linesNeedSorting, sortLinesAgain } from './lines-by-code.js';
import { ShipmentCopy } from './shipments.js';
import {
  appendStoredRecords, applyBatches, applyStored, batchSignature, committedBatches, compactPending, emptyForLoad, fillPreAggregation, loadAll, steps, summariseLoaded,
  syncedBatchIds, type RowSource,
} from './sync.js';
import type { StoredDeclaration } from '../ingest/rollups.js';
import { uncancellable } from '../cancel.js';

export interface AnalyticOptions {
  /** File of the analytic store, or ':memory:'. */
  path: string;
  memoryLimitMb: number;
  /** Threads a query runs on while serving. */
  threads: number;
  /** Threads of loads, rebuilds and compaction (default `threads`). */
  bulkThreads?: number;
  /** How often other processes' commits are looked for (ms); 0: only on demand. */
  pollMs?: number;
  log?: (msg: string, err?: unknown) => void;
  /** How long a query waits for the store to catch up before answering 503 (ms). */
  waitMs?: number;
  /**
   * Declarations pending in an empty store from which it is loaded whole (loadAll) rather than
   * batch by batch; default 20,000.
   */
  loadWholeFrom?: number;
  /** Declarations applied batch by batch before the months they touched are compacted; default 20,000. */
  compactAfter?: number;
  /** Called with the number of declarations applied so far during a long catch-up. */
  progress?: (applied: number, total: number) => void;
  /** Called as a whole load's sums advance (steps: months, then sorted copies). */
  summing?: (done: number, total: number) => void;
  /** Queries slower than this many milliseconds (waiting for a connection included) are reported to `onSlowQuery` (0: off). */
  slowQueryMs?: number;
  onSlowQuery?: (ms: number, sql: string) => void;
  /** Large id sets as tables (id-tables.ts); the tests lower the size from which a set gets one. */
  idTables?: IdTableOptions;
}

export type AnalyticState = 'building' | 'ready';

/** A whole load fed by a load into an empty row store as its batches commit (AnalyticStore.feed). */
export interface Feed {
  /** Sums the fed records into every rollup and records their batches; returns the declarations fed. */
  finish(): Promise<number>;
  /** Stops feeding without summing: the store keeps no synced batch, so its next catch-up loads it whole. */
  abandon(): Promise<void>;
}

interface Feeding {
  batches: { id: number; rows: number }[];
  declarations: number;
  /** The append under way (one at a time, so the writer runs at most one batch ahead of it). */
  pending: Promise<void>;
  failed: unknown;
}

// Declarations applied batch by batch before the months they touched are compacted. Compaction
// works a month at a time, so its cost does not grow with the store.
const COMPACT_AFTER = 20_000;


// The metadata key that marks a table being filled (`filling`), followed by the table's name.
const FILLING = 'filling:';

export class AnalyticStore {
  private synced = new Set<number>();
  private maxSynced = 0;
  private signature = '';
  private running: Promise<void> | null = null;
  private again = false;
  private building = true;
  /** Loaded whole from the row store by this process, with nothing applied since: a rebuild now would redo that load. */
  private wholeFromRows = false;
  private sinceCompaction = 0;
  private compacting: Promise<void> | null = null;
  /** A whole load (loadAll) is under way. */
  private loading = false;
  /** A load into the row store is feeding this store (feed()). */
  private feeding: Feeding | null = null;
  private declarations = 0;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: () => void = () => undefined;
  private closed = false;
  private readonly shipments: ShipmentCopy;

  private constructor(
    private readonly engine: Engine,
    private readonly source: RowSource,
    private readonly opts: AnalyticOptions,
  ) {
    this.shipments = new ShipmentCopy(engine, source.db);
  }

  static async open(source: RowSource, opts: AnalyticOptions): Promise<AnalyticStore> {
    const engine = await Engine.open({ path: opts.path, memoryLimitMb: opts.memoryLimitMb, threads: opts.threads, bulkThreads: opts.bulkThreads, idTables: opts.idTables });
    const store = new AnalyticStore(engine, source, opts);
    await store.prepare();
    store.unsubscribe = onBatchCommitted(source.db, (_s, stored, batchId) => store.applyCommitted(batchId, stored));
    if (opts.pollMs) {
      store.timer = setInterval(() => void store.catchUp().catch((err: unknown) => store.log('catching up with the row store failed', err)), opts.pollMs);
      store.timer.unref();
    }
    // The first catch-up (everything, on a new file) runs in the background; queries wait for it.
    void store.catchUp().catch((err: unknown) => store.log('building the analytic store failed', err));
    return store;
  }

  private log(msg: string, err?: unknown): void {
    this.opts.log?.(msg, err);
  }

  private async prepare(): Promise<void> {
    await this.engine.exec('create table if not exists analytic_meta (key VARCHAR primary key, value VARCHAR)');
    // A file made by another layout, or from another row store (batch ids of two stores overlap),
    // is rebuilt from this one.
    const source = await rowStoreId(this.source.db);
    const meta = new Map((await this.engine.query('select key, value from analytic_meta')).map((r) => [String(r.key), String(r.value)]));
    const rebuilt = meta.size > 0 && (meta.get('schema') !== SCHEMA_VERSION || meta.get('row_store') !== source);
    if (rebuilt) await this.dropDerived();
    const before = new Set((await this.engine.query('select table_name from duckdb_tables() where not temporary')).map((r) => String(r.table_name)));
    for (const s of schemaStatements()) await this.engine.exec(s);
    // A pre-aggregation or sorted copy added to this layout: a file that holds the records gets it
    // filled from them or from its rollup, once, instead of being rebuilt whole (an empty file is
    // filled by its first load). A fill commits a month or a range at a time, so it is marked in the
    // metadata while it runs: a process stopped during it leaves the mark, and the next open
    // empties the table and fills it again rather than answering from part of it.
    const unfinished = new Set([...meta.keys()].filter((k) => k.startsWith(FILLING)).map((k) => k.slice(FILLING.length)));
    const toFill = (table: string) => !before.has(table) || unfinished.has(table);
    if (meta.size > 0 && !rebuilt) {
      for (const p of PRE_AGGREGATIONS.filter((x) => toFill(x.table))) {
        this.log(`filling ${p.table}, added to this layout, from the records`);
        await this.filling(p.table, () => fillPreAggregation(this.engine, p));
      }
      for (const c of SORTED_COPIES.filter((x) => toFill(x.table))) {
        this.log(`filling ${c.table}, added to this layout, from ${c.source.table}`);
        await this.filling(c.table, () => fillSorted(this.engine, c));
      }
    } else if (unfinished.size) {
      // A new or rebuilt file: its first load fills every table.
      await this.engine.exec(`delete from analytic_meta where key like '${FILLING}%'`);
    }
    await this.engine.write(async (w) => {
      await w.run("insert or replace into analytic_meta values ('schema', ?)", [SCHEMA_VERSION]);
      await w.run("insert or replace into analytic_meta values ('row_store', ?)", [source]);
    });
    await this.loadSynced();
  }

  /** Empties `table` and runs `fill`, marked as unfinished in the metadata until it returns. */
  private async filling(table: string, fill: () => Promise<void>): Promise<void> {
    const key = `${FILLING}${table}`;
    await this.engine.write(async (w) => {
      await w.run('insert or replace into analytic_meta values (?, ?)', [key, new Date().toISOString()]);
      await w.run(`delete from ${table}`);
    });
    await this.engine.bulk(fill);
    await this.engine.write((w) => w.run('delete from analytic_meta where key = ?', [key]));
  }

  private async loadSynced(): Promise<void> {
    this.synced = await syncedBatchIds(this.engine);
    this.maxSynced = [...this.synced].reduce((m, id) => Math.max(m, id), 0);
    const n = await this.engine.query('select count(*) as n from declarations');
    this.declarations = Number(n[0]?.n ?? 0);
  }

  /** Every table but the file's own metadata: a layout's tables that a later layout dropped go too. */
  private async dropDerived(): Promise<void> {
    const tables = await this.engine.query("select table_name from duckdb_tables() where not temporary and database_name = current_database() and table_name <> 'analytic_meta'");
    for (const t of [...derivedTables(), ...tables.map((r) => String(r.table_name))]) await this.engine.exec(`drop table if exists ${t}`);
    await this.engine.exec('drop table if exists synced_batches');
  }

  state(): AnalyticState {
    return this.building ? 'building' : 'ready';
  }

  /** Identifies the data the store answers from: equal in every process that applied the same batches. */
  version(): string {
    return `${this.synced.size}.${this.maxSynced}`;
  }

  /** Declarations held. */
  size(): number {
    return this.declarations;
  }

  /**
   * Applies every committed batch not applied yet. One pass at a time; a call during a pass makes
   * another pass follow it, so a commit is never missed.
   */
  catchUp(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    };
    // Awaited by every request reading its own writes: no one request's departure may cut it short.
    this.running = uncancellable(run);
    return this.running;
  }

  private async pass(): Promise<void> {
    // A feed applies the batches itself; the shipments' copy follows once it has finished.
    if (this.feeding) return;
    await this.shipments.current();
    const signature = await batchSignature(this.source.db);
    if (signature === this.signature) {
      this.building = false;
      return;
    }
    const pending = (await committedBatches(this.source.db)).filter((b) => !this.synced.has(b.id));
    const total = pending.reduce((n, b) => n + b.rows, 0);
    // Rows without a synced batch are what a whole load or a feed cut short left: loaded whole again.
    if (this.synced.size === 0 && (total >= (this.opts.loadWholeFrom ?? 20_000) || this.declarations > 0)) {
      await this.load(pending, total);
      this.signature = signature;
      this.building = false;
      return;
    }
    let applied = 0;
    for (const ids of steps(pending)) {
      if (this.closed) return;
      this.wholeFromRows = false;
      const n = await applyBatches(this.engine, this.source, ids);
      for (const id of ids) this.synced.add(id);
      this.maxSynced = ids.reduce((m, id) => Math.max(m, id), this.maxSynced);
      this.declarations += n;
      this.sinceCompaction += n;
      applied += n;
      if (total > 50_000) this.opts.progress?.(applied, total);
    }
    if (this.sinceCompaction >= (this.opts.compactAfter ?? COMPACT_AFTER)) await this.compactAll();
    this.signature = signature;
    this.building = false;
  }

  /** An empty store loaded whole (loadAll): each month's sums written once, nothing to compact. */
  private async load(pending: readonly { id: number; rows: number }[], total: number): Promise<void> {
    this.loading = true;
    let n: number;
    try {
      n = await this.engine.bulk(() => loadAll(this.engine, this.source, pending, (loaded) => this.opts.progress?.(loaded, total), this.opts.summing));
    } finally {
      this.loading = false;
    }
    for (const b of pending) this.synced.add(b.id);
    this.maxSynced = pending.reduce((m, b) => Math.max(m, b.id), this.maxSynced);
    // The load emptied whatever an interrupted load had left.
    this.declarations = n;
    await this.engine.exec('checkpoint');
    this.sinceCompaction = 0;
    this.wholeFromRows = true;
  }

  /** A batch this process committed: applied from memory before the commit returns (read your writes). */
  async applyCommitted(batchId: number, stored: readonly StoredDeclaration[]): Promise<void> {
    if (this.closed || this.synced.has(batchId)) return;
    if (this.feeding) return this.feedBatch(this.feeding, batchId, stored);
    // A whole load commits month by month from the copied records: a batch appended in between
    // would be summed twice. The pass after the load applies it (queries wait for that anyway).
    if (this.loading) return void this.catchUp().catch((err: unknown) => this.log('catching up with the row store failed', err));
    this.wholeFromRows = false;
    const n = await applyStored(this.engine, batchId, stored);
    this.synced.add(batchId);
    this.maxSynced = Math.max(this.maxSynced, batchId);
    this.declarations += n;
    this.sinceCompaction += n;
    // Not waited for: the batch is readable already, and its writer should not pay for the months.
    if (this.sinceCompaction >= (this.opts.compactAfter ?? COMPACT_AFTER)) void this.compactAll().catch((err: unknown) => this.log('compacting the analytic store failed', err));
  }

  /**
   * Loads this store whole from the batches a load into an empty row store commits (the seed), as
   * they commit: each batch's declarations and lines are appended from the rows the writer holds
   * (applyCommitted), and the rollups, pre-aggregations and sorted copies are computed once by
   * `finish`, as a whole load does (summariseLoaded). Reading ten million declarations back from
   * the row store afterwards (loadAll) is what this saves. The batch ids are written last, as loadAll
   * writes them, so a load cut short leaves no synced batch and the next catch-up loads the store
   * whole from the row store. Null when this store or the row store holds a batch already.
   */
  async feed(): Promise<Feed | null> {
    await this.running?.catch(() => undefined);
    if (this.closed || this.feeding || this.synced.size > 0 || (await committedBatches(this.source.db)).length > 0) return null;
    await emptyForLoad(this.engine, 'feed');
    const feeding: Feeding = { batches: [], declarations: 0, pending: Promise.resolve(), failed: null };
    this.feeding = feeding;
    this.building = true;
    this.declarations = 0;
    const stop = async () => {
      await feeding.pending;
      if (this.feeding === feeding) this.feeding = null;
    };
    const finish = async () => {
      await stop();
      try {
        if (feeding.failed) throw feeding.failed;
        await this.engine.bulk(() => summariseLoaded(this.engine, feeding.batches, this.opts.summing));
      } catch (err) {
        // Nothing half-summed is kept: the next catch-up loads the store whole from the row store.
        await emptyForLoad(this.engine, 'feed').catch(() => undefined);
        this.building = false;
        throw err;
      }
      for (const b of feeding.batches) this.synced.add(b.id);
      this.maxSynced = feeding.batches.reduce((m, b) => Math.max(m, b.id), this.maxSynced);
      this.declarations = feeding.declarations;
      await this.engine.exec('checkpoint');
      this.sinceCompaction = 0;
      this.wholeFromRows = true;
      this.signature = '';
      return feeding.declarations;
    };
    let finishing: Promise<number> | null = null;
    return {
      finish: () => (finishing ??= finish()),
      abandon: async () => {
        // Once summing has begun the fed batches are whole in the row store: it is let finish.
        if (finishing) return void (await finishing.catch(() => undefined));
        await stop();
        await emptyForLoad(this.engine, 'feed');
        this.building = false;
      },
    };
  }

  /**
   * Appends a committed batch to the fed copy. Not waited for by its writer (the engine appends and
   * commits while the next batch is written), except that a batch waits for the one before it.
   */
  private async feedBatch(feeding: Feeding, batchId: number, stored: readonly StoredDeclaration[]): Promise<void> {
    await feeding.pending;
    if (feeding.failed) return;
    feeding.batches.push({ id: batchId, rows: stored.length });
    feeding.declarations += stored.length;
    feeding.pending = this.engine.write((w) => appendStoredRecords(w, batchId, stored)).catch((err: unknown) => {
      feeding.failed = err;
    });
  }

  /**
   * Compacts the months batches appended to, and sorts a sorted copy again when batches have
   * appended enough to it; a call while one runs waits for that one.
   */
  private compactAll(): Promise<void> {
    this.sinceCompaction = 0;
    this.compacting ??= this.engine.bulk(async () => {
      try {
        const tables = [...ROLLUPS.map((d) => ({ table: d.table, keys: d.keys, measures: measuresOf(d) })), ...PRE_AGGREGATIONS];
        let changed = (await compactPending(this.engine, tables)) > 0;
        for (const c of SORTED_COPIES) {
          if (!(await needsSorting(this.engine, c))) continue;
          await sortAgain(this.engine, c);
          changed = true;
        }
        if (await linesNeedSorting(this.engine)) {
          await sortLinesAgain(this.engine);
          changed = true;
        }
        if (changed) await this.engine.exec('checkpoint');
      } finally {
        this.compacting = null;
      }
    });
    return this.compacting;
  }

  /** Waits until the store holds every batch committed when it opened (or answers 503). */
  private async ready(): Promise<void> {
    if (!this.building || !this.running) return;
    const waitMs = this.opts.waitMs ?? 5_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), waitMs);
    });
    const r = await Promise.race([this.running.then(() => 'done' as const, () => 'done' as const), timeout]);
    clearTimeout(timer);
    if (r === 'late') {
      throw new ApiError('service_unavailable', 'The analytic store is being built from the records; retry shortly', [], { 'retry-after': '10' });
    }
  }

  async query(sqlText: string, params: readonly Value[] = []): Promise<Row[]> {
    await this.ready();
    const limit = this.opts.slowQueryMs ?? 0;
    if (!limit || !this.opts.onSlowQuery) return this.engine.query(sqlText, params);
    const started = performance.now();
    const rows = await this.engine.query(sqlText, params);
    const ms = performance.now() - started;
    if (ms >= limit) this.opts.onSlowQuery(Math.round(ms), sqlText);
    return rows;
  }

  /** A table holding a large id set (see IdTables), or null to write the set into the SQL. */
  idTable(ids: readonly number[]): Promise<string | null> {
    return this.engine.idTable(ids);
  }

  /** A query of the tracked shipments' copy, brought up to the row store's committed state first. */
  async queryShipments(sqlText: string, params: readonly Value[] = []): Promise<Row[]> {
    await this.ready();
    await this.shipments.current();
    return this.query(sqlText, params);
  }

  /** A statement on the writer, in turn with the batches: repairs by hand, and tests that damage a table to see verify catch it. */
  async execute(sqlText: string): Promise<void> {
    await this.ready();
    await this.engine.exec(sqlText);
  }

  /** Drops every derived table and applies every committed batch again. */
  async rebuild(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.compacting?.catch(() => undefined);
    // Opening an empty or outdated store has just loaded it whole from the row store (`analytics
    // rebuild` on a fresh file): loading it again would give the same tables, twice the time.
    if (this.wholeFromRows && !this.building) return;
    await this.dropDerived();
    for (const s of schemaStatements()) await this.engine.exec(s);
    this.shipments.reset();
    await this.loadSynced();
    this.signature = '';
    this.sinceCompaction = 0;
    this.building = true;
    await this.catchUp();
    if (this.sinceCompaction) await this.compactAll();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe();
    await this.running?.catch(() => undefined);
    await this.compacting?.catch(() => undefined);
    await this.engine.close();
  }
}
