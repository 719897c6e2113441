// Large id sets (the companies a common word names: tens of thousands) as tables of an in-memory
// database attached to the engine, which every connection of the engine sees. Written into a query
// as text, such a set costs the engine about 10 ms for each mention to bind and plan (measured at
// 23,000 ids, a company filter mentions it two or three times); read from a table it costs a scan of
// the ids. A table is made once per set (by content), kept while the budget allows, and dropped
// least recently used first, never within a grace period of its last use, so a query that was
// handed its name finds it.
import { createHash } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';

/** The attached in-memory database holding the sets. */
export const ID_SETS = 'id_sets';

export interface IdTableOptions {
  /** Sets of at least this many ids go to a table; smaller ones cost little as text (default 1,000). */
  from?: number;
  /** Ids held in all tables at most (default 4M: 32 MB of BIGINT, beside the engine's memory limit). */
  budgetIds?: number;
  /**
   * A table is not dropped this soon after its last use (default 10 minutes: longer than the memo
   * that hands out a set's table, 60 s in companiesMatching, plus a slow query).
   */
  graceMs?: number;
  now?: () => number;
}

interface Entry {
  name: string;
  size: number;
  usedAt: number;
  ready: Promise<string | null>;
}

export class IdTables {
  /** By key, least recently used first (an entry is moved to the end when used). */
  private readonly tables = new Map<string, Entry>();
  private held = 0;
  private turn: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly from: number;
  private readonly budget: number;
  private readonly grace: number;
  private readonly now: () => number;

  constructor(
    private readonly c: DuckDBConnection,
    opts: IdTableOptions = {},
  ) {
    this.from = opts.from ?? 1000;
    this.budget = opts.budgetIds ?? 4_000_000;
    this.grace = opts.graceMs ?? 10 * 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** The name of a table holding `ids`, made if need be; null when the set is small or there is no room. */
  table(ids: readonly number[]): Promise<string | null> {
    if (this.closed || ids.length < this.from) return Promise.resolve(null);
    const text = ids.map((id) => Math.trunc(id)).join(',');
    const key = createHash('sha1').update(text).digest('hex').slice(0, 24);
    const now = this.now();
    const hit = this.tables.get(key);
    if (hit) {
      this.tables.delete(key);
      hit.usedAt = now;
      this.tables.set(key, hit);
      return hit.ready;
    }
    if (!this.makeRoom(ids.length, now)) return Promise.resolve(null);
    const name = `${ID_SETS}.s_${key}`;
    const ready = this.run(`create table ${name} as select unnest(string_split(?, ',')::BIGINT[]) as id`, [text]).then(
      () => name,
      () => {
        this.forget(key);
        return null;
      },
    );
    this.tables.set(key, { name, size: ids.length, usedAt: now, ready });
    this.held += ids.length;
    return ready;
  }

  close(): void {
    this.closed = true;
    this.c.closeSync();
  }

  private makeRoom(size: number, now: number): boolean {
    for (const [key, e] of this.tables) {
      if (this.held + size <= this.budget) break;
      // Least recently used first: once one is within its grace, so are all after it.
      if (now - e.usedAt < this.grace) break;
      this.forget(key);
      void this.run(`drop table if exists ${e.name}`).catch(() => undefined);
    }
    return this.held + size <= this.budget;
  }

  private forget(key: string): void {
    const e = this.tables.get(key);
    if (!e) return;
    this.tables.delete(key);
    this.held -= e.size;
  }

  /** Statements on this connection one after another. */
  private run(sqlText: string, params: string[] = []): Promise<void> {
    const next = this.turn.then(async () => {
      await this.c.run(sqlText, params);
    });
    this.turn = next.catch(() => undefined);
    return next;
  }
}
