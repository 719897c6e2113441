// Statistics over every completed shipment are recomputed at most once a minute per query and
// store: they summarise months of history, and a read must not rescan it each time.
const TTL_MS = 60_000;
const MAX_ENTRIES = 500;
let caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

export function cached<T>(scope: object, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  let cache = caches.get(scope);
  if (!cache) caches.set(scope, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const value = compute();
  const entries = cache;
  entries.set(key, { at: now, value });
  // A failed computation must not be served from the cache.
  value.catch(() => entries.delete(key));
  return value;
}

/** Forget everything (tests that add shipments and read statistics again). */
export function clearStatsCache(): void {
  caches = new WeakMap();
}
