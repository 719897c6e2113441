// Repeated failed token requests for one key or one client address are slowed down, then refused
// for a while (contract §2). With Redis the failures are counted once for every process and
// machine; without it, or while it is away, each process counts its own.
import type { SharedRedis } from '../../redis/client.js';
import { REDIS_PREFIX } from '../../redis/client.js';

const WINDOW_MS = 15 * 60_000;
const SLOW_AFTER = 5;
const BLOCK_AFTER = 10;

interface Entry { failures: number; first: number }

export interface ThrottleState {
  /** Seconds the caller must wait before trying again, 0 when it may try now. */
  waitS: number;
  /** Milliseconds to delay the answer to a caller that has failed several times. */
  delayMs: number;
}

// One failure: count it and start the window on the first one.
const FAIL = `local n = redis.call('incr', KEYS[1]) if n == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end return n`;

export class LoginThrottle {
  private entries = new Map<string, Entry>();

  constructor(private readonly redis: SharedRedis | null = null) {}

  private get(id: string, now: number): Entry | undefined {
    const e = this.entries.get(id);
    if (e && now - e.first > WINDOW_MS) {
      this.entries.delete(id);
      return undefined;
    }
    return e;
  }

  async check(ids: string[], now = Date.now()): Promise<ThrottleState> {
    const counts = (await this.shared(async (r) => {
      const p = r.client.pipeline();
      for (const id of ids) p.get(key(id)).pttl(key(id));
      const res = (await p.exec()) ?? [];
      return ids.map((_, i) => ({ failures: Number(res[2 * i]?.[1] ?? 0), leftMs: Number(res[2 * i + 1]?.[1] ?? 0) }));
    })) ?? ids.map((id) => {
      const e = this.get(id, now);
      return { failures: e?.failures ?? 0, leftMs: e ? e.first + WINDOW_MS - now : 0 };
    });
    let waitS = 0;
    for (const c of counts) if (c.failures >= BLOCK_AFTER) waitS = Math.max(waitS, Math.max(1, Math.ceil(c.leftMs / 1000)));
    const worst = Math.max(0, ...counts.map((c) => c.failures));
    return { waitS, delayMs: worst >= SLOW_AFTER ? Math.min(2000, 250 * 2 ** (worst - SLOW_AFTER)) : 0 };
  }

  async fail(ids: string[], now = Date.now()): Promise<void> {
    const done = await this.shared(async (r) => {
      const p = r.client.pipeline();
      for (const id of ids) p.eval(FAIL, 1, key(id), WINDOW_MS);
      await p.exec();
      return true;
    });
    if (done) return;
    for (const id of ids) {
      const e = this.get(id, now);
      if (e) e.failures += 1;
      else this.entries.set(id, { failures: 1, first: now });
    }
    if (this.entries.size > 100_000) this.entries.clear(); // bounded memory under a flood
  }

  async succeed(ids: string[]): Promise<void> {
    await this.shared((r) => r.client.del(...ids.map(key)));
    for (const id of ids) this.entries.delete(id);
  }

  /** Runs fn against Redis when it is there; undefined when it is not (use the process's count). */
  private async shared<T>(fn: (r: SharedRedis) => Promise<T>): Promise<T | undefined> {
    if (!this.redis?.ready()) return undefined;
    try {
      return await fn(this.redis);
    } catch {
      return undefined;
    }
  }
}

function key(id: string): string {
  return `${REDIS_PREFIX}login:${id}`;
}
