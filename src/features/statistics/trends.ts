import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { aggregate, type Freq } from '../shared/aggregate.js';
import { FilterParams, parseFilters, type Filters } from '../shared/filters.js';
import { detectAnomalies, rankMovers, type WindowTotals } from '../../domain/stats/index.js';
import { cyclePosition, PERIODS_PER_YEAR, previousWindow, yearAgoWindow, type Window } from './periods.js';
import { asDownload, countryName, FlowParam, HsLevelParam, hsDescription, loadSeries, ratio, resolveWindow, round2, seriesTooShort, statsMeta, withWindow } from './params.js';

const KINDS = ['movers', 'anomalies'] as const;
const BY = ['product', 'country'] as const;
const COMPARE = ['year_ago', 'previous'] as const;
type By = (typeof BY)[number];

/** Defaults of the minimum-size rule: small items swing by large percentages and would fill the lists. */
export const DEFAULT_MIN_VALUE_USD = 100_000;
export const DEFAULT_MIN_SHARE = 0.001;

const Mover = Type.Object({
  kind: Type.Unsafe<'rising' | 'falling'>({ type: 'string', enum: ['rising', 'falling'] }),
  rank: Type.Integer(),
  country: Type.Union([Type.String(), Type.Null()]),
  hs_code: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  base_value_usd: Type.Number(),
  current_value_usd: Type.Number(),
  absolute_change_usd: Type.Number(),
  relative_change: Type.Number(),
  share: Type.Number(),
});
const Anomaly = Type.Object({
  kind: Type.Literal('anomaly'),
  period: Type.String(),
  value_usd: Type.Number(),
  expected_usd: Type.Number(),
  lower_usd: Type.Number(),
  upper_usd: Type.Number(),
  score: Type.Number(),
  anomaly: Type.Boolean(),
  direction: Type.Union([Type.Unsafe<'high' | 'low'>({ type: 'string', enum: ['high', 'low'] }), Type.Null()]),
});

// min_value_usd is this operation's size floor; the declaration-value bounds do not apply here.
const { min_value_usd: _min, max_value_usd: _max, ...TrendFilterParams } = FilterParams;

const MOVER_COLUMNS = ['kind', 'rank', 'country', 'hs_code', 'name', 'base_value_usd', 'current_value_usd', 'absolute_change_usd', 'relative_change', 'share'];
const ANOMALY_COLUMNS = ['kind', 'period', 'value_usd', 'expected_usd', 'lower_usd', 'upper_usd', 'score', 'anomaly', 'direction'];

async function windowTotals(db: Kysely<DB>, f: Filters, by: By, hsLevel: number, current: Window, base: Window): Promise<WindowTotals[]> {
  const dim: 'country' | 'hs' = by === 'country' ? 'country' : 'hs';
  const spec = { groupBy: [dim], metrics: ['value_usd' as const], hsLevel, maxRows: 1_000_000 };
  const [cur, old] = await Promise.all([aggregate(db, { ...spec, filters: withWindow(f, current) }), aggregate(db, { ...spec, filters: withWindow(f, base) })]);
  const key = (r: Record<string, unknown>) => String(dim === 'hs' ? r.hs_code : r.country);
  const items = new Map<string, WindowTotals>();
  for (const r of cur.rows) items.set(key(r), { key: key(r), base: 0, current: Number(r.value_usd) });
  for (const r of old.rows) {
    const it = items.get(key(r)) ?? { key: key(r), base: 0, current: 0 };
    it.base = Number(r.value_usd);
    items.set(key(r), it);
  }
  return [...items.values()];
}

/** The anomalies of a series, or the clear 400 when it is too short (three cycles are needed). */
export function anomalyRows(periods: string[], values: number[], freq: Freq, threshold: number, w: Window, all: boolean) {
  // The series starts when the slice first traded: months before that are absence, not anomalies.
  const first = values.findIndex((v) => v !== 0);
  const start = first < 0 ? values.length : first;
  const kept = values.slice(start);
  const report = detectAnomalies(kept, { period: PERIODS_PER_YEAR[freq], start: start < periods.length ? cyclePosition(periods[start]!, freq) : 0, threshold });
  if (report.status !== 'ok') {
    throw seriesTooShort('anomaly detection', `the slice has ${kept.length} ${freq}s from its first trade to the end of the window (${report.reason})`, report.min_required, w, freq);
  }
  return report.points
    .filter((p) => all || p.anomaly)
    .map((p) => ({
      kind: 'anomaly' as const,
      period: periods[start + p.index]!,
      value_usd: p.value,
      expected_usd: round2(p.expected),
      lower_usd: round2(p.lower),
      upper_usd: round2(p.upper),
      score: Math.round(p.score * 1000) / 1000,
      anomaly: p.anomaly,
      direction: p.direction,
    }));
}

export const getTrends = defineOperation({
  method: 'GET',
  url: '/v1/statistics/trends',
  operationId: 'getStatisticsTrends',
  tag: 'Trade Statistics',
  summary: 'Fastest rising and falling products and markets; anomalies',
  description:
    '`kind=movers` (default): products (`by=product`, at `hs_level` digits, default 4) or partner countries (`by=country`) ranked by ' +
    'relative change (or absolute, `rank_by=absolute`) between the window (default: the last 12 months with data) and the same window a ' +
    'year earlier (`compare=year_ago`, default) or the period just before (`compare=previous`); `top` rising then `top` falling rows. ' +
    'Minimum-size rule: an item is ranked only when its base-window value is at least `min_value_usd` (default 100,000; here this is ' +
    'the size floor of an item, not the declaration-value filter) and its share of the total reaches `min_share` (default 0.001) in one ' +
    'of the windows. New items (zero base) are not ranked. ' +
    '`kind=anomalies`: periods of the slice (`freq` month or quarter; default window all data) far outside their expected range: ' +
    'expected = trend × seasonal index of a classical decomposition, lower/upper = expected scaled by the remainder median ± `threshold` ' +
    '(default 3.5) robust standard deviations, `score` the robust z-score. Only anomalous periods unless `all_periods=true`. Needs three ' +
    'full cycles from the first traded period; shorter series are a 400 naming `from` and `to`.',
  scope: 'trade:read',
  querystring: Type.Object(
    {
      ...TrendFilterParams,
      flow: FlowParam,
      kind: Type.Optional(Type.Unsafe<(typeof KINDS)[number]>({ type: 'string', enum: [...KINDS] })),
      by: Type.Optional(Type.Unsafe<By>({ type: 'string', enum: [...BY] })),
      hs_level: HsLevelParam,
      compare: Type.Optional(Type.Unsafe<(typeof COMPARE)[number]>({ type: 'string', enum: [...COMPARE] })),
      rank_by: Type.Optional(Type.Unsafe<'relative' | 'absolute'>({ type: 'string', enum: ['relative', 'absolute'] })),
      min_value_usd: Type.Optional(Type.Number({ minimum: 0, description: 'Size floor: least base-window value of a ranked item (default 100000)' })),
      min_share: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Least share of the total in either window (default 0.001)' })),
      top: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
      freq: Type.Optional(Type.Unsafe<'month' | 'quarter'>({ type: 'string', enum: ['month', 'quarter'], description: 'anomalies: month (default) or quarter' })),
      threshold: Type.Optional(Type.Number({ minimum: 1, maximum: 20, description: 'anomalies: robust z-score beyond which a period is anomalous (default 3.5)' })),
      all_periods: Type.Optional(Type.Boolean({ description: 'anomalies: every period with its expected range, not only the anomalous ones' })),
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: Type.Union([Mover, Anomaly]),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const kind = query.kind ?? 'movers';
    const { min_value_usd: minValue, ...filterQuery } = query;
    const base = parseFilters(filterQuery, query.flow ?? null);
    if (kind === 'anomalies') {
      const freq = query.freq ?? 'month';
      const threshold = query.threshold ?? 3.5;
      const w = await resolveWindow(db, base, 'all');
      const f = withWindow(base, w);
      const s = await loadSeries(db, f, freq);
      const data = anomalyRows(s.periods, s.values, freq, threshold, w, query.all_periods === true);
      if (wantsDownload(req)) return asDownload(data, ANOMALY_COLUMNS, 'anomalies');
      return { data, meta: await statsMeta(db, f, { kind, freq, threshold }) };
    }
    if (query.freq || query.threshold !== undefined || query.all_periods !== undefined) {
      throw badParam(query.freq ? 'freq' : query.threshold !== undefined ? 'threshold' : 'all_periods', 'applies to kind=anomalies only');
    }
    const by: By = query.by ?? 'product';
    const hsLevel = query.hs_level ?? 4;
    const compare = query.compare ?? 'year_ago';
    const w = await resolveWindow(db, base, 12);
    const baseWindow = compare === 'year_ago' ? yearAgoWindow(w) : previousWindow(w);
    const minBase = minValue ?? DEFAULT_MIN_VALUE_USD;
    const minShare = query.min_share ?? DEFAULT_MIN_SHARE;
    const items = await windowTotals(db, base, by, hsLevel, w, baseWindow);
    const result = rankMovers(items, { minBase, minShare, limit: query.top ?? 10, by: query.rank_by ?? 'relative' });
    const row = (dir: 'rising' | 'falling') => (m: (typeof result.rising)[number], i: number) => ({
      kind: dir,
      rank: i + 1,
      country: by === 'country' ? m.key : null,
      hs_code: by === 'product' ? m.key : null,
      name: by === 'country' ? countryName(m.key) : hsDescription(m.key),
      base_value_usd: round2(m.base),
      current_value_usd: round2(m.current),
      absolute_change_usd: round2(m.absolute_change),
      relative_change: ratio(m.relative_change) ?? 0,
      share: ratio(m.share) ?? 0,
    });
    const data = [...result.rising.map(row('rising')), ...result.falling.map(row('falling'))];
    if (wantsDownload(req)) return asDownload(data, MOVER_COLUMNS, 'movers');
    return {
      data,
      meta: {
        ...(await statsMeta(db, withWindow(base, w), { kind, by, ...(by === 'product' ? { hs_level: hsLevel } : {}), compare, min_value_usd: minBase, min_share: minShare })),
        base_window: baseWindow,
        considered: result.considered,
        excluded: result.excluded,
      },
    };
  },
});
