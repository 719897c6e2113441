// Declaration lists sorted by value, without ranking the whole window: each (flow, month) range of
// the declaration copy is kept ordered by (value, id) descending, and a page is a merge of the
// window's ranges, best first, that stops when the page is full. The rows the filters keep are
// marked beforehand; the merge skips the others.
//
// When the filters are only flow and dates, no selection is made at all: the merge tests the day.
// Made in the background for each new copy (a range at a time); until then the caller ranks the
// selection itself.
import type { Cube } from './memcube.js';
import { yieldToIo } from './record-cubes.js';

/** Per range of the copy, its rows (at the range's own positions) by (value, id) descending. */
const orders = new WeakMap<Cube, Int32Array | null>();

const making = new WeakMap<Cube, Promise<void>>();

/** The order for this copy, or null while it is made (started here). */
export function valueOrderOf(cube: Cube): Int32Array | null {
  const known = orders.get(cube);
  if (known !== undefined) return known;
  orders.set(cube, null);
  making.set(cube, makeOrder(cube).then(
    (order) => void orders.set(cube, order),
    () => void orders.delete(cube),
  ));
  return null;
}

/** Resolves when the order for this copy is made (server start). */
export async function valueOrderMade(cube: Cube): Promise<void> {
  valueOrderOf(cube);
  await making.get(cube);
}

async function makeOrder(cube: Cube): Promise<Int32Array> {
  const values = cube.measures.get('decl_value_cents')!;
  const ids = cube.ints.get('declaration_id')!;
  const order = new Int32Array(cube.rows);
  for (const s of cube.segments) {
    const rows = new Int32Array(s.end - s.start);
    for (let i = 0; i < rows.length; i++) rows[i] = s.start + i;
    rows.sort((a, b) => values[b]! - values[a]! || ids[b]! - ids[a]!);
    order.set(rows, s.start);
    await yieldToIo();
  }
  return order;
}

// Row marks: a row is kept when its mark equals the current stamp, so nothing is cleared between pages.
let marks = new Int32Array(0);
let stamp = 0;

/** Marks the rows a page may hold; returns the stamp they carry. */
export function markRows(cube: Cube, rows: Int32Array): number {
  if (marks.length < cube.rows) marks = new Int32Array(cube.rows);
  if (++stamp >= 0x7fffffff) {
    marks.fill(0);
    stamp = 1;
  }
  for (let i = 0; i < rows.length; i++) marks[rows[i]!] = stamp;
  return stamp;
}

export interface ValueWalk {
  /** The (flow, month) ranges of the window. */
  ranges: { start: number; end: number }[];
  desc: boolean;
  after: { key: number; id: number } | null;
  count: number;
  /** The rows a page may hold: those marked with this stamp, or else every row within these days (YYYYMMDD). */
  mark: number | null;
  days: [number, number];
}

/** Ids of the first `count` marked rows after the keyset position, in (value, id) order. */
export function walkByValue(cube: Cube, order: Int32Array, w: ValueWalk): number[] {
  const values = cube.measures.get('decl_value_cents')!;
  const ids = cube.ints.get('declaration_id')!;
  const dates = cube.ints.get('date')!;
  const [fromDay, toDay] = w.days;
  const mark = w.mark;
  // In walk terms every order is ascending: the sign flips a descending one.
  const sign = w.desc ? -1 : 1;
  const heads: { at: number; left: number; start: number; end: number }[] = [];
  for (const { start, end } of w.ranges) {
    // Position i of the walk through a range: from its start (descending) or its end (ascending).
    const row = (i: number) => order[w.desc ? start + i : end - 1 - i]!;
    let skip = 0;
    if (w.after) {
      const { key, id } = w.after;
      let lo = 0;
      let hi = end - start;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const r = row(mid);
        const v = sign * values[r]!;
        const k = sign * key;
        if (v < k || (v === k && sign * ids[r]! <= sign * id)) lo = mid + 1;
        else hi = mid;
      }
      skip = lo;
    }
    if (skip < end - start) heads.push({ at: skip, left: end - start, start, end });
  }
  const rowAt = (h: (typeof heads)[number]) => order[w.desc ? h.start + h.at : h.end - 1 - h.at]!;
  const better = (a: number, b: number) => {
    const d = sign * (values[a]! - values[b]!);
    return d < 0 || (d === 0 && sign * (ids[a]! - ids[b]!) < 0);
  };
  // A binary heap of the ranges by their next row.
  const heap = heads.map((h) => ({ h, r: rowAt(h) }));
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      let m = i;
      if (l < heap.length && better(heap[l]!.r, heap[m]!.r)) m = l;
      if (l + 1 < heap.length && better(heap[l + 1]!.r, heap[m]!.r)) m = l + 1;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  const out: number[] = [];
  while (heap.length && out.length < w.count) {
    const top = heap[0]!;
    const r = top.r;
    if (mark !== null ? marks[r] === mark : dates[r]! >= fromDay && dates[r]! <= toDay) out.push(ids[r]!);
    top.h.at++;
    if (top.h.at < top.h.left) {
      top.r = rowAt(top.h);
    } else {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    down(0);
  }
  return out;
}
