// Checks the analytic store against the raw records: every batch committed in the row store is
// applied, its declarations and values per flow and month equal the row store's, and every
// pre-aggregation equals the same sums recomputed from the analytic store's raw copy.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { ROLLUPS, measuresOf, recomputeSql } from '../ingest/rollups.js';
import type { AnalyticStore } from './store.js';
import { PRE_AGGREGATIONS } from './schema.js';

export interface AnalyticCheck {
  table: string;
  rows: number;
  differences: number;
  /** A few of the differing keys, for the report. */
  examples: string[];
}

const REL_TOLERANCE = 1e-9;
const RAW = { declarations: 'declarations', items: 'declaration_items' };

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

export async function verifyAnalytics(db: Kysely<DB>, analytics: AnalyticStore): Promise<AnalyticCheck[]> {
  await analytics.catchUp();
  const out: AnalyticCheck[] = [];
  const counts = ['records', 'value_usd_cents'];
  const rowCounts = await sql<Record<string, unknown>>`select flow, period, count(*) as records, sum(value_usd_cents) as value_usd_cents
    from declarations group by flow, period`.execute(db);
  const engineCounts = await analytics.query('select flow, period, count(*) as records, sum(value_usd_cents) as value_usd_cents from declarations group by flow, period');
  out.push(compare('declarations (row store → analytic store)', ['flow', 'period'], counts, rowCounts.rows, engineCounts));
  const sums = (t: string, keys: readonly string[], measures: readonly string[]) =>
    `select ${keys.join(', ')}, ${measures.map((m) => `sum(${m}) as ${m}`).join(', ')} from ${t} as x group by ${keys.join(', ')}`;
  for (const def of ROLLUPS) {
    const measures = measuresOf(def);
    const [want, have] = await Promise.all([analytics.query(recomputeSql(def, RAW)), analytics.query(sums(def.table, def.keys, measures))]);
    out.push(compare(def.table, def.keys, measures, want, have));
  }
  for (const p of PRE_AGGREGATIONS) {
    const [want, have] = await Promise.all([analytics.query(sums(`(${p.select(RAW)})`, p.keys, p.measures)), analytics.query(sums(p.table, p.keys, p.measures))]);
    out.push(compare(p.table, p.keys, p.measures, want, have));
  }
  return out;
}
