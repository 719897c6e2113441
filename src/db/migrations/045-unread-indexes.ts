// Secondary indexes that no query of the row store reads, dropped: every load builds them (a seed's
// final build, or row by row), and since the aggregates moved to the analytic store the row store
// answers single records, keyset pages, lookups and filtered lists only. Checked by collecting the
// statements the server, ingestion, downloads, webhooks and jobs send and reading their plans on
// both engines (docs/operations.md, "Which secondary indexes the row store reads"):
// - declarations_bl (bl_number): nothing reads a declaration by its bill. A declaration's bill and
//   containers are read by the bill's own keys (bills_of_lading, containers), and shipments are
//   tracked by their own bill number index (shipments_bl).
import { sql, type Kysely } from 'kysely';

const UNREAD = ['declarations_bl'];

// The record of a load that deferred its index builds (src/ingest/bulk-indexes.ts, pg-indexes.ts).
const DEFERRED_KEY = 'load.deferred_indexes';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of UNREAD) await db.schema.dropIndex(name).ifExists().execute();
  // A load killed while it deferred them would have them built again by the next migrate.
  const row = (await sql<{ value: string }>`select value from settings where key = ${DEFERRED_KEY}`.execute(db)).rows[0];
  if (!row) return;
  const pending = (JSON.parse(row.value) as { name: string }[]).filter((ix) => !UNREAD.includes(ix.name));
  if (pending.length) await sql`update settings set value = ${JSON.stringify(pending)} where key = ${DEFERRED_KEY}`.execute(db);
  else await sql`delete from settings where key = ${DEFERRED_KEY}`.execute(db);
}
