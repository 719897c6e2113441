// Exponential smoothing (the Holt–Winters family) in innovations form with additive errors, named
// as in Hyndman et al. (2008), "Forecasting with Exponential Smoothing": ETS(A, trend, season) with
// trend N (none), A (additive) or Ad (damped) and season N, A (additive) or M (multiplicative).
//
// Fitting: initial states by the usual heuristic (classical decomposition of the first years for the
// seasonal indices, then a straight line through the first ten seasonally adjusted values for level
// and slope); smoothing parameters by minimising the one-step-ahead sum of squared errors with
// Nelder–Mead, inside the classical bounds 0 < β < α < 1, 0 < γ < 1 − α, 0.8 ≤ φ ≤ 0.98.
//
// Intervals: the analytic variance of Hyndman et al. (2008, Table 6.1, "class 1"),
//   var(h) = σ² [1 + Σ_{j=1}^{h-1} c_j²],  c_j = α + β·φ_j + γ·[j mod m = 0],
// with φ_j = j (A), φ + … + φ^j (Ad) or 0 (N), and σ² = SSE / (n − number of estimated values).
// It is exact for the additive models. For multiplicative seasonality the errors of trade series
// grow with the level and the season, so there σ is taken relative to the one-step forecast
// (σ_rel² = Σ(e/ŷ)² / (n − k)) and var(h) = ŷ(h)² σ_rel² [1 + Σ c_j²], the usual first-order
// approximation for multiplicative models (exact at h = 1). Intervals then widen with the horizon in
// relative terms (width / forecast), and follow the season in absolute terms. The tests check the
// resulting coverage by simulation.

import { decompose } from '../seasonality.js';
import { fitLine } from '../regression.js';
import { isNonNegative } from './intervals.js';
import { nelderMead } from './nelder-mead.js';
import type { FittedModel, ModelSpec } from './types.js';

export type TrendType = 'N' | 'A' | 'Ad';
export type SeasonType = 'N' | 'A' | 'M';

export interface EtsParams {
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
}

export interface EtsState {
  level: number;
  slope: number;
  /** Seasonal state for each cycle position, indexed by observation index mod period. */
  seasonal: Float64Array;
}

export interface EtsFit extends FittedModel {
  trend: TrendType;
  season: SeasonType;
  period: number;
  params: EtsParams;
  sse: number;
  /** Innovation variance; for multiplicative seasonality, `relativeSigma2` drives the intervals. */
  sigma2: number;
  relativeSigma2: number;
  /** Objective evaluations the optimiser used (cost diagnostics). */
  evals: number;
  /** State after the last observation. */
  final: EtsState;
}

const ALPHA = [1e-4, 0.9999] as const;
const RATIO = [1e-4, 0.9999] as const;
const PHI = [0.8, 0.98] as const;
const FIRST_POINTS = 10;

export function etsName(trend: TrendType, season: SeasonType): string {
  return `ETS(A,${trend},${season})`;
}

/** Heuristic starting states (Hyndman et al. 2008, §2.6.1); null when they cannot be formed. */
export function initialState(y: readonly number[], period: number, trend: TrendType, season: SeasonType): EtsState | null {
  const n = y.length;
  const m = season === 'N' ? 1 : period;
  const seasonal = new Float64Array(m).fill(season === 'M' ? 1 : 0);
  let adjusted: number[] = y.slice(0, Math.min(n, FIRST_POINTS));
  if (season !== 'N') {
    const cycles = Math.min(Math.floor(n / m), 4);
    const d = decompose(y.slice(0, cycles * m), { period: m, type: season === 'M' ? 'multiplicative' : 'additive' });
    if (d.status !== 'ok') return null;
    d.indices.forEach((s, k) => (seasonal[k] = s));
    if (season === 'M' && d.indices.some((s) => !(s > 0))) return null;
    adjusted = adjusted.map((v, t) => (season === 'M' ? v / (seasonal[t % m] as number) : v - (seasonal[t % m] as number)));
  }
  if (trend === 'N') {
    return { level: adjusted.reduce((s, v) => s + v, 0) / adjusted.length, slope: 0, seasonal };
  }
  // Time 1..k for the observations, so the intercept is the level at time 0, before the first one.
  const line = fitLine(
    adjusted.map((_, i) => i + 1),
    adjusted,
  );
  return { level: line.intercept, slope: line.slope, seasonal };
}

/**
 * Runs the recursions over y from `init`, returning the one-step SSE (Infinity when a multiplicative
 * model's level or seasonal state turns non-positive) and, if `out` is given, the final state.
 */
export function filterSse(
  y: readonly number[],
  trend: TrendType,
  season: SeasonType,
  p: EtsParams,
  init: EtsState,
  out?: EtsState & { relativeSse?: number },
  scratch?: Float64Array,
): number {
  const m = init.seasonal.length;
  // The optimiser calls this hundreds of times per fit: it may lend the seasonal states' room.
  const s = !out && scratch && scratch.length === m ? scratch : new Float64Array(m);
  for (let k = 0; k < m; k++) s[k] = init.seasonal[k] as number;
  let l = init.level;
  let b = init.slope;
  let sse = 0;
  let relativeSse = 0;
  const { alpha, beta, gamma, phi } = p;
  const damp = trend === 'Ad' ? phi : trend === 'A' ? 1 : 0;
  for (let t = 0; t < y.length; t++) {
    const bd = damp * b;
    const T = l + bd;
    const k = t % m;
    const S = s[k] as number;
    let e: number;
    if (season === 'M') {
      if (!(T > 0 && S > 0)) return Number.POSITIVE_INFINITY;
      e = (y[t] as number) - T * S;
      relativeSse += (e / (T * S)) ** 2;
      l = T + (alpha * e) / S;
      b = bd + (beta * e) / S;
      s[k] = S + (gamma * e) / T;
    } else {
      e = (y[t] as number) - (season === 'A' ? T + S : T);
      l = T + alpha * e;
      b = bd + beta * e;
      if (season === 'A') s[k] = S + gamma * e;
    }
    sse += e * e;
  }
  if (out) {
    out.level = l;
    out.slope = b;
    out.seasonal = s;
    out.relativeSse = relativeSse;
  }
  return Number.isFinite(sse) ? sse : Number.POSITIVE_INFINITY;
}

function clamp(x: number, [lo, hi]: readonly [number, number]): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Maps the optimiser's free vector to parameters inside the bounds. */
function decode(x: readonly number[], trend: TrendType, season: SeasonType): EtsParams {
  let i = 0;
  const alpha = clamp(x[i++] as number, ALPHA);
  const beta = trend === 'N' ? 0 : alpha * clamp(x[i++] as number, RATIO);
  const gamma = season === 'N' ? 0 : (1 - alpha) * clamp(x[i++] as number, RATIO);
  const phi = trend === 'Ad' ? clamp(x[i++] as number, PHI) : 1;
  return { alpha, beta, gamma, phi };
}

export interface EtsOptions {
  trend: TrendType;
  season: SeasonType;
  period: number;
  /** Cap on objective evaluations per fit; bounds the cost of a backtest. */
  maxEvals?: number;
  /** Optimiser vector of an earlier fit to start from instead of the coarse search. */
  warmStart?: readonly number[];
}

export function fitEts(y: readonly number[], opts: EtsOptions): EtsFit | null {
  const { trend, season } = opts;
  const period = season === 'N' ? 1 : opts.period;
  const n = y.length;
  if (season !== 'N' && period < 2) return null;
  if (n < minTrainEts(trend, season, period)) return null;
  if (season === 'M' && y.some((v) => !(v > 0))) return null;
  const init = initialState(y, period, trend, season);
  if (init === null) return null;

  const scratch = new Float64Array(init.seasonal.length);
  const objective = (x: readonly number[]) => filterSse(y, trend, season, decode(x, trend, season), init, undefined, scratch);
  let x0: number[] = [];
  let f0 = Number.POSITIVE_INFINITY;
  const dims = 1 + (trend === 'N' ? 0 : 1) + (season === 'N' ? 0 : 1) + (trend === 'Ad' ? 1 : 0);
  if (opts.warmStart && opts.warmStart.length === dims) {
    x0 = [...opts.warmStart];
    f0 = objective(x0);
  }
  if (!Number.isFinite(f0)) {
    // A coarse look along alpha first: the SSE surface can have more than one valley.
    for (const a of [0.1, 0.3, 0.6, 0.9]) {
      const x = [a];
      if (trend !== 'N') x.push(0.1);
      if (season !== 'N') x.push(0.1);
      if (trend === 'Ad') x.push(0.95);
      const f = objective(x);
      if (f < f0) {
        f0 = f;
        x0 = x;
      }
    }
  }
  if (!Number.isFinite(f0)) return null;
  const step = opts.warmStart ? 0.05 : 0.1;
  const best = nelderMead(objective, x0, { step, maxEvals: opts.maxEvals ?? 300, tolerance: 1e-7 });
  const params = decode(best.x, trend, season);
  const final: EtsState & { relativeSse?: number } = { level: 0, slope: 0, seasonal: new Float64Array(0) };
  const sse = filterSse(y, trend, season, params, init, final);
  if (!Number.isFinite(sse)) return null;

  const estimated = 1 + (trend === 'N' ? 0 : 2) + (season === 'N' ? 0 : 1 + (period - 1)) + (trend === 'Ad' ? 1 : 0) + 1;
  const dof = Math.max(n - estimated, Math.ceil(n / 2));
  const sigma2 = sse / dof;
  const relativeSigma2 = (final.relativeSse ?? 0) / dof;
  const nonNegative = isNonNegative(y);
  const name = etsName(trend, season);

  return {
    model: name,
    trend,
    season,
    period,
    params,
    sse,
    sigma2,
    relativeSigma2,
    evals: best.evals,
    warmStart: best.x,
    final,
    nonNegative,
    predict(horizon: number) {
      const { alpha, beta, gamma, phi } = params;
      const m = final.seasonal.length;
      const means: number[] = [];
      const vars: number[] = [];
      let phiSum = 0; // φ + … + φ^h (or h, or 0)
      let cSquares = 0;
      for (let h = 1; h <= horizon; h++) {
        phiSum += trend === 'Ad' ? Math.pow(phi, h) : trend === 'A' ? 1 : 0;
        const T = final.level + phiSum * final.slope;
        const S = final.seasonal[(n + h - 1) % m] as number;
        const mean = season === 'M' ? T * S : season === 'A' ? T + S : T;
        means.push(mean);
        vars.push((season === 'M' ? mean * mean * relativeSigma2 : sigma2) * (1 + cSquares));
        // c_h enters the variance from step h + 1 on.
        const c = alpha + beta * phiSum + (season !== 'N' && h % period === 0 ? gamma : 0);
        cSquares += c * c;
      }
      return { mean: means, variance: vars };
    },
  };
}

export function minTrainEts(trend: TrendType, season: SeasonType, period: number): number {
  if (season !== 'N') return 2 * period;
  return trend === 'N' ? 2 : 4;
}

export function etsSpec(trend: TrendType, season: SeasonType): ModelSpec {
  return {
    name: etsName(trend, season),
    seasonal: season !== 'N',
    minTrain: (period) => minTrainEts(trend, season, period),
    accepts: (values) => season !== 'M' || values.every((v) => v > 0),
    fit: (values, period, warmStart) => fitEts(values, warmStart ? { trend, season, period, warmStart } : { trend, season, period }),
  };
}
