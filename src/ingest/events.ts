// Who hears of a committed batch: caches to drop, subscribers to notify. Ingestion knows nothing of
// them; the process (API server or CLI) registers what it needs at start.
import type { Store } from '../db/connect.js';
import type { StoredDeclaration } from './rollups.js';

export type BatchListener = (store: Store, stored: readonly StoredDeclaration[], batchId: number) => void | Promise<void>;

const listeners = new Set<BatchListener>();

export function onBatchCommitted(listener: BatchListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs every listener; a failing listener is reported, never undoes the committed batch. */
export async function batchCommitted(store: Store, stored: readonly StoredDeclaration[], batchId: number, report: (err: unknown) => void = () => undefined): Promise<void> {
  for (const l of listeners) {
    try {
      await l(store, stored, batchId);
    } catch (err) {
      report(err);
    }
  }
}
