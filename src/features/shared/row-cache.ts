// Rows that list pages read again and again (declaration headers, bills of lading, their
// containers), kept by key so a page reads from the store only the rows it has not seen lately.
//
// Why: a page of 100 declarations is one indexed read of 100 headers and two joins each, the
// largest part of a list request's cost once the page is picked in memory; clients page and
// re-filter over the same recent records.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

interface Entry<V> {
  at: number;
  value: V;
}

/**
 * Two generations of at most `max` entries each: a full young generation becomes the old one, so
 * an entry used within the last `max` insertions stays without any per-hit bookkeeping. Entries
 * older than `ttlMs` are read again (rows another process may have added to); `clear` drops all.
 */
export class RowCache<K, V> {
  private young = new Map<K, Entry<V>>();
  private old = new Map<K, Entry<V>>();

  constructor(private readonly max: number, private readonly ttlMs: number) {}

  /** The values of `keys` (absent ones left out), reading the missing ones with `load` in one call. */
  async getMany(keys: readonly K[], load: (missing: K[]) => Promise<Map<K, V>>, absent?: V): Promise<Map<K, V>> {
    const now = Date.now();
    const out = new Map<K, V>();
    const missing = new Set<K>();
    for (const k of keys) {
      if (out.has(k) || missing.has(k)) continue;
      const e = this.young.get(k) ?? this.old.get(k);
      if (e && now - e.at < this.ttlMs) out.set(k, e.value);
      else missing.add(k);
    }
    if (!missing.size) return out;
    const loaded = await load([...missing]);
    for (const k of missing) {
      const v = loaded.has(k) ? loaded.get(k)! : absent;
      if (v === undefined) continue;
      out.set(k, v);
      this.put(k, { at: now, value: v });
    }
    return out;
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }

  private put(k: K, e: Entry<V>): void {
    if (this.young.size >= this.max) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(k, e);
  }
}

const caches = new WeakMap<Kysely<DB>, Map<string, RowCache<unknown, unknown>>>();

/** The cache named `name` of this store (one per `db`, so stores never see each other's rows). */
export function rowCacheOf<K, V>(db: Kysely<DB>, name: string, max: number, ttlMs: number): RowCache<K, V> {
  let byName = caches.get(db);
  if (!byName) caches.set(db, (byName = new Map()));
  let c = byName.get(name);
  if (!c) byName.set(name, (c = new RowCache<unknown, unknown>(max, ttlMs)));
  return c as RowCache<K, V>;
}

/** This process committed rows to the store behind `db`: what was read before may have grown. */
export function clearRowCaches(db: Kysely<DB>): void {
  for (const c of caches.get(db)?.values() ?? []) c.clear();
}
