// The classifier's knowledge when it comes through ingestion rather than REFERENCE_DATA_DIR:
// national tariff lines and curated search terms, each mapped to its HS 2022 subheading. One table
// for both: they differ only in where they came from.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('tariff_lines')
    .ifNotExists()
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('hs6', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tariff_lines_pk', ['source', 'code', 'text'])
    .execute();
}
