// The time shape of the dataset: which months it covers, how trade value falls on them (yearly
// totals in the real export/import ratio, a monthly index with Bayram troughs) and which days of a
// month carry declarations.

export interface Month {
  year: number;
  /** 1–12 */
  month: number;
  /** YYYYMM */
  period: number;
}

export function parseYearMonth(s: string): Month | null {
  const m = /^(\d{4})-(\d{2})$/.exec(s);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || year < 2000 || year > 2100) return null;
  return { year, month, period: year * 100 + month };
}

export function formatYearMonth(m: Month): string {
  return `${m.year}-${String(m.month).padStart(2, '0')}`;
}

export function monthsBetween(from: Month, to: Month): Month[] {
  const out: Month[] = [];
  let { year, month } = from;
  while (year * 100 + month <= to.period) {
    out.push({ year, month, period: year * 100 + month });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}

/** The 36 months ending with the last full month before `today` (UTC). */
export function defaultPeriod(today: Date): { from: Month; to: Month } {
  let year = today.getUTCFullYear();
  let month = today.getUTCMonth(); // 0-based current month = 1-based previous month
  if (month === 0) {
    month = 12;
    year -= 1;
  }
  const to = { year, month, period: year * 100 + month };
  let fy = year - 3;
  let fm = month + 1;
  if (fm > 12) {
    fm = 1;
    fy += 1;
  }
  return { from: { year: fy, month: fm, period: fy * 100 + fm }, to };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// Annual totals in USD bn (general trade system): published figures to 2024, our estimates after.
// Only the ratio and the year-to-year growth are used; the dataset is a sample, not the population.
const ANNUAL: Record<number, readonly [exports: number, imports: number]> = {
  2018: [177.2, 231.2],
  2019: [180.8, 210.3],
  2020: [169.5, 219.4],
  2021: [225.3, 271.4],
  2022: [254.2, 363.7],
  2023: [255.8, 361.8],
  2024: [261.9, 344.0],
  2025: [273.0, 365.0],
  2026: [280.0, 372.0],
};

export function annualTotals(year: number): readonly [number, number] {
  const known = ANNUAL[year];
  if (known) return known;
  const edge = year < 2018 ? 2018 : 2026;
  const [e, i] = ANNUAL[edge] as readonly [number, number];
  // Outside the table: 3 % a year from the nearest known year.
  const f = 1.03 ** (year - edge);
  return [e * f, i * f];
}

/** Export/import value ratio the generator aims at for a year. */
export function targetRatio(year: number): number {
  const [e, i] = annualTotals(year);
  return e / i;
}

// Calendar effect before holidays: peaks in Mar, May, Oct and Dec, troughs in Jan and Aug.
const MONTH_INDEX = [0.92, 0.98, 1.08, 1.0, 1.06, 1.0, 1.03, 0.93, 1.0, 1.07, 1.01, 1.09];

// First day of Ramazan Bayramı (3.5 days) and Kurban Bayramı (4.5 days). They move about 11 days
// earlier every year; outside the table the date is extrapolated by one lunar year (354.37 days).
const RAMAZAN: Record<number, string> = {
  2018: '2018-06-15', 2019: '2019-06-04', 2020: '2020-05-24', 2021: '2021-05-13', 2022: '2022-05-02',
  2023: '2023-04-21', 2024: '2024-04-10', 2025: '2025-03-30', 2026: '2026-03-20', 2027: '2027-03-09',
  2028: '2028-02-26',
};
const KURBAN: Record<number, string> = {
  2018: '2018-08-21', 2019: '2019-08-11', 2020: '2020-07-31', 2021: '2021-07-20', 2022: '2022-07-09',
  2023: '2023-06-28', 2024: '2024-06-16', 2025: '2025-06-06', 2026: '2026-05-27', 2027: '2027-05-16',
  2028: '2028-05-04',
};
const LUNAR_YEAR_MS = 354.367 * 86_400_000;

function holidayStart(table: Record<number, string>, year: number): number {
  const known = table[year];
  if (known) return Date.parse(known);
  const edge = year < 2018 ? 2018 : 2028;
  let t = Date.parse(table[edge] as string);
  const step = year < edge ? -LUNAR_YEAR_MS : LUNAR_YEAR_MS;
  while (new Date(t).getUTCFullYear() !== year) {
    t += step;
    if (Math.abs(new Date(t).getUTCFullYear() - year) > 2) break;
  }
  return Math.floor(t / 86_400_000) * 86_400_000;
}

/** Holiday days (Bayram) falling on each day of the year, as a set of 'YYYY-MM-DD'. */
export function bayramDays(year: number): Set<string> {
  const out = new Set<string>();
  for (const [table, days] of [[RAMAZAN, 3], [KURBAN, 4]] as const) {
    // The eve (arife) is a half day; counting it whole is close enough for a demo.
    const start = holidayStart(table, year) - 86_400_000;
    for (let d = 0; d <= days; d++) out.add(new Date(start + d * 86_400_000).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * Multiplicative index of trade value for a month, around 1: the calendar shape times the share of
 * working days lost to Bayram (each lost day costs about 3 % of the month).
 */
export function monthIndex(year: number, month: number): number {
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  let lost = 0;
  for (const day of bayramDays(year)) if (day.startsWith(prefix)) lost += 1;
  return (MONTH_INDEX[month - 1] as number) * (1 - 0.03 * lost);
}

/** Working days of a month that can carry a declaration: no Sundays, no Bayram days. */
export function workingDays(year: number, month: number): string[] {
  const holidays = bayramDays(year);
  const out: string[] = [];
  for (let d = 1; d <= daysInMonth(year, month); d++) {
    const date = new Date(Date.UTC(year, month - 1, d));
    const iso = date.toISOString().slice(0, 10);
    if (date.getUTCDay() !== 0 && !holidays.has(iso)) out.push(iso);
  }
  return out;
}

/**
 * Splits `total` into integer parts proportional to `weights` (largest remainder; ties broken by
 * position, so the split is deterministic).
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : 0));
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const i = (order[k] as readonly [number, number])[1];
    out[i] = (out[i] as number) + 1;
  }
  return out;
}
