// The webhook outbox. An event caused by a write (new records of a batch) is a row of
// `webhook_events` written in the same transaction as the write, so a process killed after the
// commit cannot lose it; the webhook worker later turns each event into one delivery per matching
// subscription. Every event has a stable `event_id` carried by all its deliveries and retries, and
// a delivery row is unique per (subscription, event), so dispatching an event again adds nothing.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { idColumn } from '../dialect.js';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = idColumn(engine);
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', ...id)
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('dispatched_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('webhook_events_pending').on('webhook_events').columns(['dispatched_at', 'id']).execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('event_id', 'text').execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').columns(['webhook_id', 'event_id']).unique().execute();
}
