// Bills' free text on PostgreSQL: a word's few matches found through the three pg_trgm indexes
// (migration 041) and sorted, where the planner left to itself may walk the list order testing
// every bill of the flow.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Whether pg_trgm can narrow a LIKE of `folded` through its index: it takes trigrams from the runs of
 * letters and digits of the pattern, and a pattern without a run of three has none, so the index
 * would be read whole.
 */
export function hasTrigram(folded: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(folded);
}

type Scans = { seq: string; idx: string };

async function setScans(db: Kysely<DB>, to: Scans): Promise<Scans> {
  const r = await sql<Scans>`select current_setting('enable_seqscan') as seq, current_setting('enable_indexscan') as idx,
    set_config('enable_seqscan', ${to.seq}, true), set_config('enable_indexscan', ${to.idx}, true)`.execute(db);
  return { seq: r.rows[0]!.seq, idx: r.rows[0]!.idx };
}

/**
 * Runs `run` with sequential and plain index scans disabled, in a transaction of its own or in the
 * caller's (with the settings as they were afterwards). Why not a fence in the SQL: under a LIMIT
 * (the count stops at cap + 1) the planner may read the table or an index in order expecting
 * matches soon, and without one (a MATERIALIZED CTE, planned for all of its rows) it may still
 * take a sequential scan for a word it guesses common; either reads every bill when the word is
 * rare (2.5-3.1 s at 1M declarations, where the three bitmaps take under a millisecond). Only a
 * bitmap scan costs what the matches cost, whatever the estimates say. The statements run here
 * run nowhere else, so a plan PostgreSQL keeps for one was made under these settings.
 */
async function bitmapScansOnly<T>(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const off = { seq: 'off', idx: 'off' };
  if (!db.isTransaction) {
    return db.transaction().execute(async (trx) => {
      await setScans(trx, off);
      return run(trx);
    });
  }
  const was = await setScans(db, off);
  try {
    return await run(db);
  } finally {
    await setScans(db, was);
  }
}

/**
 * The numbers of the bills whose texts `text` tests, read through the three trigram indexes'
 * bitmaps, when there are at most `cap`; null when there are more. Only the text is tested here:
 * with the flow, the period or a gateway beside it, the planner may take that column's bitmap
 * instead, and read every bill of the flow (it did, without statistics of the folded texts). The
 * matches are counted only up to cap + 1, where the bitmap heap scan stops: a common word (56,608
 * bills for `tekstil` at 1M declarations, 408 ms to count them all) is left to the walk.
 */
export async function textMatchesUpTo(db: Kysely<DB>, text: RawBuilder<unknown>, cap: number): Promise<string[] | null> {
  return bitmapScansOnly(db, async (trx) => {
    const r = await sql<{ bl_number: string }>`select b.bl_number from bills_of_lading b where ${text} limit ${sql.lit(cap + 1)}`.execute(trx);
    return r.rows.length > cap ? null : r.rows.map((b) => b.bl_number);
  });
}

/**
 * The bills of `numbers` as a table `b` that only the primary key reads: the list's filters, order
 * and limit applied over it cannot turn it into a walk (`OFFSET 0` keeps them out of the subquery).
 */
export function billsNumbered(numbers: string[]): RawBuilder<unknown> {
  return sql`(select * from bills_of_lading where bl_number = any(${numbers}) offset 0) b`;
}
