// In-memory copies of shipment data (refreshed-copy.ts), each valid for one data signature: the
// highest shipment id and event id. Events are appended, never deleted (a correction retracts with
// a new event), and an event is what moves a shipment's dates and status, so a recorded event
// shows within about a second.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import { RefreshedCopy } from '../shared/refreshed-copy.js';

async function signatureOf(db: Kysely<DB>): Promise<string> {
  const r = await sql<{ s: number | string | null; e: number | string | null }>`select (select max(id) from shipments) as s, (select max(id) from shipment_events) as e`.execute(db);
  return `${r.rows[0]?.s ?? 0}:${r.rows[0]?.e ?? 0}`;
}

// The store's copies by name (one per reader in the code, so a handful).
const COPIES = stateKey({
  name: 'shipment copies',
  create: () => new Map<string, RefreshedCopy<Kysely<DB>, unknown>>(),
  close: (copies) => copies.clear(),
});

/** The copy named `name` of this store, read by `read` (one reader per name), current to within about a second. */
export function shipmentSnapshot<T>(db: Kysely<DB>, name: string, read: (db: Kysely<DB>) => Promise<T>, now = Date.now()): Promise<T> {
  const copies = stateOf(db).get(COPIES);
  let copy = copies.get(name);
  if (!copy) copies.set(name, (copy = new RefreshedCopy<Kysely<DB>, unknown>(signatureOf, read)));
  return copy.get(db, now) as Promise<T>;
}

/** Forget every copy of this store (tests that add shipments and read at once). */
export function forgetShipmentSnapshots(db: Kysely<DB>): void {
  for (const copy of stateOf(db).peek(COPIES)?.values() ?? []) copy.forget();
}
