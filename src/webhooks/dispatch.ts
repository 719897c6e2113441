// Dispatching the webhook outbox: each event written with its change (outbox.ts) becomes one
// delivery per matching subscription, and is marked dispatched in the same transaction as those
// deliveries. On PostgreSQL the event row is locked with FOR UPDATE SKIP LOCKED, so processes on
// several machines dispatch different events side by side and never the same one twice at once;
// SQLite has one writer at a time. A process killed mid-dispatch rolls back, and the event is
// dispatched again by the next pass (anyone's); a delivery is unique per (subscription, event).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Store } from '../db/connect.js';
import { notifyNewRecords, recordSubscriptions } from '../features/webhooks/queries.js';
import { listensTo, type NewRecordFacts } from '../features/webhooks/filters.js';
import type { RecordsNewEvent } from './outbox.js';

/** Dispatches up to `limit` pending events, oldest first; returns how many were dispatched. */
export async function dispatchEvents(store: Pick<Store, 'db' | 'engine'>, now: Date = new Date(), limit = 20): Promise<number> {
  let done = 0;
  while (done < limit) {
    // One event per transaction: a large batch's fan-out does not hold the others' locks.
    const found = await store.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('webhook_events').select(['id', 'event_id', 'event', 'payload', 'created_at']).where('dispatched_at', 'is', null).orderBy('id').limit(1);
      if (store.engine === 'postgres') q = q.forUpdate().skipLocked();
      const ev = await q.executeTakeFirst();
      if (!ev) return false;
      if (ev.event === 'records.new') await dispatchRecordsNew(trx, ev.event_id, JSON.parse(ev.payload) as RecordsNewEvent, String(ev.created_at), now);
      await trx.updateTable('webhook_events').set({ dispatched_at: now.toISOString() }).where('id', '=', ev.id).execute();
      return true;
    });
    if (!found) break;
    done++;
  }
  return done;
}

// Rows removed per statement, so a long backlog never holds the store's write lock for long.
const PRUNE_CHUNK = 1_000;

/**
 * Removes events dispatched before `before`: once its deliveries exist an event row is needed only
 * while a process that crashed mid-dispatch could still redo it (the delivery rows carry the event
 * id and payload for their own retries and history). Returns how many were removed.
 */
export async function pruneDispatched(db: Kysely<DB>, before: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const old = db.selectFrom('webhook_events').select('id').where('dispatched_at', 'is not', null).where('dispatched_at', '<', before.toISOString()).orderBy('dispatched_at').limit(PRUNE_CHUNK);
    const r = await db.deleteFrom('webhook_events').where('id', 'in', old).executeTakeFirst();
    const n = Number(r.numDeletedRows);
    removed += n;
    if (n < PRUNE_CHUNK) return removed;
  }
}

async function dispatchRecordsNew(trx: Kysely<DB>, eventId: string, payload: RecordsNewEvent, createdAt: string, now: Date): Promise<void> {
  const hooks = (await recordSubscriptions(trx, createdAt)).filter((h) => listensTo(h.kind, 'records.new'));
  // Most batches (a seed, a file load) have no subscriber: their records are not read at all.
  if (hooks.length === 0) return;
  const records = await batchRecords(trx, payload.batch_id);
  await notifyNewRecords(trx, records, now, eventId, hooks);
}

/** The facts a `records.new` filter matches, of the declarations a batch stored. */
async function batchRecords(trx: Kysely<DB>, batchId: number): Promise<NewRecordFacts[]> {
  const rows = await trx
    .selectFrom('declarations')
    .select(['id', 'flow', 'partner_country', 'company_id', 'port', 'transport_mode', 'customs_office', 'value_usd_cents'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
  const items = await trx
    .selectFrom('declaration_items')
    .innerJoin('declarations', 'declarations.id', 'declaration_items.declaration_id')
    .select(['declaration_items.declaration_id as id', 'declaration_items.gtip as gtip'])
    .where('declarations.batch_id', '=', batchId)
    .execute();
  const gtips = new Map<number, string[]>();
  for (const it of items) {
    const list = gtips.get(Number(it.id));
    if (list) list.push(it.gtip);
    else gtips.set(Number(it.id), [it.gtip]);
  }
  return rows.map((r) => ({
    record_id: Number(r.id),
    flow: r.flow as NewRecordFacts['flow'],
    gtips: gtips.get(Number(r.id)) ?? [],
    partner_country: r.partner_country,
    company_id: Number(r.company_id),
    port: r.port,
    transport_mode: r.transport_mode,
    customs_office: r.customs_office,
    value_usd: Number(r.value_usd_cents) / 100,
  }));
}
