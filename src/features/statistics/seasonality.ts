import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import type { Freq } from '../shared/aggregate.js';
import { FilterParams, parseFilters } from '../shared/filters.js';
import { decompose, type DecompositionType } from '../../domain/stats/index.js';
import { cyclePosition, PERIODS_PER_YEAR, type Window } from './periods.js';
import { asDownload, FlowParam, loadSeries, ratio, resolveWindow, seriesTooShort, statsMeta, withWindow } from './params.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const COLUMNS = ['position', 'label', 'index', 'effect'];

/** Seasonal indices of a zero-filled series, from its first traded period; the clear 400 when too short. */
export function seasonalIndices(periods: string[], values: number[], freq: Freq, type: DecompositionType, w: Window) {
  const period = PERIODS_PER_YEAR[freq];
  const first = values.findIndex((v) => v !== 0);
  const start = first < 0 ? values.length : first;
  const kept = values.slice(start);
  const d = decompose(kept, { period, type, start: start < periods.length ? cyclePosition(periods[start]!, freq) : 0 });
  if (d.status !== 'ok') {
    throw seriesTooShort('seasonal decomposition', `the slice has ${kept.length} ${freq}s from its first trade to the end of the window (${d.reason})`, d.min_required, w, freq);
  }
  const rows = d.indices.map((index, pos) => ({
    position: pos + 1,
    label: freq === 'month' ? (MONTHS[pos] as string) : `Q${pos + 1}`,
    index: ratio(index) as number,
    effect: ratio(type === 'multiplicative' ? index - 1 : index) as number,
  }));
  return { rows, strength: d.strength, used: { from: periods[start] as string, to: periods[periods.length - 1] as string, periods: kept.length } };
}

export const getSeasonality = defineOperation({
  method: 'GET',
  url: '/v1/statistics/seasonality',
  operationId: 'getSeasonality',
  tag: 'Trade Statistics',
  summary: 'Seasonal indices of a series',
  description:
    'Classical decomposition (centred moving-average trend, seasonal index = mean detrended value per month or quarter, normalised) of ' +
    'the slice at `freq` (month, default, or quarter). Multiplicative by default: `index` 1.10 means the period runs 10 % above trend, ' +
    'and `effect` is index − 1; additive: `index` and `effect` in USD. `meta.strength` (0–1) says how much of the non-trend variation ' +
    'is seasonal. The series starts at the first period the slice traded. Two full cycles are needed; a shorter series is a 400 naming ' +
    '`from` and `to`, not a made-up pattern. Default window: all months with data.',
  scope: 'trade:read',
  querystring: Type.Object(
    {
      ...FilterParams,
      flow: FlowParam,
      freq: Type.Optional(Type.Unsafe<'month' | 'quarter'>({ type: 'string', enum: ['month', 'quarter'] })),
      type: Type.Optional(Type.Unsafe<DecompositionType>({ type: 'string', enum: ['multiplicative', 'additive'] })),
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ position: Type.Integer(), label: Type.String(), index: Type.Number(), effect: Type.Number() }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const freq = query.freq ?? 'month';
    const type = query.type ?? 'multiplicative';
    const base = parseFilters(query, query.flow ?? null);
    const w = await resolveWindow(db, base, 'all');
    const f = withWindow(base, w);
    const s = await loadSeries(db, f, freq);
    const r = seasonalIndices(s.periods, s.values, freq, type, w);
    if (wantsDownload(req)) return asDownload(r.rows, COLUMNS, 'seasonality');
    return { data: r.rows, meta: { ...(await statsMeta(db, f, { freq, type })), strength: ratio(r.strength), series: r.used } };
  },
});
