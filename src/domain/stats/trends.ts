// Fastest rising and falling products or markets between two windows. Percentage change alone
// rewards noise (a product going from 10 to 500 USD "grows 4,900 %"), so an item must clear two bars
// before it is ranked: a floor on its base-window value and a minimum share of the total.

import { change } from './growth.js';

export interface WindowTotals {
  key: string;
  /** Total over the earlier (base) window. */
  base: number;
  /** Total over the later (current) window. */
  current: number;
}

export interface Mover {
  key: string;
  base: number;
  current: number;
  absolute_change: number;
  /** Fraction, 0.25 = +25 %. */
  relative_change: number;
  /** Share of the current-window total. */
  share: number;
}

export interface TrendOptions {
  /** Items whose base value is below this are not ranked (same unit as the values). */
  minBase: number;
  /** Items whose share of the total is below this in both windows are not ranked (fraction). */
  minShare: number;
  /** How many items each list holds. */
  limit: number;
  /** Rank by relative change (default) or by absolute change. */
  by?: 'relative' | 'absolute';
}

export interface TrendResult {
  rising: Mover[];
  falling: Mover[];
  /** Items that passed the size rules. */
  considered: number;
  /** Items left out by the size rules. */
  excluded: number;
}

/** Sum of values[from..to) — the window totals rankMovers expects. */
export function windowSum(values: readonly number[], from: number, to: number): number {
  let s = 0;
  for (let i = Math.max(0, from); i < Math.min(values.length, to); i++) s += values[i] as number;
  return s;
}

export function rankMovers(items: readonly WindowTotals[], opts: TrendOptions): TrendResult {
  if (!(opts.minBase >= 0) || !(opts.minShare >= 0) || !(opts.limit >= 0)) throw new RangeError('minBase, minShare and limit must be non-negative');
  const totalBase = items.reduce((s, i) => s + i.base, 0);
  const totalCurrent = items.reduce((s, i) => s + i.current, 0);
  const movers: Mover[] = [];
  for (const it of items) {
    const rel = change(it.current, it.base);
    const shareBase = totalBase > 0 ? it.base / totalBase : 0;
    const shareCurrent = totalCurrent > 0 ? it.current / totalCurrent : 0;
    if (rel === null || it.base <= 0 || it.base < opts.minBase || Math.max(shareBase, shareCurrent) < opts.minShare) continue;
    movers.push({ key: it.key, base: it.base, current: it.current, absolute_change: it.current - it.base, relative_change: rel, share: shareCurrent });
  }
  const metric = opts.by === 'absolute' ? (m: Mover) => m.absolute_change : (m: Mover) => m.relative_change;
  // Ties go to the larger absolute move, then to the key, so the order is stable across runs.
  const order = (a: Mover, b: Mover) => metric(b) - metric(a) || b.absolute_change - a.absolute_change || a.key.localeCompare(b.key);
  const rising = movers.filter((m) => metric(m) > 0).sort(order).slice(0, opts.limit);
  const falling = movers
    .filter((m) => metric(m) < 0)
    .sort((a, b) => metric(a) - metric(b) || a.absolute_change - b.absolute_change || a.key.localeCompare(b.key))
    .slice(0, opts.limit);
  return { rising, falling, considered: movers.length, excluded: items.length - movers.length };
}
