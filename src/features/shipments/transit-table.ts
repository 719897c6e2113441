// Every completed shipment (actual departure and arrival known) held in memory as columns, ordered
// by departure, so transit-time and delivery-performance statistics are a binary search for the
// window and one pass over typed arrays instead of a scan of the shipments table per query.
//
// Freshness: kept as a shipment snapshot (snapshot.ts), current to within about a second.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { TransitFilter } from './queries.js';
import { forgetShipmentSnapshots, shipmentSnapshot } from './snapshot.js';

export interface TransitTable {
  n: number;
  /** Epoch milliseconds; `planned` is NaN where no arrival was planned. */
  departure: Float64Array;
  arrival: Float64Array;
  planned: Float64Array;
  /** Dictionary codes into `values` (carrier: '' when unknown). */
  origin: Int32Array;
  destination: Int32Array;
  carrier: Int32Array;
  mode: Int32Array;
  values: string[];
  /** Groupings made so far (each made once per table). */
  groupings: Map<TransitGroup, Grouping>;
}

export const TRANSIT_GROUPS = ['route_carrier', 'route', 'carrier', 'origin_port', 'destination_port'] as const;
export type TransitGroup = (typeof TRANSIT_GROUPS)[number];

/** The key fields of a group; fields the grouping does not use are null. */
export interface GroupKey {
  origin_port: string | null;
  destination_port: string | null;
  carrier: string | null;
}

export interface Grouping {
  /** Group of each row. */
  gid: Int32Array;
  keys: GroupKey[];
  /** Position of each group in the order of its key as JSON text, the tie-break of rankings. */
  order: Int32Array;
  /** The group at each position of that order. */
  byOrder: Int32Array;
}

/** One figure in days per shipment row of the table; null leaves the shipment out. */
export type Measure = (t: TransitTable, row: number) => number | null;

const DAY_MS = 86_400_000;

/** Departure to arrival, for shipments that arrived no earlier than they left. */
export const transitDays: Measure = (t, i) => (t.arrival[i]! >= t.departure[i]! ? (t.arrival[i]! - t.departure[i]!) / DAY_MS : null);

/** Arrival against the first planned arrival, for shipments that had one. */
export const delayDays: Measure = (t, i) => (Number.isNaN(t.planned[i]!) ? null : (t.arrival[i]! - t.planned[i]!) / DAY_MS);

const CHUNK = 20_000;
const toMs = (v: unknown): number => (v === null || v === undefined ? Number.NaN : v instanceof Date ? v.getTime() : Date.parse(String(v)));

export async function readTransitTable(db: Kysely<DB>): Promise<TransitTable> {
  const index = new Map<string, number>();
  const values: string[] = [];
  const code = (v: string) => {
    let c = index.get(v);
    if (c === undefined) {
      c = values.length;
      values.push(v);
      index.set(v, c);
    }
    return c;
  };
  const rows: { dep: number; arr: number; planned: number; o: number; d: number; c: number; m: number }[] = [];
  let after = 0;
  for (;;) {
    const chunk = await db
      .selectFrom('shipments')
      .select(['id', 'origin_port', 'destination_port', 'carrier', 'transport_mode', 'actual_departure', 'actual_arrival', 'planned_arrival'])
      .where('id', '>', after)
      .where('actual_departure', 'is not', null)
      .where('actual_arrival', 'is not', null)
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    for (const r of chunk) {
      rows.push({
        dep: toMs(r.actual_departure),
        arr: toMs(r.actual_arrival),
        planned: toMs(r.planned_arrival),
        o: code(r.origin_port),
        d: code(r.destination_port),
        c: code(r.carrier ?? ''),
        m: code(r.transport_mode),
      });
    }
    if (chunk.length < CHUNK) break;
    after = Number(chunk[chunk.length - 1]!.id);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  rows.sort((a, b) => a.dep - b.dep);
  const n = rows.length;
  const t: TransitTable = {
    n,
    departure: new Float64Array(n),
    arrival: new Float64Array(n),
    planned: new Float64Array(n),
    origin: new Int32Array(n),
    destination: new Int32Array(n),
    carrier: new Int32Array(n),
    mode: new Int32Array(n),
    values,
    groupings: new Map(),
  };
  rows.forEach((r, i) => {
    t.departure[i] = r.dep;
    t.arrival[i] = r.arr;
    t.planned[i] = r.planned;
    t.origin[i] = r.o;
    t.destination[i] = r.d;
    t.carrier[i] = r.c;
    t.mode[i] = r.m;
  });
  // Made here, in the background read, rather than by the first query of each grouping.
  for (const group of TRANSIT_GROUPS) groupingOf(t, group);
  return t;
}

/** The table of this store, current to within about a second (see snapshot.ts). */
export function transitTable(db: Kysely<DB>, now = Date.now()): Promise<TransitTable> {
  return shipmentSnapshot(db, 'transits', readTransitTable, now);
}

/** Forget the store's table (tests that add shipments and read statistics at once). */
export function forgetTransitTables(db: Kysely<DB>): void {
  forgetShipmentSnapshots(db);
}

/** Rows of the table the filter keeps, in departure order. */
export function selectTransits(t: TransitTable, f: TransitFilter): Int32Array {
  const lo = f.from ? searchSorted(t.departure, Date.parse(f.from), false) : 0;
  const hi = f.to ? searchSorted(t.departure, Date.parse(f.to), true) : t.n;
  const codeOf = (v: string | undefined) => (v === undefined || v === '' ? -1 : t.values.indexOf(v));
  const want = [
    [f.origin_port, t.origin],
    [f.destination_port, t.destination],
    [f.carrier, t.carrier],
    [f.transport_mode, t.mode],
  ] as const;
  const checks: [number, Int32Array][] = [];
  for (const [v, col] of want) {
    if (!v) continue;
    const c = codeOf(v);
    if (c < 0) return new Int32Array(0);
    checks.push([c, col]);
  }
  const out = new Int32Array(Math.max(0, hi - lo));
  let n = 0;
  if (checks.length === 0) {
    for (let i = lo; i < hi; i++) out[n++] = i;
    return out;
  }
  for (let i = lo; i < hi; i++) {
    let keep = true;
    for (let c = 0; c < checks.length && keep; c++) keep = checks[c]![1][i] === checks[c]![0];
    if (keep) out[n++] = i;
  }
  return out.subarray(0, n);
}

/** The groups of one kind of key over the whole table. */
export function groupingOf(t: TransitTable, group: TransitGroup): Grouping {
  const known = t.groupings.get(group);
  if (known) return known;
  const route = group === 'route' || group === 'route_carrier';
  const useOrigin = route || group === 'origin_port';
  const useDestination = route || group === 'destination_port';
  const useCarrier = group === 'route_carrier' || group === 'carrier';
  const k = t.values.length;
  const gidOf = new Map<number, number>();
  const keys: GroupKey[] = [];
  const gid = new Int32Array(t.n);
  for (let i = 0; i < t.n; i++) {
    const key = ((useOrigin ? t.origin[i]! : 0) * k + (useDestination ? t.destination[i]! : 0)) * k + (useCarrier ? t.carrier[i]! : 0);
    let g = gidOf.get(key);
    if (g === undefined) {
      g = keys.length;
      gidOf.set(key, g);
      keys.push({
        origin_port: useOrigin ? t.values[t.origin[i]!]! : null,
        destination_port: useDestination ? t.values[t.destination[i]!]! : null,
        carrier: useCarrier ? t.values[t.carrier[i]!]! : null,
      });
    }
    gid[i] = g;
  }
  const json = keys.map((key) => JSON.stringify(key));
  const byOrder = Int32Array.from(keys.map((_, g) => g).sort((a, b) => (json[a]! < json[b]! ? -1 : json[a]! > json[b]! ? 1 : 0)));
  const order = new Int32Array(keys.length);
  byOrder.forEach((g, position) => (order[g] = position));
  const grouping = { gid, keys, order, byOrder };
  t.groupings.set(group, grouping);
  return grouping;
}

/** First index whose value is ≥ x, or > x when `after`. */
function searchSorted(a: Float64Array, x: number, after: boolean): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < x || (after && a[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
