// Transit-time statistics and delivery performance. Durations are in days (fractions allowed);
// callers round for display.

const DAY_MS = 86_400_000;

/** Linear-interpolation quantile (Hyndman & Fan type 7, the spreadsheet default) of sorted values. */
export function quantileSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of an empty sample');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile level ${p} is outside [0, 1]`);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] as number;
  return a + (h - lo) * (b - a);
}

/** Days between two ISO instants; throws on an unparseable date. */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (Number.isNaN(a) || Number.isNaN(b)) throw new RangeError(`invalid date in ${from} → ${to}`);
  return (b - a) / DAY_MS;
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

export interface TransitStats {
  readonly count: number;
  readonly mean_days: number | null;
  readonly p10_days: number | null;
  readonly p50_days: number | null;
  readonly p90_days: number | null;
  readonly min_days: number | null;
  readonly max_days: number | null;
}

export function transitStats(durationsDays: readonly number[]): TransitStats {
  const sorted = durationsDays.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) {
    return { count: 0, mean_days: null, p10_days: null, p50_days: null, p90_days: null, min_days: null, max_days: null };
  }
  return {
    count: sorted.length,
    mean_days: sorted.reduce((s, d) => s + d, 0) / sorted.length,
    p10_days: quantileSorted(sorted, 0.1),
    p50_days: quantileSorted(sorted, 0.5),
    p90_days: quantileSorted(sorted, 0.9),
    min_days: sorted[0] as number,
    max_days: sorted[sorted.length - 1] as number,
  };
}

export interface DeliveryPerformance {
  readonly count: number;
  readonly on_time: number;
  readonly late: number;
  readonly on_time_share: number | null;
  /** Mean of arrival − plan; early arrivals count negative. */
  readonly mean_delay_days: number | null;
  /** Mean of the lateness beyond the plan, early arrivals counting zero. */
  readonly mean_lateness_days: number | null;
  readonly p90_delay_days: number | null;
}

/**
 * Delivery performance of a sample of delays (arrival − plan, in days): on time means arriving no
 * later than the plan plus the tolerance.
 */
export function deliveryPerformance(delaysDays: readonly number[], toleranceHours = 24): DeliveryPerformance {
  if (!(toleranceHours >= 0)) throw new RangeError('tolerance must be zero or more hours');
  const delays = [...delaysDays].sort((a, b) => a - b);
  const n = delays.length;
  if (n === 0) {
    return { count: 0, on_time: 0, late: 0, on_time_share: null, mean_delay_days: null, mean_lateness_days: null, p90_delay_days: null };
  }
  let onTime = 0;
  let sum = 0;
  let lateness = 0;
  for (const d of delays) {
    if (d <= toleranceHours / 24) onTime++;
    sum += d;
    lateness += Math.max(0, d);
  }
  return {
    count: n,
    on_time: onTime,
    late: n - onTime,
    on_time_share: onTime / n,
    mean_delay_days: sum / n,
    mean_lateness_days: lateness / n,
    p90_delay_days: quantileSorted(delays, 0.9),
  };
}
