// Every row of some tables, as sorted JSON lines per table, to compare two stores loaded the same
// way (on one thread or two). Columns set from the clock are left out.
import { sql } from 'kysely';
import type { Store } from '../../src/db/connect.js';

const CLOCK = new Set(['created_at', 'started_at', 'finished_at']);

export async function dumpTables(store: Store, tables: readonly string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db);
    out[table] = rows
      .map((r) => {
        const kept = Object.entries(r).filter(([k]) => !CLOCK.has(k) && !(table === 'contacts' && k === 'updated_at'));
        // PostgreSQL returns bigint and numeric columns as strings.
        return JSON.stringify(kept.map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && k !== 'tax_number' ? Number(v) : v]));
      })
      .sort();
  }
  return out;
}
