import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { FilterParams, parseFilters } from '../shared/filters.js';
import { cagr, periodOnPeriod, yearOnYear } from '../../domain/stats/index.js';
import { PERIODS_PER_YEAR } from './periods.js';
import { asDownload, FlowParam, FreqParam, loadSeries, ratio, resolveWindow, statsMeta, withWindow } from './params.js';

const NumOrNull = Type.Union([Type.Number(), Type.Null()]);
const COLUMNS = ['period', 'value_usd', 'growth_pop', 'growth_yoy'];

/**
 * CAGR between the first and the last whole year of the series (sums of `ppy` periods), so a
 * seasonal peak or trough at either end does not decide the answer.
 */
export function annualCagr(values: readonly number[], ppy: number): { value: number | null; years: number; first: number; last: number } | null {
  if (values.length < 2 * ppy) return null;
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  const first = sum(values.slice(0, ppy));
  const last = sum(values.slice(values.length - ppy));
  const years = (values.length - ppy) / ppy;
  return { value: cagr(first, last, years), years, first, last };
}

export const getGrowth = defineOperation({
  method: 'GET',
  url: '/v1/statistics/growth',
  operationId: 'getStatisticsGrowth',
  tag: 'Trade Statistics',
  summary: 'Year-on-year, period-on-period and compound annual growth for any slice',
  description:
    'For each period at `freq` of the slice: value, change against the previous period (`growth_pop`) and against the same period a ' +
    'year earlier (`growth_yoy`), as fractions (0.25 = +25 %; null when the base is zero or outside the window). `meta.cagr` is the ' +
    'compound annual growth rate between the first and the last twelve months (four quarters, one year) of the window, null when the ' +
    'window holds less than two years or starts at zero. Default window: all months with data.',
  scope: 'trade:read',
  querystring: Type.Object({ ...FilterParams, flow: FlowParam, freq: FreqParam, format: FormatParam }, { additionalProperties: false }),
  data: Type.Object({ period: Type.String(), value_usd: Type.Number(), growth_pop: NumOrNull, growth_yoy: NumOrNull }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const freq = query.freq ?? 'month';
    const ppy = PERIODS_PER_YEAR[freq];
    const base = parseFilters(query, query.flow ?? null);
    const w = await resolveWindow(db, base, 'all');
    const f = withWindow(base, w);
    const s = await loadSeries(db, f, freq);
    const pop = periodOnPeriod(s.values);
    const yoy = yearOnYear(s.values, ppy);
    const data = s.periods.map((period, i) => ({ period, value_usd: s.values[i] ?? 0, growth_pop: ratio(pop[i] ?? null), growth_yoy: ratio(yoy[i] ?? null) }));
    if (wantsDownload(req)) return asDownload(data, COLUMNS, 'growth');
    const c = annualCagr(s.values, ppy);
    const n = s.periods.length;
    const cagrMeta = c && {
      value: ratio(c.value),
      years: c.years,
      base: { from: s.periods[0], to: s.periods[ppy - 1], value_usd: Math.round(c.first * 100) / 100 },
      end: { from: s.periods[n - ppy], to: s.periods[n - 1], value_usd: Math.round(c.last * 100) / 100 },
    };
    return { data, meta: { ...(await statsMeta(db, f, { freq })), cagr: cagrMeta ?? { value: null, reason: `needs at least two years (${2 * ppy} periods) in the window` } } };
  },
});
