// PostgreSQL: one trigram index over the bills' three folded texts joined (`foldedJoinedSql`) in
// place of migration 041's index per text. A search matches the same bills (see foldedJoinedSql)
// through one index scan instead of a BitmapOr of three, and a load builds one GIN index instead
// of three, which were the longest part of a seed's final build. SQLite keeps its FTS5 table.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { foldedJoinedSql } from '../dialect.js';
import { trigramOps } from './041-bill-text-index.js';

/** The texts a bill search reads, in the order the index joins them (the search must join them alike). */
export const BILL_TEXT_COLUMNS = ['shipper_name', 'consignee_name', 'goods_description'] as const;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  // Building it over millions of bills outlasts DB_STATEMENT_TIMEOUT_MS (as in 041).
  await sql`set local statement_timeout = 0`.execute(db);
  const ops = await trigramOps(db);
  const joined = foldedJoinedSql(BILL_TEXT_COLUMNS.map((c) => sql.ref(c)));
  await sql`create index if not exists bills_of_lading_text_trgm on bills_of_lading using gin (${joined} ${ops})`.execute(db);
  const old = ['shipper', 'consignee', 'goods'].map((name) => `bills_of_lading_${name}_trgm`);
  for (const name of old) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  // A load killed while it had them dropped (src/ingest/pg-indexes.ts) recorded them to be built
  // again by the next migrate: they are replaced, so they leave that record.
  await sql`update settings set value = (
      select coalesce(json_agg(e), '[]')::text from json_array_elements(value::json) e where e->>'name' <> all(${sql.val(old)}::text[]))
    where key = 'load.deferred_indexes'`.execute(db);
}
