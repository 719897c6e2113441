// The analytic store applies committed batches by batch id; another process's batch is read back
// from the row store by that id, which without an index would scan every declaration.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.createIndex('declarations_batch').ifNotExists().on('declarations').columns(['batch_id']).execute();
}
