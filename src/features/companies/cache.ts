// Answers derived from records change only at ingestion; a short-lived per-store memo keeps
// repeated reads of the same company or route from re-running the same grouped queries. Bounded in
// bytes (a company's partner pairs or a network run to megabytes), and dropped when this process
// commits records; another process's records show within TTL_MS.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import { PromiseMemo } from '../shared/promise-memo.js';

const TTL_MS = 30_000;
const MAX_BYTES = 32 * 1024 * 1024;
const MEMOS = stateKey({ name: 'company memos', create: () => new PromiseMemo(TTL_MS, MAX_BYTES), changed: (m) => m.clear(), close: (m) => m.clear() });

export function memo<T>(db: Kysely<DB>, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  return stateOf(db).get(MEMOS).get(key, compute, now);
}

/** Forget every memo of one store (tests that add records and read again). */
export function forgetMemos(db: Kysely<DB>): void {
  stateOf(db).peek(MEMOS)?.clear();
}
