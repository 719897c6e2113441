// Automatic forecasting for one series: run every candidate model through a rolling-origin
// backtest, keep the one with the lowest MASE, refit it on the whole series and forecast.
// Short or mostly-zero series get a typed "insufficient data" answer instead of a made-up curve.
// The model's analytic intervals leave out the uncertainty of its own parameters and of the model
// choice; where the backtest shows them too narrow out of sample, they are widened to match.

import { backtest } from './backtest.js';
import type { BacktestResult } from './backtest.js';
import { etsSpec } from './ets.js';
import { naive, seasonalNaive } from './naive.js';
import { forecastPoints } from './intervals.js';
import type { ForecastPoint, ModelSpec } from './types.js';

export type Period = 12 | 4 | 1;

export interface ForecastOptions {
  period: Period;
  horizon: number;
  /** Raises (never lowers below two seasonal cycles) the length a series needs. */
  minLength?: number;
}

export interface ForecastSuccess {
  status: 'ok';
  model: string;
  /**
   * Factor applied to the model's analytic interval widths: the backtest's error ratio when the
   * model proved overconfident out of sample (capped), else 1. Analytic ETS intervals ignore the
   * uncertainty of the fitted parameters and of the model choice, so they tend to be too narrow.
   */
  intervalScale: number;
  points: ForecastPoint[];
  backtest: { mase: number | null; smape: number | null; coverage80: number | null; coverage95: number | null; origins: number; horizon: number };
  candidates: { model: string; mase: number | null }[];
}

export interface ForecastInsufficient {
  status: 'insufficient_data';
  reason: string;
  min_required: number;
}

export type ForecastResult = ForecastSuccess | ForecastInsufficient;

/** Above this share of zero periods a series is too sparse for these models to mean anything. */
export const MAX_ZERO_SHARE = 0.3;
/** Origins are capped so the cost of a forecast stays bounded whatever the series length. */
export const MAX_ORIGINS = 12;
const MAX_HORIZON = 120;

/** Simplest first: on equal backtest error the earlier model wins. */
const CANDIDATES: ModelSpec[] = [
  seasonalNaive,
  naive,
  etsSpec('N', 'N'),
  etsSpec('A', 'N'),
  etsSpec('Ad', 'N'),
  etsSpec('N', 'A'),
  etsSpec('A', 'A'),
  etsSpec('Ad', 'A'),
  etsSpec('N', 'M'),
  etsSpec('A', 'M'),
  etsSpec('Ad', 'M'),
];

export function minimumLength(period: Period, minLength?: number): number {
  const floor = period > 1 ? 2 * period : 6;
  return Math.max(floor, minLength ?? 0);
}

export interface BacktestPlan {
  /** Steps forecast from each origin (the requested horizon, shortened for short series). */
  horizon: number;
  /** Origins run from n − k to n − horizon. */
  k: number;
  /** Training length at the first origin. */
  firstTrain: number;
}

/**
 * Where to cut the series for the backtest. Seasonal ETS needs two cycles of training data; when
 * the series is too short to give it at least a few origins, the origins start after one cycle
 * and only the models that fit there compete.
 */
export function planBacktest(n: number, period: Period, horizon: number): BacktestPlan {
  const floorTrain = period > 1 ? (n - 2 * period >= 4 ? 2 * period : period + 1) : 4;
  const h = Math.max(1, Math.min(horizon, Math.floor((n - floorTrain) / 2)));
  const last = n - h;
  const first = Math.max(floorTrain, last - MAX_ORIGINS + 1);
  return { horizon: h, k: n - first, firstTrain: first };
}

export function forecastSeries(values: readonly number[], opts: ForecastOptions): ForecastResult {
  const { period, horizon } = opts;
  if (![1, 4, 12].includes(period)) throw new RangeError('period must be 12, 4 or 1');
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > MAX_HORIZON) throw new RangeError(`horizon must be an integer from 1 to ${MAX_HORIZON}`);
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) throw new RangeError('values must be finite numbers');

  const n = values.length;
  const required = minimumLength(period, opts.minLength);
  if (n < required) {
    return { status: 'insufficient_data', reason: `series has ${n} values; at least ${required} are needed`, min_required: required };
  }
  const zeros = values.filter((v) => v === 0).length;
  if (zeros > MAX_ZERO_SHARE * n) {
    return {
      status: 'insufficient_data',
      reason: `${zeros} of ${n} values are zero (more than ${MAX_ZERO_SHARE * 100} %); the series is too sparse to forecast`,
      min_required: required,
    };
  }

  const plan = planBacktest(n, period, horizon);
  const eligible = CANDIDATES.filter((c) => (period > 1 || !c.seasonal) && c.accepts(values) && c.minTrain(period) <= plan.firstTrain);
  const scored = eligible.map((spec) => ({ spec, result: backtest(values, spec, { period, horizon: plan.horizon, k: plan.k }) }));
  const ranked = [...scored].sort((a, b) => (a.result.mase ?? Number.POSITIVE_INFINITY) - (b.result.mase ?? Number.POSITIVE_INFINITY));

  for (const { spec, result } of ranked) {
    const fitted = spec.fit(values, period);
    if (fitted === null) continue;
    return {
      status: 'ok',
      model: fitted.model,
      intervalScale: intervalScale(result),
      points: forecastPoints(fitted, horizon, intervalScale(result)),
      backtest: summary(result),
      candidates: scored.map(({ spec: s, result: r }) => ({ model: s.name, mase: r.mase })),
    };
  }
  // Naive always fits, so this is reached only if the candidate list is broken.
  throw new Error('no forecasting model could be fitted');
}

/** Widen, never narrow: a lucky backtest must not shrink intervals below the model's own. */
export const MAX_INTERVAL_SCALE = 2;
function intervalScale(r: BacktestResult): number {
  return Math.min(MAX_INTERVAL_SCALE, Math.max(1, r.errorRatio ?? 1));
}

function summary(r: BacktestResult): ForecastSuccess['backtest'] {
  return { mase: r.mase, smape: r.smape, coverage80: r.coverage80, coverage95: r.coverage95, origins: r.origins, horizon: r.horizon };
}
