// Row types of the store, as Kysely sees them. Kept in step with migrations/ by hand: the
// migration test compares the two on both engines.
import type { ColumnType, Generated } from 'kysely';

export interface SettingsTable { key: string; value: string }

export interface CountriesTable { alpha2: string; alpha3: string; m49: string; name_en: string; name_tr: string; region: string | null; eu: number }
export interface PortsTable { code: string; name: string; country: string; kind: string; city: string | null; lat: number | null; lon: number | null; unlocode_verified: number }
export interface CustomsOfficesTable { code: string; name: string; city: string | null; region: string | null; ports: string }
export interface CarriersTable { code: string; name: string; mode: string }
export interface HsCodesTable {
  edition: string; code: string; level: number; parent: string | null; section: string | null;
  description_en: string; description_tr: string | null; search_text: string;
}
/** Nomenclature lines and search terms for the classifier (migration 020). */
export interface TariffLinesTable { source: string; code: string; hs6: string; text: string }
export interface HsConcordanceTable { from_edition: string; from_code: string; to_edition: string; to_code: string; relationship: string }
export interface TariffMeasuresTable {
  id: Generated<number>; hs_prefix: string; kind: string; origins: string | null; origin_group: string | null;
  rate_pct: number | null; specific_amount: number | null; specific_unit: string | null;
  valid_from: string; valid_to: string | null; legal_basis: string; details: string;
}
export interface RegulationsTable {
  id: string; hs_prefix: string; kind: string; authority: string; title_en: string; title_tr: string; flow: string;
  origins: string | null; valid_from: string; valid_to: string | null; legal_basis: string; document_required: string | null;
}

export interface CompaniesTable {
  id: Generated<number>; name: string; name_folded: string; aliases: string; tax_number: string | null; country: string;
  city: string | null; address: string | null; roles: string; sector: string | null; size_band: string | null;
  website: string | null; created_at: string;
}
export interface ContactsTable {
  id: Generated<number>; company_id: number; full_name: string; title: string | null; department: string | null;
  email: string | null; phone: string | null; languages: string | null; updated_at: string;
}

export interface IngestBatchesTable {
  id: Generated<number>; batch_key: string; source: string; kind: string; status: string; rows_total: number;
  rows_stored: number; rows_duplicate: number; rows_rejected: number; period_from: string | null; period_to: string | null;
  key_id: string | null; report: string; started_at: string; finished_at: string | null;
}
export interface DeclarationsTable {
  id: Generated<number>; declaration_no: string; flow: 'import' | 'export'; regime: string; registered_at: string; period: number;
  customs_office: string; declarant: string | null; company_id: number; partner_company_id: number | null;
  partner_country: string; country_of_origin: string | null; country_of_dispatch: string | null;
  country_of_destination: string | null; incoterm: string | null; currency: string; invoice_value: number;
  value_usd_cents: number; transport_mode: string; port: string; vessel: string | null; bl_number: string | null;
  net_weight_kg: number; gross_weight_kg: number; items_count: number; customs_duty_usd_cents: Generated<number>;
  additional_duty_usd_cents: Generated<number>; vat_usd_cents: Generated<number>; source: string; batch_id: number | null;
  estimated: Generated<string>;
}
export interface DeclarationItemsTable {
  declaration_id: number; line_no: number; gtip: string; hs6: string; description: string; quantity: number;
  quantity_unit: string; net_weight_kg: number; gross_weight_kg: number; value_usd_cents: number;
  country_of_origin: string | null; customs_duty_usd_cents: Generated<number>; additional_duty_usd_cents: Generated<number>;
  vat_usd_cents: Generated<number>;
  /** The line's description in `item_texts` (migration 043). */
  text_id: number | null;
}
/** Each distinct goods description of the lines, once (the free-text index of record lists). */
export interface ItemTextsTable { id: Generated<number>; description: string }
export interface BillsOfLadingTable {
  bl_number: string; flow: 'import' | 'export'; carrier_scac: string; vessel: string | null; voyage: string | null;
  booking_number: string | null; port_of_loading: string; port_of_discharge: string; shipper_name: string;
  shipper_company_id: number | null; consignee_name: string; consignee_company_id: number | null; notify_party: string | null;
  packages: number | null; package_type: string | null; gross_weight_kg: number; volume_m3: number | null;
  goods_description: string; issued_at: string; shipped_on_board_at: string | null; source: string;
}
export interface ContainersTable { container_no: string; bl_number: string; iso_type: string; seal_no: string | null; gross_weight_kg: number | null }

export interface ShipmentsTable {
  id: Generated<number>; flow: 'import' | 'export'; transport_mode: string; status: string; bl_number: string | null;
  booking_number: string | null; awb_number: string | null; carrier: string | null; vessel: string | null; voyage: string | null;
  origin_port: string; destination_port: string; company_id: number | null; partner_company_id: number | null;
  declaration_id: number | null; planned_departure: string | null; planned_arrival: string | null;
  actual_departure: string | null; actual_arrival: string | null; eta: string | null; updated_at: string;
}
export interface ShipmentEventsTable {
  id: Generated<number>; shipment_id: number; event_type: string; event_code: string; classifier: string;
  occurred_at: string; location: string | null; container_no: string | null; vessel: string | null;
  retracts_event_id: number | null; recorded_at: string; source: string; kind: Generated<string>; reason: string | null;
}

export interface ApiKeysTable {
  id: string; name: string; api_key: string; secret_hash: string; previous_secret_hash: string | null;
  previous_secret_valid_until: string | null; scopes: string; plan: string; rate_limit_per_minute: number;
  monthly_quota: number | null; status: 'active' | 'revoked'; created_at: string; revoked_at: string | null;
  last_used_at: string | null;
}
export interface RefreshTokensTable {
  token_hash: string; key_id: string; family_id: string; scopes: string; expires_at: string; used_at: string | null;
  revoked_at: string | null; created_at: string;
}
export interface RevokedTokensTable { jti: string; expires_at: string }
export interface AuditLogTable {
  id: Generated<number>; at: string; key_id: string | null; action: string; target_type: string; target_id: string | null;
  details: string; ip: string | null; request_id: string | null;
}
export interface UsageCountersTable { key_id: string; day: string; operation: string; calls: number; records: number }
export interface WebhooksTable {
  id: string; key_id: string; url: string; kind: string; filter: string; secret: string; status: string;
  consecutive_failures: Generated<number>; created_at: string; disabled_at: string | null; shipment_id: number | null;
}
export interface WebhookDeliveriesTable {
  id: Generated<number>; webhook_id: string; event: string; payload: string; status: string; attempts: Generated<number>;
  next_attempt_at: string | null; last_status_code: number | null; last_error: string | null; created_at: string;
  delivered_at: string | null;
  /** The event this delivery carries, the same on every subscription's delivery of it (migration 032). */
  event_id: string | null;
}
/** The outbox: events written with the change that caused them, dispatched by the webhook worker (migration 032). */
export interface WebhookEventsTable {
  id: Generated<number>; event_id: string; event: string; payload: string; created_at: string; dispatched_at: string | null;
}
export interface BulkExportJobsTable {
  id: string; key_id: string; query: string; format: string; status: string; rows_written: Generated<number>;
  rows_total: number | null; file_path: string | null; file_bytes: number | null; error: string | null;
  created_at: string; finished_at: string | null;
  /** Until when the process running the job holds it (migration 031). */
  lease_until: ColumnType<string | null, string | null | undefined, string | null>;
}

interface ItemRollupMeasures {
  records: number; records_hs4: number; records_hs2: number; value_usd_cents: number; customs_duty_usd_cents: number;
  additional_duty_usd_cents: number; vat_usd_cents: number; net_weight_kg: number; quantity: number;
}
interface DeclarationRollupMeasures {
  records: number; value_usd_cents: number; customs_duty_usd_cents: number; additional_duty_usd_cents: number;
  vat_usd_cents: number; net_weight_kg: number; gross_weight_kg: number;
}
type Flow = 'import' | 'export';
export interface RollupCountryMonthlyTable extends DeclarationRollupMeasures { flow: Flow; period: number; partner_country: string }
export interface RollupGatewayMonthlyTable extends DeclarationRollupMeasures {
  flow: Flow; period: number; port: string; customs_office: string; transport_mode: string;
}
export interface RollupDeclarationsMonthlyTable extends DeclarationRollupMeasures {
  flow: Flow; period: number; partner_country: string; port: string; customs_office: string; transport_mode: string; incoterm: string;
}
export interface RollupHsMonthlyTable extends ItemRollupMeasures { flow: Flow; period: number; hs6: string }
export interface RollupHsCountryMonthlyTable extends ItemRollupMeasures { flow: Flow; period: number; hs6: string; partner_country: string }
export interface RollupItemsMonthlyTable extends ItemRollupMeasures {
  flow: Flow; period: number; hs6: string; partner_country: string; port: string; customs_office: string; transport_mode: string;
}
export interface RollupCompanyMonthlyTable {
  flow: Flow; period: number; company_id: number; partner_company_id: number; partner_country: string; hs6: string;
  records: number; records_hs4: number; records_hs2: number; records_decl: number; value_usd_cents: number;
  net_weight_kg: number; quantity: number;
}

export interface DB {
  settings: SettingsTable;
  countries: CountriesTable;
  ports: PortsTable;
  customs_offices: CustomsOfficesTable;
  carriers: CarriersTable;
  hs_codes: HsCodesTable;
  hs_concordance: HsConcordanceTable;
  tariff_lines: TariffLinesTable;
  tariff_measures: TariffMeasuresTable;
  regulations: RegulationsTable;
  companies: CompaniesTable;
  contacts: ContactsTable;
  ingest_batches: IngestBatchesTable;
  declarations: DeclarationsTable;
  declaration_items: DeclarationItemsTable;
  item_texts: ItemTextsTable;
  bills_of_lading: BillsOfLadingTable;
  containers: ContainersTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  api_keys: ApiKeysTable;
  refresh_tokens: RefreshTokensTable;
  revoked_tokens: RevokedTokensTable;
  audit_log: AuditLogTable;
  usage_counters: UsageCountersTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_events: WebhookEventsTable;
  bulk_export_jobs: BulkExportJobsTable;
  // Tables of the analytic store (src/analytics/), typed here because its queries are composed with
  // the same builders; the row store does not hold them (migration 040).
  rollup_country_monthly: RollupCountryMonthlyTable;
  rollup_gateway_monthly: RollupGatewayMonthlyTable;
  rollup_hs_monthly: RollupHsMonthlyTable;
  rollup_hs_country_monthly: RollupHsCountryMonthlyTable;
  rollup_items_monthly: RollupItemsMonthlyTable;
  rollup_declarations_monthly: RollupDeclarationsMonthlyTable;
  rollup_company_monthly: RollupCompanyMonthlyTable;
}
