// Routes, carriers and a port's carriers, summarised from the tracked shipments by the analytic
// store (its copy of them, current with the row store before each query): one grouping query per
// summary, where reading a period's shipments into the process cost hundreds of milliseconds at
// 10M declarations. Transit times are quantiles with linear interpolation between ranks, as in
// transitStats.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticShipmentRows } from '../../analytics/query.js';
import type { Row } from '../../analytics/engine.js';
import type { DateRange } from '../companies/queries.js';
import { round4 } from './params.js';

export interface ShipmentFilter {
  origin_port?: string;
  destination_port?: string;
  /** Either end. */
  port?: string;
  carrier?: string;
  transport_mode?: string;
  /** Bounds the departure (actual, else planned): a shipment without one is outside any bound. */
  range: DateRange;
}

function where(f: ShipmentFilter): RawBuilder<unknown> {
  const w: RawBuilder<unknown>[] = [sql`true`];
  if (f.origin_port) w.push(sql`origin_port = ${f.origin_port}`);
  if (f.destination_port) w.push(sql`destination_port = ${f.destination_port}`);
  if (f.port) w.push(sql`(origin_port = ${f.port} or destination_port = ${f.port})`);
  if (f.carrier) w.push(sql`carrier = ${f.carrier}`);
  if (f.transport_mode) w.push(sql`transport_mode = ${f.transport_mode}`);
  if (f.range.from) w.push(sql`departure >= ${`${f.range.from}T00:00:00.000Z`}`);
  if (f.range.to) w.push(sql`departure <= ${`${f.range.to}T23:59:59.999Z`}`);
  return sql.join(w, sql` and `);
}

const rows = (db: Kysely<DB>, q: RawBuilder<unknown>): Promise<Row[]> => analyticShipmentRows(db, q.compile(db));
const r2 = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);
const TRANSIT = sql`quantile_cont(transit_days, 0.5) as p50, quantile_cont(transit_days, 0.9) as p90, count(transit_days) as transit_count`;

export interface CarrierShare {
  carrier: string;
  shipments: number;
  share: number;
}

export interface RouteSummary {
  shipments: number;
  companies: number;
  carriers: CarrierShare[];
  transit_days_p50: number | null;
  transit_days_p90: number | null;
  transit_count: number;
}

/** Carriers by shipments (a missing carrier is ''), then by code. */
function carrierShares(counts: readonly { carrier: string; n: number }[], total: number): CarrierShare[] {
  return [...counts]
    .sort((a, b) => b.n - a.n || (a.carrier < b.carrier ? -1 : a.carrier > b.carrier ? 1 : 0))
    .map((c) => ({ carrier: c.carrier, shipments: c.n, share: round4(c.n / total) }));
}

function summary(r: Row, carriers: readonly { carrier: string; n: number }[]): RouteSummary {
  const shipments = Number(r.shipments);
  return {
    shipments,
    companies: Number(r.companies),
    carriers: carrierShares(carriers, shipments),
    transit_days_p50: r2(r.p50),
    transit_days_p90: r2(r.p90),
    transit_count: Number(r.transit_count),
  };
}

export interface RouteRow extends RouteSummary {
  origin_port: string;
  destination_port: string;
  transport_mode: string;
}

/** Every route (origin, destination, mode) the filter keeps, by shipments, then by origin and destination. */
export async function routeSummaries(db: Kysely<DB>, f: ShipmentFilter): Promise<{ routes: RouteRow[]; shipments: number }> {
  const w = where(f);
  const [groups, carriers] = await Promise.all([
    rows(db, sql`select origin_port, destination_port, transport_mode, count(*) as shipments, count(distinct company_id) as companies, ${TRANSIT}
      from shipments where ${w} group by all`),
    rows(db, sql`select origin_port, destination_port, transport_mode, coalesce(carrier, '') as carrier, count(*) as n from shipments where ${w} group by all`),
  ]);
  const key = (r: Row) => `${r.origin_port}|${r.destination_port}|${r.transport_mode}`;
  const byRoute = new Map<string, { carrier: string; n: number }[]>();
  for (const c of carriers) {
    const list = byRoute.get(key(c)) ?? [];
    list.push({ carrier: String(c.carrier), n: Number(c.n) });
    byRoute.set(key(c), list);
  }
  const routes = groups
    .map((g) => ({ origin_port: String(g.origin_port), destination_port: String(g.destination_port), transport_mode: String(g.transport_mode), ...summary(g, byRoute.get(key(g)) ?? []) }))
    .sort((a, b) => b.shipments - a.shipments || cmp(a.origin_port + a.destination_port, b.origin_port + b.destination_port) || cmp(a.transport_mode, b.transport_mode));
  return { routes, shipments: routes.reduce((n, r) => n + r.shipments, 0) };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface RouteDetail extends RouteSummary {
  transport_mode: string[];
  series: { period: string; shipments: number; transit_days_p50: number | null }[];
}

/** One route's summary over every mode, and its shipments and median transit by month of departure; null without shipments. */
export async function routeDetail(db: Kysely<DB>, f: ShipmentFilter): Promise<RouteDetail | null> {
  // One scan, four grouping sets: the whole route, its carriers, its modes, its months of departure.
  const found = await rows(db, sql`select grouping(carrier, transport_mode, substr(departure, 1, 7)) as set_id,
    coalesce(carrier, '') as carrier, transport_mode, substr(departure, 1, 7) as period,
    count(*) as shipments, count(distinct company_id) as companies, ${TRANSIT}
    from shipments where ${where(f)}
    group by grouping sets ((), (carrier), (transport_mode), (substr(departure, 1, 7)))`);
  // grouping() sets a bit per column left out, the first column's the highest.
  const set = (bits: number) => found.filter((r) => Number(r.set_id) === bits);
  const [total] = set(0b111);
  if (!total || Number(total.shipments) === 0) return null;
  const months = set(0b110)
    .filter((m) => m.period !== null)
    .sort((a, b) => cmp(String(a.period), String(b.period)));
  return {
    transport_mode: set(0b101).map((m) => String(m.transport_mode)).sort(cmp),
    ...summary(total, set(0b011).map((c) => ({ carrier: String(c.carrier), n: Number(c.shipments) }))),
    series: months.map((m) => ({ period: String(m.period), shipments: Number(m.shipments), transit_days_p50: r2(m.p50) })),
  };
}

export interface CarrierRow {
  carrier: string;
  shipments: number;
  share: number;
  routes: number;
  transit_days_p50: number | null;
}

/** Carriers of the shipments the filter keeps, with their routes and median transit, by shipments then code. */
export async function carrierSummaries(db: Kysely<DB>, f: ShipmentFilter): Promise<{ carriers: CarrierRow[]; shipments: number }> {
  const found = await rows(db, sql`select coalesce(carrier, '') as carrier, count(*) as n, count(distinct (origin_port, destination_port)) as routes,
    quantile_cont(transit_days, 0.5) as p50 from shipments where ${where(f)} group by all`);
  const total = found.reduce((n, r) => n + Number(r.n), 0);
  const extra = new Map(found.map((r) => [String(r.carrier), r]));
  const carriers = carrierShares(found.map((r) => ({ carrier: String(r.carrier), n: Number(r.n) })), total).map((c) => ({
    ...c,
    routes: Number(extra.get(c.carrier)!.routes),
    transit_days_p50: r2(extra.get(c.carrier)!.p50),
  }));
  return { carriers, shipments: total };
}
