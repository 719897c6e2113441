// Stores migrated while the rollup lattice was still taking shape can lack one of its tables
// (the declarations rollup was added to 007 after some stores had applied it); the aggregate
// engine would then fail on queries it plans for that table. Creates, fills and indexes any
// rollup of the lattice that does not exist yet; a store that has them all is left untouched.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { ROLLUPS } from '../../ingest/rollups.js';
import { createRollup } from './007-rollup-lattice.js';

// The store's own tables only: Kysely's introspection lists every schema of the database, so a
// rollup of another store in the same database would count, and a schema dropped meanwhile fails it.
async function tablesOf(db: Kysely<unknown>, engine: Engine): Promise<Set<string>> {
  const rows =
    engine === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const existing = await tablesOf(db, engine);
  for (const def of ROLLUPS) {
    if (!existing.has(def.table)) await createRollup(db, def);
  }
}
