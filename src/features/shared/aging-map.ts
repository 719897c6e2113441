// A map of answers that age: each entry is served for `ttlMs` after it was set, and entries are
// kept in the order they were set, so those past their age are dropped from the front whenever a
// new one is set. Under load a cache fills with one-off keys: kept until the size bound pushed them
// out, they sat on the heap long after they could be served, and every full collection traced them.

export class AgingMap<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value set under `key` less than `ttlMs` ago, if any. */
  get(key: string, now = Date.now()): V | undefined {
    const e = this.entries.get(key);
    return e && now - e.at < this.ttlMs ? e.value : undefined;
  }

  set(key: string, value: V, now = Date.now()): void {
    // Set again, an entry moves to the back: the front is always the oldest.
    this.entries.delete(key);
    for (const [k, e] of this.entries) {
      if (now - e.at < this.ttlMs && this.entries.size < this.max) break;
      this.entries.delete(k);
    }
    this.entries.set(key, { at: now, value });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
