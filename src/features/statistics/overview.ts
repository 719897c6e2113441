import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation } from '../../http/operation.js';
import { aggregate } from '../shared/aggregate.js';
import { FilterParams, parseFilters, type Filters } from '../shared/filters.js';
import { change, share } from '../../domain/stats/index.js';
import { previousWindow, yearAgoWindow, type Window } from './periods.js';
import { ratio, resolveWindow, round2, statsMeta, withWindow } from './params.js';

const Num = Type.Number();
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

const Figures = Type.Object({
  from: Type.String(),
  to: Type.String(),
  exports_usd: Num,
  imports_usd: Num,
  balance_usd: Num,
  trade_volume_usd: Num,
  coverage_ratio: Type.Union([Type.Number(), Type.Null()], { description: 'exports / imports; null when there were no imports' }),
  export_records: Type.Integer(),
  import_records: Type.Integer(),
});

const Change = Type.Object({
  exports: NumOrNull,
  imports: NumOrNull,
  balance: NumOrNull,
  trade_volume: NumOrNull,
  coverage_ratio_points: Type.Union([Type.Number(), Type.Null()], { description: 'difference of the coverage ratios (0.05 = five points)' }),
});

export interface OverviewFigures {
  from: string;
  to: string;
  exports_usd: number;
  imports_usd: number;
  balance_usd: number;
  trade_volume_usd: number;
  coverage_ratio: number | null;
  export_records: number;
  import_records: number;
}

export async function figures(db: Kysely<DB>, f: Filters, w: Window): Promise<OverviewFigures> {
  const res = await aggregate(db, { filters: withWindow({ ...f, flow: null }, w), groupBy: ['flow'], metrics: ['value_usd', 'records'] });
  const of = (flow: string) => res.rows.find((r) => r.flow === flow);
  const exp = Number(of('export')?.value_usd ?? 0);
  const imp = Number(of('import')?.value_usd ?? 0);
  return {
    ...w,
    exports_usd: exp,
    imports_usd: imp,
    balance_usd: round2(exp - imp),
    trade_volume_usd: round2(exp + imp),
    coverage_ratio: ratio(share(exp, imp)),
    export_records: Number(of('export')?.records ?? 0),
    import_records: Number(of('import')?.records ?? 0),
  };
}

function changes(now: OverviewFigures, then: OverviewFigures) {
  return {
    exports: ratio(change(now.exports_usd, then.exports_usd)),
    imports: ratio(change(now.imports_usd, then.imports_usd)),
    balance: ratio(change(now.balance_usd, then.balance_usd)),
    trade_volume: ratio(change(now.trade_volume_usd, then.trade_volume_usd)),
    coverage_ratio_points: now.coverage_ratio !== null && then.coverage_ratio !== null ? ratio(now.coverage_ratio - then.coverage_ratio) : null,
  };
}

export const getStatisticsOverview = defineOperation({
  method: 'GET',
  url: '/v1/statistics/overview',
  operationId: 'getStatisticsOverview',
  tag: 'Trade Statistics',
  summary: 'Exports, imports, balance and coverage ratio for a period, with their change',
  description:
    'Both flows over the window `from`–`to` (default: the last 12 months with data), with the same figures for the previous period of ' +
    'the same length and for the same period a year earlier, and the relative change against each (fractions: 0.25 = +25 %; ' +
    'null when the base is zero). The change of the balance is relative to the absolute base balance, so its sign says up or down. ' +
    'Whole months shift by months; other windows by days.',
  scope: 'trade:read',
  querystring: Type.Object({ ...FilterParams }, { additionalProperties: false }),
  data: Type.Object({
    ...Figures.properties,
    previous_period: Figures,
    year_ago: Figures,
    change_vs_previous: Change,
    change_vs_year_ago: Change,
  }),
  async handle({ query }, { deps }) {
    const db = deps.store.db;
    const f = parseFilters(query);
    const w = await resolveWindow(db, f, 12);
    const [now, prev, ago] = await Promise.all([figures(db, f, w), figures(db, f, previousWindow(w)), figures(db, f, yearAgoWindow(w))]);
    const row = { ...now, previous_period: prev, year_ago: ago, change_vs_previous: changes(now, prev), change_vs_year_ago: changes(now, ago) };
    return { data: [row], meta: await statsMeta(db, withWindow(f, w)) };
  },
});
