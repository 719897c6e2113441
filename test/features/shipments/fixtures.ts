// Shipments, bills of lading and containers inserted directly, for tests that read or move them.
import type { Kysely } from 'kysely';
import type { DB, ShipmentsTable } from '../../../src/db/schema.js';
import type { Insertable } from 'kysely';

export type ShipmentInput = Partial<Insertable<ShipmentsTable>>;

export async function insertShipment(db: Kysely<DB>, s: ShipmentInput = {}): Promise<number> {
  const row = await db
    .insertInto('shipments')
    .values({
      flow: 'export',
      transport_mode: 'sea',
      status: 'booked',
      bl_number: null,
      booking_number: null,
      awb_number: null,
      carrier: 'MSCU',
      vessel: null,
      voyage: null,
      origin_port: 'TRMER',
      destination_port: 'DEHAM',
      company_id: null,
      partner_company_id: null,
      declaration_id: null,
      planned_departure: null,
      planned_arrival: null,
      actual_departure: null,
      actual_arrival: null,
      eta: null,
      updated_at: '2024-01-01T00:00:00.000Z',
      ...s,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertBillOfLading(db: Kysely<DB>, bl: string, booking: string | null, containers: string[]): Promise<void> {
  await db
    .insertInto('bills_of_lading')
    .values({
      bl_number: bl,
      flow: 'export',
      carrier_scac: 'MSCU',
      vessel: 'MSC TEST',
      voyage: '001W',
      booking_number: booking,
      port_of_loading: 'TRMER',
      port_of_discharge: 'DEHAM',
      shipper_name: 'Shipper A.Ş.',
      shipper_company_id: null,
      consignee_name: 'Consignee GmbH',
      consignee_company_id: null,
      notify_party: null,
      packages: 10,
      package_type: 'CT',
      gross_weight_kg: 1000,
      volume_m3: null,
      goods_description: 'test goods',
      issued_at: '2024-01-02',
      shipped_on_board_at: null,
      source: 'test',
    })
    .execute();
  for (const c of containers) {
    await db.insertInto('containers').values({ container_no: c, bl_number: bl, iso_type: '45G1', seal_no: null, gross_weight_kg: null }).execute();
  }
}

const DAY = 86_400_000;

/** A completed transit: departed at `departed`, arrived `days` later, planned `planned` days after departure. */
export function completed(departed: string, days: number, planned?: number): ShipmentInput {
  const dep = Date.parse(departed);
  return {
    status: 'delivered',
    actual_departure: new Date(dep).toISOString(),
    actual_arrival: new Date(dep + days * DAY).toISOString(),
    planned_arrival: planned === undefined ? null : new Date(dep + planned * DAY).toISOString(),
  };
}
