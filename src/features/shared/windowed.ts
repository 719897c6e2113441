// A ranking and its comparison windows in one read. A ranking of a window with the previous period
// of the same length (and a year earlier) read each window apart: two or three queries over the
// same source, the earlier ones waiting for nothing but each parsed, planned and scanned alone.
// When the windows are whole months that together form one unbroken span, one query reads that
// span once, grouped by the ranked key, and sums each window's measures under a condition on the
// month: the rows each window adds up are those it read alone (see `within` in `pieces`).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticRows, inlineIds } from '../../analytics/query.js';
import { LINES_BY_CODE } from '../../analytics/schema.js';
import {
  companiesMatching, finish, orderExpr, pieces, planAggregate, rowLimit, rowTotals, totalsLeft, valueFromRows, type AggregateResult, type AggregateSpec,
} from './aggregate.js';
import { monthAligned, periodOf } from './filters.js';

export interface MonthWindow {
  /** Inclusive day bounds on month boundaries (YYYY-MM-01 … last day). */
  from: string;
  to: string;
}

/** Each key's value in a comparison window (keys with none left out) and the window's total, USD. */
export interface WindowValues {
  values: Map<string, number>;
  /** The value of each group of the ranked answer, in its order. */
  shown: number[];
  total: number;
}

const monthNo = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * Whether the windows are whole months whose union has no gap: the span from the first to the
 * last then holds each window's rows and no month of none of them.
 */
export function formsOneSpan(windows: readonly MonthWindow[]): boolean {
  if (!windows.every((w) => monthAligned(w))) return false;
  const sorted = [...windows].sort((a, b) => monthNo(a.from) - monthNo(b.from));
  let end = monthNo(sorted[0]!.to);
  for (const w of sorted.slice(1)) {
    if (monthNo(w.from) > end + 1) return false;
    end = Math.max(end, monthNo(w.to));
  }
  return true;
}

/** The first day and the last of `windows` together (the span `formsOneSpan` speaks of). */
export function spanOf(windows: readonly MonthWindow[]): MonthWindow {
  return { from: windows.map((w) => w.from).reduce((a, b) => (b < a ? b : a)), to: windows.map((w) => w.to).reduce((a, b) => (b > a ? b : a)) };
}

/**
 * `spec` grouped over its own window (its filters' from and to; one dimension; the answer
 * `aggregate` gives for it when its rows carry every total, see `rowTotals`), and the value of
 * each of its groups in each of `others`, with those windows' totals of value, from one query.
 * The caller checks `formsOneSpan`; null when the spec is not one this answers (`answersAlone`),
 * which `aggregate` then answers alone.
 */
export async function rankedWithWindows(db: Kysely<DB>, spec: AggregateSpec, others: readonly MonthWindow[]): Promise<{ current: AggregateResult; others: WindowValues[] } | null> {
  const f = spec.filters;
  if (!f.from || !f.to) return null;
  const all = [{ from: f.from!, to: f.to! }, ...others];
  const span = spanOf(all);
  const spanSpec: AggregateSpec = { ...spec, filters: { ...f, ...span } };
  const qIds = f.q ? await companiesMatching(db, f.q) : null;
  const plan = planAggregate(spanSpec, f.companyId === null && qIds !== null && !inlineIds(qIds.ids));
  const months = (w: MonthWindow) => ({ from: periodOf(w.from), to: periodOf(w.to) });
  const cur = pieces(spanSpec, plan, qIds, months(all[0]!));
  if (!answersAlone(spec, cur.sums)) return null;
  const valueIn = (w: MonthWindow) => pieces({ ...spanSpec, metrics: ['value_usd'] }, plan, qIds, months(w)).sums.get('value_cents')!;
  const period = cur.dimExpr('period');
  const m = months(all[0]!);
  const totalNames = rowTotals(spec, 1, cur.sums);
  const select: RawBuilder<unknown>[] = [
    sql`${cur.dimExpr(spec.groupBy[0]!)} as g0`,
    ...cur.measures,
    // Rows of the ranked window: a key with none is not one of its groups.
    sql`count(case when ${period} between ${m.from} and ${m.to} then 1 end) as _rows`,
    ...totalNames.map((name) => sql`${cur.sums.get(name)!} as ${sql.id(`_s_${name}`)}`),
    ...others.map((w, i) => sql`${valueIn(w)} as ${sql.id(`_w${i}`)}`),
  ];
  let grouped = sql`select ${sql.join(select)} from ${cur.from}`;
  if (cur.where.length) grouped = sql`${grouped} where ${sql.join(cur.where, sql` and `)}`;
  grouped = sql`${grouped} group by ${cur.dimExpr(spec.groupBy[0]!)}`;
  // The windows see every key (the comparison totals cover keys not ranked now, whose own
  // columns are null); the ranked window's keys come first in the order, as `aggregate` ranks them.
  const totals = [
    sql`count(case when _rows > 0 then 1 end) over () as _groups`,
    ...totalNames.map((name) => sql`sum(${sql.id(`_s_${name}`)}) over () as ${sql.id(`_t_${name}`)}`),
    ...others.map((_, i) => sql`sum(${sql.id(`_w${i}`)}) over () as ${sql.id(`_total${i}`)}`),
  ];
  const query = sql`select *, ${sql.join(totals)} from (${grouped}) keys order by (_rows = 0), ${orderExpr(spec)} limit ${sql.lit(rowLimit(spec))}`;
  const rows = await analyticRows(db, query.compile(db));
  // Named as `aggregate` names it (an answer's meta shows it).
  const source = plan.source?.table ?? (plan.lines ? LINES_BY_CODE : plan.linesJoined ? `${LINES_BY_CODE} join declarations` : 'declarations');
  const shown = rows.filter((r) => Number(r._rows) > 0);
  const current = finish(spec, shown, {}, source);
  const first = rows[0];
  const windows = others.map((_, i): WindowValues => {
    const values = new Map<string, number>();
    for (const r of rows) {
      const c = Number(r[`_w${i}`] ?? 0);
      if (c !== 0) values.set(String(r.g0), c / 100);
    }
    const shownValues = current.rows.map((_, j) => Number(shown[j]![`_w${i}`] ?? 0) / 100);
    return { values, shown: shownValues, total: Number(first?.[`_total${i}`] ?? 0) / 100 };
  });
  return { current, others: windows };
}

/**
 * Whether one read answers a spec as `aggregate` would: one dimension over whole months, every
 * total of its metrics carried by its grouped rows on its plan (no totals query: traders, or
 * declarations counted per product from the records), no restriction to some groups.
 */
function answersAlone(spec: AggregateSpec, sums: ReadonlyMap<string, unknown>): boolean {
  const f = spec.filters;
  if (spec.groupBy.length !== 1 || spec.groupBy[0] === 'period' || !f.from || !f.to || !monthAligned(f)) return false;
  // A month's rows are told by the month column itself (`freq` shapes only a period grouping).
  if (spec.only || spec.partnerKnown || spec.all || spec.valueRows || spec.uncounted || (spec.freq && spec.freq !== 'month')) return false;
  if (spec.metrics.includes('companies') || spec.metrics.includes('partner_companies')) return false;
  return valueFromRows(spec) || totalsLeft(spec.metrics, rowTotals(spec, 1, sums as ReadonlyMap<string, RawBuilder<unknown>>)).length === 0;
}
