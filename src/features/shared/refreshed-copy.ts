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

/** One copy of one store's data (held in the store's state, src/db/state.ts). */
export class RefreshedCopy<S, T> {
  private state: State<T> | null = null;

  constructor(
    private readonly signatureOf: (source: S) => Promise<string>,
    private readonly read: (source: S) => Promise<T>,
  ) {}

  /** The copy, read from `source` the first time and current to within about a second. */
  async get(source: S, now = Date.now()): Promise<T> {
    let s = this.state;
    if (!s) {
      const signature = await this.signatureOf(source);
      s = this.state;
      if (!s) {
        const copy = this.read(source);
        const made: State<T> = { copy, signature, checkedAt: Date.now(), refreshing: false };
        this.state = made;
        copy.catch(() => {
          if (this.state === made) this.state = null;
        });
        s = made;
      }
      return s.copy;
    }
    if (!s.refreshing && now - s.checkedAt > CHECK_EVERY_MS) void this.refresh(source, s);
    return s.copy;
  }

  /** Forget the copy (tests that change the data and read it back at once). */
  forget(): void {
    this.state = null;
  }

  private async refresh(source: S, s: State<T>): Promise<void> {
    s.refreshing = true;
    try {
      const signature = await this.signatureOf(source);
      if (signature !== s.signature) {
        const copy = await this.read(source);
        if (this.state === s) {
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
