// Shipment reads. Plain functions over `db` (or a transaction).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ShipmentRow } from './views.js';

export function findShipment(db: Kysely<DB>, id: number): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ShipmentFilter {
  status?: string[] | undefined;
  transport_mode?: string | undefined;
  origin_port?: string | undefined;
  destination_port?: string | undefined;
  carrier?: string | undefined;
  company_id?: number | undefined;
  flow?: 'import' | 'export' | undefined;
  eta_from?: string | undefined;
  eta_to?: string | undefined;
}

export function listShipments(db: Kysely<DB>, f: ShipmentFilter, afterId: number | null, limit: number): Promise<ShipmentRow[]> {
  let q = db.selectFrom('shipments').selectAll();
  if (f.status) q = q.where('status', 'in', f.status);
  if (f.transport_mode) q = q.where('transport_mode', '=', f.transport_mode);
  if (f.origin_port) q = q.where('origin_port', '=', f.origin_port);
  if (f.destination_port) q = q.where('destination_port', '=', f.destination_port);
  if (f.carrier) q = q.where('carrier', '=', f.carrier);
  if (f.flow) q = q.where('flow', '=', f.flow);
  if (f.company_id !== undefined) {
    const id = f.company_id;
    q = q.where((eb) => eb.or([eb('company_id', '=', id), eb('partner_company_id', '=', id)]));
  }
  if (f.eta_from) q = q.where('eta', '>=', f.eta_from);
  if (f.eta_to) q = q.where('eta', '<=', f.eta_to);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return q.orderBy('id').limit(limit + 1).execute();
}

const MAX_TRACK = 100;

export function shipmentsByColumn(db: Kysely<DB>, column: 'bl_number' | 'booking_number' | 'awb_number', value: string): Promise<ShipmentRow[]> {
  return db.selectFrom('shipments').selectAll().where(column, '=', value).orderBy('id').limit(MAX_TRACK).execute();
}

/** Shipments carrying a container: through its bill of lading, or named on an event. */
export async function shipmentsByContainer(db: Kysely<DB>, containerNo: string): Promise<ShipmentRow[]> {
  const bls = await db.selectFrom('containers').select('bl_number').where('container_no', '=', containerNo).limit(MAX_TRACK).execute();
  const fromEvents = await db
    .selectFrom('shipment_events')
    .select('shipment_id')
    .distinct()
    .where('container_no', '=', containerNo)
    .limit(MAX_TRACK)
    .execute();
  const blNumbers = bls.map((b) => b.bl_number);
  const ids = fromEvents.map((e) => Number(e.shipment_id));
  if (blNumbers.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('shipments')
    .selectAll()
    .where((eb) => {
      const ors = [];
      if (blNumbers.length > 0) ors.push(eb('bl_number', 'in', blNumbers));
      if (ids.length > 0) ors.push(eb('id', 'in', ids));
      return eb.or(ors);
    })
    .orderBy('id')
    .limit(MAX_TRACK)
    .execute();
}

/** Booking numbers appear on shipments and on bills of lading. */
export async function shipmentsByBooking(db: Kysely<DB>, booking: string): Promise<ShipmentRow[]> {
  const direct = await shipmentsByColumn(db, 'booking_number', booking);
  if (direct.length > 0) return direct;
  const bls = await db.selectFrom('bills_of_lading').select('bl_number').where('booking_number', '=', booking).limit(MAX_TRACK).execute();
  if (bls.length === 0) return [];
  return db.selectFrom('shipments').selectAll().where('bl_number', 'in', bls.map((b) => b.bl_number)).orderBy('id').limit(MAX_TRACK).execute();
}

export function containersOf(db: Kysely<DB>, blNumber: string | null) {
  if (!blNumber) return Promise.resolve([]);
  return db.selectFrom('containers').select(['container_no', 'iso_type', 'seal_no']).where('bl_number', '=', blNumber).orderBy('container_no').execute();
}

/** Every stored record of a shipment in the order received (ids grow monotonically). */
export function eventsOf(db: Kysely<DB>, shipmentId: number) {
  return db.selectFrom('shipment_events').selectAll().where('shipment_id', '=', shipmentId).orderBy('id').execute();
}

export interface TransitRow {
  origin_port: string;
  destination_port: string;
  carrier: string | null;
  transport_mode: string;
  actual_departure: string;
  actual_arrival: string;
  planned_arrival: string | null;
}

export interface TransitFilter {
  origin_port?: string | undefined;
  destination_port?: string | undefined;
  carrier?: string | undefined;
  transport_mode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Shipments that have both departed and arrived: the sample for transit statistics and ETAs. */
export async function completedTransits(db: Kysely<DB>, f: TransitFilter): Promise<TransitRow[]> {
  let q = db
    .selectFrom('shipments')
    .select(['origin_port', 'destination_port', 'carrier', 'transport_mode', 'actual_departure', 'actual_arrival', 'planned_arrival'])
    .where('actual_departure', 'is not', null)
    .where('actual_arrival', 'is not', null);
  if (f.origin_port) q = q.where('origin_port', '=', f.origin_port);
  if (f.destination_port) q = q.where('destination_port', '=', f.destination_port);
  if (f.carrier) q = q.where('carrier', '=', f.carrier);
  if (f.transport_mode) q = q.where('transport_mode', '=', f.transport_mode);
  if (f.from) q = q.where('actual_departure', '>=', f.from);
  if (f.to) q = q.where('actual_departure', '<=', f.to);
  const rows = await q.execute();
  return rows as TransitRow[];
}
