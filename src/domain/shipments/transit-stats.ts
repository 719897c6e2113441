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

/** Groups rows by `key` and describes each group's durations; groups come back sorted by key. */
export function transitStatsBy<T>(
  rows: readonly T[],
  key: (row: T) => string,
  days: (row: T) => number,
): Array<{ key: string } & TransitStats> {
  return [...groupBy(rows, key)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, group]) => ({ key: k, ...transitStats(group.map(days)) }));
}

export interface DeliveryRecord {
  /** The arrival promised at booking (the first PLN arrival). */
  readonly planned_at: string;
  readonly arrived_at: string;
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

/** On time means arriving no later than the plan plus the tolerance. */
export function deliveryPerformance(rows: readonly DeliveryRecord[], toleranceHours = 24): DeliveryPerformance {
  return delayPerformance(rows.map((r) => daysBetween(r.planned_at, r.arrived_at)), toleranceHours);
}

/** The same, from the delays (arrival − plan, in days) themselves; sorts `delays` in place. */
export function delayPerformance(delays: number[], toleranceHours = 24): DeliveryPerformance {
  if (!(toleranceHours >= 0)) throw new RangeError('tolerance must be zero or more hours');
  delays.sort((a, b) => a - b);
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

export function deliveryPerformanceBy<T extends DeliveryRecord>(
  rows: readonly T[],
  key: (row: T) => string,
  toleranceHours = 24,
): Array<{ key: string } & DeliveryPerformance> {
  return [...groupBy(rows, key)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, group]) => ({ key: k, ...deliveryPerformance(group, toleranceHours) }));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
