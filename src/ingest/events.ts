// Who hears of a committed batch: the store's derived state is told first (each slot drops what it
// derived from records, src/db/state.ts), then the store's subscribers (its analytic store).
// Ingestion knows nothing of them.
import type { Kysely } from 'kysely';
import type { Store } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { stateKey, stateOf } from '../db/state.js';
import type { StoredDeclaration } from './rollups.js';

export type BatchListener = (store: Store, stored: readonly StoredDeclaration[], batchId: number) => void | Promise<void>;

const LISTENERS = stateKey<Set<BatchListener>>({ name: 'batch listeners', create: () => new Set(), close: (l) => l.clear() });

/** Calls `listener` after each batch committed to the store behind `db`; returns the unsubscribe. */
export function onBatchCommitted(db: Kysely<DB>, listener: BatchListener): () => void {
  const listeners = stateOf(db).get(LISTENERS);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs every listener; a failing listener is reported, never undoes the committed batch. */
export async function batchCommitted(store: Store, stored: readonly StoredDeclaration[], batchId: number, report: (err: unknown) => void = () => undefined): Promise<void> {
  const state = stateOf(store.db);
  try {
    state.changed();
  } catch (err) {
    report(err);
  }
  for (const l of [...(state.peek(LISTENERS) ?? [])]) {
    try {
      await l(store, stored, batchId);
    } catch (err) {
      report(err);
    }
  }
}
