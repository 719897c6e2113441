// Repeated failed token requests for one key or one client address are slowed down, then refused
// for a while (contract §2). In memory: each API process guards itself.
const WINDOW_MS = 15 * 60_000;
const SLOW_AFTER = 5;
const BLOCK_AFTER = 10;

interface Entry { failures: number; first: number }

export class LoginThrottle {
  private entries = new Map<string, Entry>();

  private get(id: string, now: number): Entry | undefined {
    const e = this.entries.get(id);
    if (e && now - e.first > WINDOW_MS) {
      this.entries.delete(id);
      return undefined;
    }
    return e;
  }

  /** Seconds the caller must wait before trying again, 0 when it may try now. */
  blockedFor(ids: string[], now = Date.now()): number {
    let wait = 0;
    for (const id of ids) {
      const e = this.get(id, now);
      if (e && e.failures >= BLOCK_AFTER) wait = Math.max(wait, Math.ceil((e.first + WINDOW_MS - now) / 1000));
    }
    return wait;
  }

  /** Milliseconds to delay the answer to a caller that has failed several times. */
  delayMs(ids: string[], now = Date.now()): number {
    const worst = Math.max(0, ...ids.map((id) => this.get(id, now)?.failures ?? 0));
    return worst >= SLOW_AFTER ? Math.min(2000, 250 * 2 ** (worst - SLOW_AFTER)) : 0;
  }

  fail(ids: string[], now = Date.now()): void {
    for (const id of ids) {
      const e = this.get(id, now);
      if (e) e.failures += 1;
      else this.entries.set(id, { failures: 1, first: now });
    }
    if (this.entries.size > 100_000) this.entries.clear(); // bounded memory under a flood
  }

  succeed(ids: string[]): void {
    for (const id of ids) this.entries.delete(id);
  }
}
