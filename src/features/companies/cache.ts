// Answers derived from records change only at ingestion; a short-lived per-store memo keeps
// repeated reads of the same company or route from re-running the same grouped queries.
const TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;
const memos = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

export function memo<T>(scope: object, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  let memo = memos.get(scope);
  if (!memo) memos.set(scope, (memo = new Map()));
  const hit = memo.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value as string);
  const value = compute();
  const entries = memo;
  entries.set(key, { at: now, value });
  // A failed computation must not be served again.
  value.catch(() => entries.delete(key));
  return value;
}

/** Forget every memo of one store (tests that add records and read again). */
export function forgetMemos(scope: object): void {
  memos.delete(scope);
}
