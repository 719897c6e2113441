// Stores migrated while the rollup lattice was still taking shape can lack one of its tables
// (the declarations rollup was added to 007 after some stores had applied it); the aggregate
// engine would then fail on queries it plans for that table. Creates, fills and indexes any
// rollup of the lattice that does not exist yet; a store that has them all is left untouched.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { ROLLUPS } from '../../ingest/rollups.js';
import { createRollup } from './007-rollup-lattice.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  const existing = new Set((await db.introspection.getTables()).map((t) => t.name));
  for (const def of ROLLUPS) {
    if (!existing.has(def.table)) await createRollup(db, def);
  }
}
