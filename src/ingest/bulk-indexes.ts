// SQLite only: a write that at least doubles a table goes in faster with the table's secondary
// indexes dropped and built again afterwards. Building an index sorts its entries once, while
// inserting into it row by row walks and splits its B-tree at random places (measured: 300,000
// declarations with their 8 secondary indexes took 13.7 s row by row, 3.0 s + 3.9 s without
// them and rebuilt). Both happen inside the caller's transaction, so a reader never sees a table
// without its indexes, and a process killed mid-load rolls the drop back with everything else.
//
// Only plain CREATE INDEX indexes are touched: primary keys and UNIQUE constraints stay, because
// ON CONFLICT and the duplicate checks rely on them.
import type { Store } from '../db/connect.js';

interface SavedIndex {
  name: string;
  sql: string;
}

/** Puts the dropped indexes back (and refreshes their planner statistics); a no-op if none were dropped. */
export type RestoreIndexes = () => void;

const NOTHING: RestoreIndexes = () => {};

// Below this, maintaining the indexes costs little, and a schema change makes every connection
// re-prepare its statements: not worth it for an API batch.
const MIN_ROWS = 10_000;

/**
 * Drops `table`'s secondary indexes when `adding` rows (at least MIN_ROWS) will at least match the rows already in it;
 * call the returned function after the rows are in, before the transaction commits.
 */
export function dropIndexesForLoad(store: Pick<Store, 'engine' | 'sqlite'>, table: string, adding: number): RestoreIndexes {
  const raw = store.engine === 'sqlite' ? store.sqlite : undefined;
  if (!raw || adding < MIN_ROWS) return NOTHING;
  // max(rowid) reads one B-tree edge, unlike count(*); tables here are only appended to.
  const existing = Number((raw.prepare(`select coalesce(max(rowid), 0) as n from ${table}`).get() as { n: number }).n);
  if (adding < existing) return NOTHING;
  const saved: SavedIndex[] = [];
  for (const ix of raw.pragma(`index_list(${table})`) as { name: string; unique: number; origin: string }[]) {
    if (ix.origin !== 'c' || ix.unique) continue;
    const row = raw.prepare(`select sql from sqlite_master where type = 'index' and name = ?`).get(ix.name) as { sql: string | null } | undefined;
    if (row?.sql) saved.push({ name: ix.name, sql: row.sql });
  }
  if (!saved.length) return NOTHING;
  for (const ix of saved) raw.exec(`drop index "${ix.name}"`);
  return () => {
    for (const ix of saved) raw.exec(ix.sql);
    // DROP INDEX removed their rows from sqlite_stat1; without them the planner may prefer a wide
    // index over a selective one. The connection's analysis_limit keeps this a sample.
    if (raw.prepare(`select 1 from sqlite_master where name = 'sqlite_stat1'`).get()) {
      for (const ix of saved) raw.exec(`analyze "${ix.name}"`);
    }
  };
}
