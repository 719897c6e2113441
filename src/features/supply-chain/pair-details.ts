// The products and the first and last date of a page of trading pairs (listSupplyChainLinks).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DateRange } from '../companies/queries.js';
import { analyticRows } from '../../analytics/query.js';
import { PAIR_PRODUCTS_BY_MONTH, PAIR_PRODUCTS_BY_PAIR, pairKey } from '../../analytics/schema.js';
import { analyticDates, monthAligned } from '../shared/filters.js';
import { prefixCondition, splitByMonth, type MonthSplit } from '../shared/aggregate.js';
import { sourceMeta } from '../shared/source-meta.js';
import { monthIndex } from '../statistics/periods.js';
import { stateKey, stateOf } from '../../db/state.js';

export type PairDetail = { first: string; last: string; products: { hs_code: string; value_cents: number }[] };

type Pair = { company_id: number; partner_company_id: number };
type Flow = 'import' | 'export';

/**
 * First and last declaration date and the HS6 codes (by value, ties in code order) of each
 * exporter→buyer pair, over the declarations with an item line in `hs` (any line when empty)
 * within the range. Whole months are read from the pairs' rows of `agg_pair_products_monthly`
 * (value, first and last date by pair, HS6 and month) or its copy sorted by pair; days at either
 * end of the range, a range inside one month, and prefixes past six digits (which HS6 rows cannot
 * tell apart) from the pairs' declarations joined to their lines, which read every line of the
 * window.
 */
export async function pairDetails(
  db: Kysely<DB>,
  flow: Flow,
  pairs: readonly Pair[],
  range: DateRange,
  hs: readonly string[],
  /** Which table whole months are read from; by default the one that reads fewer rows (`byPairReadsLess`). */
  via: 'auto' | 'pair' | 'months' = 'auto',
): Promise<Map<string, PairDetail>> {
  if (!pairs.length) return new Map();
  const wanted = [...new Map(pairs.map((p) => [`${p.company_id}|${p.partner_company_id}`, p])).values()];
  const split: MonthSplit | null = !hs.every((h) => h.length <= 6) ? null : monthAligned(range) ? { months: range, days: [] } : splitByMonth(range);
  const months = split?.months;
  const byPair = months ? (via === 'auto' ? await byPairFits(db, wanted, months) : via === 'pair') : false;
  const parts = split
    ? [...(months ? [fromMonths(db, flow, wanted, months, hs, byPair)] : []), ...split.days.map((d) => fromRecords(db, flow, wanted, d, hs))]
    : [fromRecords(db, flow, wanted, range, hs)];
  return details((await Promise.all(parts)).flat());
}

/** Rows of (pair, HS6) with value, first and last date, summed per pair and code. */
function details(rows: readonly Record<string, unknown>[]): Map<string, PairDetail> {
  const byPair = new Map<string, { first: string; last: string; codes: Map<string, number> }>();
  for (const r of rows) {
    const key = `${r.company_id}|${r.partner_company_id}`;
    const first = String(r.first).slice(0, 10);
    const last = String(r.last).slice(0, 10);
    const d = byPair.get(key) ?? { first, last, codes: new Map<string, number>() };
    if (first < d.first) d.first = first;
    if (last > d.last) d.last = last;
    const code = String(r.hs6);
    d.codes.set(code, (d.codes.get(code) ?? 0) + Number(r.value_cents));
    byPair.set(key, d);
  }
  const out = new Map<string, PairDetail>();
  for (const [key, d] of byPair) {
    const products = [...d.codes].map(([hs_code, value_cents]) => ({ hs_code, value_cents }));
    products.sort((a, b) => b.value_cents - a.value_cents || (a.hs_code < b.hs_code ? -1 : a.hs_code > b.hs_code ? 1 : 0));
    out.set(key, { first: d.first, last: d.last, products });
  }
  return out;
}

const pairValues = (pairs: readonly Pair[]) => sql.join(pairs.map((p) => sql`(${Number(p.company_id)}, ${Number(p.partner_company_id)})`));

// What the copy sorted by pair reads for a trader of the page, in rows: the row groups holding
// its pairs, more than one for a large trader (whose rows are a few row groups of all months).
const ROWS_PER_TRADER = 500_000;
// The fewest traders a page is costed at: one trader's pairs are often most of a page.
const MIN_TRADERS = 4;

/**
 * Whether the copy sorted by pair reads fewer rows than the months do: about `ROWS_PER_TRADER` for
 * each of the pairs' traders, against the window's share of the table's rows. Measured on one
 * thread, the details of the 50 largest export pairs, months -> copy: at 10M declarations (21M
 * rows) three months (9 traders) 22.8 -> 30.7 ms, six 37.9 -> 30.7 ms, a year 69.1 -> 34.4 ms,
 * twenty months 110.9 -> 34.4 ms, a chapter over ten months (8 traders) 53.0 -> 19.9 ms, one
 * heading over six months (30 traders) 31.2 -> 33.8 ms, another over three months (2 traders)
 * 16.8 -> 22.1 ms; at 1M (2.2M rows) three months 11.5 -> 30.8 ms, a year 22.0 -> 36.3 ms, twenty
 * months 31.6 -> 22.7 ms.
 */
export function byPairReadsLess(traders: number, tableRows: number, windowMonths: number, months: number): boolean {
  if (months <= 0 || tableRows <= 0) return false;
  return Math.max(traders, MIN_TRADERS) * ROWS_PER_TRADER < (tableRows * Math.min(windowMonths, months)) / months;
}

// The table's rows, an estimate that batches change little: read again a minute after, or when
// this process commits one.
const SIZE_TTL_MS = 60_000;
const TABLE_ROWS = stateKey<{ at: number; rows: number | null }>({
  name: 'pair products rows',
  create: () => ({ at: 0, rows: null }),
  changed: (c) => (c.rows = null),
});

async function tableRows(db: Kysely<DB>): Promise<number> {
  const cached = stateOf(db).get(TABLE_ROWS);
  if (cached.rows !== null && Date.now() - cached.at < SIZE_TTL_MS) return cached.rows;
  const [size] = await analyticRows(db, sql`select estimated_size as n from duckdb_tables() where table_name = ${PAIR_PRODUCTS_BY_MONTH}`.compile(db));
  cached.at = Date.now();
  cached.rows = Number(size?.n ?? 0);
  return cached.rows;
}

// The most pairs written into an `in` list: a page's (DuckDB plans a list of tens of thousands of
// literals for seconds; a download's pairs go through the join to the months).
const LISTED_PAIRS = 1_000;

/** `byPairReadsLess` for these pairs and months of the store, from the table's size and the months the store covers. */
async function byPairFits(db: Kysely<DB>, pairs: readonly Pair[], range: DateRange): Promise<boolean> {
  if (pairs.length > LISTED_PAIRS) return false;
  const [rows, source] = await Promise.all([tableRows(db), sourceMeta(db)]);
  const { from, to } = source.coverage;
  if (!from || !to) return false;
  const lo = range.from && range.from > from ? range.from : from;
  const hi = range.to && range.to < to ? range.to : to;
  return byPairReadsLess(new Set(pairs.map((p) => p.company_id)).size, rows, monthIndex(hi) - monthIndex(lo) + 1, monthIndex(to) - monthIndex(from) + 1);
}

async function fromMonths(db: Kysely<DB>, flow: Flow, pairs: readonly Pair[], range: DateRange, hs: readonly string[], byPair: boolean) {
  const where = [sql`a.flow = ${flow}`, ...analyticDates(range, (name) => sql.ref(`a.${name}`))];
  if (hs.length) where.push(prefixCondition(sql.ref('a.hs6'), [...hs], 6));
  // The pairs as one `in` list of the copy's pair column, which the engine skips row groups by.
  const from = byPair
    ? sql`${sql.table(PAIR_PRODUCTS_BY_PAIR.table)} a where a.pair in (${sql.raw(pairs.map((p) => pairKey(p.company_id, p.partner_company_id)).join(', '))}) and`
    : sql`${sql.table(PAIR_PRODUCTS_BY_MONTH)} a join (values ${pairValues(pairs)}) p(company_id, partner_company_id)
      on a.company_id = p.company_id and a.partner_company_id = p.partner_company_id where`;
  // The month and the day make the date: YYYYMM * 100 + DD, written as the records' text below.
  const rows = await analyticRows(db, sql`select a.company_id, a.partner_company_id, a.hs6, sum(a.value_usd_cents) as value_cents,
      min(a.period * 100 + a.first_day) as first, max(a.period * 100 + a.last_day) as last
    from ${from} ${sql.join(where, sql` and `)} group by a.company_id, a.partner_company_id, a.hs6`.compile(db));
  const iso = (d: unknown) => String(d).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
  return rows.map((r) => ({ ...r, first: iso(r.first), last: iso(r.last) }));
}

/**
 * The pairs' declarations joined to the pairs themselves, then to their lines. With the pairs'
 * companies and partners as two lists, every declaration between any of them was joined to its
 * lines too (at 10M, eight months, a page of 50 pairs: 34,788 declarations for 12,000 of the
 * pairs; 145 -> 105 ms).
 */
function fromRecords(db: Kysely<DB>, flow: Flow, pairs: readonly Pair[], range: DateRange, hs: readonly string[]) {
  const where = [sql`d.flow = ${flow}`, ...analyticDates(range, (name) => sql.ref(`d.${name}`))];
  if (hs.length) where.push(prefixCondition(sql.ref('i.gtip'), [...hs], 12));
  return analyticRows(db, sql`select d.company_id, d.partner_company_id, i.hs6, sum(i.value_usd_cents) as value_cents,
      min(d.registered_at) as first, max(d.registered_at) as last
    from declarations d join (values ${pairValues(pairs)}) p(company_id, partner_company_id) on d.company_id = p.company_id and d.partner_company_id = p.partner_company_id
      join declaration_items i on i.declaration_id = d.id
    where ${sql.join(where, sql` and `)}
    group by d.company_id, d.partner_company_id, i.hs6`.compile(db));
}
