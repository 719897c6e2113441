// What each rollup table can answer. The aggregate engine picks the first (smallest) source that
// holds every dimension and filter a query needs and can count `records` exactly; anything else
// is answered from the raw records.
export type Dim = 'period' | 'flow' | 'hs' | 'country' | 'port' | 'customs_office' | 'transport_mode' | 'incoterm' | 'company' | 'partner_company';
export type Measure = 'value' | 'weight' | 'quantity' | 'duties';

export interface CubeSource {
  table: string;
  /** Dimensions present as columns (hs as `hs6`, country as `partner_country`). */
  dims: readonly Dim[];
  measures: readonly Measure[];
  /**
   * Column counting declarations for a group at a given HS depth: `decl` when no HS is involved,
   * `hs2`/`hs4`/`hs6` when a declaration is counted once per distinct code at that depth.
   */
  records: Partial<Record<'decl' | 'hs2' | 'hs4' | 'hs6', string>>;
  /** Has company_id, so the `companies` metric (distinct traders) can be counted. */
  companies: boolean;
}

export const CUBE_SOURCES: readonly CubeSource[] = [
  {
    table: 'rollup_declarations_monthly',
    dims: ['period', 'flow', 'country', 'port', 'customs_office', 'transport_mode', 'incoterm'],
    measures: ['value', 'weight', 'duties'],
    records: { decl: 'records' },
    companies: false,
  },
  {
    table: 'rollup_items_monthly',
    dims: ['period', 'flow', 'hs', 'country', 'port', 'customs_office', 'transport_mode'],
    measures: ['value', 'weight', 'quantity', 'duties'],
    records: { hs6: 'records' },
    companies: false,
  },
  {
    table: 'rollup_company_monthly',
    dims: ['period', 'flow', 'hs', 'country', 'company', 'partner_company'],
    measures: ['value', 'weight', 'quantity'],
    records: { hs6: 'records' },
    companies: true,
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
