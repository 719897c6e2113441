// Calls and records served, counted in memory and written in one statement per key/day/operation
// every few seconds, so counting costs the request path nothing but a map update.
//
// The monthly quota counts successful calls (status below 400) of the calendar month (UTC) of the
// injected clock: a new month starts from zero. With Redis the count is one per key across
// processes (INCR on a key per key and month, seeded from the store when missing); while Redis is
// away each process counts on its own from the store's figure.
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { DB } from '../db/schema.js';
import { REDIS_PREFIX, type SharedRedis } from '../redis/client.js';

interface Pending {
  keyId: string;
  day: string;
  operation: string;
  calls: number;
  records: number;
}

export interface UsageOptions {
  redis?: SharedRedis | null;
  clock?: () => Date;
  flushMs?: number;
}

// Long enough to outlive the month it counts; Redis forgets it after that.
const QUOTA_KEY_SECONDS = 40 * 86_400;
// INCR only a counter that was seeded from the store; a missing one is seeded on the next check.
const INCR_IF_EXISTS = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('incr', KEYS[1]) end return false`;

/** 'YYYY-MM' → the first day of the following month (a real date: PostgreSQL refuses '02-31'). */
function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

type QuotaRedis = Redis & { quotaIncr(key: string): Promise<number | null> };

export class UsageRecorder {
  private pending = new Map<string, Pending>();
  private monthCalls = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly db: Kysely<DB>;
  private readonly redis: SharedRedis | null;
  private readonly flushMs: number;
  readonly clock: () => Date;

  constructor(db: Kysely<DB>, options: UsageOptions = {}) {
    this.db = db;
    this.redis = options.redis ?? null;
    this.clock = options.clock ?? (() => new Date());
    this.flushMs = options.flushMs ?? 2000;
    const client = this.redis?.client as QuotaRedis | undefined;
    if (client && !client.quotaIncr) client.defineCommand('quotaIncr', { numberOfKeys: 1, lua: INCR_IF_EXISTS });
  }

  start(): void {
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush().catch(() => undefined), this.flushMs);
      this.timer.unref();
    }
  }

  /** One successful call (the caller leaves out refused and failed ones). */
  record(keyId: string, operation: string, records: number): void {
    const day = this.clock().toISOString().slice(0, 10);
    const k = `${keyId}|${day}|${operation}`;
    const p = this.pending.get(k);
    if (p) {
      p.calls += 1;
      p.records += records;
    } else {
      this.pending.set(k, { keyId, day, operation, calls: 1, records });
    }
    const month = `${keyId}|${day.slice(0, 7)}`;
    const known = this.monthCalls.get(month);
    if (known !== undefined) this.monthCalls.set(month, known + 1);
    if (this.redis?.ready()) void (this.redis.client as QuotaRedis).quotaIncr(this.quotaKey(keyId, day.slice(0, 7))).catch(() => undefined);
  }

  /** Successful calls made this month by a key. */
  async callsThisMonth(keyId: string): Promise<number> {
    const month = this.clock().toISOString().slice(0, 7);
    if (this.redis?.ready()) {
      try {
        return await this.sharedCalls(keyId, month);
      } catch {
        // Redis went away mid-call: count in this process (below).
      }
    }
    return this.localCalls(keyId, month);
  }

  private quotaKey(keyId: string, month: string): string {
    return `${REDIS_PREFIX}quota:${keyId}:${month}`;
  }

  private async sharedCalls(keyId: string, month: string): Promise<number> {
    const client = this.redis!.client;
    const k = this.quotaKey(keyId, month);
    const got = await client.get(k);
    if (got !== null) return Number(got);
    await client.set(k, String(await this.storedCalls(keyId, month)), 'EX', QUOTA_KEY_SECONDS, 'NX');
    return Number((await client.get(k)) ?? 0);
  }

  private async localCalls(keyId: string, month: string): Promise<number> {
    const mk = `${keyId}|${month}`;
    const known = this.monthCalls.get(mk);
    if (known !== undefined) return known;
    const n = await this.storedCalls(keyId, month);
    // Calls recorded while the store answered are counted by record() from now on.
    const now = this.monthCalls.get(mk) ?? n;
    this.monthCalls.set(mk, now);
    return now;
  }

  /** The month's calls written to the store plus those still waiting to be written. */
  private async storedCalls(keyId: string, month: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage_counters')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('calls'), sql<number>`0`).as('calls'))
      .where('key_id', '=', keyId)
      .where('day', '>=', `${month}-01`)
      .where('day', '<', nextMonthStart(month))
      .executeTakeFirst();
    let n = Number(row?.calls ?? 0);
    for (const p of this.pending.values()) if (p.keyId === keyId && p.day.startsWith(month)) n += p.calls;
    return n;
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    for (const p of batch) {
      await this.db
        .insertInto('usage_counters')
        .values({ key_id: p.keyId, day: p.day, operation: p.operation, calls: p.calls, records: p.records })
        .onConflict((oc) =>
          oc.columns(['key_id', 'day', 'operation']).doUpdateSet({
            calls: sql`usage_counters.calls + ${p.calls}`,
            records: sql`usage_counters.records + ${p.records}`,
          }),
        )
        .execute();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
