// Subscriptions and their delivery queue. Deliveries are rows: the worker in src/webhooks/ sends
// them, so a status change only has to insert rows inside the transaction that made it.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema.js';
import { newEventId } from '../../webhooks/outbox.js';
import { listensTo, matchesRecord, matchesShipment, type NewRecordFacts, type ShipmentFacts, type WebhookFilter } from './filters.js';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export function newWebhookId(): string {
  return `whk_${randomBytes(12).toString('base64url')}`;
}

export interface NewWebhook {
  key_id: string;
  url: string;
  kind: string;
  filter: WebhookFilter;
  secret: string;
  shipment_id: number | null;
}

export async function insertWebhook(db: Kysely<DB>, w: NewWebhook, now: Date): Promise<WebhookRow> {
  const row = {
    id: newWebhookId(),
    key_id: w.key_id,
    url: w.url,
    kind: w.kind,
    filter: JSON.stringify(w.filter),
    secret: w.secret,
    status: 'active',
    consecutive_failures: 0,
    created_at: now.toISOString(),
    disabled_at: null,
    shipment_id: w.shipment_id,
  };
  await db.insertInto('webhooks').values(row).execute();
  return row;
}

/** Subscriptions a key holds that are still active (deleted ones are gone, disabled ones kept). */
export async function countActiveWebhooks(db: Kysely<DB>, keyId: string): Promise<number> {
  const row = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('key_id', '=', keyId).where('status', '=', 'active').executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listWebhooks(db: Kysely<DB>, keyId: string, afterId: string | null, limit: number): Promise<WebhookRow[]> {
  let q = db.selectFrom('webhooks').selectAll().where('key_id', '=', keyId);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return q.orderBy('id').limit(limit + 1).execute();
}

/** Another key's subscription is reported as missing, not forbidden: ids are not to be probed. */
export function findOwnWebhook(db: Kysely<DB>, keyId: string, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).where('key_id', '=', keyId).executeTakeFirst();
}

export async function deleteOwnWebhook(db: Kysely<DB>, keyId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('webhooks').where('id', '=', id).where('key_id', '=', keyId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export function listDeliveries(db: Kysely<DB>, webhookId: string, beforeId: number | null, limit: number): Promise<DeliveryRow[]> {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit + 1).execute();
}

function parseFilter(text: string): WebhookFilter {
  try {
    return JSON.parse(text) as WebhookFilter;
  } catch {
    return {};
  }
}

// Rows per INSERT: 11 parameters each stays far below PostgreSQL's 65,535 per statement, however
// many subscriptions match.
const DELIVERY_CHUNK = 500;

async function enqueue(db: Kysely<DB>, hooks: readonly WebhookRow[], event: string, eventId: string, payload: (hook: WebhookRow) => object, now: Date): Promise<number> {
  const at = now.toISOString();
  for (let i = 0; i < hooks.length; i += DELIVERY_CHUNK) {
    await db
      .insertInto('webhook_deliveries')
      .values(
        hooks.slice(i, i + DELIVERY_CHUNK).map((h) => ({
          webhook_id: h.id,
          event,
          event_id: eventId,
          payload: JSON.stringify(payload(h)),
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          last_status_code: null,
          last_error: null,
          created_at: at,
          delivered_at: null,
        })),
      )
      // An event dispatched again (its outbox row was not yet marked) adds no second delivery.
      .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
      .execute();
  }
  return hooks.length;
}

export interface StatusChange {
  shipment_id: number;
  previous_status: string;
  status: string;
  event: object;
}

/** Queues a delivery for every active subscription to this shipment's status changes. */
export async function enqueueStatusChange(db: Kysely<DB>, shipment: ShipmentFacts, change: StatusChange, now: Date): Promise<number> {
  const candidates = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('shipment_id', '=', change.shipment_id), eb('shipment_id', 'is', null)]))
    .execute();
  const hooks = candidates.filter(
    (h) => listensTo(h.kind, 'shipment.status_changed') && matchesShipment(parseFilter(h.filter).shipment, shipment),
  );
  return enqueue(db, hooks, 'shipment.status_changed', newEventId(), () => ({ type: 'shipment.status_changed', occurred_at: now.toISOString(), ...change }), now);
}

const MAX_IDS_PER_DELIVERY = 1000;

/** Active `records.new`-capable subscriptions of active keys made at or before `at` (an event reaches subscriptions older than it). */
export function recordSubscriptions(db: Kysely<DB>, at: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .innerJoin('api_keys', 'api_keys.id', 'webhooks.key_id')
    .selectAll('webhooks')
    .where('webhooks.status', '=', 'active')
    .where('api_keys.status', '=', 'active')
    .where('webhooks.shipment_id', 'is', null)
    .where('webhooks.created_at', '<=', at)
    .execute();
}

/**
 * The fan-out of one `records.new` event (the outbox's dispatcher, src/webhooks/dispatch.ts):
 * one delivery per subscription whose saved filter matches some of the records, listing the
 * matching record ids (at most 1000; `count` says how many matched), all carrying `eventId`.
 */
export async function notifyNewRecords(
  db: Kysely<DB>,
  records: readonly NewRecordFacts[],
  now: Date = new Date(),
  eventId: string = newEventId(),
  candidates?: readonly WebhookRow[],
): Promise<number> {
  if (records.length === 0) return 0;
  candidates ??= await recordSubscriptions(db, now.toISOString());
  const matches = new Map<string, Array<string | number>>();
  for (const h of candidates) {
    if (!listensTo(h.kind, 'records.new')) continue;
    const f = parseFilter(h.filter).records;
    const ids = records.filter((r) => matchesRecord(f, r)).map((r) => r.record_id);
    if (ids.length > 0) matches.set(h.id, ids);
  }
  const hooks = candidates.filter((h) => matches.has(h.id));
  return enqueue(
    db,
    hooks,
    'records.new',
    eventId,
    (h) => {
      const ids = matches.get(h.id) ?? [];
      return { type: 'records.new', occurred_at: now.toISOString(), webhook_id: h.id, count: ids.length, record_ids: ids.slice(0, MAX_IDS_PER_DELIVERY) };
    },
    now,
  );
}
