// Partner and product rankings: the window's top groups by value with their share of the filtered
// total, and the same groups' values in the previous period of the same length and a year earlier.
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { aggregate } from '../shared/aggregate.js';
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

export async function rank(db: Kysely<DB>, f: Filters, w: Window, dim: RankDim, top: number, hsLevel = 6): Promise<Ranking> {
  const spec = { groupBy: [dim], hsLevel, metrics: ['value_usd' as const] };
  // Only the total value is shown, which the groups' values sum to: no totals query of weights or
  // declarations.
  const current = aggregate(db, { ...spec, filters: withWindow(f, w), metrics: ['value_usd', 'net_weight_kg', 'records'], top, totalsFromRows: true });
  // Each comparison window is one query: every key's value (countries or codes split the records,
  // so their sum is the window's total), of which the ranked keys are looked up. A window of twelve
  // months is its own year-ago window too (the default window), read once.
  const compare = (cw: Window) => aggregate(db, { ...spec, filters: withWindow(f, cw), maxRows: 1_000_000, totalsFromRows: true });
  const pw = previousWindow(w);
  const aw = yearAgoWindow(w);
  const previous = compare(pw);
  const [cur, prev, ago] = await Promise.all([current, previous, pw.from === aw.from && pw.to === aw.to ? previous : compare(aw)]);
  const lookup = (res: typeof prev) => new Map(res.rows.map((r) => [keyOf(dim, r), Number(r.value_usd)]));
  const prevBy = lookup(prev);
  const agoBy = lookup(ago);
  const rows = cur.rows.map((r, i): RankedRow => {
    const key = keyOf(dim, r);
    const value = Number(r.value_usd);
    const p = prevBy.get(key) ?? 0;
    const a = agoBy.get(key) ?? 0;
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
  const prevSum = Number(prev.totals.value_usd ?? 0);
  const agoSum = Number(ago.totals.value_usd ?? 0);
  return {
    rows,
    totals: { value_usd: total, previous_value_usd: prevSum, year_ago_value_usd: agoSum, growth_vs_previous: ratio(change(total, prevSum)), growth_yoy: ratio(change(total, agoSum)) },
  };
}
