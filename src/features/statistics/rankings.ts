// Partner and product rankings: the window's top groups by value with their share of the filtered
// total, and the same groups' values in the previous period of the same length and a year earlier.
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { aggregate, type AggregateResult, type AggregateSpec } from '../shared/aggregate.js';
import { formsOneSpan, rankedWithWindows } from '../shared/windowed.js';
import type { Filters } from '../shared/filters.js';
import { change } from '../../domain/stats/index.js';
import { previousWindow, yearAgoWindow, type Window } from './periods.js';
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
  const spec: AggregateSpec = { groupBy: [dim], hsLevel, filters: withWindow(f, w), metrics: ['value_usd', 'net_weight_kg', 'records'], top, totalsFromRows: true };
  const [cur, prevBy, agoBy] = await ranked(db, spec, f, dim, hsLevel, w);
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
 * The ranking and its previous and year-ago windows' values. Whole months read the window and the
 * previous period (always adjacent) in one query, with the year-ago window too when it touches
 * them (a window of six months or more; shorter, its span would add months of none of the three).
 */
async function ranked(db: Kysely<DB>, spec: AggregateSpec, f: Filters, dim: RankDim, hsLevel: number, w: Window): Promise<[AggregateResult, Compared, Compared]> {
  const prev = previousWindow(w);
  const ago = yearAgoWindow(w);
  if (formsOneSpan([w, prev, ago])) {
    const r = await rankedWithWindows(db, spec, [prev, ago]);
    if (r) return [r.current, r.others[0]!, r.others[1]!];
  } else if (formsOneSpan([w, prev])) {
    const [r, agoBy] = await Promise.all([rankedWithWindows(db, spec, [prev]), alone(db, f, dim, hsLevel, ago)]);
    if (r) return [r.current, r.others[0]!, agoBy];
  }
  // Days inside months: each window alone (the aggregate splits it into months and days). Never
  // for these specs otherwise (one key, value totals).
  return Promise.all([aggregate(db, spec), alone(db, f, dim, hsLevel, prev), alone(db, f, dim, hsLevel, ago)]);
}

/** Every key's value in one window, and its total: countries or codes split the records, so their values sum to it. */
async function alone(db: Kysely<DB>, f: Filters, dim: RankDim, hsLevel: number, cw: Window): Promise<Compared> {
  const res = await aggregate(db, { groupBy: [dim], hsLevel, metrics: ['value_usd'], filters: withWindow(f, cw), maxRows: 1_000_000, totalsFromRows: true });
  return { values: new Map(res.rows.map((r) => [keyOf(dim, r), Number(r.value_usd)])), total: Number(res.totals.value_usd ?? 0) };
}
