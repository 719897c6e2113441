// The record of a load that deferred its index builds (src/ingest/bulk-indexes.ts, pg-indexes.ts):
// a migration that drops or replaces an index takes it out of that record, or `migrate` would build
// it again after a killed load.
import { sql, type Kysely } from 'kysely';

const DEFERRED_KEY = 'load.deferred_indexes';

export async function forgetDeferredIndexes(db: Kysely<unknown>, names: readonly string[]): Promise<void> {
  const row = (await sql<{ value: string }>`select value from settings where key = ${DEFERRED_KEY}`.execute(db)).rows[0];
  if (!row) return;
  const pending = (JSON.parse(row.value) as { name: string }[]).filter((ix) => !names.includes(ix.name));
  if (pending.length) await sql`update settings set value = ${JSON.stringify(pending)} where key = ${DEFERRED_KEY}`.execute(db);
  else await sql`delete from settings where key = ${DEFERRED_KEY}`.execute(db);
}
