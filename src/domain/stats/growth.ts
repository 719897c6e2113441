// Growth and share arithmetic for trade series. Every ratio is a fraction (0.25 = 25 %), and a
// ratio whose base is zero, missing or not finite is null: an API must never answer Infinity or NaN.

export type Maybe = number | null | undefined;

function usable(x: Maybe): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/**
 * Relative change from `base` to `current`. The base is taken in absolute value so that the sign
 * always says "went up" or "went down", also for series that can be negative (trade balance).
 */
export function change(current: Maybe, base: Maybe): number | null {
  if (!usable(current) || !usable(base) || base === 0) return null;
  return (current - base) / Math.abs(base);
}

/** Change against the value `lag` positions earlier; the first `lag` entries are null. */
export function lagChange(values: readonly Maybe[], lag: number): (number | null)[] {
  if (!Number.isInteger(lag) || lag < 1) throw new RangeError('lag must be a positive integer');
  return values.map((v, i) => (i < lag ? null : change(v, values[i - lag])));
}

/** Year-on-year change: against the same month (period 12) or quarter (period 4) a year before. */
export function yearOnYear(values: readonly Maybe[], period: 12 | 4 | 1): (number | null)[] {
  return lagChange(values, period);
}

/** Period-on-period change: against the previous month, quarter or year. */
export function periodOnPeriod(values: readonly Maybe[]): (number | null)[] {
  return lagChange(values, 1);
}

/**
 * Compound annual growth rate between two values `years` apart: (last / first)^(1 / years) - 1.
 * Null when it has no meaning: a non-positive start, a negative end, or a non-positive span.
 * An end of zero gives -1 (everything lost), which is a real answer.
 */
export function cagr(first: Maybe, last: Maybe, years: number): number | null {
  if (!usable(first) || !usable(last) || !(years > 0) || first <= 0 || last < 0) return null;
  return Math.pow(last / first, 1 / years) - 1;
}

/**
 * CAGR of a whole series, first to last point, with `periodsPerYear` points a year (12 monthly,
 * 4 quarterly, 1 yearly). Sums over whole years are the fairer input for seasonal data; that choice
 * belongs to the caller.
 */
export function seriesCagr(values: readonly Maybe[], periodsPerYear: number): number | null {
  if (values.length < 2) return null;
  return cagr(values[0], values[values.length - 1], (values.length - 1) / periodsPerYear);
}

/** Part over total, null when the total is zero or missing. */
export function share(part: Maybe, total: Maybe): number | null {
  if (!usable(part) || !usable(total) || total === 0) return null;
  return part / total;
}

/** Each value's share of the sum of all values (null for all when the sum is zero). */
export function shares(values: readonly number[]): (number | null)[] {
  const total = values.reduce((s, v) => s + v, 0);
  return values.map((v) => share(v, total));
}

/** A part's share of its total, period by period (market share over time). */
export function shareSeries(parts: readonly Maybe[], totals: readonly Maybe[]): (number | null)[] {
  if (parts.length !== totals.length) throw new RangeError('parts and totals differ in length');
  return parts.map((p, i) => share(p, totals[i]));
}
