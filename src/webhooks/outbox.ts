// Writing to the webhook outbox. A change that subscribers hear of writes its event here inside its
// own transaction (pass the transaction as `db`): the event commits or rolls back with the change,
// so no crash between the two can lose it or announce a change that never happened. The webhook
// worker dispatches the events (dispatch.ts).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** The payload of a `records.new` event: the batch whose stored declarations are the new records. */
export interface RecordsNewEvent {
  batch_id: number;
}

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('base64url')}`;
}

/** Writes one event; returns its stable id. */
export async function writeEvent(db: Kysely<DB>, event: 'records.new', payload: RecordsNewEvent, now: Date = new Date()): Promise<string> {
  const eventId = newEventId();
  await db
    .insertInto('webhook_events')
    .values({ event_id: eventId, event, payload: JSON.stringify(payload), created_at: now.toISOString(), dispatched_at: null })
    .execute();
  return eventId;
}
