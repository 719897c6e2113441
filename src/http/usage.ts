// Calls and records served, counted in memory and written in one statement per key/day/operation
// every few seconds, so counting costs the request path nothing but a map update.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

interface Pending {
  keyId: string;
  day: string;
  operation: string;
  calls: number;
  records: number;
}

export class UsageRecorder {
  private pending = new Map<string, Pending>();
  private monthCalls = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Kysely<DB>, private readonly flushMs = 2000) {}

  start(): void {
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush().catch(() => undefined), this.flushMs);
      this.timer.unref();
    }
  }

  record(keyId: string, operation: string, records: number, now = new Date()): void {
    const day = now.toISOString().slice(0, 10);
    const k = `${keyId}|${day}|${operation}`;
    const p = this.pending.get(k);
    if (p) {
      p.calls += 1;
      p.records += records;
    } else {
      this.pending.set(k, { keyId, day, operation, calls: 1, records });
    }
    this.monthCalls.set(keyId, (this.monthCalls.get(keyId) ?? 0) + 1);
  }

  /** Calls made this month by a key (loaded once from the store, then counted here). */
  async callsThisMonth(keyId: string, now = new Date()): Promise<number> {
    const known = this.monthCalls.get(keyId);
    if (known !== undefined) return known;
    const first = now.toISOString().slice(0, 8) + '01';
    const row = await this.db
      .selectFrom('usage_counters')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('calls'), sql<number>`0`).as('calls'))
      .where('key_id', '=', keyId)
      .where('day', '>=', first)
      .executeTakeFirst();
    const n = Number(row?.calls ?? 0) + (this.monthCalls.get(keyId) ?? 0);
    this.monthCalls.set(keyId, n);
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
