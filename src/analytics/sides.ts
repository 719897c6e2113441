// The company rollup once per side: each row of `rollup_company_monthly` twice, keyed by its
// trader (`as_partner = 0`) and by its foreign partner (`as_partner = 1`, when there is one), and
// stored sorted by that company. A question about a company (either party, the API's meaning of
// `company_id`) then reads the few row groups that hold that company's rows, where the company
// rollup, ordered by month, has every company in every row group and is scanned whole for each
// side (15-20M rows at 10M declarations).
//
// Batches append their rows at the end, unsorted; `sortSides` puts the table back in order, one
// range of company ids per transaction, when enough has been appended since the last sort.
import { measuresOf } from '../ingest/rollups.js';
import type { Engine, Writer } from './engine.js';
import { COMPANY_ROLLUP as SOURCE, SIDES_TABLE, measureType, sidesColumns } from './schema.js';

const COMPANY = SOURCE.keys.indexOf('company_id');
const PARTNER = SOURCE.keys.indexOf('partner_company_id');

// Rows sorted per transaction: the memory a sort needs and the time the writer is held.
const ROWS_PER_RANGE = 2_000_000;
// Unsorted rows appended by batches before the table is sorted again: a share of its rows, and at
// least this many (a small store is read whole anyway).
const UNSORTED_SHARE = 0.1;
const UNSORTED_MIN = 200_000;

// Rows appended by batches since the table was last sorted, kept with the file.
const UNSORTED_KEY = 'sides_unsorted';

async function addUnsorted(w: Writer, rows: number): Promise<void> {
  await w.run(`insert or replace into analytic_meta select '${UNSORTED_KEY}',
    (coalesce((select value::BIGINT from analytic_meta where key = '${UNSORTED_KEY}'), 0) + ${Math.trunc(rows)})::VARCHAR`);
}

/** Appends the side rows of company rollup rows given as arrays in the rollup's column order. */
export async function appendSides(w: Writer, rows: readonly (readonly unknown[])[]): Promise<void> {
  const kinds = sidesColumns().map((c) => c.kind);
  const a = await w.appender(SIDES_TABLE);
  let n = 0;
  for (const r of rows) {
    a.row(kinds, [r[COMPANY], 0, ...r]);
    n++;
    if (Number(r[PARTNER] ?? 0) !== 0) {
      a.row(kinds, [r[PARTNER], 1, ...r]);
      n++;
    }
  }
  a.close();
  await addUnsorted(w, n);
}

/** Appends the side rows of the company rollup rows in `table`. */
export async function insertSides(w: Writer, table: string): Promise<void> {
  await w.run(`insert into ${SIDES_TABLE} ${sidesSelect(table)}`);
  const [c] = await w.rows(`select count(*) + count(nullif(partner_company_id, 0)) as n from ${table}`);
  await addUnsorted(w, Number(c?.n ?? 0));
}

/** SELECT of the side rows of a company rollup `from` (a table or subquery), within a range of company ids. */
export function sidesSelect(from: string, range?: { lo: number; hi: number }): string {
  const within = (c: string) => (range ? ` and ${c} between ${Math.trunc(range.lo)} and ${Math.trunc(range.hi)}` : '');
  return `select company_id as party_id, 0 as as_partner, * from ${from} s where true${within('company_id')}
    union all select partner_company_id as party_id, 1 as as_partner, * from ${from} s where partner_company_id <> 0${within('partner_company_id')}`;
}

/** Ranges of company ids that split `count` rows between `lo` and `hi` into sorts of bounded size. */
function ranges(lo: number, hi: number, count: number, rowsPerRange: number): { lo: number; hi: number }[] {
  const n = Math.max(1, Math.ceil(count / rowsPerRange));
  const width = Math.ceil((hi - lo + 1) / n);
  const out: { lo: number; hi: number }[] = [];
  for (let a = lo; a <= hi; a += width) out.push({ lo: a, hi: Math.min(hi, a + width - 1) });
  return out;
}

/**
 * Fills the empty table from the company rollup, one range of companies per transaction, each
 * appended in company order after the one before: the table ends sorted by company.
 */
export async function fillSides(engine: Engine, rowsPerRange = ROWS_PER_RANGE): Promise<void> {
  const [b] = await engine.query(`select min(least(company_id, coalesce(nullif(partner_company_id, 0), company_id))) as lo,
    max(greatest(company_id, partner_company_id)) as hi, count(*) * 2 as n from ${SOURCE.table}`);
  if (!b || b.lo === null) return;
  for (const r of ranges(Number(b.lo), Number(b.hi), Number(b.n), rowsPerRange)) {
    await engine.write((w) => w.run(`insert into ${SIDES_TABLE} select * from (${sidesSelect(SOURCE.table, r)}) order by party_id`));
  }
  await engine.write((w) => w.run(`delete from analytic_meta where key = '${UNSORTED_KEY}'`));
}

/** Whether batches have appended enough unsorted rows to sort the table again. */
export async function sidesNeedSorting(engine: Engine): Promise<boolean> {
  const [u] = await engine.query(`select value::BIGINT as n from analytic_meta where key = '${UNSORTED_KEY}'`);
  const unsorted = Number(u?.n ?? 0);
  if (unsorted < UNSORTED_MIN) return false;
  const [c] = await engine.query(`select count(*) as n from ${SIDES_TABLE}`);
  return unsorted >= UNSORTED_SHARE * Number(c?.n ?? 0);
}

/**
 * Puts the table back in company order: for each range of company ids, in ascending order and a
 * transaction each, its rows (the sorted ones and those batches appended) are summed by key,
 * deleted, and appended again sorted. The sums stay exact at every commit, so answers are exact
 * throughout, and batches keep landing between ranges (their rows at the end, unsorted, until the
 * next sort).
 */
export async function sortSides(engine: Engine, rowsPerRange = ROWS_PER_RANGE): Promise<void> {
  const [b] = await engine.query(`select min(party_id) as lo, max(party_id) as hi, count(*) as n from ${SIDES_TABLE}`);
  if (!b || b.lo === null) return;
  // Rows batches append from here on land after the ranges below, so they stay unsorted.
  await engine.write((w) => w.run(`delete from analytic_meta where key = '${UNSORTED_KEY}'`));
  const keys = ['party_id', 'as_partner', ...SOURCE.keys].join(', ');
  const sums = measuresOf(SOURCE).map((m) => `sum(${m})::${measureType(m)} as ${m}`).join(', ');
  for (const r of ranges(Number(b.lo), Number(b.hi), Number(b.n), rowsPerRange)) {
    const within = `party_id between ${Math.trunc(r.lo)} and ${Math.trunc(r.hi)}`;
    await engine.write(async (w) => {
      await w.run(`create or replace temp table sides_range as select ${keys}, ${sums} from ${SIDES_TABLE} where ${within} group by all`);
      await w.run(`delete from ${SIDES_TABLE} where ${within}`);
      await w.run(`insert into ${SIDES_TABLE} select * from sides_range order by party_id`);
      await w.run('drop table sides_range');
    });
  }
}
