// Query functions of the supply-chain family: trading-pair edges for graph walks and the
// shipment rows that routes, ports and carriers are summarised from.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DateRange } from '../companies/queries.js';
import { shipmentSnapshot } from '../shipments/snapshot.js';
import { analyticRows, idSet } from '../../analytics/query.js';
import { COMPANY_SIDES } from '../../analytics/schema.js';
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

// Up to this many companies, a frontier's edges are read from the company sides (sorted by company)
// a short list at a time; past it, the lists would read most of the table, and one scan of the
// declarations costs less.
const SIDES_MAX_IDS = 256;
const SIDES_IDS_PER_QUERY = 16;

/**
 * Every trading pair touching one of `ids`, on either side, with its declarations and value. Over
 * whole months, from the company sides: a declaration is counted on its first line
 * (`records_decl`), and its lines' values add up to its own; otherwise one scan of the analytic
 * store's declarations.
 */
export async function edgesTouching(db: Kysely<DB>, ids: readonly number[], range: DateRange): Promise<Edge[]> {
  if (!ids.length) return [];
  if (monthAligned(range) && ids.length <= SIDES_MAX_IDS) return edgesFromSides(db, ids, range);
  const set = idSet(ids.map(Number));
  const where = [sql`(company_id in ${set} or partner_company_id in ${set})`, sql`partner_company_id is not null`];
  if (range.from) where.push(sql`registered_at >= ${range.from}`);
  if (range.to) where.push(sql`registered_at <= ${range.to}`);
  const rows = await analyticRows(db, sql`select flow, company_id, partner_company_id, count(*) as records, sum(value_usd_cents) as value_cents
    from declarations where ${sql.join(where, sql` and `)} group by flow, company_id, partner_company_id`.compile(db));
  return rows.map(toEdge);
}

async function edgesFromSides(db: Kysely<DB>, ids: readonly number[], range: DateRange): Promise<Edge[]> {
  // A pair of two listed companies is its trader's: the partner side skips traders in the whole list.
  const all = idSet(ids.map(Number));
  const out: Edge[] = [];
  for (let k = 0; k < ids.length; k += SIDES_IDS_PER_QUERY) {
    const where = [
      sql`party_id in ${idSet(ids.slice(k, k + SIDES_IDS_PER_QUERY).map(Number))}`,
      sql`(as_partner = 0 or company_id not in ${all})`,
      sql`partner_company_id <> 0`,
    ];
    if (range.from) where.push(sql`period >= ${periodOf(range.from)}`);
    if (range.to) where.push(sql`period <= ${periodOf(range.to)}`);
    const rows = await analyticRows(db, sql`select flow, company_id, partner_company_id, sum(records_decl) as records, sum(value_usd_cents) as value_cents
      from ${sql.table(COMPANY_SIDES.table)} where ${sql.join(where, sql` and `)} group by flow, company_id, partner_company_id`.compile(db));
    for (const r of rows) out.push(toEdge(r));
  }
  return out;
}

const toEdge = (r: Record<string, unknown>): Edge => ({
  flow: r.flow as Edge['flow'], company_id: Number(r.company_id), partner_company_id: Number(r.partner_company_id),
  records: Number(r.records), value_cents: Number(r.value_cents),
});

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

/**
 * First and last declaration date and the HS6 codes (by value) of each exporter→buyer pair, over the
 * declarations with an item line in `hs` (any line when empty) within the range: one query of the
 * analytic store over the pairs' companies, kept to the pairs asked for.
 */
export async function pairDetails(
  db: Kysely<DB>,
  flow: 'import' | 'export',
  pairs: readonly { company_id: number; partner_company_id: number }[],
  range: DateRange,
  hs: readonly string[],
): Promise<Map<string, PairDetail>> {
  const out = new Map<string, PairDetail>();
  if (!pairs.length) return out;
  const list = (ids: number[]) => idSet([...new Set(ids.map(Number))]);
  const where = [
    sql`d.flow = ${flow}`,
    sql`d.company_id in ${list(pairs.map((p) => p.company_id))}`,
    sql`d.partner_company_id in ${list(pairs.map((p) => p.partner_company_id))}`,
  ];
  if (range.from) where.push(sql`d.registered_at >= ${range.from}`);
  if (range.to) where.push(sql`d.registered_at <= ${range.to}`);
  if (hs.length) where.push(sql`(${sql.join(hs.map((h) => sql`(i.gtip >= ${h} and i.gtip < ${h + '\uffff'})`), sql` or `)})`);
  // HS6 order within a pair: equal values keep it when the products are ranked.
  const rows = await analyticRows(db, sql`select d.company_id, d.partner_company_id, i.hs6, sum(i.value_usd_cents) as value_cents,
      min(d.registered_at) as first, max(d.registered_at) as last
    from declarations d join declaration_items i on i.declaration_id = d.id
    where ${sql.join(where, sql` and `)}
    group by d.company_id, d.partner_company_id, i.hs6 order by d.company_id, d.partner_company_id, i.hs6`.compile(db));
  const wanted = new Set(pairs.map((p) => `${p.company_id}|${p.partner_company_id}`));
  for (const r of rows) {
    const key = `${r.company_id}|${r.partner_company_id}`;
    if (!wanted.has(key)) continue;
    const first = String(r.first).slice(0, 10);
    const last = String(r.last).slice(0, 10);
    const d = out.get(key) ?? { first, last, products: [] };
    if (first < d.first) d.first = first;
    if (last > d.last) d.last = last;
    d.products.push({ hs_code: String(r.hs6), value_cents: Number(r.value_cents) });
    out.set(key, d);
  }
  for (const d of out.values()) d.products.sort((a, b) => b.value_cents - a.value_cents);
  return out;
}
