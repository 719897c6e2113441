// Shipment tracking and webhooks: retractions are stored as rows of their own (history is never
// rewritten), subscriptions can point at one shipment, and the lists the tracking API filters on
// get indexes.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  const s = db.schema;
  // 'event' or 'retraction'; a retraction row copies its target's code and time so the required
  // columns stay meaningful, and points at it through retracts_event_id.
  await s.alterTable('shipment_events').addColumn('kind', 'text', (c) => c.notNull().defaultTo('event')).execute();
  await s.alterTable('shipment_events').addColumn('reason', 'text').execute();
  await s.createIndex('shipment_events_container').on('shipment_events').column('container_no').execute();

  await s.alterTable('webhooks').addColumn('shipment_id', 'bigint').execute();
  await s.createIndex('webhooks_shipment').on('webhooks').columns(['shipment_id', 'status']).execute();
  await s.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();

  await s.createIndex('shipments_eta').on('shipments').columns(['eta', 'id']).execute();
  await s.createIndex('shipments_carrier').on('shipments').columns(['carrier', 'id']).execute();
  await s.createIndex('shipments_partner').on('shipments').columns(['partner_company_id', 'id']).execute();
}
