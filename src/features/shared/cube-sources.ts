// What each rollup table can answer. The aggregate engine picks the first (smallest) source that
// holds every dimension and filter a query needs and can count `records` exactly; anything else
// is answered from the raw records.
import { CODES_BY_FLOW_MONTH, CODES_BY_GATEWAY, CODES_BY_MONTH, COMPANY_BY_GATEWAY, COMPANY_BY_HS, COMPANY_SIDES, ITEMS_BY_GATEWAY, ITEMS_BY_HS, PAIRS_BY_MONTH } from '../../analytics/schema.js';

export type Dim = 'period' | 'flow' | 'hs' | 'country' | 'port' | 'customs_office' | 'transport_mode' | 'incoterm' | 'company' | 'partner_company';
export type Measure = 'value' | 'weight' | 'quantity' | 'duties';

/** Which declarations a records column counts: once each (`decl`), or once per code of that many digits. */
export type RecordsDepth = 'decl' | 'hs2' | 'hs4' | 'hs6' | 'hs8' | 'hs10' | 'hs12';

export interface CubeSource {
  table: string;
  /** Dimensions present as columns (hs as `hs6` or the column `codes` names, country as `partner_country`). */
  dims: readonly Dim[];
  measures: readonly Measure[];
  /**
   * Column counting declarations for a group at a given HS depth: `decl` when no HS is involved,
   * `hs2` … `hs12` when a declaration is counted once per distinct code at that depth.
   */
  records: Partial<Record<RecordsDepth, string>>;
  /** The column of its product codes and their digits, when not `hs6` (6). */
  codes?: { column: string; digits: number };
  /** Has company_id, so the `companies` metric (distinct traders) can be counted. */
  companies: boolean;
  /**
   * A line-grain source that also holds each declaration's header weight and duties, credited to
   * its first line (`header_<column>`, see src/ingest/rollups.ts): it answers weights and duties
   * of declaration-level queries (no HS condition) exactly.
   */
  headerFigures?: boolean;
  /**
   * A companion holding each row once per side (`party_id`, `as_partner`), sorted by that side's
   * company: read instead when a company restriction (either party) drives the query.
   */
  sides?: string;
  /** A copy sorted by HS6 code: read instead when an HS condition (and no company) drives the query. */
  byHs?: string;
  /** A copy sorted by customs office and port: read instead when either drives the query (and no HS code or company). */
  byGateway?: string;
  /**
   * Not read under a restriction to a few companies (`company_id`, or a `q` naming at most the ids
   * written into the SQL): the company rollup's copy sorted by either party reads their row groups,
   * where this source would be read whole. A `q` naming more companies reads either whole, and
   * this one has fewer rows (at 10M, a year grouped by country for 500 companies: 60 -> 28 ms).
   */
  noParties?: boolean;
  /**
   * Past six digits, answers a product filter too: small enough that its rows of the window are
   * fewer than the product's lines of all time in `lines_by_code` (at 10M, chapter 84 at 12
   * digits over nineteen months: 4.6M lines).
   */
  productFilter?: boolean;
}

const ITEM_RECORDS = { hs6: 'records', hs4: 'records_hs4', hs2: 'records_hs2' } as const;
const ITEM_MEASURES: readonly Measure[] = ['value', 'weight', 'quantity', 'duties'];
const DECL_MEASURES: readonly Measure[] = ['value', 'weight', 'duties'];

// Narrowest first: the engine takes the first that fits.
export const CUBE_SOURCES: readonly CubeSource[] = [
  { table: 'rollup_country_monthly', dims: ['period', 'flow', 'country'], measures: DECL_MEASURES, records: { decl: 'records' }, companies: false },
  {
    table: 'rollup_gateway_monthly',
    dims: ['period', 'flow', 'port', 'customs_office', 'transport_mode'],
    measures: DECL_MEASURES,
    records: { decl: 'records' },
    companies: false,
  },
  { table: 'rollup_hs_monthly', dims: ['period', 'flow', 'hs'], measures: ITEM_MEASURES, records: ITEM_RECORDS, companies: false },
  { table: 'rollup_hs_country_monthly', dims: ['period', 'flow', 'hs', 'country'], measures: ITEM_MEASURES, records: ITEM_RECORDS, companies: false },
  // Products deeper than six digits (no other source holds them), without duties: by code alone,
  // then by code, country and gateway.
  {
    table: CODES_BY_FLOW_MONTH,
    dims: ['period', 'flow', 'hs'],
    measures: ['value', 'weight', 'quantity'],
    records: { hs8: 'records_hs8', hs10: 'records_hs10', hs12: 'records_hs12' },
    companies: false,
    codes: { column: 'gtip', digits: 12 },
    productFilter: true,
  },
  {
    table: CODES_BY_MONTH,
    dims: ['period', 'flow', 'hs', 'country', 'port', 'customs_office', 'transport_mode'],
    measures: ['value', 'weight', 'quantity'],
    records: { hs8: 'records_hs8', hs10: 'records_hs10', hs12: 'records_hs12' },
    companies: false,
    codes: { column: 'gtip', digits: 12 },
    byGateway: CODES_BY_GATEWAY.table,
  },
  {
    table: 'rollup_declarations_monthly',
    dims: ['period', 'flow', 'country', 'port', 'customs_office', 'transport_mode', 'incoterm'],
    measures: DECL_MEASURES,
    records: { decl: 'records' },
    companies: false,
  },
  {
    table: 'rollup_items_monthly',
    dims: ['period', 'flow', 'hs', 'country', 'port', 'customs_office', 'transport_mode'],
    measures: ITEM_MEASURES,
    records: ITEM_RECORDS,
    companies: false,
    byHs: ITEMS_BY_HS.table,
    byGateway: ITEMS_BY_GATEWAY.table,
  },
  // Traders and pairs with no product, gateway or incoterm: a row per pair, country and month.
  {
    table: PAIRS_BY_MONTH,
    dims: ['period', 'flow', 'country', 'company', 'partner_company'],
    measures: DECL_MEASURES,
    records: { decl: 'records' },
    companies: true,
    noParties: true,
  },
  {
    table: 'rollup_company_monthly',
    dims: ['period', 'flow', 'hs', 'country', 'company', 'partner_company', 'port', 'customs_office', 'transport_mode', 'incoterm'],
    measures: ITEM_MEASURES,
    records: { ...ITEM_RECORDS, decl: 'records_decl' },
    companies: true,
    headerFigures: true,
    sides: COMPANY_SIDES.table,
    byHs: COMPANY_BY_HS.table,
    byGateway: COMPANY_BY_GATEWAY.table,
  },
];

export const DIM_COLUMN: Record<Dim, string> = {
  period: 'period',
  flow: 'flow',
  hs: 'hs6',
  country: 'partner_country',
  port: 'port',
  customs_office: 'customs_office',
  transport_mode: 'transport_mode',
  incoterm: 'incoterm',
  company: 'company_id',
  partner_company: 'partner_company_id',
};

/** The output column a sort field orders by, named alike in the SQL rows and the in-memory rows. */
export const SORT_COLUMN: Record<string, string> = {
  value_usd: 'value_cents', net_weight_kg: 'weight', quantity: 'quantity', records: 'records', companies: 'companies',
  customs_duty_usd: 'duty_cents', additional_duty_usd: 'add_duty_cents', vat_usd: 'vat_cents',
};
