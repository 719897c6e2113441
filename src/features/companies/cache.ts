// Answers derived from records change only at ingestion; a short-lived per-store memo keeps
// repeated reads of the same company or route from re-running the same grouped queries.
import { AgingMap } from '../shared/aging-map.js';

const TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;
const memos = new WeakMap<object, AgingMap<Promise<unknown>>>();

export function memo<T>(scope: object, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  let memo = memos.get(scope);
  if (!memo) memos.set(scope, (memo = new AgingMap(TTL_MS, MAX_ENTRIES)));
  const hit = memo.get(key, now);
  if (hit) return hit as Promise<T>;
  const value = compute();
  const entries = memo;
  entries.set(key, value, now);
  // A failed computation must not be served again.
  value.catch(() => entries.delete(key));
  return value;
}

/** Forget every memo of one store (tests that add records and read again). */
export function forgetMemos(scope: object): void {
  memos.delete(scope);
}
