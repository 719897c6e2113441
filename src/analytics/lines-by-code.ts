// The item lines a second time, sorted by their 12-digit code and carrying the header keys a
// product's questions filter and group by (flow, month, day, partner country). The rollups stop at
// six digits, and the lines themselves are stored in declaration order, so a question about one
// 8- to 12-digit code read every one of them (31M at 10M declarations: 0.3-0.8 s a request, CPU
// that every other request waited for). Here DuckDB skips every row group whose range of codes
// misses the prefix, and no join with the declarations is needed.
//
// A whole load fills it range of codes by range, each appended after the one before, so it ends
// sorted; batches append their lines at the end; once those are a tenth of the table it is sorted
// again range by range (a transaction each), as the sorted rollup copies are (sorted.ts).
import type { ColumnKind, Engine, Writer } from './engine.js';

export const LINES_BY_CODE = 'lines_by_code';

export const LINES_BY_CODE_COLUMNS: readonly { name: string; kind: ColumnKind }[] = [
  { name: 'gtip', kind: 'text' }, { name: 'declaration_id', kind: 'bigint' }, { name: 'flow', kind: 'text' }, { name: 'period', kind: 'int' },
  { name: 'registered_at', kind: 'text' }, { name: 'partner_country', kind: 'text' }, { name: 'value_usd_cents', kind: 'bigint' },
  { name: 'net_weight_kg', kind: 'double' }, { name: 'quantity', kind: 'double' }, { name: 'quantity_unit', kind: 'text' },
];

const ROWS_PER_RANGE = 4_000_000;
const UNSORTED_SHARE = 0.1;
const UNSORTED_MIN = 200_000;
const UNSORTED_KEY = `${LINES_BY_CODE}_unsorted`;

/** SELECT of the copy's rows from lines and their declarations (table names or subqueries). */
function linesOf(items: string, declarations: string, where = 'true'): string {
  return `select i.gtip, i.declaration_id, d.flow, d.period, d.registered_at, d.partner_country, i.value_usd_cents, i.net_weight_kg,
      i.quantity, i.quantity_unit
    from ${items} i join ${declarations} d on d.id = i.declaration_id where ${where}`;
}

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** Code ranges holding about `rows` lines each, ascending: [lo, hi) with open ends as null. */
async function codeRanges(engine: Engine, from: string, rows: number): Promise<[string | null, string | null][]> {
  const [c] = await engine.query(`select count(*) as n from ${from}`);
  const n = Math.ceil(Number(c?.n ?? 0) / rows);
  if (n <= 1) return [[null, null]];
  const fractions = Array.from({ length: n - 1 }, (_, i) => ((i + 1) / n).toFixed(6));
  const found = await engine.query(`select unnest(quantile_disc(gtip, [${fractions.join(', ')}])) as b from ${from}`);
  const bounds = [...new Set(found.map((r) => String(r.b)))].sort();
  const edges = [null, ...bounds, null];
  return edges.slice(1).map((hi, i) => [edges[i]!, hi]);
}

function inRange(lo: string | null, hi: string | null, column: string): string {
  const parts = [lo === null ? null : `${column} >= ${quote(lo)}`, hi === null ? null : `${column} < ${quote(hi)}`].filter(Boolean);
  return parts.length ? parts.join(' and ') : 'true';
}

/** Fills the empty copy from the loaded lines, one range of codes per transaction, in code order. */
export async function fillLinesByCode(engine: Engine, rowsPerRange = ROWS_PER_RANGE): Promise<void> {
  for (const [lo, hi] of await codeRanges(engine, 'declaration_items', rowsPerRange)) {
    await engine.write((w) => w.run(`insert into ${LINES_BY_CODE} select * from (${linesOf('declaration_items', 'declarations', inRange(lo, hi, 'i.gtip'))}) order by gtip`));
  }
  await engine.write((w) => w.run(`delete from analytic_meta where key = '${UNSORTED_KEY}'`));
}

/** Appends the lines of staged declarations (inside the batch's transaction), counted as unsorted. */
export async function appendLinesByCode(w: Writer, stage: { declarations: string; items: string }): Promise<void> {
  await w.run(`insert into ${LINES_BY_CODE} ${linesOf(stage.items, stage.declarations)}`);
  await w.run(`insert or replace into analytic_meta select '${UNSORTED_KEY}',
    (coalesce((select value::BIGINT from analytic_meta where key = '${UNSORTED_KEY}'), 0) + (select count(*) from ${stage.items}))::VARCHAR`);
}

/** Whether batches have appended enough lines to sort the copy again. */
export async function linesNeedSorting(engine: Engine): Promise<boolean> {
  const [u] = await engine.query(`select value::BIGINT as n from analytic_meta where key = '${UNSORTED_KEY}'`);
  const unsorted = Number(u?.n ?? 0);
  if (unsorted < UNSORTED_MIN) return false;
  const [n] = await engine.query(`select count(*) as n from ${LINES_BY_CODE}`);
  return unsorted >= UNSORTED_SHARE * Number(n?.n ?? 0);
}

/**
 * Puts the copy back in code order: for each range, a transaction each, its lines are taken out
 * and appended again sorted. Every line stays in the table at every commit; batches landing
 * between ranges append after them, unsorted until the next sort.
 */
export async function sortLinesAgain(engine: Engine, rowsPerRange = ROWS_PER_RANGE): Promise<void> {
  await engine.write((w) => w.run(`delete from analytic_meta where key = '${UNSORTED_KEY}'`));
  for (const [lo, hi] of await codeRanges(engine, LINES_BY_CODE, rowsPerRange)) {
    const where = inRange(lo, hi, 'gtip');
    await engine.write(async (w) => {
      await w.run(`create or replace temp table resorted as select * from ${LINES_BY_CODE} where ${where}`);
      await w.run(`delete from ${LINES_BY_CODE} where ${where}`);
      await w.run(`insert into ${LINES_BY_CODE} select * from resorted order by gtip`);
      await w.run('drop table resorted');
    });
  }
}
