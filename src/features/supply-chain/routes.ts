// Port-to-port routes summarised from tracked shipments: volume, carriers, transit times.
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { ApiError, badParam } from '../../http/errors.js';
import { daysBetween, transitStats } from '../../domain/shipments/transit-stats.js';
import { TRANSPORT_MODES } from '../../reference/code-lists.js';
import { CARRIER_BY_CODE } from '../../reference/carriers.js';
import { memo } from '../companies/cache.js';
import { arrayDownload } from '../companies/download.js';
import { FromTo, Nullable, PortCode, dateRange, knownPort, portName, round4 } from './params.js';
import { selectShipments, shipmentRows, shipmentTable, type ShipmentFilter, type ShipmentRow } from './queries.js';

const MODES: string[] = TRANSPORT_MODES.map((m) => m.code);
const Days = Nullable(Type.Number());
const CarrierShare = Type.Object({ carrier: Type.String(), shipments: Type.Integer(), share: Type.Number() });
const RouteView = Type.Object({
  origin_port: Type.String(),
  origin_name: Nullable(Type.String()),
  destination_port: Type.String(),
  destination_name: Nullable(Type.String()),
  transport_mode: Type.String(),
  shipments: Type.Integer(),
  companies: Type.Integer({ description: 'Distinct Turkish companies shipping on the route' }),
  carriers: Type.Array(CarrierShare),
  transit_days_p50: Days,
  transit_days_p90: Days,
  transit_count: Type.Integer({ description: 'Shipments with both actual departure and arrival' }),
});

const DERIVED_MAX = 1_000;

/**
 * A summary of the shipments matching the filter. Every route, carrier and port summary reads the
 * same table with a different mix of filters, so the table is held in memory (a shipment snapshot,
 * current to within about a second) and filtered there, and each summary is worked out once per
 * table and filter: the grouping of tens of thousands of rows costs more than their filtering.
 * Callers share the summary and must not change it.
 */
export async function fromShipments<T>(db: Kysely<DB>, f: ShipmentFilter, what: string, summarise: (rows: ShipmentRow[]) => T): Promise<T> {
  const table = await shipmentTable(db);
  if (!table) return summarise(await memo(db, `shipments:${JSON.stringify(f)}`, () => shipmentRows(db, f)));
  const key = `${what}:${JSON.stringify(f)}`;
  if (table.summaries.has(key)) return table.summaries.get(key) as T;
  const value = summarise(selectShipments(table, f));
  if (table.summaries.size >= DERIVED_MAX) table.summaries.delete(table.summaries.keys().next().value as string);
  table.summaries.set(key, value);
  return value;
}

const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

export function summariseRoute(rows: readonly ShipmentRow[]) {
  const carriers = new Map<string, number>();
  for (const r of rows) carriers.set(r.carrier ?? '', (carriers.get(r.carrier ?? '') ?? 0) + 1);
  const durations: number[] = [];
  for (const r of rows) {
    const d = r.transit_days !== undefined ? r.transit_days : r.departure && r.arrival && r.arrival >= r.departure ? daysBetween(r.departure, r.arrival) : null;
    if (d !== null) durations.push(d);
  }
  const t = transitStats(durations);
  return {
    shipments: rows.length,
    companies: new Set(rows.map((r) => r.company_id).filter((x) => x !== null)).size,
    carriers: [...carriers.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([carrier, n]) => ({ carrier, shipments: n, share: round4(n / rows.length) })),
    transit_days_p50: r2(t.p50_days),
    transit_days_p90: r2(t.p90_days),
    transit_count: t.count,
  };
}

function routeFilter(q: { origin_port?: string; destination_port?: string; carrier?: string; transport_mode?: string; from?: string; to?: string }): ShipmentFilter {
  if (q.transport_mode && !MODES.includes(q.transport_mode)) throw badParam('transport_mode', `unknown value "${q.transport_mode}"`, MODES);
  return {
    origin_port: q.origin_port ? knownPort('origin_port', q.origin_port) : undefined,
    destination_port: q.destination_port ? knownPort('destination_port', q.destination_port) : undefined,
    carrier: q.carrier?.trim().toUpperCase() || undefined,
    transport_mode: q.transport_mode,
    range: dateRange(q),
  };
}

const RouteFilters = {
  origin_port: Type.Optional(PortCode),
  destination_port: Type.Optional(PortCode),
  carrier: Type.Optional(Type.String({ maxLength: 10, description: 'Carrier code (SCAC or IATA prefix)' })),
  transport_mode: Type.Optional(Type.String({ maxLength: 10, description: 'sea|air|road|rail|…' })),
  ...FromTo,
};

export const listRoutes = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/routes',
  operationId: 'listSupplyChainRoutes',
  tag: 'Supply Chain',
  summary: 'Port-to-port routes with volume, carriers and transit times',
  description:
    'From tracked shipments: one row per origin port, destination port and mode, ranked by shipments. Transit time is actual departure to ' +
    'actual arrival in days (p50, p90, linear interpolation); `from`/`to` bound the departure date.',
  scope: 'trade:read',
  querystring: Type.Object({ ...RouteFilters, top: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })), format: FormatParam }, { additionalProperties: false }),
  data: RouteView,
  download: true,
  async handle({ query }, { deps, req }) {
    const f = routeFilter(query);
    const all = await fromShipments(deps.store.db, f, 'routes', (rows) => {
      const groups = new Map<string, ShipmentRow[]>();
      for (const r of rows) {
        const k = `${r.origin_port}|${r.destination_port}|${r.transport_mode}`;
        const g = groups.get(k);
        if (g) g.push(r);
        else groups.set(k, [r]);
      }
      const routes = [...groups.entries()]
        .map(([k, g]) => {
          const [o, d, mode] = k.split('|') as [string, string, string];
          return { origin_port: o, origin_name: portName(o).name, destination_port: d, destination_name: portName(d).name, transport_mode: mode, ...summariseRoute(g) };
        })
        .sort((a, b) => b.shipments - a.shipments || (a.origin_port + a.destination_port < b.origin_port + b.destination_port ? -1 : 1));
      return { routes, shipments: rows.length };
    });
    const data = all.routes.slice(0, query.top ?? 100);
    if (wantsDownload(req)) return arrayDownload(data, Object.keys(RouteView.properties), 'routes');
    return { data, meta: { routes: all.routes.length, shipments: all.shipments, query: { ...f, range: undefined, ...f.range } } };
  },
});

export const getRoute = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/routes/:origin_port/:destination_port',
  operationId: 'getSupplyChainRoute',
  tag: 'Supply Chain',
  summary: 'One route in detail, with its monthly series',
  description: 'An unknown port code is a 400; a known pair without shipments is a 404. The series counts shipments by month of departure.',
  scope: 'trade:read',
  params: Type.Object({ origin_port: PortCode, destination_port: PortCode }),
  querystring: Type.Object({ ...FromTo }, { additionalProperties: false }),
  data: Type.Object({
    ...RouteView.properties,
    transport_mode: Type.Array(Type.String()),
    series: Type.Array(Type.Object({ period: Type.String(), shipments: Type.Integer(), transit_days_p50: Days })),
  }),
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const f = routeFilter({ origin_port: params.origin_port, destination_port: params.destination_port, from: query.from, to: query.to });
    const o = f.origin_port!;
    const d = f.destination_port!;
    const route = await fromShipments(deps.store.db, f, 'route', (rows) => {
      if (!rows.length) return null;
      const months = new Map<string, ShipmentRow[]>();
      for (const r of rows) {
        if (!r.departure) continue;
        const m = r.departure.slice(0, 7);
        const g = months.get(m);
        if (g) g.push(r);
        else months.set(m, [r]);
      }
      const series = [...months.keys()].sort().map((period) => {
        const s = summariseRoute(months.get(period)!);
        return { period, shipments: s.shipments, transit_days_p50: s.transit_days_p50 };
      });
      return { origin_port: o, origin_name: portName(o).name, destination_port: d, destination_name: portName(d).name, transport_mode: [...new Set(rows.map((r) => r.transport_mode))].sort(), ...summariseRoute(rows), series };
    });
    if (!route) throw new ApiError('not_found', `No shipments on route ${o} → ${d}`);
    return { data: [route], meta: { query: f.range } };
  },
});

export const listCarriers = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/carriers',
  operationId: 'listSupplyChainCarriers',
  tag: 'Supply Chain',
  summary: 'Carriers and their share of tracked shipments',
  description: 'Share of the shipments matching the filters, with the carrier’s routes and median transit time.',
  scope: 'trade:read',
  querystring: Type.Object({ ...RouteFilters, format: FormatParam }, { additionalProperties: false }),
  data: Type.Object({
    carrier: Type.String(),
    name: Nullable(Type.String()),
    shipments: Type.Integer(),
    share: Type.Number(),
    routes: Type.Integer(),
    transit_days_p50: Days,
  }),
  download: true,
  async handle({ query }, { deps, req }) {
    const f = routeFilter(query);
    const { data, shipments } = await fromShipments(deps.store.db, f, 'carriers', (rows) => {
      const groups = new Map<string, ShipmentRow[]>();
      for (const r of rows) {
        const k = r.carrier ?? '';
        const g = groups.get(k);
        if (g) g.push(r);
        else groups.set(k, [r]);
      }
      const carriers = [...groups.entries()]
        .map(([carrier, g]) => {
          const s = summariseRoute(g);
          return { carrier, name: CARRIER_BY_CODE.get(carrier)?.name ?? null, shipments: g.length, share: round4(g.length / rows.length), routes: new Set(g.map((r) => `${r.origin_port}|${r.destination_port}`)).size, transit_days_p50: s.transit_days_p50 };
        })
        .sort((a, b) => b.shipments - a.shipments || (a.carrier < b.carrier ? -1 : 1));
      return { data: carriers, shipments: rows.length };
    });
    if (wantsDownload(req)) return arrayDownload(data, ['carrier', 'name', 'shipments', 'share', 'routes', 'transit_days_p50'], 'carriers');
    return { data, meta: { shipments, query: f.range } };
  },
});
