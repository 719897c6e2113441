// Monthly rollups kept in step with the raw records at ingestion, so aggregate endpoints never
// scan declarations. Every key column is NOT NULL: NULLs are distinct in unique indexes, which
// would break the ON CONFLICT upserts that apply each batch's deltas.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  const s = db.schema;

  // Product view: one row per flow × month × HS6 × partner country × port × office × mode.
  await s
    .createTable('rollup_items_monthly')
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('hs6', 'text', (c) => c.notNull())
    .addColumn('partner_country', 'text', (c) => c.notNull())
    .addColumn('port', 'text', (c) => c.notNull())
    .addColumn('customs_office', 'text', (c) => c.notNull())
    .addColumn('transport_mode', 'text', (c) => c.notNull())
    .addColumn('records', 'bigint', (c) => c.notNull())
    .addColumn('value_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('net_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('customs_duty_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('additional_duty_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_usd_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rollup_items_monthly_pk', ['flow', 'period', 'hs6', 'partner_country', 'port', 'customs_office', 'transport_mode'])
    .execute();
  await s.createIndex('rollup_items_monthly_hs6').on('rollup_items_monthly').columns(['flow', 'hs6', 'period']).execute();
  await s.createIndex('rollup_items_monthly_country').on('rollup_items_monthly').columns(['flow', 'partner_country', 'period']).execute();

  // Declaration view: totals without counting a declaration once per item.
  await s
    .createTable('rollup_declarations_monthly')
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('partner_country', 'text', (c) => c.notNull())
    .addColumn('port', 'text', (c) => c.notNull())
    .addColumn('customs_office', 'text', (c) => c.notNull())
    .addColumn('transport_mode', 'text', (c) => c.notNull())
    .addColumn('incoterm', 'text', (c) => c.notNull()) // '' when the declaration names none
    .addColumn('records', 'bigint', (c) => c.notNull())
    .addColumn('value_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('net_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('gross_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('customs_duty_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('additional_duty_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_usd_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rollup_declarations_monthly_pk', ['flow', 'period', 'partner_country', 'port', 'customs_office', 'transport_mode', 'incoterm'])
    .execute();

  // Company view: who trades what with whom. partner_company_id 0 stands for "no partner known".
  await s
    .createTable('rollup_company_monthly')
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('partner_company_id', 'bigint', (c) => c.notNull())
    .addColumn('partner_country', 'text', (c) => c.notNull())
    .addColumn('hs6', 'text', (c) => c.notNull())
    .addColumn('records', 'bigint', (c) => c.notNull())
    .addColumn('value_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('net_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('rollup_company_monthly_pk', ['flow', 'period', 'company_id', 'partner_company_id', 'partner_country', 'hs6'])
    .execute();
  await s.createIndex('rollup_company_monthly_company').on('rollup_company_monthly').columns(['company_id', 'flow', 'period']).execute();
  await s.createIndex('rollup_company_monthly_partner').on('rollup_company_monthly').columns(['partner_company_id', 'flow', 'period']).execute();
  await s.createIndex('rollup_company_monthly_hs6').on('rollup_company_monthly').columns(['flow', 'hs6', 'period']).execute();

  // Freshness reads batches by source.
  await s.createIndex('ingest_batches_source').on('ingest_batches').columns(['source', 'finished_at']).execute();
}
