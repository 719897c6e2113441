// A map of answers that age: each entry is served for `ttlMs` after it was set, and entries are
// kept in the order they were set, so those past their age are dropped from the front whenever a
// new one is set. Under load a cache fills with one-off keys: kept until the size bound pushed them
// out, they sat on the heap long after they could be served, and every full collection traced them.

//
// `max` bounds the entries' total weight: their count, unless `weigh` gives each its own (bytes).

export class AgingMap<V> {
  private readonly entries = new Map<string, { at: number; value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entries' total weight. */
  get weight(): number {
    return this.total;
  }

  /** The value set under `key` less than `ttlMs` ago, if any. */
  get(key: string, now = Date.now()): V | undefined {
    const e = this.entries.get(key);
    return e && now - e.at < this.ttlMs ? e.value : undefined;
  }

  /** Sets `key`; a value weighing more than `max` on its own is not kept. */
  set(key: string, value: V, now = Date.now()): void {
    // Set again, an entry moves to the back: the front is always the oldest.
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.max) return;
    for (const [k, e] of this.entries) {
      if (now - e.at < this.ttlMs && this.total + weight <= this.max) break;
      this.entries.delete(k);
      this.total -= e.weight;
    }
    this.entries.set(key, { at: now, value, weight });
    this.total += weight;
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.weight;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
