// Calendar arithmetic for statistics windows: the periods a window spans (for zero-filling a
// series) and the comparison windows (the previous period of the same length, the same period a
// year earlier). Pure; dates are inclusive YYYY-MM-DD bounds as the filters produce them.
import { formatPeriod, type Freq } from '../shared/aggregate.js';

export interface Window {
  from: string;
  to: string;
}

export const PERIODS_PER_YEAR: Record<Freq, 12 | 4 | 1> = { month: 12, quarter: 4, year: 1 };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Month index (year × 12 + month − 1) of a date. */
export function monthIndex(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

function daysInMonth(index: number): number {
  return new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
}

export function monthStart(index: number): string {
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}

export function monthEnd(index: number): string {
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-${pad(daysInMonth(index))}`;
}

/** True when the window starts on a first and ends on a last day of a month. */
export function isMonthAligned(w: Window): boolean {
  return w.from.endsWith('-01') && w.to === monthEnd(monthIndex(w.to));
}

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

function dateOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The window of the same length just before this one. Whole months shift by months (so Q1 is
 * compared with Q4, not with a window of 90 days); other windows shift by days.
 */
export function previousWindow(w: Window): Window {
  if (isMonthAligned(w)) {
    const a = monthIndex(w.from);
    const months = monthIndex(w.to) - a + 1;
    return { from: monthStart(a - months), to: monthEnd(a - 1) };
  }
  const len = dayNumber(w.to) - dayNumber(w.from) + 1;
  const to = dayNumber(w.from) - 1;
  return { from: dateOf(to - len + 1), to: dateOf(to) };
}

/** The same window a year earlier; a 29 February becomes the 28th, a month end stays a month end. */
export function yearAgoWindow(w: Window): Window {
  if (isMonthAligned(w)) return { from: monthStart(monthIndex(w.from) - 12), to: monthEnd(monthIndex(w.to) - 12) };
  const back = (d: string) => {
    const y = Number(d.slice(0, 4)) - 1;
    const md = d.slice(5) === '02-29' ? '02-28' : d.slice(5);
    return `${y}-${md}`;
  };
  return { from: back(w.from), to: back(w.to) };
}

/** The `months` whole months ending with the month of `end`. */
export function lastMonths(end: string, months: number): Window {
  const b = monthIndex(end);
  return { from: monthStart(b - months + 1), to: monthEnd(b) };
}

/** Numeric period key as the aggregate engine computes it (YYYYMM, YYYYQ or YYYY). */
function periodNumber(monthIdx: number, freq: Freq): number {
  const y = Math.floor(monthIdx / 12);
  const m = (monthIdx % 12) + 1;
  if (freq === 'year') return y;
  if (freq === 'quarter') return y * 10 + Math.floor((m + 2) / 3);
  return y * 100 + m;
}

/** Every period label (YYYY-MM, YYYY-Qn or YYYY) the window touches, in order. */
export function periodsOf(w: Window, freq: Freq): string[] {
  const out: string[] = [];
  let last = -1;
  for (let i = monthIndex(w.from); i <= monthIndex(w.to); i++) {
    const p = periodNumber(i, freq);
    if (p !== last) out.push(formatPeriod(p, freq));
    last = p;
  }
  return out;
}

/** Position in the seasonal cycle (0-based: January or Q1 = 0) of a period label. */
export function cyclePosition(period: string, freq: Freq): number {
  if (freq === 'quarter') return Number(period.slice(-1)) - 1;
  if (freq === 'month') return Number(period.slice(5, 7)) - 1;
  return 0;
}

/** The label of the period `steps` after `period`. */
export function periodAfter(period: string, freq: Freq, steps: number): string {
  if (freq === 'year') return String(Number(period) + steps);
  if (freq === 'quarter') {
    const i = Number(period.slice(0, 4)) * 4 + Number(period.slice(-1)) - 1 + steps;
    return `${Math.floor(i / 4)}-Q${(i % 4) + 1}`;
  }
  const i = monthIndex(`${period}-01`) + steps;
  return `${Math.floor(i / 12)}-${pad((i % 12) + 1)}`;
}
