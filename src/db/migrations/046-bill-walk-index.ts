// SQLite: a bills list newest first walks the flow + date index and tests each bill against its
// gateway filters (ports, the foreign port's country, carrier, parties, vessel) until a page is
// full. With those columns in the index the test reads the index alone, and only the page's bills
// are read from the table; without them every bill walked was read from the table, which on a
// store larger than the page cache is a disk read per few bills. Measured on the 10M store (7M
// bills), the page cache dropped before each query: 71 bills of one country in ten months 206-214
// -> 11-15 ms; a port and a country with few bills in common over nine months 2.3-2.7 s -> 0.51-0.56
// s, and 557-701 -> 51-54 ms with the pages cached. PostgreSQL tests a filter on the table row
// whatever the index holds, so its index stays as it is.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { forgetDeferredIndexes } from './deferred-record.js';

const BILL_WALK_COLUMNS = [
  'flow', 'issued_at', 'bl_number', 'port_of_loading', 'port_of_discharge', 'carrier_scac', 'shipper_company_id', 'consignee_company_id', 'vessel',
] as const;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await db.schema.createIndex('bills_of_lading_walk').ifNotExists().on('bills_of_lading').columns([...BILL_WALK_COLUMNS]).execute();
  await db.schema.dropIndex('bills_of_lading_flow_date').ifExists().execute();
  // After a killed load the old index may be among the deferred ones; the new one is built here.
  await forgetDeferredIndexes(db, ['bills_of_lading_flow_date']);
}
