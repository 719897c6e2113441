// Months (or quarters) far outside their expected range. Expected = trend × seasonal index (or
// trend + index) from a classical decomposition; spread = median absolute deviation of the
// remainder, which a few extreme months cannot inflate the way a standard deviation would.
//
// A moving-average trend is itself pulled by an extreme month (a quarterly dip of 50 % drags the
// trend of its neighbours down by an eighth, and they then look "high"). So the work is done twice:
// a first pass screens out months far from a running median of the seasonally adjusted series and
// replaces them; the decomposition that sets expectations is then computed on the cleaned series.

import { decompose } from './seasonality.js';
import type { Decomposition, DecompositionType, InsufficientData } from './seasonality.js';
import { median } from './quantiles.js';
import { fitLine } from './regression.js';

/** MAD × 1.4826 estimates the standard deviation of normal data. */
const MAD_TO_SD = 1.4826;
/** Mean absolute deviation × sqrt(pi/2) estimates it too; used when over half the MADs are zero. */
const MEANAD_TO_SD = Math.sqrt(Math.PI / 2);

export interface AnomalyPoint {
  index: number;
  value: number;
  expected: number;
  lower: number;
  upper: number;
  /** Robust z-score of the remainder; |score| > threshold means anomaly. */
  score: number;
  anomaly: boolean;
  direction: 'high' | 'low' | null;
}

export interface AnomalyReport {
  status: 'ok';
  type: DecompositionType;
  threshold: number;
  points: AnomalyPoint[];
  anomalies: AnomalyPoint[];
}

export interface AnomalyOptions {
  period: number;
  type?: DecompositionType;
  start?: number;
  /** 3.5 follows Iglewicz & Hoaglin's advice for modified z-scores. */
  threshold?: number;
}

/**
 * The moving average stops half a period short of each end, but the latest months are the ones
 * users ask about, so the trend is extended by a straight line fitted to the nearest period of it.
 */
export function extendTrend(trend: readonly (number | null)[], span: number): number[] {
  const known: number[] = [];
  trend.forEach((v, i) => {
    if (v !== null) known.push(i);
  });
  if (known.length === 0) throw new RangeError('trend has no values');
  const head = known.slice(0, span);
  const tail = known.slice(-span);
  const headLine = fitLine(head, head.map((i) => trend[i] as number));
  const tailLine = fitLine(tail, tail.map((i) => trend[i] as number));
  const first = known[0] as number;
  return trend.map((v, i) => {
    if (v !== null) return v;
    const line = i < first ? headLine : tailLine;
    return line.intercept + line.slope * i;
  });
}

/** Median of each centred window of `width` values (truncated at the ends). */
export function runningMedian(values: readonly number[], width: number): number[] {
  const half = Math.floor(width / 2);
  return values.map((_, t) => median(values.slice(Math.max(0, t - half), t + half + 1)) as number);
}

interface Scorer {
  centre: number;
  spread: number;
}

function scorer(remainders: readonly (number | null)[], type: DecompositionType): Scorer {
  const finite = remainders.filter((r): r is number => r !== null);
  const centre = median(finite) ?? (type === 'additive' ? 0 : 1);
  const dev = finite.map((x) => Math.abs(x - centre));
  const m = median(dev) ?? 0;
  if (m > 0) return { centre, spread: MAD_TO_SD * m };
  const meanAd = dev.length ? dev.reduce((s, x) => s + x, 0) / dev.length : 0;
  return { centre, spread: MEANAD_TO_SD * meanAd };
}

/** Multiplicative remainders are ratios to the expected value (null when it is 0), additive ones differences. */
function remainderOf(value: number, expected: number, type: DecompositionType): number | null {
  if (type === 'additive') return value - expected;
  return expected > 0 ? value / expected : null;
}

function zScore(value: number, r: number | null, s: Scorer, far: number): number {
  if (r === null) return value === 0 ? 0 : far;
  if (s.spread > 0) return (r - s.centre) / s.spread;
  return r === s.centre ? 0 : Math.sign(r - s.centre) * far;
}

/** Replaces values far from a running median of the seasonally adjusted series. */
function screen(values: readonly number[], d: Decomposition, threshold: number): number[] {
  const mult = d.type === 'multiplicative';
  const adjusted = values.map((v, t) => (mult ? v / (d.seasonal[t] as number) : v - (d.seasonal[t] as number)));
  const local = runningMedian(adjusted, d.period + 1);
  const rem = adjusted.map((a, t) => remainderOf(a, local[t] as number, d.type));
  const s = scorer(rem, d.type);
  const flagged = values.map((v, t) => Math.abs(zScore(v, rem[t] ?? null, s, threshold * 10)) > threshold);
  return values.map((v, t) => {
    if (!flagged[t]) return v;
    const base = local[t] as number;
    return mult ? Math.max(0, base * (d.seasonal[t] as number)) : base + (d.seasonal[t] as number);
  });
}

export function detectAnomalies(values: readonly number[], opts: AnomalyOptions): AnomalyReport | InsufficientData {
  const type = opts.type ?? 'multiplicative';
  const threshold = opts.threshold ?? 3.5;
  if (!(threshold > 0)) throw new RangeError('threshold must be positive');
  const base = { period: opts.period, type, start: opts.start ?? 0 };
  // With two cycles each seasonal index is fitted to a single month, leaving no remainder to
  // measure the noise with: three cycles are the least that gives a usable spread.
  const required = 3 * opts.period;
  if (values.length < required) {
    return { status: 'insufficient_data', reason: `needs at least three full periods (${required} values), got ${values.length}`, min_required: required };
  }
  // Medians resist the outliers in the first pass; on the cleaned series the mean is better, as a
  // median of an odd number of ratios fits one of them exactly and would shrink the spread.
  const first = decompose(values, { ...base, seasonalStatistic: 'median' });
  if (first.status !== 'ok') return first;
  const cleaned = screen(values, first, threshold);
  const second = decompose(cleaned, base);
  const d = second.status === 'ok' ? second : first;

  const trend = extendTrend(d.trend, opts.period);
  const nonNegative = values.every((v) => v >= 0);
  const expected = values.map((_, t) => {
    const e = type === 'multiplicative' ? (trend[t] as number) * (d.seasonal[t] as number) : (trend[t] as number) + (d.seasonal[t] as number);
    return nonNegative ? Math.max(0, e) : e;
  });
  const rem = values.map((v, t) => remainderOf(v, expected[t] as number, type));
  // Each seasonal index is an average of k ratios that it then fits, which shrinks remainders by
  // about sqrt((k - 1) / k); the spread is scaled back up by that much.
  const raw = scorer(rem, type);
  const k = Math.floor(d.remainder.filter((r) => r !== null).length / opts.period);
  const s = { centre: raw.centre, spread: raw.spread * Math.sqrt(k / Math.max(1, k - 1)) };
  const far = threshold * 10;
  const lo = s.centre - threshold * s.spread;
  const hi = s.centre + threshold * s.spread;

  const points = values.map((value, index): AnomalyPoint => {
    const e = expected[index] as number;
    const score = zScore(value, rem[index] ?? null, s, far);
    let lower = type === 'additive' ? e + lo : e * lo;
    const upper = type === 'additive' ? e + hi : e * hi;
    if (nonNegative) lower = Math.max(0, lower);
    const anomaly = Math.abs(score) > threshold;
    return { index, value, expected: e, lower, upper, score, anomaly, direction: anomaly ? (score > 0 ? 'high' : 'low') : null };
  });
  return { status: 'ok', type, threshold, points, anomalies: points.filter((p) => p.anomaly) };
}
