// Declaration and bill-of-lading lists filtered by port, customs office or carrier, newest first:
// with no index of their own the list walked the flow + date index testing every row of the
// period, and a port or office with little traffic in it read them all (measured at 1M
// declarations: 20 ms for a port and a country with no common declaration, 0.7 ms through these
// indexes; 78 ms for a carrier's bills in eight months). An index per filter, with the flow and
// date the list also bounds (and the bill number it orders by), lets the planner start from the
// narrowest one. A bill's port filter names either end, so both ends get one; its country filter
// is a range of port codes (the code starts with the country), which the same indexes serve.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('declarations_port').ifNotExists().on('declarations').columns(['flow', 'port', 'registered_at']).execute();
  await db.schema.createIndex('declarations_customs_office').ifNotExists().on('declarations').columns(['flow', 'customs_office', 'registered_at']).execute();
  for (const column of ['carrier_scac', 'port_of_loading', 'port_of_discharge']) {
    await db.schema.createIndex(`bills_of_lading_${column}`).ifNotExists().on('bills_of_lading').columns(['flow', column, 'issued_at', 'bl_number']).execute();
  }
}
