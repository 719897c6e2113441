// Harmonized System and Turkish GTİP codes. Digits 1-6 are the worldwide HS subheading, 7-8 the
// EU Combined Nomenclature, 9-12 national subdivisions. Codes exist only at even lengths.

export type HsLevel = 2 | 4 | 6 | 8 | 10 | 12;

export const HS_LEVELS: readonly HsLevel[] = [2, 4, 6, 8, 10, 12];

const LEVELS = new Set<number>(HS_LEVELS);

function strip(input: string): string {
  // Users write codes as 6109.10.00, "6109 10 00" or compact; all mean the same.
  return input.replace(/[.\s]+/g, '');
}

/** A complete code at one of the six levels, compact, or null. */
export function normalizeHsCode(input: string): string | null {
  const s = strip(input);
  if (!/^\d+$/.test(s) || !LEVELS.has(s.length)) return null;
  return s;
}

/** A filter prefix: any 2 to 12 digits (odd lengths allowed, e.g. 61091 narrows a heading). */
export function normalizeHsPrefix(input: string): string | null {
  const s = strip(input);
  return /^\d{2,12}$/.test(s) ? s : null;
}

export function isHsPrefix(input: string): boolean {
  return normalizeHsPrefix(input) !== null;
}

export function hsLevel(code: string): HsLevel | null {
  const s = normalizeHsCode(code);
  return s === null ? null : (s.length as HsLevel);
}

/** Codes above this one, chapter first; empty for a chapter or an invalid code. */
export function hsAncestors(code: string): string[] {
  const s = normalizeHsCode(code);
  if (s === null) return [];
  const out: string[] = [];
  for (let len = 2; len < s.length; len += 2) out.push(s.slice(0, len));
  return out;
}

export function hsParent(code: string): string | null {
  return hsAncestors(code).at(-1) ?? null;
}

export function hsChapter(code: string): string | null {
  const s = normalizeHsPrefix(code);
  return s === null ? null : s.slice(0, 2);
}

/** True when `code` falls under the filter `prefix` (both may carry dots or spaces). */
export function hsMatchesPrefix(code: string, prefix: string): boolean {
  const c = normalizeHsPrefix(code);
  const p = normalizeHsPrefix(prefix);
  return c !== null && p !== null && c.startsWith(p);
}

/** Written form: 4 digits, then pairs separated by dots — 610910000011 → 6109.10.00.00.11. */
export function formatGtip(code: string): string {
  const s = normalizeHsCode(code);
  if (s === null) throw new RangeError(`not an HS/GTİP code: "${code}"`);
  const parts = [s.slice(0, 4)];
  for (let i = 4; i < s.length; i += 2) parts.push(s.slice(i, i + 2));
  return parts.join('.');
}
