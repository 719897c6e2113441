// Secondary indexes that no query of the row store reads, dropped: every load builds them (a seed's
// final build, or row by row), and since the aggregates moved to the analytic store the row store
// answers single records, keyset pages, lookups and filtered lists only. Checked by collecting the
// statements the server, ingestion, downloads, webhooks and jobs send and reading their plans on
// both engines (docs/operations.md, "Which secondary indexes the row store reads"):
// - declarations_bl (bl_number): nothing reads a declaration by its bill. A declaration's bill and
//   containers are read by the bill's own keys (bills_of_lading, containers), and shipments are
//   tracked by their own bill number index (shipments_bl).
import type { Kysely } from 'kysely';
import { forgetDeferredIndexes } from './deferred-record.js';

const UNREAD = ['declarations_bl'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of UNREAD) await db.schema.dropIndex(name).ifExists().execute();
  await forgetDeferredIndexes(db, UNREAD);
}
