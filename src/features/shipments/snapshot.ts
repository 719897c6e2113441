// In-memory copies of shipment data, each valid for one data signature: the highest shipment id and
// event id (events are appended, never deleted: a correction retracts with a new event, and an
// event is what moves a shipment's dates and status). The signature is read at most once a second;
// when it moves, the copy is read again in the background while queries keep the previous one, so
// a recorded event shows within about a second and no query waits on a rebuild after the first.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

const CHECK_EVERY_MS = 1000;

interface State<T> {
  value: Promise<T>;
  signature: string;
  checkedAt: number;
  refreshing: boolean;
}

let states = new WeakMap<object, Map<string, State<unknown>>>();

async function signatureOf(db: Kysely<DB>): Promise<string> {
  const r = await sql<{ s: number | string | null; e: number | string | null }>`select (select max(id) from shipments) as s, (select max(id) from shipment_events) as e`.execute(db);
  return `${r.rows[0]?.s ?? 0}:${r.rows[0]?.e ?? 0}`;
}

/** The copy named `name` of this store, read by `read`, current to within about a second. */
export async function shipmentSnapshot<T>(db: Kysely<DB>, name: string, read: (db: Kysely<DB>) => Promise<T>, now = Date.now()): Promise<T> {
  let byName = states.get(db);
  if (!byName) states.set(db, (byName = new Map()));
  let s = byName.get(name) as State<T> | undefined;
  if (!s) {
    const signature = await signatureOf(db);
    s = byName.get(name) as State<T> | undefined;
    if (!s) {
      const value = read(db);
      const state: State<T> = { value, signature, checkedAt: Date.now(), refreshing: false };
      byName.set(name, state);
      const own = byName;
      value.catch(() => own.get(name) === state && own.delete(name));
      return value;
    }
    return s.value;
  }
  if (!s.refreshing && now - s.checkedAt > CHECK_EVERY_MS) void refresh(db, byName, name, s, read);
  return s.value;
}

async function refresh<T>(db: Kysely<DB>, byName: Map<string, State<unknown>>, name: string, s: State<T>, read: (db: Kysely<DB>) => Promise<T>): Promise<void> {
  s.refreshing = true;
  try {
    const signature = await signatureOf(db);
    if (signature !== s.signature) {
      const value = await read(db);
      if (byName.get(name) === s) {
        s.value = Promise.resolve(value);
        s.signature = signature;
      }
    }
  } catch {
    // Keep serving the copy we have; the next check tries again.
  } finally {
    s.checkedAt = Date.now();
    s.refreshing = false;
  }
}

/** Forget every copy (tests that add shipments and read at once). */
export function forgetShipmentSnapshots(): void {
  states = new WeakMap();
}
