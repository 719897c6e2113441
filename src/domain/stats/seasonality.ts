// Classical decomposition (the textbook method behind R's decompose()): trend by a centred moving
// average over one period, seasonal indices as the average detrended value at each position in the
// cycle, remainder as what is left. Simple, explainable, and good enough to describe seasonality
// and to judge whether a month is out of line.

import { mean, median } from './quantiles.js';

export type DecompositionType = 'multiplicative' | 'additive';

export interface InsufficientData {
  status: 'insufficient_data';
  reason: string;
  min_required: number;
}

export interface Decomposition {
  status: 'ok';
  type: DecompositionType;
  period: number;
  /** Position in the cycle of the first value (0 = January for monthly data starting in January). */
  start: number;
  /** Centred moving average; null for the half period at each end it cannot reach. */
  trend: (number | null)[];
  /** One index per cycle position 0..period-1, mean 1 (multiplicative) or 0 (additive). */
  indices: number[];
  /** The index that applies to each value. */
  seasonal: number[];
  /** value / (trend × seasonal) or value − trend − seasonal; null where the trend is null. */
  remainder: (number | null)[];
  /**
   * Strength of seasonality in [0, 1] (Wang, Smith & Hyndman 2006): 1 − var(R) / var(S + R),
   * measured on the additive scale (logs are not used, ratios are shifted to be centred on 0).
   */
  strength: number;
}

export interface DecomposeOptions {
  period: number;
  type?: DecompositionType;
  start?: number;
  /** Median is robust to a single extreme month; mean is the classical choice. */
  seasonalStatistic?: 'mean' | 'median';
}

/** Centred moving average of one full period; 2×m for even m, as in the textbooks. */
export function centredMovingAverage(values: readonly number[], period: number): (number | null)[] {
  const n = values.length;
  const half = Math.floor(period / 2);
  const even = period % 2 === 0;
  const out: (number | null)[] = new Array<number | null>(n).fill(null);
  for (let t = half; t < n - half; t++) {
    let s = 0;
    for (let j = -half; j <= half; j++) {
      const w = even && (j === -half || j === half) ? 0.5 : 1;
      s += w * (values[t + j] as number);
    }
    out[t] = s / period;
  }
  return out;
}

export function decompose(values: readonly number[], opts: DecomposeOptions): Decomposition | InsufficientData {
  const { period } = opts;
  const type = opts.type ?? 'multiplicative';
  const start = opts.start ?? 0;
  if (!Number.isInteger(period) || period < 2) throw new RangeError('period must be an integer of at least 2');
  if (!Number.isInteger(start) || start < 0) throw new RangeError('start must be a non-negative integer');
  if (values.some((v) => !Number.isFinite(v))) throw new RangeError('values must be finite numbers');
  if (type === 'multiplicative' && values.some((v) => v < 0)) {
    throw new RangeError('multiplicative decomposition needs non-negative values; use additive');
  }
  const n = values.length;
  if (n < 2 * period) {
    return { status: 'insufficient_data', reason: `needs at least two full periods (${2 * period} values), got ${n}`, min_required: 2 * period };
  }

  const pos = (t: number) => (start + t) % period;
  const trend = centredMovingAverage(values, period);
  const byPosition: number[][] = Array.from({ length: period }, () => []);
  for (let t = 0; t < n; t++) {
    const tr = trend[t];
    if (tr === null || tr === undefined) continue;
    if (type === 'multiplicative') {
      // A zero trend has no ratio; skipping it leaves that month out of its position's average.
      if (tr > 0) byPosition[pos(t)]?.push((values[t] as number) / tr);
    } else {
      byPosition[pos(t)]?.push((values[t] as number) - tr);
    }
  }
  if (byPosition.some((xs) => xs.length === 0)) {
    return { status: 'insufficient_data', reason: 'the trend is zero over a whole cycle position', min_required: 2 * period };
  }
  const stat = opts.seasonalStatistic === 'median' ? median : mean;
  const raw = byPosition.map((xs) => stat(xs) as number);
  const centre = mean(raw) as number;
  let indices: number[];
  if (type === 'multiplicative') {
    if (!(centre > 0)) return { status: 'insufficient_data', reason: 'the series is zero throughout', min_required: 2 * period };
    indices = raw.map((x) => x / centre);
  } else {
    indices = raw.map((x) => x - centre);
  }

  const seasonal = values.map((_, t) => indices[pos(t)] as number);
  const remainder = values.map((v, t) => {
    const tr = trend[t];
    if (tr === null || tr === undefined) return null;
    const s = seasonal[t] as number;
    if (type === 'additive') return v - tr - s;
    const expected = tr * s;
    return expected > 0 ? v / expected : null;
  });

  return { status: 'ok', type, period, start, trend, indices, seasonal, remainder, strength: strength(values, trend, seasonal, remainder, type) };
}

function variance(xs: readonly number[]): number {
  const m = mean(xs);
  if (m === null || xs.length < 2) return 0;
  return xs.reduce((s, x) => s + (x - m) * (x - m), 0) / (xs.length - 1);
}

function strength(
  values: readonly number[],
  trend: readonly (number | null)[],
  seasonal: readonly number[],
  remainder: readonly (number | null)[],
  type: DecompositionType,
): number {
  const r: number[] = [];
  const sr: number[] = [];
  for (let t = 0; t < values.length; t++) {
    const tr = trend[t];
    const rem = remainder[t];
    if (tr === null || tr === undefined || rem === null || rem === undefined) continue;
    // On the multiplicative scale, express both parts in units of the trend so they add up.
    const rr = type === 'additive' ? rem : (rem - 1) * (seasonal[t] as number);
    const ss = type === 'additive' ? (seasonal[t] as number) : (seasonal[t] as number) - 1;
    r.push(rr);
    sr.push(ss + rr);
  }
  const vsr = variance(sr);
  if (vsr === 0) return 0;
  return Math.min(1, Math.max(0, 1 - variance(r) / vsr));
}
