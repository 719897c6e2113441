import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { aggregate, type AggRow } from '../shared/aggregate.js';
import { FilterParams, parseFilters } from '../shared/filters.js';
import { concentration } from '../../domain/stats/index.js';
import { periodsOf } from './periods.js';
import { asDownload, FlowParam, FreqParam, HsLevelParam, ratio, resolveWindow, round2, statsMeta, withWindow } from './params.js';

const BY = ['country', 'product'] as const;
type By = (typeof BY)[number];
const TOP_N = [1, 3, 5, 10] as const;
const COLUMNS = ['period', 'hhi', 'level', 'equivalent_number', 'top1_share', 'top3_share', 'top5_share', 'top10_share', 'count', 'value_usd'];
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

/** One concentration row from group values; an empty or all-zero period has null measures. */
export function concentrationRow(period: string | null, values: number[]) {
  const c = concentration(values, [...TOP_N]);
  const top = (n: number) => ratio(c?.top_shares.find((t) => t.n === n)?.share ?? null);
  return {
    period,
    hhi: c ? round2(c.hhi_points) : null,
    level: c?.level ?? null,
    equivalent_number: c ? round2(c.equivalent_number) : null,
    top1_share: top(1),
    top3_share: top(3),
    top5_share: top(5),
    top10_share: top(10),
    count: c?.count ?? 0,
    value_usd: round2(values.reduce((s, v) => s + v, 0)),
  };
}

export const getConcentration = defineOperation({
  method: 'GET',
  url: '/v1/statistics/concentration',
  operationId: 'getConcentration',
  tag: 'Trade Statistics',
  summary: 'Herfindahl–Hirschman index and top-N share of markets or products',
  description:
    'Concentration of the slice across partner countries (`by=country`, default) or products (`by=product`, at `hs_level` digits, ' +
    'default 6). `hhi` is on the 0–10,000 scale (sum of squared percentage shares); `level` uses the 2010 US merger-guideline bands ' +
    '(below 1,500 unconcentrated, 1,500–2,500 moderate, above 2,500 high); `equivalent_number` is 10,000 / hhi, the number of equal-sized ' +
    'markets giving the same index. The first row (`period` null) covers the whole window (default: the last 12 months with data); with ' +
    '`freq`, one row per period follows.',
  scope: 'trade:read',
  querystring: Type.Object(
    {
      ...FilterParams,
      flow: FlowParam,
      by: Type.Optional(Type.Unsafe<By>({ type: 'string', enum: [...BY], description: 'country (markets, default) or product' })),
      hs_level: HsLevelParam,
      freq: FreqParam,
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    period: Type.Union([Type.String(), Type.Null()]),
    hhi: NumOrNull,
    level: Type.Union([Type.Unsafe<'unconcentrated' | 'moderate' | 'high'>({ type: 'string', enum: ['unconcentrated', 'moderate', 'high'] }), Type.Null()]),
    equivalent_number: NumOrNull,
    top1_share: NumOrNull,
    top3_share: NumOrNull,
    top5_share: NumOrNull,
    top10_share: NumOrNull,
    count: Type.Integer(),
    value_usd: Type.Number(),
  }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const by: By = query.by ?? 'country';
    const dim = by === 'country' ? 'country' : 'hs';
    const hsLevel = query.hs_level ?? 6;
    const base = parseFilters(query, query.flow ?? null);
    const w = await resolveWindow(db, base, 12);
    const f = withWindow(base, w);
    const spec = { filters: f, metrics: ['value_usd' as const], hsLevel, maxRows: 5_000_000 };
    const overall = await aggregate(db, { ...spec, groupBy: [dim] });
    const data = [concentrationRow(null, overall.rows.map((r) => Number(r.value_usd)))];
    if (query.freq) {
      const per = await aggregate(db, { ...spec, groupBy: ['period', dim], freq: query.freq });
      const byPeriod = new Map<string, AggRow[]>();
      for (const r of per.rows) {
        const list = byPeriod.get(String(r.period));
        if (list) list.push(r);
        else byPeriod.set(String(r.period), [r]);
      }
      for (const p of periodsOf(w, query.freq)) data.push(concentrationRow(p, (byPeriod.get(p) ?? []).map((r) => Number(r.value_usd))));
    }
    if (wantsDownload(req)) return asDownload(data, COLUMNS, 'concentration');
    return { data, meta: await statsMeta(db, f, { by, ...(by === 'product' ? { hs_level: hsLevel } : {}), ...(query.freq ? { freq: query.freq } : {}) }) };
  },
});
