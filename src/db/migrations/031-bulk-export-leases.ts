// A running bulk-export job is leased by the process writing it, and the lease is renewed while it
// writes: another process takes the job back only once the lease has run out (its writer stopped),
// never while it is being written (two writers of one file).
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('bulk_export_jobs').addColumn('lease_until', 'timestamptz').execute();
}
