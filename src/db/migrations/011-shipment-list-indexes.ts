// Shipment lists filtered by mode or by one port are read in id order: without an index leading
// with the filtered column, a rare value (a pipeline shipment, a small port) meant walking every
// shipment to fill a page (5–10 ms at 50,000 shipments, growing with the table).
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  const s = db.schema;
  await s.createIndex('shipments_mode').ifNotExists().on('shipments').columns(['transport_mode', 'id']).execute();
  await s.createIndex('shipments_origin').ifNotExists().on('shipments').columns(['origin_port', 'id']).execute();
  await s.createIndex('shipments_destination').ifNotExists().on('shipments').columns(['destination_port', 'id']).execute();
}
