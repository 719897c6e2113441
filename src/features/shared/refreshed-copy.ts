// A copy of store data held in memory, kept in step with the store in the background.
//
// The copy is valid for one data signature (a cheap query: highest ids, committed batches). The
// signature is read at most once a second, when the copy is asked for; when it moves, the data is
// read again in the background while callers keep the previous copy, so a change shows within
// about a second (plus the read) and no caller waits on a rebuild after the first read.

const CHECK_EVERY_MS = 1000;

interface State<T> {
  copy: Promise<T>;
  signature: string;
  checkedAt: number;
  refreshing: boolean;
}

export class RefreshedCopies<S, T> {
  // Keyed by the store's `db`, like the other in-memory copies.
  private states = new WeakMap<object, State<T>>();

  constructor(
    private readonly signatureOf: (source: S) => Promise<string>,
    private readonly read: (source: S) => Promise<T>,
  ) {}

  /** The copy for `key`, read from `source` the first time and current to within about a second. */
  async get(key: object, source: S, now = Date.now()): Promise<T> {
    let s = this.states.get(key);
    if (!s) {
      const signature = await this.signatureOf(source);
      s = this.states.get(key);
      if (!s) {
        const copy = this.read(source);
        s = { copy, signature, checkedAt: Date.now(), refreshing: false };
        this.states.set(key, s);
        copy.catch(() => this.states.delete(key));
      }
      return s.copy;
    }
    if (!s.refreshing && now - s.checkedAt > CHECK_EVERY_MS) void this.refresh(key, source, s);
    return s.copy;
  }

  /** Forget every copy (tests that change the data and read it back at once). */
  forget(): void {
    this.states = new WeakMap();
  }

  private async refresh(key: object, source: S, s: State<T>): Promise<void> {
    s.refreshing = true;
    try {
      const signature = await this.signatureOf(source);
      if (signature !== s.signature) {
        const copy = await this.read(source);
        if (this.states.get(key) === s) {
          s.copy = Promise.resolve(copy);
          s.signature = signature;
        }
      }
    } catch {
      // Keep serving the copy we have; the next check tries again.
    } finally {
      s.checkedAt = Date.now();
      s.refreshing = false;
    }
  }
}
