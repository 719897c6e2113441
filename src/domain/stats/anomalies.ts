// Months (or quarters) far outside their expected range. Expected = trend × seasonal index (or
// trend + index) from a classical decomposition; spread = median absolute deviation of the
// remainder, which a few extreme months cannot inflate the way a standard deviation would.

import { decompose } from './seasonality.js';
import type { DecompositionType, InsufficientData } from './seasonality.js';
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

export function detectAnomalies(values: readonly number[], opts: AnomalyOptions): AnomalyReport | InsufficientData {
  const type = opts.type ?? 'multiplicative';
  const threshold = opts.threshold ?? 3.5;
  if (!(threshold > 0)) throw new RangeError('threshold must be positive');
  const d = decompose(values, { period: opts.period, type, start: opts.start ?? 0, seasonalStatistic: 'median' });
  if (d.status !== 'ok') return d;

  const trend = extendTrend(d.trend, opts.period);
  const nonNegative = values.every((v) => v >= 0);
  const expected = values.map((_, t) => {
    const e = type === 'multiplicative' ? (trend[t] as number) * (d.seasonal[t] as number) : (trend[t] as number) + (d.seasonal[t] as number);
    return nonNegative ? Math.max(0, e) : e;
  });
  // Multiplicative remainders are ratios to the expected value, additive ones differences. A zero
  // expected value has no ratio: it is scored apart (on target if the value is zero too).
  const rem = values.map((v, t) => {
    const e = expected[t] as number;
    if (type === 'additive') return v - e;
    return e > 0 ? v / e : null;
  });
  const finite = rem.filter((r): r is number => r !== null);
  const centre = median(finite) ?? (type === 'additive' ? 0 : 1);
  const spread = robustSpread(finite, centre);
  const far = threshold * 10;

  const points = values.map((value, index): AnomalyPoint => {
    const e = expected[index] as number;
    const r = rem[index] ?? null;
    let score: number;
    if (r === null) score = value === 0 ? 0 : far;
    else if (spread > 0) score = (r - centre) / spread;
    else score = r === centre ? 0 : Math.sign(r - centre) * far;
    const lo = centre - threshold * spread;
    const hi = centre + threshold * spread;
    let lower = type === 'additive' ? e + lo : e * lo;
    const upper = type === 'additive' ? e + hi : e * hi;
    if (nonNegative) lower = Math.max(0, lower);
    const anomaly = Math.abs(score) > threshold;
    return { index, value, expected: e, lower, upper, score, anomaly, direction: anomaly ? (score > 0 ? 'high' : 'low') : null };
  });
  return { status: 'ok', type, threshold, points, anomalies: points.filter((p) => p.anomaly) };
}

function robustSpread(xs: readonly number[], centre: number): number {
  const dev = xs.map((x) => Math.abs(x - centre));
  const m = median(dev) ?? 0;
  if (m > 0) return MAD_TO_SD * m;
  const meanAd = dev.length ? dev.reduce((s, x) => s + x, 0) / dev.length : 0;
  return MEANAD_TO_SD * meanAd;
}
