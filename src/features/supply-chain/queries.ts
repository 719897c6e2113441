// Query functions of the supply-chain family: trading-pair edges for graph walks and the
// shipment rows that routes, ports and carriers are summarised from.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DateRange } from '../companies/queries.js';
import { shipmentSnapshot } from '../shipments/snapshot.js';
import { cubeCacheOf } from '../shared/cube-cache.js';
import { LINE_CUBE } from '../shared/record-cubes.js';
import { pairCodeOf, partyRowCount, productPrefixes, rowPairCodes, selectRows } from '../shared/memcube.js';
import { monthAligned, periodOf } from '../shared/filters.js';

export interface Edge {
  flow: 'import' | 'export';
  /** The Turkish declarant. */
  company_id: number;
  /** The foreign partner. */
  partner_company_id: number;
  records: number;
  value_cents: number;
}

/** Every trading pair touching one of `ids`, on either side, with its declarations and value. */
export async function edgesTouching(db: Kysely<DB>, ids: readonly number[], range: DateRange): Promise<Edge[]> {
  return edgesFromCopy(db, ids, range) ?? edgesFromStore(db, ids, range);
}

/**
 * `edgesTouching` from the company rollup's in-memory copy, when it is current and the range is
 * whole months: the rows where a company is on either side, summed per (flow, company, partner).
 * A declaration's lines sum to its header value, and the copy counts each declaration once per
 * pair (`records_decl`), so the figures are the declarations' own. Null otherwise.
 */
export function edgesFromCopy(db: Kysely<DB>, ids: readonly number[], range: DateRange): Edge[] | null {
  const cube = cubeCacheOf(db)?.get(COMPANY_ROLLUP);
  if (!cube || !monthAligned(range)) return null;
  if (!ids.length) return [];
  const sel = selectRows(cube, {
    flow: null,
    periodFrom: range.from ? periodOf(range.from) : null,
    periodTo: range.to ? periodOf(range.to) : null,
    hs: [],
    lists: [],
    parties: [[...ids]],
  });
  const flow = cube.dims.get('flow')!;
  const company = cube.dims.get('company_id')!;
  const partner = cube.dims.get('partner_company_id')!;
  const value = cube.measures.get('value_usd_cents')!;
  const records = cube.measures.get('records_decl')!;
  // Keyed by the codes as one number (below 2^53 for any dictionary sizes seen): no string per row.
  const byPair = new Map<number, Edge>();
  const nc = company.values.length;
  const np = partner.values.length;
  for (let i = 0; i < sel.length; i++) {
    const r = sel[i]!;
    const pc = partner.codes[r]!;
    const p = partner.values[pc] as number;
    if (!p) continue;
    const fc = flow.codes[r]!;
    const cc = company.codes[r]!;
    const key = (fc * nc + cc) * np + pc;
    let e = byPair.get(key);
    if (!e) byPair.set(key, (e = { flow: flow.values[fc] as 'import' | 'export', company_id: company.values[cc] as number, partner_company_id: p, records: 0, value_cents: 0 }));
    e.records += records[r]!;
    e.value_cents += value[r]!;
  }
  return [...byPair.values()];
}

const COMPANY_ROLLUP = 'rollup_company_monthly';

/** How many company-rollup rows name one of `ids` (a walk's cost of expanding them), or null without the copy. */
export function edgeRowCount(db: Kysely<DB>, ids: readonly number[]): number | null {
  const cube = cubeCacheOf(db)?.get(COMPANY_ROLLUP);
  return cube ? partyRowCount(cube, ids) : null;
}

async function edgesFromStore(db: Kysely<DB>, ids: readonly number[], range: DateRange): Promise<Edge[]> {
  if (!ids.length) return [];
  const out: Edge[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const run = (column: 'company_id' | 'partner_company_id') => {
      let q = db
        .selectFrom('declarations')
        .select(['flow', 'company_id', 'partner_company_id', sql<number>`count(*)`.as('records'), sql<number>`sum(value_usd_cents)`.as('value_cents')])
        .where(column, 'in', chunk)
        .where('partner_company_id', 'is not', null);
      if (range.from) q = q.where('registered_at', '>=', range.from);
      if (range.to) q = q.where('registered_at', '<=', range.to);
      return q.groupBy(['flow', 'company_id', 'partner_company_id']).execute();
    };
    const [a, b] = await Promise.all([run('company_id'), run('partner_company_id')]);
    const seen = new Set<string>();
    for (const r of [...a, ...b]) {
      const key = `${r.flow}|${r.company_id}|${r.partner_company_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ flow: r.flow, company_id: Number(r.company_id), partner_company_id: Number(r.partner_company_id), records: Number(r.records), value_cents: Number(r.value_cents) });
    }
  }
  return out;
}

/**
 * The trading pairs between each two consecutive companies of `path`, in either role and flow: a
 * few index seeks per step, where the edges touching the path's companies would read every
 * declaration of a large trader on it.
 */
export async function edgesAlong(db: Kysely<DB>, path: readonly number[], range: DateRange): Promise<Edge[]> {
  const out: Edge[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < path.length; i++) {
    const ends = [path[i - 1]!, path[i]!];
    let q = db
      .selectFrom('declarations')
      .select(['flow', 'company_id', 'partner_company_id', sql<number>`count(*)`.as('records'), sql<number>`sum(value_usd_cents)`.as('value_cents')])
      .where('company_id', 'in', ends)
      .where('flow', 'in', ['export', 'import'])
      .where('partner_company_id', 'in', ends);
    if (range.from) q = q.where('registered_at', '>=', range.from);
    if (range.to) q = q.where('registered_at', '<=', range.to);
    for (const r of await q.groupBy(['flow', 'company_id', 'partner_company_id']).execute()) {
      const key = `${r.flow}|${r.company_id}|${r.partner_company_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ flow: r.flow, company_id: Number(r.company_id), partner_company_id: Number(r.partner_company_id), records: Number(r.records), value_cents: Number(r.value_cents) });
    }
  }
  return out;
}

export interface ShipmentRow {
  origin_port: string;
  destination_port: string;
  carrier: string | null;
  transport_mode: string;
  flow: string;
  departure: string | null;
  arrival: string | null;
  company_id: number | null;
  partner_company_id: number | null;
  /** Actual departure to actual arrival in days, when both are known and in order; worked out once per row. */
  transit_days?: number | null;
}

export interface ShipmentFilter {
  origin_port?: string;
  destination_port?: string;
  port?: string;
  carrier?: string;
  transport_mode?: string;
  range: DateRange;
}

const DAY_MS = 86_400_000;

const SHIPMENT_COLUMNS = [
  'origin_port', 'destination_port', 'carrier', 'transport_mode', 'flow', 'company_id', 'partner_company_id',
  sql<string | null>`coalesce(actual_departure, planned_departure)`.as('departure'),
  'actual_arrival as arrival',
] as const;

type RawShipment = {
  origin_port: string; destination_port: string; carrier: string | null; transport_mode: string; flow: string;
  company_id: number | null; partner_company_id: number | null; departure: string | null; arrival: string | null;
};

function toShipmentRow(r: RawShipment): ShipmentRow {
  const departure = r.departure === null ? null : new Date(r.departure).toISOString();
  const arrival = r.arrival === null ? null : new Date(r.arrival).toISOString();
  // Every field written out in one order, not spread from the driver's row: tens of thousands of
  // these are read per summary, and objects of one fixed shape read several times faster.
  return {
    origin_port: r.origin_port,
    destination_port: r.destination_port,
    carrier: r.carrier,
    transport_mode: r.transport_mode,
    flow: r.flow,
    departure,
    arrival,
    company_id: r.company_id === null ? null : Number(r.company_id),
    partner_company_id: r.partner_company_id === null ? null : Number(r.partner_company_id),
    transit_days: departure && arrival && arrival >= departure ? (Date.parse(arrival) - Date.parse(departure)) / DAY_MS : null,
  };
}

/** Shipments matching the filter; the date range applies to the (actual, else planned) departure. */
export async function shipmentRows(db: Kysely<DB>, f: ShipmentFilter): Promise<ShipmentRow[]> {
  let q = db.selectFrom('shipments').select(SHIPMENT_COLUMNS);
  if (f.origin_port) q = q.where('origin_port', '=', f.origin_port);
  if (f.destination_port) q = q.where('destination_port', '=', f.destination_port);
  if (f.port) {
    const p = f.port;
    q = q.where((eb) => eb.or([eb('origin_port', '=', p), eb('destination_port', '=', p)]));
  }
  if (f.carrier) q = q.where('carrier', '=', f.carrier);
  if (f.transport_mode) q = q.where('transport_mode', '=', f.transport_mode);
  if (f.range.from) q = q.where(sql`coalesce(actual_departure, planned_departure)`, '>=', `${f.range.from}T00:00:00.000Z`);
  if (f.range.to) q = q.where(sql`coalesce(actual_departure, planned_departure)`, '<=', `${f.range.to}T23:59:59.999Z`);
  return (await q.execute()).map((r) => toShipmentRow(r as RawShipment));
}

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every shipment in id order, read a slice of ids at a time so that no read holds the store for
 * long; null when there are more than `maxRows` (then filters are better left to SQL).
 */
export async function allShipmentRows(db: Kysely<DB>, maxRows: number, step = 5_000): Promise<ShipmentRow[] | null> {
  // The highest id bounds the count from above and is one seek; count only when it does not settle it.
  const top = await db.selectFrom('shipments').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst();
  if (Number(top?.m ?? 0) > maxRows) {
    const n = await db.selectFrom('shipments').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    if (Number(n?.n ?? 0) > maxRows) return null;
  }
  const out: ShipmentRow[] = [];
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('shipments').select(['id', ...SHIPMENT_COLUMNS]).where('id', '>', after).orderBy('id').limit(step).execute();
    for (const { id: _id, ...r } of rows) out.push(toShipmentRow(r as RawShipment));
    if (rows.length < step) return out;
    after = Number(rows[rows.length - 1]!.id);
    await yieldToIo();
  }
}

// Up to this many tracked shipments are held in memory and filtered there; beyond, each filter is
// a query of its own.
const IN_MEMORY_SHIPMENTS = 300_000;

export interface ShipmentTable {
  /** In id order: the order the SQL reads them, which summaries keep. */
  rows: ShipmentRow[];
  /**
   * Positions in `rows`, those with a departure first and by departure, then the rest; and the
   * departures of the first ones, for binary search.
   */
  byDeparture: Int32Array;
  departures: string[];
  /** The filtered fields in `byDeparture` order, as codes of `codes` (a pass over row objects is slow). */
  origin: Int32Array;
  destination: Int32Array;
  carrier: Int32Array;
  mode: Int32Array;
  codes: Map<string, number>;
  summaries: Map<string, unknown>;
}

/** The shipments behind routes, ports and carriers, read now (warm-up) or on first use. */
export function shipmentTable(db: Kysely<DB>): Promise<ShipmentTable | null> {
  return shipmentSnapshot(db, 'supply-chain', readShipmentTable);
}

export async function readShipmentTable(db: Kysely<DB>): Promise<ShipmentTable | null> {
  const rows = await allShipmentRows(db, IN_MEMORY_SHIPMENTS);
  if (!rows) return null;
  const dated = rows.map((r, i) => i).filter((i) => rows[i]!.departure !== null);
  dated.sort((a, b) => (rows[a]!.departure! < rows[b]!.departure! ? -1 : rows[a]!.departure! > rows[b]!.departure! ? 1 : a - b));
  const order = [...dated, ...rows.map((r, i) => i).filter((i) => rows[i]!.departure === null)];
  const codes = new Map<string, number>();
  const code = (v: string | null) => {
    // A missing carrier is its own code: no filter value is empty.
    const k = v ?? '';
    let c = codes.get(k);
    if (c === undefined) codes.set(k, (c = codes.size));
    return c;
  };
  const column = (pick: (r: ShipmentRow) => string | null) => Int32Array.from(order, (i) => code(pick(rows[i]!)));
  return {
    rows,
    byDeparture: Int32Array.from(order),
    departures: dated.map((i) => rows[i]!.departure!),
    origin: column((r) => r.origin_port),
    destination: column((r) => r.destination_port),
    carrier: column((r) => r.carrier),
    mode: column((r) => r.transport_mode),
    codes,
    summaries: new Map(),
  };
}

/** First position whose departure is ≥ x, or > x when `after`. */
function firstDeparture(t: ShipmentTable, x: string, after: boolean): number {
  let lo = 0;
  let hi = t.departures.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const d = t.departures[mid]!;
    if (d < x || (after && d === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rows the filter keeps, in id order: a window of the departure order (every row when no date
 * bounds it), then the other filters on the code columns.
 */
export function selectShipments(t: ShipmentTable, f: ShipmentFilter): ShipmentRow[] {
  const ranged = f.range.from || f.range.to;
  const lo = f.range.from ? firstDeparture(t, `${f.range.from}T00:00:00.000Z`, false) : 0;
  const hi = f.range.to ? firstDeparture(t, `${f.range.to}T23:59:59.999Z`, true) : ranged ? t.departures.length : t.byDeparture.length;
  // -1 for a value no row has: nothing passes.
  const want = (v: string | undefined) => (v ? (t.codes.get(v) ?? -1) : -2);
  const origin = want(f.origin_port);
  const destination = want(f.destination_port);
  const port = want(f.port);
  const carrier = want(f.carrier);
  const mode = want(f.transport_mode);
  const picked = new Int32Array(Math.max(0, hi - lo));
  let n = 0;
  for (let i = lo; i < hi; i++) {
    if (origin !== -2 && t.origin[i] !== origin) continue;
    if (destination !== -2 && t.destination[i] !== destination) continue;
    if (port !== -2 && t.origin[i] !== port && t.destination[i] !== port) continue;
    if (carrier !== -2 && t.carrier[i] !== carrier) continue;
    if (mode !== -2 && t.mode[i] !== mode) continue;
    picked[n++] = t.byDeparture[i]!;
  }
  const order = picked.subarray(0, n).sort();
  const out = new Array<ShipmentRow>(n);
  for (let i = 0; i < n; i++) out[i] = t.rows[order[i]!]!;
  return out;
}

type PairDetail = { first: string; last: string; products: { hs_code: string; value_cents: number }[] };

// A page of pairs is read pair by pair, each an index range of its own declarations; more pairs than
// this (a download) are read company by company.
const PAIRS_ONE_BY_ONE = 200;

/**
 * First and last declaration date and the HS6 codes (by value) of each exporter→buyer pair, over the
 * declarations with an item line in `hs` (any line when empty) within the range.
 */
export async function pairDetails(
  db: Kysely<DB>,
  flow: 'import' | 'export',
  pairs: readonly { company_id: number; partner_company_id: number }[],
  range: DateRange,
  hs: readonly string[],
  oneByOneUpTo = PAIRS_ONE_BY_ONE,
): Promise<Map<string, PairDetail>> {
  return pairDetailsFromCopy(db, flow, pairs, range, hs) ?? pairDetailsFromStore(db, flow, pairs, range, hs, oneByOneUpTo);
}

const day = (yyyymmdd: number) => `${Math.floor(yyyymmdd / 10000)}-${String(Math.floor(yyyymmdd / 100) % 100).padStart(2, '0')}-${String(yyyymmdd % 100).padStart(2, '0')}`;

/**
 * What `pairDetailsFromStore` reads, from the in-memory copy of the item lines when it is current:
 * each pair's own lines in the window (its posting list), then dates and HS6 sums per pair. Null
 * when the copy is not ready.
 */
export function pairDetailsFromCopy(
  db: Kysely<DB>,
  flow: 'import' | 'export',
  pairs: readonly { company_id: number; partner_company_id: number }[],
  range: DateRange,
  hs: readonly string[],
): Map<string, PairDetail> | null {
  const cube = cubeCacheOf(db)?.get(LINE_CUBE);
  if (!cube) return null;
  const out = new Map<string, PairDetail>();
  if (!pairs.length) return out;
  const sel = selectRows(cube, {
    flow,
    periodFrom: range.from ? periodOf(range.from) : null,
    periodTo: range.to ? periodOf(range.to) : null,
    hs: [...hs],
    // The pairs' own rows: a large exporter has thousands of buyers, a large buyer many suppliers.
    lists: [],
    pairs: pairs.map((p) => [p.company_id, p.partner_company_id] as const),
    parties: [],
    dateFrom: range.from ? Number(range.from.replaceAll('-', '')) : null,
    dateTo: range.to ? Number(range.to.replaceAll('-', '')) : null,
  });
  const gtip = cube.dims.get('gtip')!;
  const dates = cube.ints.get('date')!;
  const values = cube.measures.get('value_usd_cents')!;
  // The wanted pairs by pair code: no string is built per line row.
  const rowPair = rowPairCodes(cube);
  const slotOf = new Map<number, number>();
  const keys: string[] = [];
  for (const p of pairs) {
    const code = pairCodeOf(cube, p.company_id, p.partner_company_id);
    if (code < 0 || slotOf.has(code)) continue;
    slotOf.set(code, keys.length);
    keys.push(`${p.company_id}|${p.partner_company_id}`);
  }
  const { keyOfCode: hs6Id, names: hs6Names } = productPrefixes(cube, 6)!;
  const nh = hs6Names.length;
  // Per pair: first and last date, and cents per (pair, HS6) under one small-integer key.
  const first = new Int32Array(keys.length).fill(2 ** 31 - 1);
  const last = new Int32Array(keys.length);
  const sums = new Map<number, number>();
  for (let i = 0; i < sel.length; i++) {
    const r = sel[i]!;
    const at = slotOf.get(rowPair[r]!);
    if (at === undefined) continue;
    const d = dates[r]!;
    if (d < first[at]!) first[at] = d;
    if (d > last[at]!) last[at] = d;
    const k = at * nh + hs6Id[gtip.codes[r]!]!;
    sums.set(k, (sums.get(k) ?? 0) + values[r]!);
  }
  const products: { hs_code: string; value_cents: number }[][] = keys.map(() => []);
  for (const [k, value_cents] of sums) products[Math.floor(k / nh)]!.push({ hs_code: hs6Names[k % nh]!, value_cents });
  for (let at = 0; at < keys.length; at++) {
    if (!products[at]!.length) continue;
    // HS6 order within a pair, then by value: equal values keep it, as from the store.
    const list = products[at]!.sort((x, y) => (x.hs_code < y.hs_code ? -1 : x.hs_code > y.hs_code ? 1 : 0));
    list.sort((x, y) => y.value_cents - x.value_cents);
    out.set(keys[at]!, { first: day(first[at]!), last: day(last[at]!), products: list });
  }
  return out;
}

async function pairDetailsFromStore(
  db: Kysely<DB>,
  flow: 'import' | 'export',
  pairs: readonly { company_id: number; partner_company_id: number }[],
  range: DateRange,
  hs: readonly string[],
  oneByOneUpTo = PAIRS_ONE_BY_ONE,
): Promise<Map<string, PairDetail>> {
  const out = new Map<string, PairDetail>();
  if (!pairs.length) return out;
  const lines = (companies: readonly number[], partner: number | null) => {
    let q = db
      .selectFrom('declarations as d')
      .innerJoin('declaration_items as i', 'i.declaration_id', 'd.id')
      .select([
        'd.company_id', 'd.partner_company_id', 'i.hs6',
        sql<number>`sum(i.value_usd_cents)`.as('value_cents'),
        sql<string>`min(d.registered_at)`.as('first'),
        sql<string>`max(d.registered_at)`.as('last'),
      ])
      .where('d.company_id', 'in', companies)
      .where('d.flow', '=', flow);
    if (partner !== null) q = q.where('d.partner_company_id', '=', partner);
    if (range.from) q = q.where('d.registered_at', '>=', range.from);
    if (range.to) q = q.where('d.registered_at', '<=', range.to);
    if (hs.length) q = q.where((eb) => eb.or(hs.map((h) => eb('i.gtip', 'like', `${h}%`))));
    // HS6 order within a pair: equal values keep it when the products are ranked.
    return q.groupBy(['d.company_id', 'd.partner_company_id', 'i.hs6']).orderBy('d.company_id').orderBy('d.partner_company_id').orderBy('i.hs6').execute();
  };
  const wanted = new Set(pairs.map((p) => `${p.company_id}|${p.partner_company_id}`));
  const add = (rows: Awaited<ReturnType<typeof lines>>) => {
    for (const r of rows) {
      const key = `${r.company_id}|${r.partner_company_id}`;
      if (!wanted.has(key)) continue;
      const first = String(r.first).slice(0, 10);
      const last = String(r.last).slice(0, 10);
      const d = out.get(key) ?? { first, last, products: [] };
      if (first < d.first) d.first = first;
      if (last > d.last) d.last = last;
      d.products.push({ hs_code: r.hs6, value_cents: Number(r.value_cents) });
      out.set(key, d);
    }
  };
  if (pairs.length <= oneByOneUpTo) {
    for (const p of pairs) add(await lines([p.company_id], p.partner_company_id));
  } else {
    const companies = [...new Set(pairs.map((p) => p.company_id))];
    for (let i = 0; i < companies.length; i += 500) add(await lines(companies.slice(i, i + 500), null));
  }
  for (const d of out.values()) d.products.sort((a, b) => b.value_cents - a.value_cents);
  return out;
}
