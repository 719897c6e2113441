// Descriptive statistics. Percentiles use linear interpolation between order statistics
// (Hyndman & Fan type 7, the default of R's quantile() and numpy.percentile), so results match
// what an analyst gets when checking our numbers in a notebook.

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** Sample standard deviation (divisor n - 1); null below two values. */
export function sd(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null || values.length < 2) return null;
  let ss = 0;
  for (const v of values) ss += (v - m) * (v - m);
  return Math.sqrt(ss / (values.length - 1));
}

/** Quantile of already ascending-sorted values, p in [0, 1]. */
export function quantileSorted(sorted: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 1)) throw new RangeError('p must be within [0, 1]');
  const n = sorted.length;
  if (n === 0) return null;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(lo + 1, n - 1)] as number;
  return a + (h - lo) * (b - a);
}

export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

export function quantile(values: readonly number[], p: number): number | null {
  return quantileSorted(sortedCopy(values), p);
}

export function median(values: readonly number[]): number | null {
  return quantile(values, 0.5);
}

/** Median absolute deviation from the median (unscaled). */
export function mad(values: readonly number[]): number | null {
  const m = median(values);
  if (m === null) return null;
  return median(values.map((v) => Math.abs(v - m)));
}

export interface Summary {
  count: number;
  mean: number | null;
  sd: number | null;
  min: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  max: number | null;
}

export function summarize(values: readonly number[]): Summary {
  const s = sortedCopy(values);
  const q = (p: number) => quantileSorted(s, p);
  return {
    count: s.length,
    mean: mean(s),
    sd: sd(s),
    min: q(0),
    p10: q(0.1),
    p25: q(0.25),
    p50: q(0.5),
    p75: q(0.75),
    p90: q(0.9),
    max: q(1),
  };
}
