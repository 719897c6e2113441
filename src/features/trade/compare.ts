// GET /v1/trade/compare — two periods side by side for the same slice, optionally per group.
// Each period is one aggregate call over the same filters with its own date bounds.
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { FilterParams, parseFilters, parseDateBound, echoFilters, type Filters } from '../shared/filters.js';
import { aggregate, type AggRow } from '../shared/aggregate.js';
import { sourceMeta } from '../shared/source-meta.js';
import { CUBE_METRICS, GROUP_FIELDS, HsLevelParam, TopParam, cubeColumns, parseGroupBy, parseMetrics } from './cube-params.js';
import { FlowParam, rowSchema } from './params.js';
import { pct, withNames } from './enrich.js';

const { from: _from, to: _to, ...FiltersWithoutDates } = FilterParams;
const Bound = (description: string) => Type.String({ maxLength: 10, description: `${description}: YYYY-MM-DD or YYYY-MM (inclusive)` });
const COMPARE_GROUPS = GROUP_FIELDS.filter((g) => g !== 'period');

function bounds(query: { period_a_from: string; period_a_to: string; period_b_from: string; period_b_to: string }) {
  const a = { from: parseDateBound('period_a_from', query.period_a_from, false), to: parseDateBound('period_a_to', query.period_a_to, true) };
  const b = { from: parseDateBound('period_b_from', query.period_b_from, false), to: parseDateBound('period_b_to', query.period_b_to, true) };
  if (a.to < a.from) throw badParam('period_a_to', `must not be before period_a_from (${query.period_a_from})`);
  if (b.to < b.from) throw badParam('period_b_to', `must not be before period_b_from (${query.period_b_from})`);
  return { a, b };
}

export const tradeCompare = defineOperation({
  method: 'GET',
  url: '/v1/trade/compare',
  operationId: 'tradeCompare',
  tag: 'Trade Data',
  summary: 'Two periods side by side (period A and period B) for a slice, optionally per group',
  description:
    'Period A is `period_a_from`–`period_a_to`, period B is `period_b_from`–`period_b_to` (all four required; dates or months, inclusive); ' +
    'the common filters other than from/to apply to both. Without `group_by` one row compares the whole slice; with it (any cube group ' +
    `field but period: ${COMPARE_GROUPS.join(', ')}) one row per group present in either period, ordered by value in B then A, descending. ` +
    'For each metric m a row has m_a, m_b, m_change (B − A) and m_change_pct (percent of A; null when A is 0).',
  scope: 'trade:read',
  download: true,
  querystring: Type.Object(
    {
      period_a_from: Bound('Start of period A'),
      period_a_to: Bound('End of period A'),
      period_b_from: Bound('Start of period B'),
      period_b_to: Bound('End of period B'),
      ...FiltersWithoutDates,
      flow: FlowParam,
      group_by: Type.Optional(Type.String({ maxLength: 300, description: `Comma list of ${COMPARE_GROUPS.join(', ')}` })),
      hs_level: HsLevelParam,
      metrics: Type.Optional(Type.String({ maxLength: 300, description: `Comma list of ${CUBE_METRICS.join(', ')} (default value_usd,net_weight_kg,records)` })),
      top: TopParam,
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: rowSchema({ value_usd_a: 'Value in period A', value_usd_b: 'Value in period B', value_usd_change: 'B − A', value_usd_change_pct: 'Percent of A' }),
  async handle({ query }, { deps, req }) {
    const { a, b } = bounds(query);
    const base = parseFilters(query, query.flow ?? null);
    const { groupBy, hsLevel } = parseGroupBy(query.group_by, query.hs_level);
    if (groupBy.includes('period')) throw badParam('group_by', 'period cannot be a group of a comparison', COMPARE_GROUPS);
    const metrics = parseMetrics(query.metrics, ['value_usd', 'net_weight_kg', 'records']);
    const db = deps.store.db;
    const run = (p: { from: string; to: string }) => {
      const filters: Filters = { ...base, from: p.from, to: p.to };
      return aggregate(db, { filters, groupBy, metrics, hsLevel, maxRows: 100_000 });
    };
    const [ra, rb] = await Promise.all([run(a), run(b)]);
    const keyOf = (r: AggRow) => JSON.stringify(groupBy.map((d) => r[d === 'hs' ? 'hs_code' : d === 'company' ? 'company_id' : d]));
    const groups = new Map<string, { key: AggRow; a: AggRow | null; b: AggRow | null }>();
    const keyFields = (r: AggRow): AggRow => Object.fromEntries(Object.entries(r).filter(([k]) => !(metrics as string[]).includes(k) && k !== 'share'));
    if (groupBy.length === 0) groups.set('', { key: {}, a: ra.rows[0] ?? ra.totals, b: rb.rows[0] ?? rb.totals });
    else {
      for (const r of ra.rows) groups.set(keyOf(r), { key: keyFields(r), a: r, b: null });
      for (const r of rb.rows) {
        const g = groups.get(keyOf(r));
        if (g) g.b = r;
        else groups.set(keyOf(r), { key: keyFields(r), a: null, b: r });
      }
    }
    let rows: AggRow[] = [...groups.values()].map((g) => {
      const out: AggRow = { ...g.key };
      for (const m of metrics) {
        const va = g.a?.[m] ?? (m === 'unit_value_usd_per_kg' ? null : 0);
        const vb = g.b?.[m] ?? (m === 'unit_value_usd_per_kg' ? null : 0);
        out[`${m}_a`] = va;
        out[`${m}_b`] = vb;
        out[`${m}_change`] = va === null || vb === null ? null : roundTo(Number(vb) - Number(va), m);
        out[`${m}_change_pct`] = va === null || vb === null ? null : pct(Number(vb), Number(va));
      }
      return out;
    });
    const valueOf = (r: AggRow, side: 'a' | 'b') => Number(groups.get(keyOf(r))?.[side]?.value_usd ?? 0);
    rows.sort((x, y) => valueOf(y, 'b') - valueOf(x, 'b') || valueOf(y, 'a') - valueOf(x, 'a') || (keyOf(x) < keyOf(y) ? -1 : 1));
    if (query.top) rows = rows.slice(0, query.top);
    rows = await withNames(db, rows);
    const metricCols = metrics.flatMap((m) => [`${m}_a`, `${m}_b`, `${m}_change`, `${m}_change_pct`]);
    if (wantsDownload(req)) {
      const columns = cubeColumns(groupBy, []).filter((c) => c !== 'share').concat(metricCols);
      return { columns, rows: (async function* () { yield* rows; })(), filename: 'trade-compare' };
    }
    return {
      data: rows,
      meta: {
        period_a: a,
        period_b: b,
        source: await sourceMeta(db),
        query: { ...echoFilters({ ...base, from: null, to: null }), period_a: a, period_b: b, group_by: query.group_by ?? null, metrics, top: query.top ?? null },
      },
    };
  },
});

function roundTo(n: number, metric: string): number {
  if (metric === 'records' || metric === 'companies') return n;
  if (metric === 'value_usd') return Math.round(n * 100) / 100;
  return Math.round(n * 10000) / 10000;
}
