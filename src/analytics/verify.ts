// Checks the analytic store against the raw records of the row store: every rollup equals its
// recomputation from the records (verifyRollups), every batch committed in the row store is
// applied, its declarations and values per flow and month equal the row store's, and every
// pre-aggregation equals the same sums recomputed from the analytic store's raw copy, as do the
// sorted copies and the lines sorted by code; the tracked shipments' copy holds the row store's
// shipments and arrivals.
import { CompiledQuery, sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Store } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { RAW_TABLES as RAW, ROLLUPS, measuresOf, recomputeSql, type RollupDef } from '../ingest/rollups.js';
import type { AnalyticStore } from './store.js';
import { analyticsOf } from './registry.js';
import { LINES_BY_CODE, PRE_AGGREGATIONS, SORTED_COPIES, combineOf, type PreAggregation, type SortedCopy } from './schema.js';

export interface RollupDifference {
  table: RollupDef['table'];
  kind: 'missing' | 'extra' | 'different';
  key: Record<string, string | number>;
  /** For 'different': measure → [expected from raw records, stored]. */
  measures?: Record<string, [number, number]>;
}

export interface VerifyReport {
  ok: boolean;
  tables: { table: string; rows: number; differences: number }[];
  differences: RollupDifference[];
}

export interface AnalyticCheck {
  table: string;
  rows: number;
  differences: number;
  /** A few of the differing keys, for the report. */
  examples: string[];
}

const REL_TOLERANCE = 1e-9;

function approxEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= REL_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

function compare(table: string, keys: readonly string[], measures: readonly string[], want: Record<string, unknown>[], have: Record<string, unknown>[]): AnalyticCheck {
  const key = (r: Record<string, unknown>) => keys.map((k) => String(r[k])).join('|');
  const w = new Map(want.map((r) => [key(r), r]));
  const h = new Map(have.map((r) => [key(r), r]));
  const examples: string[] = [];
  let differences = 0;
  for (const k of new Set([...w.keys(), ...h.keys()])) {
    const a = w.get(k);
    const b = h.get(k);
    const same = a && b && measures.every((m) => approxEqual(Number(a[m] ?? 0), Number(b[m] ?? 0)));
    // A key whose measures are all zero is the same as a missing key.
    const zero = (r: Record<string, unknown> | undefined) => !r || measures.every((m) => Number(r[m] ?? 0) === 0);
    if (same || (zero(a) && zero(b))) continue;
    differences++;
    if (examples.length < 5) examples.push(`${table} ${k}: expected ${JSON.stringify(a ?? null)}, found ${JSON.stringify(b ?? null)}`);
  }
  return { table, rows: have.length, differences, examples };
}

type Keyed = Map<string, Record<string, unknown>>;

function keyed(def: RollupDef, rows: readonly Record<string, unknown>[]): Keyed {
  const out: Keyed = new Map();
  for (const r of rows) out.set(def.keys.map((k) => String(r[k])).join('\u0001'), r);
  return out;
}

function keyOf(def: RollupDef, row: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k of def.keys) out[k] = row[k] as string | number;
  return out;
}

/** First day of a month (YYYYMM) as an ISO date. */
function monthStart(period: number): string {
  const y = Math.floor(period / 100);
  const m = period % 100;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}

function nextPeriod(period: number): number {
  return period % 100 === 12 ? period + 89 : period + 1;
}

/**
 * Every month the row store's declarations are registered in (read off the registration date's
 * index, first and last) and every month a rollup of the analytic store holds.
 */
async function monthsToCheck(store: Store, analytics: AnalyticStore): Promise<number[]> {
  const range = await sql<{ lo: unknown; hi: unknown }>`select min(registered_at) as lo, max(registered_at) as hi from declarations`.execute(store.db);
  // node-postgres reads a date as local midnight; SQLite holds the ISO text.
  const periodOf = (d: unknown) => {
    if (d instanceof Date) return d.getFullYear() * 100 + d.getMonth() + 1;
    const iso = String(d);
    return Number(iso.slice(0, 4)) * 100 + Number(iso.slice(5, 7));
  };
  const months = new Set<number>();
  const { lo, hi } = range.rows[0] ?? {};
  if (lo != null && hi != null) for (let p = periodOf(lo); p <= periodOf(hi); p = nextPeriod(p)) months.add(p);
  const held = await analytics.query(ROLLUPS.map((d) => `select distinct period from ${d.table}`).join(' union '));
  for (const r of held) months.add(Number(r.period));
  return [...months].sort((a, b) => a - b);
}

/**
 * Recomputes every rollup from the row store's raw records and compares it with the analytic
 * store's, key by key (a key may hold a row per batch until compaction, so those are summed first).
 * Integer measures must match exactly; floating sums may differ in the last bits, being added in
 * another order. Every rollup is keyed by month, so the two sides are compared a month at a time:
 * memory holds one month of one rollup, whatever the size of the store.
 */
export async function verifyRollups(store: Store, opts: { maxListed?: number; progress?: (done: number, total: number) => void } = {}): Promise<VerifyReport> {
  const maxListed = opts.maxListed ?? 1000;
  const analytics = await analyticsOf(store.db);
  await analytics.catchUp();
  const months = await monthsToCheck(store, analytics);
  const differences: RollupDifference[] = [];
  const tables: VerifyReport['tables'] = [];
  let done = 0;
  for (const def of ROLLUPS) {
    const measures = measuresOf(def);
    let count = 0;
    let rows = 0;
    const note = (d: RollupDifference) => {
      count++;
      if (differences.length < maxListed) differences.push(d);
    };
    for (const period of months) {
      // The registration date's range lets either row store read the month through an index.
      const declarations = `(select * from declarations where registered_at >= '${monthStart(period)}' and registered_at < '${monthStart(nextPeriod(period))}' and period = ${period})`;
      const recompute = recomputeSql(def, { ...RAW, declarations });
      const expected = keyed(def, (await store.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(recompute, []))).rows);
      const stored = keyed(def, await analytics.query(`select ${def.keys.join(', ')}, ${measures.map((m) => `sum(${m}) as ${m}`).join(', ')} from ${def.table} where period = ? group by all`, [period]));
      for (const [k, want] of expected) {
        const have = stored.get(k);
        if (!have) {
          note({ table: def.table, kind: 'missing', key: keyOf(def, want) });
          continue;
        }
        const diff: Record<string, [number, number]> = {};
        for (const m of def.exact) if (Number(want[m]) !== Number(have[m])) diff[m] = [Number(want[m]), Number(have[m])];
        for (const m of def.approx) if (!approxEqual(Number(want[m]), Number(have[m]))) diff[m] = [Number(want[m]), Number(have[m])];
        if (Object.keys(diff).length) note({ table: def.table, kind: 'different', key: keyOf(def, want), measures: diff });
      }
      for (const [k, have] of stored) {
        // A row of zeros is what a fully retracted key leaves; only non-zero extras count.
        if (!expected.has(k) && def.exact.some((m) => Number(have[m]) !== 0)) note({ table: def.table, kind: 'extra', key: keyOf(def, have) });
      }
      rows += stored.size;
      opts.progress?.(++done, ROLLUPS.length * months.length);
    }
    tables.push({ table: def.table, rows, differences: count });
  }
  return { ok: tables.every((t) => t.differences === 0), tables, differences };
}

export async function verifyAnalytics(db: Kysely<DB>, analytics: AnalyticStore): Promise<AnalyticCheck[]> {
  await analytics.catchUp();
  const out: AnalyticCheck[] = [];
  const counts = ['records', 'value_usd_cents'];
  const rowCounts = await sql<Record<string, unknown>>`select flow, period, count(*) as records, sum(value_usd_cents) as value_usd_cents
    from declarations group by flow, period`.execute(db);
  const engineCounts = await analytics.query('select flow, period, count(*) as records, sum(value_usd_cents) as value_usd_cents from declarations group by flow, period');
  out.push(compare('declarations (row store → analytic store)', ['flow', 'period'], counts, rowCounts.rows, engineCounts));
  for (const p of PRE_AGGREGATIONS) out.push(await verifyPreAggregation(analytics, p));
  for (const c of SORTED_COPIES) out.push(await verifySorted(analytics, c));
  out.push(await verifyLinesByCode(analytics));
  out.push(await verifyShipments(db, analytics));
  return out;
}

/**
 * A pre-aggregation against the same sums of the analytic store's records, key by key, compared
 * inside the engine (millions of keys at volume: compared in this process, the 1M store's took
 * 5 GB). A key may hold a row per batch until its month is compacted, so both sides are grouped
 * first. Floating sums may differ in the last bits, being added in another order; a key whose
 * measures are all zero is the same as a missing key.
 */
async function verifyPreAggregation(analytics: AnalyticStore, p: PreAggregation): Promise<AnalyticCheck> {
  const grouped = (from: string) => `select ${p.keys.join(', ')}, ${p.measures.map((m) => `${combineOf(p, m)}(${m}) as ${m}`).join(', ')} from ${from} x group by all`;
  const differs = p.measures
    .map((m) => `abs(coalesce(w.${m}, 0) - coalesce(h.${m}, 0)) > ${REL_TOLERANCE} * greatest(1, abs(coalesce(w.${m}, 0)), abs(coalesce(h.${m}, 0)))`)
    .join(' or ');
  const shown = p.measures[0]!;
  const rows = await analytics.query(`with w as (${grouped(`(${p.select(RAW)})`)}), h as (${grouped(p.table)})
    select ${p.keys.map((k) => `coalesce(w.${k}, h.${k}) as ${k}`).join(', ')}, w.${shown} as want, h.${shown} as have, count(*) over () as differences
    from w full join h on ${p.keys.map((k) => `w.${k} is not distinct from h.${k}`).join(' and ')} where ${differs} limit 5`);
  const [n] = await analytics.query(`select count(*) as n from ${p.table}`);
  return {
    table: p.table,
    rows: Number(n?.n ?? 0),
    differences: rows.length ? Number(rows[0]!.differences) : 0,
    examples: rows.map((r) => `${p.table} ${p.keys.map((k) => r[k]).join('|')}: ${shown} expected ${r.want ?? null}, found ${r.have ?? null}`),
  };
}

/** The lines sorted by code against the lines and their declarations: lines, declarations and value by flow, month, country and code. */
async function verifyLinesByCode(analytics: AnalyticStore): Promise<AnalyticCheck> {
  const keys = ['flow', 'period', 'partner_country', 'gtip'];
  const sums = (from: string) => `select ${keys.join(', ')}, count(*) as lines, count(distinct declaration_id) as records, sum(value_usd_cents) as value_usd_cents
    from ${from} x group by all`;
  const raw = `(select i.gtip, i.declaration_id, d.flow, d.period, d.partner_country, i.value_usd_cents from declaration_items i join declarations d on d.id = i.declaration_id)`;
  const rows = await analytics.query(`with w as (${sums(raw)}), h as (${sums(LINES_BY_CODE)})
    select ${keys.map((k) => `coalesce(w.${k}, h.${k}) as ${k}`).join(', ')}, w.lines as want, h.lines as have, count(*) over () as differences
    from w full join h using (${keys.join(', ')})
    where coalesce(w.lines, 0) <> coalesce(h.lines, 0) or coalesce(w.records, 0) <> coalesce(h.records, 0) or coalesce(w.value_usd_cents, 0) <> coalesce(h.value_usd_cents, 0)
    limit 5`);
  const [n] = await analytics.query(`select count(*) as n from ${LINES_BY_CODE}`);
  return {
    table: LINES_BY_CODE,
    rows: Number(n?.n ?? 0),
    differences: rows.length ? Number(rows[0]!.differences) : 0,
    examples: rows.map((r) => `${LINES_BY_CODE} ${keys.map((k) => r[k]).join('|')}: lines expected ${r.want ?? null}, found ${r.have ?? null}`),
  };
}

/** The tracked shipments' copy against the row store: shipments and arrivals by route, mode and carrier. */
async function verifyShipments(db: Kysely<DB>, analytics: AnalyticStore): Promise<AnalyticCheck> {
  const keys = ['origin_port', 'destination_port', 'transport_mode', 'carrier'];
  const want = await sql<Record<string, unknown>>`select origin_port, destination_port, transport_mode, coalesce(carrier, '') as carrier,
    count(*) as shipments, count(actual_arrival) as arrived from shipments group by origin_port, destination_port, transport_mode, coalesce(carrier, '')`.execute(db);
  const have = await analytics.queryShipments(`select origin_port, destination_port, transport_mode, coalesce(carrier, '') as carrier,
    count(*) as shipments, count(arrival) as arrived from shipments group by all`);
  return compare('shipments (row store → analytic store)', keys, ['shipments', 'arrived'], want.rows, have);
}

/**
 * A sorted copy against the rollup it is derived from, by the columns it is checked by (side,
 * company or product, flow, month), compared inside the engine (millions of groups at volume).
 */
async function verifySorted(analytics: AnalyticStore, c: SortedCopy): Promise<AnalyticCheck> {
  const keys = c.checkedBy;
  const measures = c.source.exact;
  // Days are the least or greatest of their rows: so are they per key, however many rows it has.
  const sums = (from: string) => `select ${keys.join(', ')}, ${measures.map((m) => `${c.source.combine(m)}(${m}) as ${m}`).join(', ')} from ${from} x group by all`;
  const differs = measures.map((m) => `coalesce(w.${m}, 0) <> coalesce(h.${m}, 0)`).join(' or ');
  const rows = await analytics.query(`with w as (${sums(`(${c.select(c.source.table)})`)}), h as (${sums(c.table)})
    select ${keys.map((k) => `coalesce(w.${k}, h.${k}) as ${k}`).join(', ')}, w.value_usd_cents as want, h.value_usd_cents as have,
      count(*) over () as differences
    from w full join h on ${keys.map((k) => `w.${k} is not distinct from h.${k}`).join(' and ')} where ${differs} limit 5`);
  const [n] = await analytics.query(`select count(*) as n from ${c.table}`);
  return {
    table: c.table,
    rows: Number(n?.n ?? 0),
    differences: rows.length ? Number(rows[0]!.differences) : 0,
    examples: rows.map((r) => `${c.table} ${keys.map((k) => r[k]).join('|')}: value expected ${r.want ?? null}, found ${r.have ?? null}`),
  };
}
