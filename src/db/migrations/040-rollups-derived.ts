// The rollups are derived data: the analytic store builds and keeps them from the committed batches
// (src/analytics/), and every aggregate reads them there. Kept in the row store too they doubled
// the cost of every batch (an upsert per key and table inside the batch's transaction) and were read
// by nothing, so they go; the record tables stay the one source they are derived from.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { ROLLUPS } from '../../ingest/rollups.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const def of ROLLUPS) await db.schema.dropTable(def.table).ifExists().execute();
}
