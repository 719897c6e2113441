// Rows that list pages read again and again (declaration headers, bills of lading, their
// containers), kept by key so a page reads from the store only the rows it has not seen lately.
//
// Why: a page of 100 declarations is one indexed read of 100 headers and two joins each, the
// largest part of a list request's cost once the page is picked in memory; clients page and
// re-filter over the same recent records.
import { stateKey, type StateKey } from '../../db/state.js';

interface Entry<V> {
  at: number;
  value: V;
  weight: number;
}

/**
 * Two generations of at most `max` weight each (entries, unless `weigh` gives each its own, e.g.
 * bytes): a full young generation becomes the old one, so an entry used lately stays without any
 * per-hit bookkeeping. Entries older than `ttlMs` are read again (rows another process may have
 * added to); `clear` drops all.
 */
export class RowCache<K, V> {
  private young = new Map<K, Entry<V>>();
  private old = new Map<K, Entry<V>>();
  private youngWeight = 0;

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

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
      this.put(k, { at: now, value: v, weight: this.weigh(v) });
    }
    return out;
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
    this.youngWeight = 0;
  }

  private put(k: K, e: Entry<V>): void {
    if (e.weight > this.max) return;
    if (this.youngWeight + e.weight > this.max) {
      this.old = this.young;
      this.young = new Map();
      this.youngWeight = 0;
    }
    const before = this.young.get(k);
    if (before) this.youngWeight -= before.weight;
    this.young.set(k, e);
    this.youngWeight += e.weight;
  }
}

/**
 * A row cache of each store, declared once by the module that reads the rows: dropped when this
 * process commits records (what was read before may have grown) and with the store.
 */
export function rowCacheKey<K, V>(name: string, max: number, ttlMs: number, weigh?: (value: V) => number): StateKey<RowCache<K, V>> {
  return stateKey({ name, create: () => new RowCache<K, V>(max, ttlMs, weigh), changed: (c) => c.clear(), close: (c) => c.clear() });
}
