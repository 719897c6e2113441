// The whole data model of the house plan. Money is integer US cents; dates are ISO-8601 text on
// SQLite and date/timestamptz on PostgreSQL (both read back as ISO strings, see connect.ts).
import type { Kysely } from 'kysely';
import type { Engine } from '../connect.js';
import { idColumn } from '../dialect.js';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = idColumn(engine);
  const s = db.schema;

  await s.createTable('settings').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('value', 'text', (c) => c.notNull()).execute();

  // --- reference -------------------------------------------------------------------------------
  await s
    .createTable('countries')
    .addColumn('alpha2', 'text', (c) => c.primaryKey())
    .addColumn('alpha3', 'text', (c) => c.notNull().unique())
    .addColumn('m49', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_tr', 'text', (c) => c.notNull())
    .addColumn('region', 'text')
    .addColumn('eu', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createTable('ports')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('unlocode_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createTable('customs_offices')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('region', 'text')
    .addColumn('ports', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await s
    .createTable('carriers')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('hs_codes')
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('parent', 'text')
    .addColumn('section', 'text')
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_tr', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('hs_codes_pk', ['edition', 'code'])
    .execute();
  await s.createIndex('hs_codes_parent').on('hs_codes').columns(['edition', 'parent']).execute();
  await s
    .createTable('hs_concordance')
    .addColumn('from_edition', 'text', (c) => c.notNull())
    .addColumn('from_code', 'text', (c) => c.notNull())
    .addColumn('to_edition', 'text', (c) => c.notNull())
    .addColumn('to_code', 'text', (c) => c.notNull())
    .addColumn('relationship', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hs_concordance_pk', ['from_edition', 'from_code', 'to_edition', 'to_code'])
    .execute();
  await s
    .createTable('tariff_measures')
    .addColumn('id', ...id)
    .addColumn('hs_prefix', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('origins', 'text') // JSON array of alpha-2 or null for erga omnes
    .addColumn('origin_group', 'text')
    .addColumn('rate_pct', 'double precision')
    .addColumn('specific_amount', 'double precision')
    .addColumn('specific_unit', 'text')
    .addColumn('valid_from', 'date', (c) => c.notNull())
    .addColumn('valid_to', 'date')
    .addColumn('legal_basis', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await s.createIndex('tariff_measures_prefix').on('tariff_measures').columns(['hs_prefix', 'kind']).execute();
  await s
    .createTable('regulations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hs_prefix', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('authority', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_tr', 'text', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('origins', 'text')
    .addColumn('valid_from', 'date', (c) => c.notNull())
    .addColumn('valid_to', 'date')
    .addColumn('legal_basis', 'text', (c) => c.notNull())
    .addColumn('document_required', 'text')
    .execute();
  await s.createIndex('regulations_prefix').on('regulations').column('hs_prefix').execute();

  // --- parties ---------------------------------------------------------------------------------
  await s
    .createTable('companies')
    .addColumn('id', ...id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_folded', 'text', (c) => c.notNull())
    .addColumn('aliases', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tax_number', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('address', 'text')
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('')) // comma list: importer,exporter,…
    .addColumn('sector', 'text')
    .addColumn('size_band', 'text')
    .addColumn('website', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('companies_tax_number').on('companies').column('tax_number').execute();
  await s.createIndex('companies_country').on('companies').columns(['country', 'id']).execute();
  await s.createIndex('companies_name_folded').on('companies').column('name_folded').execute();
  await s
    .createTable('contacts')
    .addColumn('id', ...id)
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('department', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('languages', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('contacts_company').on('contacts').column('company_id').execute();

  // --- records ---------------------------------------------------------------------------------
  await s
    .createTable('ingest_batches')
    .addColumn('id', ...id)
    .addColumn('batch_key', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_stored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('period_from', 'text')
    .addColumn('period_to', 'text')
    .addColumn('key_id', 'text')
    .addColumn('report', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await s
    .createTable('declarations')
    .addColumn('id', ...id)
    .addColumn('declaration_no', 'text', (c) => c.notNull().unique())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('regime', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'date', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull()) // YYYYMM of registered_at, for rollups
    .addColumn('customs_office', 'text', (c) => c.notNull())
    .addColumn('declarant', 'text')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('partner_company_id', 'bigint')
    .addColumn('partner_country', 'text', (c) => c.notNull()) // origin (import) or destination (export)
    .addColumn('country_of_origin', 'text')
    .addColumn('country_of_dispatch', 'text')
    .addColumn('country_of_destination', 'text')
    .addColumn('incoterm', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('invoice_value', 'double precision', (c) => c.notNull())
    .addColumn('value_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('transport_mode', 'text', (c) => c.notNull())
    .addColumn('port', 'text', (c) => c.notNull())
    .addColumn('vessel', 'text')
    .addColumn('bl_number', 'text')
    .addColumn('net_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('gross_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('items_count', 'integer', (c) => c.notNull())
    .addColumn('customs_duty_usd_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('additional_duty_usd_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('vat_usd_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'bigint')
    .addColumn('estimated', 'text', (c) => c.notNull().defaultTo('[]')) // JSON list of estimated fields
    .execute();
  await s.createIndex('declarations_flow_date').on('declarations').columns(['flow', 'registered_at', 'id']).execute();
  await s.createIndex('declarations_company').on('declarations').columns(['company_id', 'registered_at']).execute();
  await s.createIndex('declarations_partner_company').on('declarations').columns(['partner_company_id', 'registered_at']).execute();
  await s.createIndex('declarations_partner_country').on('declarations').columns(['flow', 'partner_country', 'registered_at']).execute();
  await s.createIndex('declarations_bl').on('declarations').column('bl_number').execute();
  await s
    .createTable('declaration_items')
    .addColumn('declaration_id', 'bigint', (c) => c.notNull().references('declarations.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('gtip', 'text', (c) => c.notNull())
    .addColumn('hs6', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('quantity_unit', 'text', (c) => c.notNull())
    .addColumn('net_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('gross_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('value_usd_cents', 'bigint', (c) => c.notNull())
    .addColumn('country_of_origin', 'text')
    .addColumn('customs_duty_usd_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('additional_duty_usd_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('vat_usd_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('declaration_items_pk', ['declaration_id', 'line_no'])
    .execute();
  await s.createIndex('declaration_items_gtip').on('declaration_items').columns(['gtip', 'declaration_id']).execute();
  await s
    .createTable('bills_of_lading')
    .addColumn('bl_number', 'text', (c) => c.primaryKey())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('carrier_scac', 'text', (c) => c.notNull())
    .addColumn('vessel', 'text')
    .addColumn('voyage', 'text')
    .addColumn('booking_number', 'text')
    .addColumn('port_of_loading', 'text', (c) => c.notNull())
    .addColumn('port_of_discharge', 'text', (c) => c.notNull())
    .addColumn('shipper_name', 'text', (c) => c.notNull())
    .addColumn('shipper_company_id', 'bigint')
    .addColumn('consignee_name', 'text', (c) => c.notNull())
    .addColumn('consignee_company_id', 'bigint')
    .addColumn('notify_party', 'text')
    .addColumn('packages', 'integer')
    .addColumn('package_type', 'text')
    .addColumn('gross_weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('volume_m3', 'double precision')
    .addColumn('goods_description', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'date', (c) => c.notNull())
    .addColumn('shipped_on_board_at', 'date')
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('bills_of_lading_flow_date').on('bills_of_lading').columns(['flow', 'issued_at', 'bl_number']).execute();
  await s.createIndex('bills_of_lading_booking').on('bills_of_lading').column('booking_number').execute();
  await s
    .createTable('containers')
    .addColumn('container_no', 'text', (c) => c.notNull())
    .addColumn('bl_number', 'text', (c) => c.notNull().references('bills_of_lading.bl_number').onDelete('cascade'))
    .addColumn('iso_type', 'text', (c) => c.notNull())
    .addColumn('seal_no', 'text')
    .addColumn('gross_weight_kg', 'double precision')
    .addPrimaryKeyConstraint('containers_pk', ['bl_number', 'container_no'])
    .execute();
  await s.createIndex('containers_number').on('containers').column('container_no').execute();

  // --- tracking --------------------------------------------------------------------------------
  await s
    .createTable('shipments')
    .addColumn('id', ...id)
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('transport_mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bl_number', 'text')
    .addColumn('booking_number', 'text')
    .addColumn('awb_number', 'text')
    .addColumn('carrier', 'text')
    .addColumn('vessel', 'text')
    .addColumn('voyage', 'text')
    .addColumn('origin_port', 'text', (c) => c.notNull())
    .addColumn('destination_port', 'text', (c) => c.notNull())
    .addColumn('company_id', 'bigint')
    .addColumn('partner_company_id', 'bigint')
    .addColumn('declaration_id', 'bigint')
    .addColumn('planned_departure', 'timestamptz')
    .addColumn('planned_arrival', 'timestamptz')
    .addColumn('actual_departure', 'timestamptz')
    .addColumn('actual_arrival', 'timestamptz')
    .addColumn('eta', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('shipments_bl').on('shipments').column('bl_number').execute();
  await s.createIndex('shipments_booking').on('shipments').column('booking_number').execute();
  await s.createIndex('shipments_awb').on('shipments').column('awb_number').execute();
  await s.createIndex('shipments_status').on('shipments').columns(['status', 'id']).execute();
  await s.createIndex('shipments_route').on('shipments').columns(['origin_port', 'destination_port', 'carrier']).execute();
  await s.createIndex('shipments_company').on('shipments').columns(['company_id', 'id']).execute();
  await s
    .createTable('shipment_events')
    .addColumn('id', ...id)
    .addColumn('shipment_id', 'bigint', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('classifier', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('container_no', 'text')
    .addColumn('vessel', 'text')
    .addColumn('retracts_event_id', 'bigint')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('shipment_events_shipment').on('shipment_events').columns(['shipment_id', 'occurred_at']).execute();

  // --- access ----------------------------------------------------------------------------------
  await s
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('previous_secret_hash', 'text')
    .addColumn('previous_secret_valid_until', 'timestamptz')
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('rate_limit_per_minute', 'integer', (c) => c.notNull())
    .addColumn('monthly_quota', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await s
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await s
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s
    .createTable('audit_log')
    .addColumn('id', ...id)
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('key_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await s.createIndex('audit_log_key').on('audit_log').columns(['key_id', 'id']).execute();
  await s
    .createTable('usage_counters')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('calls', 'bigint', (c) => c.notNull())
    .addColumn('records', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['key_id', 'day', 'operation'])
    .execute();
  await s
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // shipment_status | new_records
    .addColumn('filter', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('secret', 'text', (c) => c.notNull()) // needed in clear to sign deliveries
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('disabled_at', 'timestamptz')
    .execute();
  await s.createIndex('webhooks_key').on('webhooks').column('key_id').execute();
  await s
    .createTable('webhook_deliveries')
    .addColumn('id', ...id)
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // pending | delivered | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await s.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await s
    .createTable('bulk_export_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rows_written', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'bigint')
    .addColumn('file_path', 'text')
    .addColumn('file_bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
}
