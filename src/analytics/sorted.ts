// Pre-aggregations kept a second time in another order. The rollups are stored month by month, so
// a query over a few months reads few row groups, but a question about one company or one product
// over any window reads them all. A sorted copy lets DuckDB skip every row group whose range of the
// sort column misses the question:
//
// - `rollup_company_sides`: each company rollup row once per side, keyed by its trader
//   (`as_partner = 0`) and, when it has one, by its foreign partner (`as_partner = 1`), sorted by
//   that company (`party_id`): a company's questions (either party) read its few row groups;
// - `rollup_items_by_hs`, `rollup_company_by_hs`: the line rollups sorted by HS6 code: a
//   product's questions read the row groups of its codes;
// - `agg_pair_products_by_pair`: the pairs' products by month sorted by trading pair: a page of
//   pairs reads the row groups of its pairs.
//
// A whole load fills each from its rollup one range of the sort column per transaction (bounded
// memory), each range appended after the one before, so the table ends sorted. Batches append
// their rows at the end, unsorted; once they are a tenth of the table, it is sorted again range by
// range (rows summed by key, deleted and appended in order, a transaction per range, every sum
// exact at every commit).
import type { Engine, Writer } from './engine.js';
import { SORTED_COPIES, measureType, sortedColumns, type SortedCopy } from './schema.js';

// Rows sorted per transaction: the memory a sort needs and the time the writer is held.
const ROWS_PER_RANGE = 2_000_000;
// Unsorted rows appended by batches before the table is sorted again: a share of its rows, and at
// least this many (a small store is read whole anyway).
const UNSORTED_SHARE = 0.1;
const UNSORTED_MIN = 200_000;

// Rows appended by batches since a table kept in order was last sorted, kept with the file.
const unsortedKey = (table: string) => `${table}_unsorted`;

/** Marks `table` as wholly in order. */
export const resetUnsorted = (engine: Engine, table: string) => engine.write((w) => w.run(`delete from analytic_meta where key = '${unsortedKey(table)}'`));

/**
 * Replaces the rows of `table` that `where` keeps with their sums by `keys` (one row per key),
 * appended in `order`: exact, since every measure is a sum or a count of declarations, or the
 * least or greatest value of its rows (`combine`). Month compaction and the sorted copies' sorts
 * both regroup this way.
 */
export async function regroup(
  w: Writer,
  table: string,
  keys: readonly string[],
  measures: readonly string[],
  where: string,
  order: string,
  combine: (m: string) => 'sum' | 'min' | 'max' = () => 'sum',
): Promise<void> {
  const sums = measures.map((m) => `${combine(m)}(${m})::${measureType(m)} as ${m}`).join(', ');
  await w.run(`create or replace temp table regrouped as select ${keys.join(', ')}, ${sums} from ${table} where ${where} group by ${keys.join(', ')}`);
  await w.run(`delete from ${table} where ${where}`);
  await w.run(`insert into ${table} select * from regrouped order by ${order}`);
  await w.run('drop table regrouped');
}

/** Counts `rows` appended to `table` out of order (inside the transaction that appends them). */
export async function addUnsorted(w: Writer, table: string, rows: number): Promise<void> {
  const key = unsortedKey(table);
  await w.run(`insert or replace into analytic_meta select '${key}',
    (coalesce((select value::BIGINT from analytic_meta where key = '${key}'), 0) + ${Math.trunc(rows)})::VARCHAR`);
}

/** The sorted copies of a table. */
export const copiesOf = (table: string): SortedCopy[] => SORTED_COPIES.filter((c) => c.source.table === table);

/** Appends to every sorted copy of `source` the copy rows of its rows given as arrays in its column order. */
export async function appendSorted(w: Writer, source: { table: string }, rows: readonly (readonly unknown[])[]): Promise<void> {
  for (const c of copiesOf(source.table)) {
    const kinds = sortedColumns(c).map((col) => col.kind);
    const a = await w.appender(c.table);
    let n = 0;
    for (const r of rows) {
      for (const out of c.rowsOf(r)) {
        a.row(kinds, out);
        n++;
      }
    }
    a.close();
    await addUnsorted(w, c.table, n);
  }
}

/** Appends to every sorted copy of `source` the copy rows of the source rows in `table`. */
export async function insertSorted(w: Writer, source: { table: string }, table: string): Promise<void> {
  for (const c of copiesOf(source.table)) {
    await w.run(`insert into ${c.table} ${c.select(table)}`);
    const [n] = await w.rows(`select count(*) as n from (${c.keyValues(table)})`);
    await addUnsorted(w, c.table, Number(n?.n ?? 0));
  }
}

export type Bound = string | number | null;

const literal = (v: Bound) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** A condition keeping `column` within [lo, hi) (an open end where null; the first range also keeps nulls). */
export function withinRange(lo: Bound, hi: Bound): (column: string) => string {
  return (column) => {
    if (lo === null) return hi === null ? 'true' : `(${column} < ${literal(hi)} or ${column} is null)`;
    return hi === null ? `${column} >= ${literal(lo)}` : `${column} >= ${literal(lo)} and ${column} < ${literal(hi)}`;
  };
}

/** Ranges of the sort column holding about `rowsPerRange` rows each, in ascending order. */
export async function ranges(engine: Engine, values: string, rowsPerRange: number): Promise<[Bound, Bound][]> {
  const [c] = await engine.query(`select count(*) as n from (${values})`);
  const n = Math.ceil(Number(c?.n ?? 0) / rowsPerRange);
  if (n <= 1) return [[null, null]];
  const fractions = Array.from({ length: n - 1 }, (_, i) => ((i + 1) / n).toFixed(6));
  const rows = await engine.query(`select unnest(q) as b from (select quantile_disc(k, [${fractions.join(', ')}]) as q from (${values}))`);
  const bounds = [...new Set(rows.map((r) => r.b))].filter((b): b is string | number => b !== null).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const edges: Bound[] = [null, ...bounds, null];
  return edges.slice(1).map((hi, i) => [edges[i]!, hi]);
}

/**
 * Fills an empty copy from its source, one range of the sort column per transaction, each appended
 * after the one before: the copy ends sorted.
 */
export async function fillSorted(engine: Engine, c: SortedCopy, rowsPerRange = ROWS_PER_RANGE): Promise<void> {
  for (const [lo, hi] of await ranges(engine, c.keyValues(c.source.table), rowsPerRange)) {
    await engine.write((w) => w.run(`insert into ${c.table} select * from (${c.select(c.source.table, withinRange(lo, hi))}) order by ${c.order}`));
  }
  await resetUnsorted(engine, c.table);
}

/** Whether batches have appended enough unsorted rows to `table` to sort it again. */
export async function unsortedDue(engine: Engine, table: string): Promise<boolean> {
  const [u] = await engine.query(`select value::BIGINT as n from analytic_meta where key = '${unsortedKey(table)}'`);
  const unsorted = Number(u?.n ?? 0);
  if (unsorted < UNSORTED_MIN) return false;
  const [n] = await engine.query(`select count(*) as n from ${table}`);
  return unsorted >= UNSORTED_SHARE * Number(n?.n ?? 0);
}

/** Whether batches have appended enough unsorted rows to sort the copy again. */
export const needsSorting = (engine: Engine, c: SortedCopy): Promise<boolean> => unsortedDue(engine, c.table);

/**
 * Puts the copy back in order: for each range of the sort column, in ascending order and a
 * transaction each, its rows (the sorted ones and those batches appended) are summed by key,
 * deleted, and appended again sorted. The sums stay exact at every commit, and batches keep landing
 * between ranges (their rows at the end, unsorted, until the next sort).
 */
export async function sortAgain(engine: Engine, c: SortedCopy, rowsPerRange = ROWS_PER_RANGE): Promise<void> {
  // Rows batches append from here on land after the ranges below, so they stay unsorted.
  await resetUnsorted(engine, c.table);
  const keys = [...c.lead.map((l) => l.name), ...c.source.keys];
  for (const [lo, hi] of await ranges(engine, `select ${c.key} as k from ${c.table}`, rowsPerRange)) {
    await engine.write((w) => regroup(w, c.table, keys, c.source.measures, withinRange(lo, hi)(c.key), c.order, c.source.combine));
  }
}
