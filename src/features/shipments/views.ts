// API shapes of shipments and their events, and the explicit row → object mapping.
import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import type { ShipmentEventsTable, ShipmentsTable } from '../../db/schema.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Instant = Type.String({ description: 'ISO 8601 date-time, UTC' });

export const EtaView = Type.Object(
  {
    eta: Instant,
    eta_p10: Instant,
    eta_p90: Instant,
    basis: Type.String({ description: 'route_carrier, route or mode_default' }),
    sample_size: Type.Integer(),
    tail_size: Type.Integer(),
    elapsed_days: Type.Number(),
    overdue: Type.Boolean(),
  },
  { description: 'Estimated arrival from the transit times of the route and carrier, with its 10th–90th percentile range' },
);

export const ShipmentView = Type.Object({
  shipment_id: Type.Integer(),
  flow: Type.String(),
  transport_mode: Type.String(),
  status: Type.String(),
  bl_number: Nullable(Type.String()),
  booking_number: Nullable(Type.String()),
  awb_number: Nullable(Type.String()),
  carrier: Nullable(Type.String()),
  vessel: Nullable(Type.String()),
  voyage: Nullable(Type.String()),
  origin_port: Type.String(),
  destination_port: Type.String(),
  company_id: Nullable(Type.Integer()),
  partner_company_id: Nullable(Type.Integer()),
  declaration_id: Nullable(Type.Integer()),
  planned_departure: Nullable(Instant),
  planned_arrival: Nullable(Instant),
  actual_departure: Nullable(Instant),
  actual_arrival: Nullable(Instant),
  eta: Nullable(Instant),
  updated_at: Instant,
});
export type ShipmentView = Static<typeof ShipmentView>;

export const ShipmentDetailView = Type.Object({
  ...ShipmentView.properties,
  eta_estimate: Nullable(EtaView),
  containers: Type.Array(Type.Object({ container_no: Type.String(), iso_type: Type.String(), seal_no: Nullable(Type.String()) })),
  last_event: Nullable(Type.Object({ event_code: Type.String(), classifier: Type.String(), occurred_at: Instant, location: Nullable(Type.String()) })),
});

export const EventView = Type.Object({
  event_id: Type.Integer(),
  shipment_id: Type.Integer(),
  kind: Type.String({ description: 'event, or retraction (withdraws retracts_event_id)' }),
  event_type: Type.String(),
  event_code: Type.String(),
  classifier: Type.String({ description: 'PLN planned, EST estimated, ACT actual' }),
  occurred_at: Instant,
  location: Nullable(Type.String()),
  container_no: Nullable(Type.String()),
  vessel: Nullable(Type.String()),
  retracts_event_id: Nullable(Type.Integer()),
  retracted: Type.Boolean({ description: 'a later record withdrew or replaced this one; it no longer counts' }),
  reason: Nullable(Type.String()),
  recorded_at: Instant,
  source: Type.String(),
});
export type EventView = Static<typeof EventView>;

export type ShipmentRow = Selectable<ShipmentsTable>;
export type EventRow = Selectable<ShipmentEventsTable>;

const num = (v: number | null): number | null => (v === null ? null : Number(v));

export function toShipmentView(r: ShipmentRow): ShipmentView {
  return {
    shipment_id: Number(r.id),
    flow: r.flow,
    transport_mode: r.transport_mode,
    status: r.status,
    bl_number: r.bl_number,
    booking_number: r.booking_number,
    awb_number: r.awb_number,
    carrier: r.carrier,
    vessel: r.vessel,
    voyage: r.voyage,
    origin_port: r.origin_port,
    destination_port: r.destination_port,
    company_id: num(r.company_id),
    partner_company_id: num(r.partner_company_id),
    declaration_id: num(r.declaration_id),
    planned_departure: r.planned_departure,
    planned_arrival: r.planned_arrival,
    actual_departure: r.actual_departure,
    actual_arrival: r.actual_arrival,
    eta: r.eta,
    updated_at: r.updated_at,
  };
}

export function toEventView(r: EventRow, retracted: ReadonlySet<number>): EventView {
  return {
    event_id: Number(r.id),
    shipment_id: Number(r.shipment_id),
    kind: r.kind,
    event_type: r.event_type,
    event_code: r.event_code,
    classifier: r.classifier,
    occurred_at: r.occurred_at,
    location: r.location,
    container_no: r.container_no,
    vessel: r.vessel,
    retracts_event_id: num(r.retracts_event_id),
    retracted: retracted.has(Number(r.id)),
    reason: r.reason,
    recorded_at: r.recorded_at,
    source: r.source,
  };
}

export const SHIPMENT_COLUMNS = Object.keys(ShipmentView.properties);
