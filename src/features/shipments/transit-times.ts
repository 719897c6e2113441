import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation } from '../../http/operation.js';
import { daysBetween, transitStatsBy } from '../../domain/shipments/transit-stats.js';
import { completedTransits, type TransitFilter, type TransitRow } from './queries.js';
import { CarrierParam, PortParam, TransportModeParam, port, range } from './params.js';
import { cached } from './stats-cache.js';

export const TRANSIT_GROUPS = ['route_carrier', 'route', 'carrier', 'origin_port', 'destination_port'] as const;
export type TransitGroup = (typeof TRANSIT_GROUPS)[number];

/** Grouping parameters shared by transit times and delivery performance. */
export const GroupParams = {
  group_by: Type.Optional(Type.Unsafe<TransitGroup>({ type: 'string', enum: [...TRANSIT_GROUPS] })),
  min_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
};

/** The key fields of a grouped row (null where the grouping leaves them out). */
export const GroupKeyFields = {
  origin_port: Type.Union([Type.String(), Type.Null()]),
  destination_port: Type.Union([Type.String(), Type.Null()]),
  carrier: Type.Union([Type.String(), Type.Null()]),
};

export const FilterQuery = {
  origin_port: PortParam,
  destination_port: PortParam,
  carrier: CarrierParam,
  transport_mode: TransportModeParam,
  from: Type.Optional(Type.String({ maxLength: 30, description: 'Departures from this date (YYYY-MM-DD or YYYY-MM, inclusive)' })),
  to: Type.Optional(Type.String({ maxLength: 30, description: 'Departures up to this date (inclusive)' })),
};

export function transitFilter(q: { origin_port?: string; destination_port?: string; carrier?: string; transport_mode?: string; from?: string; to?: string }): TransitFilter {
  const r = range('from', q.from, 'to', q.to);
  return {
    origin_port: port('origin_port', q.origin_port),
    destination_port: port('destination_port', q.destination_port),
    carrier: q.carrier?.trim(),
    transport_mode: q.transport_mode,
    from: r.from,
    to: r.to,
  };
}

/** The group's key fields; fields the grouping does not use are null. */
export function groupFields(group: string, r: TransitRow) {
  const route = group === 'route' || group === 'route_carrier';
  return {
    origin_port: route || group === 'origin_port' ? r.origin_port : null,
    destination_port: route || group === 'destination_port' ? r.destination_port : null,
    carrier: group === 'route_carrier' || group === 'carrier' ? (r.carrier ?? '') : null,
  };
}

export function loadTransits(db: Kysely<DB>, f: TransitFilter): Promise<TransitRow[]> {
  return cached(db, `transits:${JSON.stringify(f)}`, () => completedTransits(db, f));
}

const Days = Type.Union([Type.Number(), Type.Null()]);
const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

export const getTransitTimes = defineOperation({
  method: 'GET',
  url: '/v1/shipments/transit-times',
  operationId: 'getShipmentTransitTimes',
  tag: 'Shipment Tracking',
  summary: 'Transit-time statistics (p50, p90, count) per route and carrier',
  description:
    'Departure to arrival at destination, in days, over shipments that have both. `group_by` chooses the key (default `route_carrier`); ' +
    'quantiles are linear interpolation (type 7). Groups with fewer than `min_count` shipments are left out. Sorted by count, largest first.',
  scope: 'shipments:read',
  querystring: Type.Object(
    {
      ...FilterQuery,
      ...GroupParams,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    ...GroupKeyFields,
    count: Type.Integer(),
    mean_days: Days,
    p10_days: Days,
    p50_days: Days,
    p90_days: Days,
    min_days: Days,
    max_days: Days,
  }),
  async handle({ query }, { deps }) {
    const filter = transitFilter(query);
    const group = query.group_by ?? 'route_carrier';
    const rows = (await loadTransits(deps.store.db, filter)).filter((r) => Date.parse(r.actual_arrival) >= Date.parse(r.actual_departure));
    const keyOf = (r: TransitRow) => JSON.stringify(groupFields(group, r));
    const stats = transitStatsBy(rows, keyOf, (r) => daysBetween(r.actual_departure, r.actual_arrival))
      .filter((g) => g.count >= (query.min_count ?? 1))
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1))
      .slice(0, query.top ?? 100);
    const data = stats.map(({ key, ...s }) => ({
      ...(JSON.parse(key) as ReturnType<typeof groupFields>),
      count: s.count,
      mean_days: round(s.mean_days),
      p10_days: round(s.p10_days),
      p50_days: round(s.p50_days),
      p90_days: round(s.p90_days),
      min_days: round(s.min_days),
      max_days: round(s.max_days),
    }));
    return { data, meta: { query: { ...filter, group_by: group }, shipments: rows.length } };
  },
});
