// Answers of an async computation remembered by key for a while, bounded in bytes: an answer is
// weighed (approxBytes) once it resolves and counts PENDING_BYTES until then. Callers asking for a
// key being computed share the computation; a failed one is not remembered.
import { uncancellable } from '../../cancel.js';
import { AgingMap } from './aging-map.js';
import { approxBytes } from './approx-bytes.js';

const PENDING_BYTES = 1024;

interface Entry {
  value: Promise<unknown>;
  bytes: number;
}

export class PromiseMemo {
  private readonly entries: AgingMap<Entry>;

  constructor(ttlMs: number, maxBytes: number) {
    this.entries = new AgingMap<Entry>(ttlMs, maxBytes, (e) => e.bytes);
  }

  /** The remembered answer under `key`, or `compute()`'s, remembered from `now`. Callers must not change it. */
  get<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key, now);
    if (hit) return hit.value as Promise<T>;
    // Shared by every caller of the key: not cancelled when the one that started it leaves.
    const value = uncancellable(compute);
    const pending: Entry = { value, bytes: PENDING_BYTES };
    this.entries.set(key, pending, now);
    value.then(
      (answer) => {
        if (this.entries.get(key, now) === pending) this.entries.set(key, { value, bytes: 2 * key.length + approxBytes(answer) }, now);
      },
      () => {
        if (this.entries.get(key, now) === pending) this.entries.delete(key);
      },
    );
    return value;
  }

  /** The remembered answers' bytes (pending ones counted at PENDING_BYTES). */
  get bytes(): number {
    return this.entries.weight;
  }

  clear(): void {
    this.entries.clear();
  }
}
