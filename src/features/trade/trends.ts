// GET /v1/trade/trends — a slice's series with the change from each period to the one before and
// to the same period a year earlier. The series is read from one year before `from`, so the first
// periods have their comparisons too, and periods without trade are present with zeros.
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { FilterParams, parseFilters, echoFilters } from '../shared/filters.js';
import { aggregate, type Metric } from '../shared/aggregate.js';
import { sourceMeta } from '../shared/source-meta.js';
import { FreqParam } from './cube-params.js';
import { FlowParam } from './params.js';
import { pct, round2 } from './enrich.js';
import { labelsBetween, shiftYears, yearBefore } from './periods.js';

const TREND_METRICS = ['value_usd', 'net_weight_kg', 'quantity', 'records'] as const;
type TrendMetric = (typeof TREND_METRICS)[number];

const Num = Type.Union([Type.Number(), Type.Null()]);
const TrendRow = Type.Object({
  period: Type.String({ description: 'YYYY-MM, YYYY-Qn or YYYY' }),
  value_usd: Type.Number(),
  net_weight_kg: Type.Number(),
  records: Type.Integer(),
  quantity: Type.Optional(Type.Number()),
  change: Type.Union([Type.Number(), Type.Null()], { description: '`metric` minus its value in the previous period' }),
  change_pct: Type.Union([Type.Number(), Type.Null()], { description: 'change in percent of the previous period (null when that was 0)' }),
  yoy_change: Num,
  yoy_change_pct: Type.Union([Type.Number(), Type.Null()], { description: 'Change against the same period a year earlier, percent' }),
});

export const tradeTrends = defineOperation({
  method: 'GET',
  url: '/v1/trade/trends',
  operationId: 'tradeTrends',
  tag: 'Trade Data',
  summary: 'Period-over-period change of a slice (any common filters)',
  description:
    'One row per period from `from` to `to` (default: the data\'s coverage), with value, weight and declarations, and for `metric` ' +
    '(value_usd by default; net_weight_kg, quantity or records) the change to the previous period and to the same period a year earlier.',
  scope: 'trade:read',
  download: true,
  querystring: Type.Object(
    {
      ...FilterParams,
      flow: FlowParam,
      freq: FreqParam,
      metric: Type.Optional(Type.Unsafe<TrendMetric>({ type: 'string', enum: [...TREND_METRICS], description: 'The metric whose change is reported (default value_usd)' })),
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: TrendRow,
  async handle({ query }, { deps, req }) {
    const filters = parseFilters(query, query.flow ?? null);
    const freq = query.freq ?? 'month';
    const metric: TrendMetric = query.metric ?? 'value_usd';
    const db = deps.store.db;
    const source = await sourceMeta(db);
    const first = filters.from ?? source.coverage.from?.slice(0, 10) ?? null;
    const last = filters.to ?? source.coverage.to?.slice(0, 10) ?? null;
    let rows: Record<string, number | string | null>[] = [];
    if (first && last && first <= last) {
      const metrics: Metric[] = ['value_usd', 'net_weight_kg', 'records', ...(metric === 'quantity' ? (['quantity'] as const) : [])];
      const lookback = { ...filters, from: shiftYears(first, 1), to: last };
      // Quantity is an item figure: asked separately so the header figures keep their rollup.
      const [main, qty] = await Promise.all([
        aggregate(db, { filters: lookback, groupBy: ['period'], metrics: metrics.filter((m) => m !== 'quantity'), freq, maxRows: 100_000 }),
        metric === 'quantity' ? aggregate(db, { filters: lookback, groupBy: ['period'], metrics: ['quantity'], freq, maxRows: 100_000 }) : null,
      ]);
      const byPeriod = new Map(main.rows.map((r) => [String(r.period), r]));
      const qtyBy = new Map((qty?.rows ?? []).map((r) => [String(r.period), Number(r.quantity ?? 0)]));
      const valueOf = (label: string): number => (metric === 'quantity' ? (qtyBy.get(label) ?? 0) : Number(byPeriod.get(label)?.[metric] ?? 0));
      const all = labelsBetween(shiftYears(first, 1), last, freq);
      const shown = new Set(labelsBetween(first, last, freq));
      all.forEach((label, i) => {
        if (!shown.has(label)) return;
        const r = byPeriod.get(label);
        const now = valueOf(label);
        const prevLabel = i > 0 ? all[i - 1] : undefined;
        const prev = prevLabel !== undefined ? valueOf(prevLabel) : null;
        const yoy = valueOf(yearBefore(label));
        rows.push({
          period: label,
          value_usd: Number(r?.value_usd ?? 0),
          net_weight_kg: Number(r?.net_weight_kg ?? 0),
          records: Number(r?.records ?? 0),
          ...(metric === 'quantity' ? { quantity: now } : {}),
          change: prev === null ? null : round(now - prev, metric),
          change_pct: prev === null ? null : pct(now, prev),
          yoy_change: round(now - yoy, metric),
          yoy_change_pct: pct(now, yoy),
        });
      });
    } else {
      rows = [];
    }
    if (wantsDownload(req)) {
      const columns = ['period', 'value_usd', 'net_weight_kg', 'records', ...(metric === 'quantity' ? ['quantity'] : []), 'change', 'change_pct', 'yoy_change', 'yoy_change_pct'];
      return { columns, rows: (async function* () { yield* rows; })(), filename: 'trade-trends' };
    }
    return { data: rows, meta: { metric, freq, source, query: { ...echoFilters(filters), freq, metric } } };
  },
});

function round(n: number, metric: TrendMetric): number {
  return metric === 'records' ? n : metric === 'value_usd' ? round2(n) : Math.round(n * 1000) / 1000;
}
