// In-memory copies of shipment data (refreshed-copy.ts), each valid for one data signature: the
// highest shipment id and event id. Events are appended, never deleted (a correction retracts with
// a new event), and an event is what moves a shipment's dates and status, so a recorded event
// shows within about a second.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { RefreshedCopies } from '../shared/refreshed-copy.js';

async function signatureOf(db: Kysely<DB>): Promise<string> {
  const r = await sql<{ s: number | string | null; e: number | string | null }>`select (select max(id) from shipments) as s, (select max(id) from shipment_events) as e`.execute(db);
  return `${r.rows[0]?.s ?? 0}:${r.rows[0]?.e ?? 0}`;
}

const copies = new Map<string, RefreshedCopies<Kysely<DB>, unknown>>();

/** The copy named `name` of this store, read by `read` (one reader per name), current to within about a second. */
export function shipmentSnapshot<T>(db: Kysely<DB>, name: string, read: (db: Kysely<DB>) => Promise<T>, now = Date.now()): Promise<T> {
  let copy = copies.get(name);
  if (!copy) copies.set(name, (copy = new RefreshedCopies<Kysely<DB>, unknown>(signatureOf, read)));
  return copy.get(db, db, now) as Promise<T>;
}

/** Forget every copy (tests that add shipments and read at once). */
export function forgetShipmentSnapshots(): void {
  for (const copy of copies.values()) copy.forget();
}
