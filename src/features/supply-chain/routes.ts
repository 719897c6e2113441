// Port-to-port routes summarised from tracked shipments: volume, carriers, transit times.
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { ApiError, badParam } from '../../http/errors.js';
import { TRANSPORT_MODES } from '../../reference/code-lists.js';
import { CARRIER_BY_CODE } from '../../reference/carriers.js';
import { arrayDownload } from '../companies/download.js';
import { FromTo, Nullable, PortCode, dateRange, knownPort, portName } from './params.js';
import { carrierSummaries, routeDetail, routeSummaries, type ShipmentFilter } from './shipment-summaries.js';

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
    const found = await routeSummaries(deps.store.db, f);
    const all = {
      shipments: found.shipments,
      routes: found.routes.map((r) => ({
        origin_port: r.origin_port, origin_name: portName(r.origin_port).name, destination_port: r.destination_port,
        destination_name: portName(r.destination_port).name, transport_mode: r.transport_mode, shipments: r.shipments, companies: r.companies,
        carriers: r.carriers, transit_days_p50: r.transit_days_p50, transit_days_p90: r.transit_days_p90, transit_count: r.transit_count,
      })),
    };
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
    const found = await routeDetail(deps.store.db, f);
    const route = found && { origin_port: o, origin_name: portName(o).name, destination_port: d, destination_name: portName(d).name, ...found };
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
    const found = await carrierSummaries(deps.store.db, f);
    const data = found.carriers.map((c) => ({ carrier: c.carrier, name: CARRIER_BY_CODE.get(c.carrier)?.name ?? null, shipments: c.shipments, share: c.share, routes: c.routes, transit_days_p50: c.transit_days_p50 }));
    const shipments = found.shipments;
    if (wantsDownload(req)) return arrayDownload(data, ['carrier', 'name', 'shipments', 'share', 'routes', 'transit_days_p50'], 'carriers');
    return { data, meta: { shipments, query: f.range } };
  },
});
