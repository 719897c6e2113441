// Market concentration of partners or products: Herfindahl–Hirschman index, top-N share and the
// equivalent number of equal-sized partners. Inputs are raw values (USD) or shares in any unit;
// they are normalised first, so [50, 30, 20] and [0.5, 0.3, 0.2] give the same answer.

export type ConcentrationLevel = 'unconcentrated' | 'moderate' | 'high';

function normalised(values: readonly number[]): number[] | null {
  let total = 0;
  for (const v of values) {
    if (!Number.isFinite(v) || v < 0) throw new RangeError('values must be finite and non-negative');
    total += v;
  }
  return total > 0 ? values.map((v) => v / total) : null;
}

/** HHI on shares, 0 to 1 (1 = a single partner). Null when there is nothing to share. */
export function hhi(values: readonly number[]): number | null {
  const s = normalised(values);
  return s === null ? null : s.reduce((acc, x) => acc + x * x, 0);
}

/** HHI on the 0 to 10,000 scale used by competition authorities (shares in percent, squared). */
export function hhiPoints(values: readonly number[]): number | null {
  const h = hhi(values);
  return h === null ? null : h * 10_000;
}

/** Share of the `n` largest values together. */
export function topNShare(values: readonly number[], n: number): number | null {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  const s = normalised(values);
  if (s === null) return null;
  return s
    .sort((a, b) => b - a)
    .slice(0, n)
    .reduce((acc, x) => acc + x, 0);
}

/** 1 / HHI: how many equal partners would give the same concentration. */
export function equivalentNumber(values: readonly number[]): number | null {
  const h = hhi(values);
  return h === null ? null : 1 / h;
}

/**
 * The US merger-guidelines bands (2010) on the 10,000 scale: below 1500 unconcentrated, 1500 to
 * 2500 inclusive moderate, above 2500 high.
 */
export function concentrationLevel(points: number): ConcentrationLevel {
  if (points < 1500) return 'unconcentrated';
  if (points <= 2500) return 'moderate';
  return 'high';
}

export interface ConcentrationSummary {
  hhi: number;
  hhi_points: number;
  level: ConcentrationLevel;
  equivalent_number: number;
  top_shares: { n: number; share: number }[];
  count: number;
}

/** Everything the concentration endpoint answers, or null when all values are zero. */
export function concentration(values: readonly number[], topN: readonly number[] = [1, 3, 5, 10]): ConcentrationSummary | null {
  const h = hhi(values);
  if (h === null) return null;
  return {
    hhi: h,
    hhi_points: h * 10_000,
    level: concentrationLevel(h * 10_000),
    equivalent_number: 1 / h,
    top_shares: topN.map((n) => ({ n, share: topNShare(values, n) ?? 0 })),
    count: values.filter((v) => v > 0).length,
  };
}
