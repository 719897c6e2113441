// SQLite: the bills of lading's text index (migration 041, an FTS5 trigram table) is kept by an
// AFTER INSERT trigger, one FTS5 write per bill. FTS5 flushes its pending terms into a new segment
// at the end of every statement, so row-by-row inserts leave one tiny segment per bill for its
// merges to rewrite again and again: 70,000 seeded bills took 5.9 s with the trigger and 0.35 s
// without it, plus 0.2–1.0 s for one `INSERT … SELECT` of their texts (one statement: one flush
// per megabyte of terms). So a large insert of bills drops the trigger, inserts the rows, indexes
// their texts with one statement and puts the trigger back, all inside the caller's transaction:
// a reader never sees bills without their text, and a failed batch rolls everything back.
import type { Store } from '../db/connect.js';
import { billTextFill } from '../db/migrations/041-bill-text-index.js';

const TRIGGER = 'bills_of_lading_text_insert';

// Below this many bills the trigger costs little, and a schema change makes every connection
// re-prepare its statements (as in bulk-indexes.ts).
const MIN_ROWS = 1_000;

/** Puts the trigger back after filling the text index for the bills inserted since; a no-op if nothing was dropped. */
export type RestoreBillText = () => void;

const NOTHING: RestoreBillText = () => {};

/**
 * Before inserting `adding` bills of lading into SQLite (inside a transaction): drops the text
 * index's insert trigger when the batch is large enough; the returned function indexes the
 * texts of every bill inserted since (rowids above the current largest) and creates the trigger
 * again. Call it after the rows are in, before the commit.
 */
export function deferBillText(store: Pick<Store, 'engine' | 'sqlite' | 'db'>, adding: number): RestoreBillText {
  const raw = store.engine === 'sqlite' ? store.sqlite : undefined;
  if (!raw || adding < MIN_ROWS) return NOTHING;
  const trigger = raw.prepare(`select sql from sqlite_master where type = 'trigger' and name = ?`).get(TRIGGER) as { sql: string } | undefined;
  if (!trigger) return NOTHING;
  const before = Number((raw.prepare('select coalesce(max(rowid), 0) as n from bills_of_lading').get() as { n: number }).n);
  raw.exec(`drop trigger "${TRIGGER}"`);
  return () => {
    const fill = billTextFill(before).compile(store.db);
    raw.prepare(fill.sql).run(...(fill.parameters as number[]));
    raw.exec(trigger.sql);
  };
}
