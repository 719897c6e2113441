// ETA of a shipment under way from the transit times of earlier shipments on the same route:
// same route and carrier when there are enough of them, else the route, else a log-normal
// default for the transport mode. The estimate is conditional on the time already elapsed:
// among comparable shipments, only those that took longer than this one has so far are relevant.

import { normalCdf, normalQuantile } from './normal.js';
import { addDays, daysBetween, quantileSorted } from './transit-stats.js';
import type { TrackingMode } from './transitions.js';

export type EtaBasis = 'route_carrier' | 'route' | 'mode_default';

/** A log-normal transit time given by its median and 90th percentile, in days. */
export interface TransitPrior {
  readonly median_days: number;
  readonly p90_days: number;
}

// Broad defaults for lanes touching Türkiye: sea spans short-sea (2–4 days) to the Far East
// (28–35), air is door-to-door with handling, road ≈ 4–6 days to Germany, rail ≈ 7 to N. Europe.
export const MODE_DEFAULT_TRANSIT: Readonly<Record<TrackingMode, TransitPrior>> = {
  sea: { median_days: 18, p90_days: 33 },
  air: { median_days: 2, p90_days: 4 },
  road: { median_days: 5, p90_days: 8 },
  rail: { median_days: 9, p90_days: 15 },
};

export const DEFAULT_MIN_SAMPLE = 8;

export interface EtaInput {
  readonly mode: TrackingMode;
  readonly departed_at: string;
  readonly now: string;
  /** Historical transit durations in days for this route and carrier. */
  readonly route_carrier?: readonly number[];
  /** Historical transit durations in days for this route, all carriers. */
  readonly route?: readonly number[];
  /** Fewer durations than this and the next, broader basis is used. */
  readonly min_sample?: number;
  readonly prior?: TransitPrior;
}

export interface Eta {
  readonly eta: string;
  readonly eta_p10: string;
  readonly eta_p90: string;
  readonly basis: EtaBasis;
  /** Durations in the basis (0 for the mode default). */
  readonly sample_size: number;
  /** Of those, the durations longer than the time elapsed: the ones the estimate rests on. */
  readonly tail_size: number;
  readonly elapsed_days: number;
  /** Longer under way than any comparable shipment: the ETA is "now" and the range is a guess. */
  readonly overdue: boolean;
}

interface Quantiles {
  p10: number;
  p50: number;
  p90: number;
  tail: number;
  overdue: boolean;
}

export function estimateEta(input: EtaInput): Eta {
  const elapsed = Math.max(0, daysBetween(input.departed_at, input.now));
  const minSample = Math.max(1, input.min_sample ?? DEFAULT_MIN_SAMPLE);
  const carrierSample = sortedFinite(input.route_carrier);
  const routeSample = sortedFinite(input.route);

  let basis: EtaBasis;
  let sampleSize: number;
  let q: Quantiles;
  if (carrierSample.length >= minSample) {
    [basis, sampleSize, q] = ['route_carrier', carrierSample.length, empiricalQuantiles(carrierSample, elapsed)];
  } else if (routeSample.length >= minSample) {
    [basis, sampleSize, q] = ['route', routeSample.length, empiricalQuantiles(routeSample, elapsed)];
  } else {
    [basis, sampleSize, q] = ['mode_default', 0, logNormalQuantiles(input.prior ?? MODE_DEFAULT_TRANSIT[input.mode], elapsed)];
  }

  return {
    eta: addDays(input.departed_at, q.p50),
    eta_p10: addDays(input.departed_at, q.p10),
    eta_p90: addDays(input.departed_at, q.p90),
    basis,
    sample_size: sampleSize,
    tail_size: q.tail,
    elapsed_days: elapsed,
    overdue: q.overdue,
  };
}

/** Quantiles of the durations longer than `elapsed` (all of them while none is that short). */
export function empiricalQuantiles(sorted: readonly number[], elapsed: number): Quantiles {
  const first = firstAbove(sorted, elapsed);
  const tail = sorted.slice(first);
  if (tail.length === 0) return overdueRange(elapsed, quantileSorted(sorted, 0.9) - quantileSorted(sorted, 0.5));
  return {
    p10: quantileSorted(tail, 0.1),
    p50: quantileSorted(tail, 0.5),
    p90: quantileSorted(tail, 0.9),
    tail: tail.length,
    overdue: false,
  };
}

/**
 * Quantiles of a log-normal duration T given T > elapsed. With S(e) = P(T > e), the conditional
 * q-quantile is F⁻¹(1 − (1 − q)·S(e)); written through the lower tail so that a long-overdue
 * shipment (S(e) tiny) keeps full precision instead of rounding 1 − S(e) to 1.
 */
export function logNormalQuantiles(prior: TransitPrior, elapsed: number): Quantiles {
  if (!(prior.median_days > 0 && prior.p90_days > prior.median_days)) {
    throw new RangeError('the prior needs 0 < median_days < p90_days');
  }
  const mu = Math.log(prior.median_days);
  const sigma = (Math.log(prior.p90_days) - mu) / normalQuantile(0.9);
  const survival = elapsed > 0 ? normalCdf(-(Math.log(elapsed) - mu) / sigma) : 1;
  if (!(survival > 1e-300)) return overdueRange(elapsed, prior.p90_days - prior.median_days);
  const at = (q: number) => Math.exp(mu - sigma * normalQuantile((1 - q) * survival));
  // Φ is approximate, so keep every quantile at or after the elapsed time.
  const floor = (d: number) => Math.max(d, elapsed);
  return { p10: floor(at(0.1)), p50: floor(at(0.5)), p90: floor(at(0.9)), tail: 0, overdue: false };
}

function overdueRange(elapsed: number, spread: number): Quantiles {
  return { p10: elapsed, p50: elapsed, p90: elapsed + Math.max(spread, 0.5), tail: 0, overdue: true };
}

/** Index of the first value strictly greater than `x` in a sorted array. */
function firstAbove(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Callers pass sorted arrays; checking costs one pass and saves a wrong answer if they did not.
function sortedFinite(values: readonly number[] | undefined): readonly number[] {
  if (!values) return [];
  const clean = values.every((v) => Number.isFinite(v) && v >= 0) ? values : values.filter((v) => Number.isFinite(v) && v >= 0);
  for (let i = 1; i < clean.length; i++) {
    if ((clean[i] as number) < (clean[i - 1] as number)) return [...clean].sort((a, b) => a - b);
  }
  return clean;
}

export interface DeliveredShipment {
  readonly departed_at: string;
  readonly arrived_at: string;
  readonly route: string;
  readonly carrier: string;
  readonly mode?: TrackingMode;
}

export interface BacktestPrediction {
  /** Index of the shipment in the input. */
  readonly index: number;
  readonly basis: EtaBasis;
  readonly actual_days: number;
  readonly predicted_days: number;
  readonly p10_days: number;
  readonly p90_days: number;
}

export interface BacktestResult {
  readonly evaluated: number;
  readonly mae_days: number | null;
  /** Mean of predicted − actual: positive means the ETAs were too late. */
  readonly bias_days: number | null;
  /** Share of actual arrivals inside the p10–p90 range; 0.8 is the target. */
  readonly coverage_p10_p90: number | null;
  readonly by_basis: Record<EtaBasis, { count: number; mae_days: number | null; coverage_p10_p90: number | null }>;
  readonly predictions: readonly BacktestPrediction[];
}

/**
 * Replays history in time order: each shipment is predicted at its departure from the shipments
 * that had already arrived by then, never from itself or from later ones.
 */
export function backtestEta(
  delivered: readonly DeliveredShipment[],
  options: { min_sample?: number; mode?: TrackingMode; prior?: TransitPrior } = {},
): BacktestResult {
  const rows = delivered.map((s, index) => ({
    index,
    s,
    departed: Date.parse(s.departed_at),
    arrived: Date.parse(s.arrived_at),
    days: daysBetween(s.departed_at, s.arrived_at),
  }));
  const byDeparture = [...rows].sort((a, b) => a.departed - b.departed);
  const byArrival = [...rows].sort((a, b) => a.arrived - b.arrived);
  const known = new Map<string, number[]>();
  const remember = (key: string, days: number) => {
    const list = known.get(key) ?? [];
    list.splice(firstAbove(list, days), 0, days);
    known.set(key, list);
  };

  const predictions: BacktestPrediction[] = [];
  let next = 0;
  for (const row of byDeparture) {
    for (; next < byArrival.length && (byArrival[next] as (typeof rows)[number]).arrived <= row.departed; next++) {
      const done = byArrival[next] as (typeof rows)[number];
      remember(routeKey(done.s), done.days);
      remember(carrierKey(done.s), done.days);
    }
    const eta = estimateEta({
      mode: row.s.mode ?? options.mode ?? 'sea',
      departed_at: row.s.departed_at,
      now: row.s.departed_at,
      route_carrier: known.get(carrierKey(row.s)) ?? [],
      route: known.get(routeKey(row.s)) ?? [],
      ...(options.min_sample !== undefined ? { min_sample: options.min_sample } : {}),
      ...(options.prior ? { prior: options.prior } : {}),
    });
    predictions.push({
      index: row.index,
      basis: eta.basis,
      actual_days: row.days,
      predicted_days: daysBetween(row.s.departed_at, eta.eta),
      p10_days: daysBetween(row.s.departed_at, eta.eta_p10),
      p90_days: daysBetween(row.s.departed_at, eta.eta_p90),
    });
  }

  const mae = (ps: readonly BacktestPrediction[]) =>
    ps.length === 0 ? null : ps.reduce((s, p) => s + Math.abs(p.predicted_days - p.actual_days), 0) / ps.length;
  const coverage = (ps: readonly BacktestPrediction[]) =>
    ps.length === 0 ? null : ps.filter((p) => p.actual_days >= p.p10_days && p.actual_days <= p.p90_days).length / ps.length;
  const n = predictions.length;
  const basisStats = (b: EtaBasis) => {
    const ps = predictions.filter((p) => p.basis === b);
    return { count: ps.length, mae_days: mae(ps), coverage_p10_p90: coverage(ps) };
  };
  return {
    evaluated: n,
    mae_days: mae(predictions),
    bias_days: n === 0 ? null : predictions.reduce((s, p) => s + p.predicted_days - p.actual_days, 0) / n,
    coverage_p10_p90: coverage(predictions),
    by_basis: { route_carrier: basisStats('route_carrier'), route: basisStats('route'), mode_default: basisStats('mode_default') },
    predictions,
  };
}

// A control character cannot appear in a route or carrier name, so the keys cannot collide.
const routeKey = (s: DeliveredShipment) => `r\u0000${s.route}`;
const carrierKey = (s: DeliveredShipment) => `c\u0000${s.route}\u0000${s.carrier}`;
