// Committed ingestion batches → the analytic store, by batch id. Each batch's declarations and
// lines are read from the row store, staged, summed into every pre-aggregation, and appended in
// one analytic transaction that also records the batch id: a batch is applied whole or not at
// all, and applying it twice is impossible, so a crash between the row store's commit and this
// one is repaired by the next catch-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { csv, type CopySource } from '../ingest/pg-copy.js';
import type { ValidItem } from '../ingest/validate.js';
import type { DB } from '../db/schema.js';
import { readArrays, type ReadStore } from '../db/read-arrays.js';
import { RAW_TABLES as RAW, ROLLUPS, factsSql, recomputeSql, rollupDeltas, type RecordTables, type StoredDeclaration } from '../ingest/rollups.js';
import type { Engine, Writer } from './engine.js';
import { DECLARATION_COLUMNS, ITEM_COLUMNS, PENDING_COMPACTION, PRE_AGGREGATIONS, SORTED_COPIES, combineOf, derivedTables, monthOrder, rollupColumns, type Column, type PreAggregation } from './schema.js';
import { appendSorted, copiesOf, fillSorted, insertSorted, regroup } from './sorted.js';
import { appendLinesByCode, fillLinesByCode } from './lines-by-code.js';

/** The row store as the analytic layer reads it: Kysely, and rows as arrays for whole-table reads. */
export type RowSource = ReadStore;

// Batches applied in one analytic transaction, up to about this many declarations.
const DECLARATIONS_PER_STEP = 50_000;
// Declarations read from the row store per page when an empty analytic store is loaded whole.
const DECLARATIONS_PER_PAGE = 20_000;
// Pages appended per analytic transaction when a store is loaded whole: what DuckDB holds in memory
// until the commit.
const PAGES_PER_COMMIT = 10;
// Ids in one IN list read from the row store.
const IDS_PER_READ = 500;

const STAGE = { declarations: 'stage_declarations', items: 'stage_items' } as const;
// Positions in a declaration row read as DECLARATION_COLUMNS; an item row starts with its declaration id.
const ID = DECLARATION_COLUMNS.findIndex((c) => c.name === 'id');
const BATCH = DECLARATION_COLUMNS.findIndex((c) => c.name === 'batch_id');

/** Committed batch ids with their declaration counts, in id order. */
export async function committedBatches(db: Kysely<DB>): Promise<{ id: number; rows: number }[]> {
  const rows = await db.selectFrom('ingest_batches').select(['id', 'rows_stored']).where('status', '=', 'done').orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), rows: Number(r.rows_stored) }));
}

/** A cheap fingerprint of the committed batches: it moves whenever one commits, in any process. */
export async function batchSignature(db: Kysely<DB>): Promise<string> {
  const r = await sql<{ n: number | string; m: number | string | null }>`select count(*) as n, max(id) as m from ingest_batches where status = 'done'`.execute(db);
  const row = r.rows[0];
  return `${Number(row?.n ?? 0)}:${Number(row?.m ?? 0)}`;
}

export async function syncedBatchIds(engine: Engine): Promise<Set<number>> {
  const rows = await engine.query('select id from synced_batches');
  return new Set(rows.map((r) => Number(r.id)));
}

/** Groups of pending batches, each applied in one transaction. */
export function steps(pending: readonly { id: number; rows: number }[]): number[][] {
  const out: number[][] = [];
  let cur: number[] = [];
  let size = 0;
  for (const b of pending) {
    if (cur.length && size + b.rows > DECLARATIONS_PER_STEP) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(b.id);
    size += b.rows;
  }
  if (cur.length) out.push(cur);
  return out;
}

function columnList(cols: readonly Column[], alias: string): string {
  return cols.map((c) => `${alias}.${c.name}`).join(', ');
}

/** Rows given as arrays in the columns' order. */
async function appendArrays(w: Writer, table: string, cols: readonly Column[], rows: readonly (readonly unknown[])[]): Promise<void> {
  const kinds = cols.map((c) => c.kind);
  const a = await w.appender(table);
  for (const r of rows) a.row(kinds, r);
  a.close();
}

/** Rows given as objects named by the columns. */
function stageRows(w: Writer, table: string, cols: readonly Column[], rows: readonly Record<string, unknown>[]): Promise<void> {
  return appendArrays(w, table, cols, rows.map((r) => cols.map((c) => r[c.name])));
}

/** Reads the batches' declarations and lines from the row store. */
async function readBatches(db: Kysely<DB>, ids: readonly number[]): Promise<{ decls: Record<string, unknown>[]; items: Record<string, unknown>[] }> {
  const decls: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  for (const id of ids) {
    const d = await sql<Record<string, unknown>>`select ${sql.raw(columnList(DECLARATION_COLUMNS, 'd'))} from declarations d where d.batch_id = ${id}`.execute(db);
    const declIds = d.rows.map((r) => Number(r.id));
    decls.push(...d.rows);
    for (let k = 0; k < declIds.length; k += IDS_PER_READ) {
      const chunk = declIds.slice(k, k + IDS_PER_READ);
      const i = await sql<Record<string, unknown>>`select ${sql.raw(columnList(ITEM_COLUMNS, 'i'))} from declaration_items i where i.declaration_id in (${sql.raw(chunk.join(', '))})`.execute(db);
      items.push(...i.rows);
    }
  }
  return { decls, items };
}

/** Applies these committed batches in one analytic transaction; returns the declarations added. */
export async function applyBatches(engine: Engine, source: RowSource, ids: readonly number[]): Promise<number> {
  const { decls, items } = await readBatches(source.db, ids);
  return applyRows(engine, ids, decls, items);
}

/**
 * Applies one batch this process has just committed, from the declarations it wrote (no read
 * back from the row store); returns the declarations added (0 when the batch was applied already).
 */
export function applyStored(engine: Engine, batchId: number, stored: readonly StoredDeclaration[]): Promise<number> {
  const decls: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  for (const s of stored) {
    decls.push({ ...s.record, id: s.id, batch_id: batchId, company_id: s.company_id, partner_company_id: s.partner_company_id || null });
    for (const i of s.record.items) items.push({ ...i, declaration_id: s.id });
  }
  // The rollup sums are worked out here, as the row store's writer does: appending them costs far
  // less than a grouped query per rollup over the staged rows.
  const deltas = rollupDeltas(stored);
  return applyRows(engine, [batchId], decls, items, async (w) => {
    for (const def of ROLLUPS) {
      const rows = deltas.get(def.table);
      if (!rows?.length) continue;
      const kinds = rollupColumns(def).map((c) => c.kind);
      const a = await w.appender(def.table);
      for (const r of rows) a.row(kinds, r);
      a.close();
      await appendSorted(w, def, rows);
    }
  });
}

/** A pre-aggregation's sums of the staged rows, and the same rows in its sorted copies. */
async function insertPreAggregation(w: Writer, p: PreAggregation): Promise<void> {
  if (!copiesOf(p.table).length) {
    await w.run(`insert into ${p.table} ${p.select(STAGE)}`);
    return;
  }
  await w.run(`create or replace temp table pre_aggregation_delta as ${p.select(STAGE)}`);
  await w.run(`insert into ${p.table} select * from pre_aggregation_delta`);
  await insertSorted(w, p, 'pre_aggregation_delta');
  await w.run('drop table pre_aggregation_delta');
}

/** Rollup sums of the staged rows, by the rollups' own SQL. */
async function rollupsBySql(w: Writer): Promise<void> {
  for (const def of ROLLUPS) {
    if (!copiesOf(def.table).length) {
      await w.run(`insert into ${def.table} ${recomputeSql(def, STAGE)}`);
      continue;
    }
    await w.run(`create or replace temp table rollup_delta as ${recomputeSql(def, STAGE)}`);
    await w.run(`insert into ${def.table} select * from rollup_delta`);
    await insertSorted(w, def, 'rollup_delta');
    await w.run('drop table rollup_delta');
  }
}

async function applyRows(
  engine: Engine,
  ids: readonly number[],
  decls: readonly Record<string, unknown>[],
  items: readonly Record<string, unknown>[],
  rollups: (w: Writer) => Promise<void> = rollupsBySql,
): Promise<number> {
  return engine.write(async (w) => {
    // Applied by another path in the meantime (the poller and this process's own commit race): skipped whole.
    const done = await w.rows(`select id from synced_batches where id in (${ids.map((id) => Math.trunc(id)).join(', ')})`);
    if (done.length) return 0;
    await w.run(`create or replace temp table ${STAGE.declarations} as select * from declarations limit 0`);
    await w.run(`create or replace temp table ${STAGE.items} as select * from declaration_items limit 0`);
    await stageRows(w, STAGE.declarations, DECLARATION_COLUMNS, decls);
    await stageRows(w, STAGE.items, ITEM_COLUMNS, items);
    await rollups(w);
    for (const p of PRE_AGGREGATIONS) await insertPreAggregation(w, p);
    await appendLinesByCode(w, STAGE);
    await w.run(`insert into declarations select * from ${STAGE.declarations}`);
    await w.run(`insert into declaration_items select * from ${STAGE.items}`);
    const counts = new Map<number, number>();
    for (const d of decls) counts.set(Number(d.batch_id), (counts.get(Number(d.batch_id)) ?? 0) + 1);
    for (const id of ids) await w.run('insert into synced_batches values (?, ?, current_timestamp)', [id, counts.get(id) ?? 0]);
    await w.run(`insert or ignore into ${PENDING_COMPACTION} select distinct period from ${STAGE.declarations}`);
    await w.run(`drop table ${STAGE.declarations}`);
    await w.run(`drop table ${STAGE.items}`);
    return decls.length;
  });
}

/**
 * Loads an empty analytic store from the row store: the records of the given committed batches are
 * read a page of declarations at a time along the primary keys (no join, no batch lookups) and
 * appended, then every rollup and pre-aggregation is computed once, by the engine, over the whole
 * copy (per batch, the sums would be appended batch after batch and compacted later, which costs
 * far more for millions of declarations). Returns the declarations loaded.
 *
 * The load commits as it goes: DuckDB holds a transaction's appended blocks in memory until it
 * commits, so one transaction for the whole copy needed memory_limit ≥ the copy's compressed size
 * (about 0.9 GB at 10M declarations). The batch ids are written last, so a store interrupted
 * part way still has no synced batch, and the next load starts by emptying what it left.
 */
export async function loadAll(
  engine: Engine,
  source: RowSource,
  batches: readonly { id: number; rows: number }[],
  progress?: (loaded: number) => void,
  summing?: (done: number, total: number) => void,
): Promise<number> {
  const ids = new Set(batches.map((b) => b.id));
  const last = batches.reduce((m, b) => Math.max(m, b.id), 0);
  const declCols = columnList(DECLARATION_COLUMNS, 'd');
  const itemCols = columnList(ITEM_COLUMNS, 'i');
  await emptyForLoad(engine, 'loadAll');
  let after = 0;
  let loaded = 0;
  for (let more = true; more; ) {
    more = await engine.write(async (w) => {
      for (let page = 0; page < PAGES_PER_COMMIT; page++) {
        // Batches that committed after the list was taken are left to the next catch-up.
        const rows = await readArrays(
          source,
          `select ${declCols} from declarations d where d.id > ? and d.batch_id <= ? order by d.id limit ${DECLARATIONS_PER_PAGE}`,
          [after, last],
        );
        if (!rows.length) return false;
        const hi = Number(rows[rows.length - 1]![ID]);
        const decls = rows.filter((r) => ids.has(Number(r[BATCH])));
        const lines = await readArrays(source, `select ${itemCols} from declaration_items i where i.declaration_id > ? and i.declaration_id <= ?`, [after, hi]);
        const kept = new Set(decls.map((r) => Number(r[ID])));
        await appendArrays(w, 'declarations', DECLARATION_COLUMNS, decls);
        await appendArrays(w, 'declaration_items', ITEM_COLUMNS, kept.size === rows.length ? lines : lines.filter((r) => kept.has(Number(r[0]))));
        loaded += decls.length;
        after = hi;
        progress?.(loaded);
      }
      return true;
    });
  }
  await summariseLoaded(engine, batches, summing);
  return loaded;
}

/** Empties the derived tables of a store that holds no synced batch (what an interrupted load left), before a whole load. */
export async function emptyForLoad(engine: Engine, who: string): Promise<void> {
  await engine.write(async (w) => {
    const done = await w.rows('select count(*) as n from synced_batches');
    if (Number(done[0]?.n ?? 0) > 0) throw new Error(`${who}: the analytic store is not empty`);
    for (const t of derivedTables()) await w.run(`delete from ${t}`);
  });
}

/** INSERT of a pre-aggregation's rows of one month's records, in the order a month is kept in. */
const insertMonth = (p: PreAggregation, month: RecordTables) => `insert into ${p.table} select * from (${p.select(month)}) order by ${monthOrder(p.keys)}`;

/** One month's records. */
const monthOf = (period: unknown): RecordTables => ({ declarations: `(select * from declarations where period = ${Math.trunc(Number(period))})`, items: RAW.items });

/**
 * The second half of a whole load, once the copy of the records holds every declaration of
 * `batches`: every rollup and pre-aggregation computed over the copy, the sorted copies filled,
 * and the batch ids written last.
 */
export async function summariseLoaded(
  engine: Engine,
  batches: readonly { id: number; rows: number }[],
  progress?: (done: number, total: number) => void,
): Promise<void> {
  // Month by month, a transaction each: every rollup is keyed by month, so each month's rows are
  // summed on their own, exactly, in memory bounded by one month's records (all of ten million
  // declarations at once ran DuckDB out of its 1 GB). A month's rows then sit together, so a query
  // over a few months reads few row groups. The lines' first-line markers (window functions over
  // the month's lines) are worked out once per month for all the line-grain rollups.
  const months = await engine.query('select distinct period from declarations order by period');
  // Steps: each month, each sorted copy, the lines by code.
  const steps = months.length + SORTED_COPIES.length + 1;
  let done = 0;
  for (const m of months) {
    const month = monthOf(m.period);
    await engine.write(async (w) => {
      await w.run(`create or replace temp table item_facts as ${factsSql('item', month)}`);
      for (const def of ROLLUPS) {
        const from = def.grain === 'item' ? 'item_facts' : undefined;
        await w.run(`insert into ${def.table} select * from (${recomputeSql(def, month, from)}) order by ${monthOrder(def.keys)}`);
      }
      await w.run('drop table item_facts');
      for (const p of PRE_AGGREGATIONS) await w.run(insertMonth(p, month));
    });
    progress?.(++done, steps);
  }
  for (const c of SORTED_COPIES) {
    await fillSorted(engine, c);
    progress?.(++done, steps);
  }
  await fillLinesByCode(engine);
  progress?.(++done, steps);
  await engine.write(async (w) => {
    for (let k = 0; k < batches.length; k += 1_000) {
      const values = batches.slice(k, k + 1_000).map((b) => `(${Math.trunc(b.id)}, ${Math.trunc(b.rows)}, current_timestamp)`);
      await w.run(`insert into synced_batches values ${values.join(', ')}`);
    }
  });
}

/**
 * Fills a pre-aggregation added to this layout from the records the store holds, a month per
 * transaction, as a whole load fills it (before batches are applied to it: the store opening).
 */
export async function fillPreAggregation(engine: Engine, p: PreAggregation): Promise<void> {
  for (const m of await engine.query('select distinct period from declarations order by period')) {
    await engine.write((w) => w.run(insertMonth(p, monthOf(m.period))));
  }
}

/**
 * Appends the declarations and lines of a batch this process has just committed to the copy of
 * the records, and nothing else (no rollup, no batch id): the feed of a whole load (store.ts),
 * whose sums are computed once at its end by summariseLoaded. Rows as loadAll would read them back
 * from the row store.
 *
 * They go as CSV files that DuckDB reads on its own threads (`COPY … FROM`, the parser is part of
 * the engine): this thread only writes the text, with the COPY encoder the PostgreSQL writer uses.
 * DuckDB's appender takes each cell through a call into the engine, which made the feed cost the
 * writing thread of a load about as much as the reading back it replaces (50,000 declarations with
 * their lines: 2.4-3.8 s through the appender, busy machine). Numbers are written in their shortest
 * round-trip form, so every double reads back the same; text is quoted, and an unquoted empty field
 * is NULL.
 */
export async function appendStoredRecords(w: Writer, batchId: number, stored: readonly StoredDeclaration[]): Promise<void> {
  // The cells below are written by position; a column added to the layout must be added here too.
  if (DECLARATION_COLUMNS.length !== 20 || ITEM_COLUMNS.length !== 11) throw new Error('appendStoredRecords: the analytic columns changed');
  const declarations: CopySource = {
    count: stored.length,
    fill(i, row) {
      const s = stored[i]!;
      const d = s.record;
      row[0] = s.id; row[1] = batchId; row[2] = d.flow; row[3] = d.regime; row[4] = d.registered_at; row[5] = d.period;
      row[6] = d.customs_office; row[7] = s.company_id; row[8] = s.partner_company_id || null; row[9] = d.partner_country;
      row[10] = d.incoterm; row[11] = d.currency; row[12] = d.value_usd_cents; row[13] = d.transport_mode; row[14] = d.port;
      row[15] = d.net_weight_kg; row[16] = d.gross_weight_kg; row[17] = d.customs_duty_usd_cents; row[18] = d.additional_duty_usd_cents;
      row[19] = d.vat_usd_cents;
    },
  };
  const owners: number[] = [];
  const lines: ValidItem[] = [];
  for (const s of stored) {
    for (const it of s.record.items) {
      owners.push(s.id);
      lines.push(it);
    }
  }
  const items: CopySource = {
    count: lines.length,
    fill(i, line) {
      const it = lines[i]!;
      line[0] = owners[i]!; line[1] = it.line_no; line[2] = it.gtip; line[3] = it.hs6; line[4] = it.quantity; line[5] = it.quantity_unit;
      line[6] = it.net_weight_kg; line[7] = it.value_usd_cents; line[8] = it.customs_duty_usd_cents; line[9] = it.additional_duty_usd_cents;
      line[10] = it.vat_usd_cents;
    },
  };
  // A directory per batch, removed with its files once read: a killed load leaves at most one.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-feed-'));
  try {
    for (const [table, rows, width] of [['declarations', declarations, DECLARATION_COLUMNS.length], ['declaration_items', items, ITEM_COLUMNS.length]] as const) {
      if (!rows.count) continue;
      const file = path.join(dir, `${table}.csv`);
      const fd = fs.openSync(file, 'w');
      try {
        for (const chunk of csv(rows, width)) fs.writeSync(fd, chunk);
      } finally {
        fs.closeSync(fd);
      }
      await w.run(`copy ${table} from '${file.replace(/'/g, "''")}' (format csv, header false, quote '"', escape '"', allow_quoted_nulls false)`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Sums the rows that share a key into one row, for each month batches have appended to (their own
 * sums: exact, since every measure is a sum or a count of declarations, so a key may hold a row
 * per batch until its month is compacted). One month at a time, each in its own transaction: the
 * work and the memory are a month's rows whatever the store holds (a whole-table regroup of the
 * company rollup of 10M declarations is tens of millions of groups), and the writer is never held
 * for long, so batches keep landing in between. Returns the months compacted.
 */
export async function compactPending(
  engine: Engine,
  tables: readonly { table: string; keys: readonly string[]; measures: readonly string[]; extremes?: PreAggregation['extremes'] }[],
): Promise<number> {
  const months = await engine.query(`select period from ${PENDING_COMPACTION} order by period`);
  for (const m of months) {
    const period = Math.trunc(Number(m.period));
    await engine.write(async (w) => {
      for (const t of tables) await regroup(w, t.table, t.keys, t.measures, `period = ${period}`, monthOrder(t.keys), (m) => combineOf(t, m));
      await w.run(`delete from ${PENDING_COMPACTION} where period = ${period}`);
    });
  }
  return months.length;
}
