// Partner and product rankings: the window's top groups by value with their share of the filtered
// total, and the same groups' values in the previous period of the same length and a year earlier.
import { Type } from 'typebox';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticRows } from '../../analytics/query.js';
import { aggregate, companiesMatching, groupedSql } from '../shared/aggregate.js';
import { periodOf, type Filters } from '../shared/filters.js';
import { change } from '../../domain/stats/index.js';
import { isMonthAligned, monthIndex, previousWindow, yearAgoWindow, type Window } from './periods.js';
import { ratio, withWindow } from './params.js';

export type RankDim = 'country' | 'hs';

export const TopParam = Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 20, description: 'How many groups (default 20)' }));

const NumOrNull = Type.Union([Type.Number(), Type.Null()]);
export const RankingFields = {
  rank: Type.Integer(),
  value_usd: Type.Number(),
  share: NumOrNull,
  net_weight_kg: Type.Number(),
  records: Type.Integer(),
  previous_value_usd: Type.Number(),
  growth_vs_previous: NumOrNull,
  year_ago_value_usd: Type.Number(),
  growth_yoy: NumOrNull,
};

export interface RankedRow {
  key: string;
  rank: number;
  value_usd: number;
  share: number | null;
  net_weight_kg: number;
  records: number;
  previous_value_usd: number;
  growth_vs_previous: number | null;
  year_ago_value_usd: number;
  growth_yoy: number | null;
}

export interface Ranking {
  rows: RankedRow[];
  totals: { value_usd: number; previous_value_usd: number; year_ago_value_usd: number; growth_vs_previous: number | null; growth_yoy: number | null };
}

const keyOf = (dim: RankDim, r: Record<string, unknown>) => String(dim === 'hs' ? r.hs_code : r.country);

/** Every key's value in a comparison window, and the window's total value. */
interface Compared {
  values: Map<string, number>;
  total: number;
}

export async function rank(db: Kysely<DB>, f: Filters, w: Window, dim: RankDim, top: number, hsLevel = 6): Promise<Ranking> {
  // Only the total value is shown, which the groups' values sum to: no totals query of weights or
  // declarations.
  const current = aggregate(db, { groupBy: [dim], hsLevel, filters: withWindow(f, w), metrics: ['value_usd', 'net_weight_kg', 'records'], top, totalsFromRows: true });
  const [cur, [prevBy, agoBy]] = await Promise.all([current, comparisons(db, f, dim, hsLevel, previousWindow(w), yearAgoWindow(w))]);
  const rows = cur.rows.map((r, i): RankedRow => {
    const key = keyOf(dim, r);
    const value = Number(r.value_usd);
    const p = prevBy.values.get(key) ?? 0;
    const a = agoBy.values.get(key) ?? 0;
    return {
      key,
      rank: i + 1,
      value_usd: value,
      share: r.share === null || r.share === undefined ? null : Number(r.share),
      net_weight_kg: Number(r.net_weight_kg ?? 0),
      records: Number(r.records ?? 0),
      previous_value_usd: p,
      growth_vs_previous: ratio(change(value, p)),
      year_ago_value_usd: a,
      growth_yoy: ratio(change(value, a)),
    };
  });
  const total = Number(cur.totals.value_usd ?? 0);
  const prevSum = prevBy.total;
  const agoSum = agoBy.total;
  return {
    rows,
    totals: { value_usd: total, previous_value_usd: prevSum, year_ago_value_usd: agoSum, growth_vs_previous: ratio(change(total, prevSum)), growth_yoy: ratio(change(total, agoSum)) },
  };
}

/**
 * The previous and year-ago windows' values. Each window alone is one query: every key's value
 * (countries or codes split the records, so their sum is the window's total), of which the ranked
 * keys are looked up. Whole months that overlap or touch (a window of six months or more) are one
 * read of the months from the first to the last, grouped by key and month, each month's value
 * credited to the windows holding it: the months they share are read once (a window of twelve
 * months is its own year-ago window).
 */
async function comparisons(db: Kysely<DB>, f: Filters, dim: RankDim, hsLevel: number, a: Window, b: Window): Promise<[Compared, Compared]> {
  const [first, last] = a.from <= b.from ? [a, b] : [b, a];
  const joined = isMonthAligned(a) && isMonthAligned(b) && monthIndex(last.from) <= monthIndex(first.to) + 1;
  if (!joined) {
    const alone = async (cw: Window): Promise<Compared> => {
      const res = await aggregate(db, { groupBy: [dim], hsLevel, metrics: ['value_usd'], filters: withWindow(f, cw), maxRows: 1_000_000, totalsFromRows: true });
      return { values: new Map(res.rows.map((r) => [keyOf(dim, r), Number(r.value_usd)])), total: Number(res.totals.value_usd ?? 0) };
    };
    return Promise.all([alone(a), alone(b)]);
  }
  const span: Window = { from: first.from, to: a.to > b.to ? a.to : b.to };
  const qIds = f.q ? await companiesMatching(db, f.q) : null;
  const months = groupedSql({ groupBy: [dim, 'period'], hsLevel, metrics: ['value_usd'], filters: withWindow(f, span) }, qIds);
  const within = (cw: Window) => sql`case when g1 >= ${periodOf(cw.from)} and g1 <= ${periodOf(cw.to)} then value_cents else 0 end`;
  const rows = await analyticRows(db, sql`select g0, sum(${within(a)}) as a, sum(${within(b)}) as b from (${months}) months group by g0`.compile(db));
  const of = (column: 'a' | 'b'): Compared => {
    const values = new Map<string, number>();
    let cents = 0;
    for (const r of rows) {
      const c = Number(r[column] ?? 0);
      cents += c;
      if (c !== 0) values.set(String(r.g0), c / 100);
    }
    return { values, total: cents / 100 };
  };
  return [of('a'), of('b')];
}
