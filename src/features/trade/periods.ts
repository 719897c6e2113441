// Period labels of aggregate series (YYYY-MM, YYYY-Qn, YYYY) and the arithmetic the trend and
// comparison operations need: consecutive labels between two dates, the same period a year
// earlier, and a date moved back by whole years.
import type { Freq } from '../shared/aggregate.js';

export function labelOf(date: string, freq: Freq): string {
  const y = date.slice(0, 4);
  const m = Number(date.slice(5, 7));
  if (freq === 'year') return y;
  if (freq === 'quarter') return `${y}-Q${Math.floor((m - 1) / 3) + 1}`;
  return `${y}-${String(m).padStart(2, '0')}`;
}

/** Every label from the period of `from` to the period of `to`, inclusive, in order. */
export function labelsBetween(from: string, to: string, freq: Freq): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = labelOf(to, freq);
  const step = freq === 'year' ? 12 : freq === 'quarter' ? 3 : 1;
  if (freq === 'quarter') m = Math.floor((m - 1) / 3) * 3 + 1;
  if (freq === 'year') m = 1;
  for (let guard = 0; guard < 5000; guard++) {
    const label = labelOf(`${y}-${String(m).padStart(2, '0')}-01`, freq);
    if (label > end) break;
    out.push(label);
    m += step;
    while (m > 12) {
      m -= 12;
      y += 1;
    }
  }
  return out;
}

/** The same period one year earlier. */
export function yearBefore(label: string): string {
  return `${Number(label.slice(0, 4)) - 1}${label.slice(4)}`;
}

/** A YYYY-MM-DD date `years` years earlier; 29 February becomes 28 February. */
export function shiftYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) - years;
  const md = date.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}
