import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import type { Freq } from '../shared/aggregate.js';
import { FilterParams, parseFilters, type Filters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import { PromiseMemo } from '../shared/promise-memo.js';
import { stateKey, stateOf } from '../../db/state.js';
import { forecastSeries, type ForecastSuccess } from '../../domain/stats/index.js';
import { periodAfter, PERIODS_PER_YEAR, type Window } from './periods.js';
import { asDownload, FlowParam, FreqParam, loadSeries, ratio, resolveWindow, round2, seriesTooShort, statsMeta, withWindow } from './params.js';

export const MAX_HORIZON = 36;
const COLUMNS = ['step', 'period', 'value_usd', 'lower80_usd', 'upper80_usd', 'lower95_usd', 'upper95_usd'];

export interface SliceForecast {
  result: ForecastSuccess;
  history: { from: string; to: string; periods: number };
  periods: string[];
}

/** Forecast of a zero-filled series from its first traded period; the clear 400 when too short or sparse. */
export function forecastSlice(periods: string[], values: number[], freq: Freq, horizon: number, w: Window): SliceForecast {
  const first = values.findIndex((v) => v !== 0);
  const start = first < 0 ? values.length : first;
  const kept = values.slice(start);
  const result = forecastSeries(kept, { period: PERIODS_PER_YEAR[freq], horizon });
  if (result.status !== 'ok') {
    throw seriesTooShort('a forecast', `the slice has ${kept.length} ${freq}s from its first trade to the end of the window; ${result.reason}`, result.min_required, w, freq);
  }
  const last = periods[periods.length - 1] as string;
  return {
    result,
    history: { from: periods[start] as string, to: last, periods: kept.length },
    periods: result.points.map((p) => periodAfter(last, freq, p.step)),
  };
}

// Fitting and backtesting the candidate models costs far more than reading the series, and the
// answer only changes when data is loaded: keep it briefly per normalised query and data state (its
// last refresh and coverage), bounded in bytes.
const TTL_MS = 60_000;
const MAX_BYTES = 4 * 1024 * 1024;
const FORECASTS = stateKey({ name: 'forecasts', create: () => new PromiseMemo(TTL_MS, MAX_BYTES), close: (m) => m.clear() });

async function cachedForecast(db: Kysely<DB>, f: Filters, freq: Freq, horizon: number, w: Window): Promise<SliceForecast> {
  const src = await sourceMeta(db);
  const key = JSON.stringify([f, freq, horizon, src.last_refresh, src.coverage]);
  return stateOf(db).get(FORECASTS).get(key, () => loadSeries(db, f, freq).then((s) => forecastSlice(s.periods, s.values, freq, horizon, w)));
}

export const getForecast = defineOperation({
  method: 'GET',
  url: '/v1/statistics/forecast',
  operationId: 'getForecast',
  tag: 'Trade Statistics',
  summary: 'Forecast horizon periods ahead with 80% and 95% intervals, the model used and its backtest error',
  description:
    'Value of the slice forecast `horizon` periods (1–36, default 12) at `freq` after the end of the window (default: all months with ' +
    'data). Candidates — seasonal naive, naive and the exponential-smoothing (ETS) family with none, additive or damped trend and none, ' +
    'additive or multiplicative seasonality — are compared by a rolling-origin backtest on the series itself; the one with the lowest ' +
    'MASE is refitted on the whole series. `meta.forecast` gives the model, its backtest (MASE against the in-sample seasonal naive, ' +
    'sMAPE in percent, and the share of actual values that fell inside the 80 % and 95 % intervals) and every candidate\'s MASE. ' +
    'Intervals are the model\'s own, widened when the backtest showed them too narrow. The series starts at the first period the slice ' +
    'traded; it needs two full years (six years at freq=year) with at most 30 % zero periods, otherwise a 400 naming `from` and `to`.',
  scope: 'trade:read',
  querystring: Type.Object(
    {
      ...FilterParams,
      flow: FlowParam,
      freq: FreqParam,
      horizon: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_HORIZON, default: 12, description: 'Periods ahead, 1–36 (default 12)' })),
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    step: Type.Integer(),
    period: Type.String(),
    value_usd: Type.Number(),
    lower80_usd: Type.Number(),
    upper80_usd: Type.Number(),
    lower95_usd: Type.Number(),
    upper95_usd: Type.Number(),
  }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const freq = query.freq ?? 'month';
    const horizon = query.horizon ?? 12;
    const base = parseFilters(query, query.flow ?? null);
    const w = await resolveWindow(db, base, 'all');
    const f = withWindow(base, w);
    const fc = await cachedForecast(db, f, freq, horizon, w);
    const data = fc.result.points.map((p, i) => ({
      step: p.step,
      period: fc.periods[i] as string,
      value_usd: round2(p.value),
      lower80_usd: round2(p.lower80),
      upper80_usd: round2(p.upper80),
      lower95_usd: round2(p.lower95),
      upper95_usd: round2(p.upper95),
    }));
    if (wantsDownload(req)) return asDownload(data, COLUMNS, 'forecast');
    const r = fc.result;
    return {
      data,
      meta: {
        ...(await statsMeta(db, f, { freq, horizon })),
        forecast: {
          model: r.model,
          interval_scale: ratio(r.intervalScale),
          history: fc.history,
          backtest: {
            mase: ratio(r.backtest.mase),
            smape: ratio(r.backtest.smape),
            coverage80: ratio(r.backtest.coverage80),
            coverage95: ratio(r.backtest.coverage95),
            origins: r.backtest.origins,
            horizon: r.backtest.horizon,
          },
          candidates: r.candidates.map((c) => ({ model: c.model, mase: ratio(c.mase) })),
        },
      },
    };
  },
});
