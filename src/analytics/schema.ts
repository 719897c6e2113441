// The analytic store's tables: the analytic columns of the raw records, and the pre-aggregations
// (the rollup tables of the house plan, with the same names, keys and measures as in the row
// store, plus coarser ones for questions asked over long windows). All of it is derived from the
// row store and can be rebuilt from it at any time.
import { ROLLUPS, measuresOf, type RecordTables, type RollupDef } from '../ingest/rollups.js';
import type { ColumnKind } from './engine.js';
import { SHIPMENT_COLUMNS, SHIPMENT_POSITIONS, SHIPMENTS_TABLE } from './shipments.js';

export interface Column {
  name: string;
  kind: ColumnKind;
}

const col = (name: string, kind: ColumnKind): Column => ({ name, kind });

/** The analytic columns of a declaration, read from the row store as named here. */
export const DECLARATION_COLUMNS: readonly Column[] = [
  col('id', 'bigint'), col('batch_id', 'bigint'), col('flow', 'text'), col('regime', 'text'), col('registered_at', 'text'),
  col('period', 'int'), col('customs_office', 'text'), col('company_id', 'bigint'), col('partner_company_id', 'bigint'),
  col('partner_country', 'text'), col('incoterm', 'text'), col('currency', 'text'), col('value_usd_cents', 'bigint'),
  col('transport_mode', 'text'), col('port', 'text'), col('net_weight_kg', 'double'), col('gross_weight_kg', 'double'),
  col('customs_duty_usd_cents', 'bigint'), col('additional_duty_usd_cents', 'bigint'), col('vat_usd_cents', 'bigint'),
];

export const ITEM_COLUMNS: readonly Column[] = [
  col('declaration_id', 'bigint'), col('line_no', 'int'), col('gtip', 'text'), col('hs6', 'text'), col('quantity', 'double'),
  col('quantity_unit', 'text'), col('net_weight_kg', 'double'), col('value_usd_cents', 'bigint'),
  col('customs_duty_usd_cents', 'bigint'), col('additional_duty_usd_cents', 'bigint'), col('vat_usd_cents', 'bigint'),
];

/** The item lines sorted by code, with their declaration's keys (lines-by-code.ts). */
export const LINES_BY_CODE = 'lines_by_code';

export const LINES_BY_CODE_COLUMNS: readonly Column[] = [
  col('gtip', 'text'), col('declaration_id', 'bigint'), col('flow', 'text'), col('period', 'int'), col('registered_at', 'text'),
  col('partner_country', 'text'), col('value_usd_cents', 'bigint'), col('net_weight_kg', 'double'), col('quantity', 'double'), col('quantity_unit', 'text'),
];

const SQL_TYPE: Record<ColumnKind, string> = { int: 'INTEGER', bigint: 'BIGINT', double: 'DOUBLE', text: 'VARCHAR' };

const KEY_KIND: Record<string, ColumnKind> = { period: 'int', company_id: 'bigint', partner_company_id: 'bigint' };
const MEASURE_KIND = (m: string): ColumnKind => (m.endsWith('_kg') || m === 'quantity' ? 'double' : m.endsWith('_day') ? 'int' : 'bigint');
/** The SQL type of a pre-aggregation's measure column. */
export const measureType = (m: string): string => SQL_TYPE[MEASURE_KIND(m)];

export interface PreAggregation {
  table: string;
  keys: readonly string[];
  measures: readonly string[];
  /**
   * Measures that are the least or greatest value of their rows rather than a sum. Batches only add
   * declarations, so the extreme of a key's rows is the extreme of its declarations, and a
   * compaction takes it as it sums the others.
   */
  extremes?: Readonly<Record<string, 'min' | 'max'>>;
  /** SELECT of its rows (keys then measures) from these record tables. */
  select(t: RecordTables): string;
}

/** Item lines and their net weight by product and month: a product's line count without its lines. */
const LINES_MONTHLY: PreAggregation = {
  table: 'agg_lines_monthly',
  keys: ['flow', 'period', 'hs6'],
  measures: ['lines', 'net_weight_kg'],
  select: (t) => `select d.flow, d.period, i.hs6, count(*) as lines, sum(i.net_weight_kg) as net_weight_kg
    from ${t.items} i join ${t.declarations} d on d.id = i.declaration_id group by all`,
};

/**
 * The lines' figures by 12-digit code, partner country, gateway and month: a ranking or breakdown of
 * products at 8, 10 or 12 digits without a product filter, which otherwise joins every line of the
 * period to its declaration. Declarations are counted once per code at each depth: `records_hs12`
 * per code, `records_hs10` / `records_hs8` credited to the declaration's first line (by code,
 * then line) of each 10- / 8-digit code, so their sums over the codes of a group are exact.
 */
/** SELECT of the lines' figures by `keys` (the declaration's columns and `gtip`), declarations counted per code at 12, 10 and 8 digits. */
function codesSelect(t: RecordTables, keys: readonly string[]): string {
  const inner = keys.map((k) => (k === 'gtip' ? 'i.gtip' : `d.${k}`)).join(', ');
  return `select ${keys.join(', ')}, sum(value_usd_cents) as value_usd_cents, sum(net_weight_kg) as net_weight_kg,
      sum(quantity) as quantity, count(distinct declaration_id) as records_hs12, sum(first10) as records_hs10, sum(first8) as records_hs8
    from (select ${inner}, i.value_usd_cents, i.net_weight_kg, i.quantity, i.declaration_id,
        (row_number() over (partition by i.declaration_id, substr(i.gtip, 1, 10) order by i.gtip, i.line_no) = 1)::int as first10,
        (row_number() over (partition by i.declaration_id, substr(i.gtip, 1, 8) order by i.gtip, i.line_no) = 1)::int as first8
      from ${t.items} i join ${t.declarations} d on d.id = i.declaration_id) as x
    group by all`;
}

const CODE_MEASURES = ['value_usd_cents', 'net_weight_kg', 'quantity', 'records_hs12', 'records_hs10', 'records_hs8'] as const;
const CODES_KEYS = ['flow', 'period', 'gtip', 'partner_country', 'port', 'customs_office', 'transport_mode'] as const;

const CODES_MONTHLY: PreAggregation = {
  table: 'agg_codes_monthly',
  keys: CODES_KEYS,
  measures: CODE_MEASURES,
  select: (t) => codesSelect(t, CODES_KEYS),
};

/**
 * The same figures by flow, month and 12-digit code alone: a product ranking or breakdown past six
 * digits asked with no country or gateway, which `agg_codes_monthly` (a row per code, country and
 * gateway) or a product's lines (`lines_by_code`: all of a chapter's lines, of every month) answer
 * from many more rows. A declaration has one country and gateway, so its counts per code add up.
 */
const CODES_FLOW_KEYS = ['flow', 'period', 'gtip'] as const;

const CODES_FLOW_MONTHLY: PreAggregation = {
  table: 'agg_codes_flow_monthly',
  keys: CODES_FLOW_KEYS,
  measures: CODE_MEASURES,
  select: (t) => codesSelect(t, CODES_FLOW_KEYS),
};

/**
 * The declarations' header figures by trader, foreign partner, partner country and month: the
 * company and pair rankings, trader counts and company breakdowns asked with no product, gateway
 * or company condition, which otherwise group the company rollup (a row per product and gateway
 * of each pair and month). A missing partner is 0, as in the company rollup.
 */
const PAIRS_MONTHLY: PreAggregation = {
  table: 'agg_pairs_monthly',
  keys: ['flow', 'period', 'company_id', 'partner_company_id', 'partner_country'],
  measures: ['records', 'value_usd_cents', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents', 'net_weight_kg'],
  select: (t) => `select flow, period, company_id, coalesce(partner_company_id, 0) as partner_company_id, partner_country, count(*) as records,
      sum(value_usd_cents) as value_usd_cents, sum(customs_duty_usd_cents) as customs_duty_usd_cents, sum(additional_duty_usd_cents) as additional_duty_usd_cents,
      sum(vat_usd_cents) as vat_usd_cents, sum(net_weight_kg) as net_weight_kg
    from ${t.declarations} group by all`,
};

/**
 * The lines' value by trader, foreign partner, HS6 code and month, with the first and last day of
 * the month on which a declaration holding such a line was registered: the products and dates of
 * a page of trading pairs (`listSupplyChainLinks`) from the pairs' rows, where their declarations
 * joined to their lines read every line of the window. Days as small integers (the month is a key)
 * cost less to read than dates as text. A missing partner is 0.
 */
const PAIR_PRODUCTS_MONTHLY: PreAggregation = {
  table: 'agg_pair_products_monthly',
  keys: ['flow', 'period', 'company_id', 'partner_company_id', 'hs6'],
  measures: ['value_usd_cents', 'first_day', 'last_day'],
  extremes: { first_day: 'min', last_day: 'max' },
  select: (t) => `select d.flow, d.period, d.company_id, coalesce(d.partner_company_id, 0) as partner_company_id, i.hs6,
      sum(i.value_usd_cents) as value_usd_cents, min(substr(d.registered_at, 9, 2)::INTEGER) as first_day, max(substr(d.registered_at, 9, 2)::INTEGER) as last_day
    from ${t.items} i join ${t.declarations} d on d.id = i.declaration_id group by all`,
};

export const PRE_AGGREGATIONS: readonly PreAggregation[] = [LINES_MONTHLY, CODES_MONTHLY, CODES_FLOW_MONTHLY, PAIRS_MONTHLY, PAIR_PRODUCTS_MONTHLY];

/** The pre-aggregation of the declarations by trader and partner, a source of the aggregate planner. */
export const PAIRS_BY_MONTH = PAIRS_MONTHLY.table;

/** The pre-aggregation of the lines by trading pair and product, for the details of a page of pairs. */
export const PAIR_PRODUCTS_BY_MONTH = PAIR_PRODUCTS_MONTHLY.table;

/** How a pre-aggregation's measure combines across the rows of one key: summed, or its least or greatest value. */
export const combineOf = (p: Pick<PreAggregation, 'extremes'>, m: string): 'sum' | 'min' | 'max' => p.extremes?.[m] ?? 'sum';

/** The pre-aggregation of the lines by 12-digit code, a source of the aggregate planner. */
export const CODES_BY_MONTH = CODES_MONTHLY.table;

/** The pre-aggregation of the lines by flow, month and 12-digit code alone. */
export const CODES_BY_FLOW_MONTH = CODES_FLOW_MONTHLY.table;

/**
 * The order of a month's rows in a pre-aggregation (each month is written whole, at a load or when
 * it is compacted): by flow, then by partner country where the table has one, else by code where
 * it has one. DuckDB skips the parts of a row group whose range of a column misses a condition, so
 * a country's rows of a month sitting together are read alone (10M declarations, one thread, twelve months of one country: a
 * company ranking 37.4 -> 18.5 ms, a product breakdown of the line rollup 20.4 -> 11.6 ms, medians
 * over eight countries); a month of a small table is one row group anyway.
 */
export function monthOrder(keys: readonly string[]): string {
  return keys.includes('partner_country') ? 'flow, partner_country' : keys.includes('gtip') ? 'flow, gtip' : 'flow';
}

/** A pre-aggregation's columns in table order: its keys, then its measures. */
function preAggregationColumns(p: PreAggregation): Column[] {
  return [...p.keys.map((k) => col(k, KEY_KIND[k] ?? 'text')), ...p.measures.map((m) => col(m, MEASURE_KIND(m)))];
}

/** A rollup's columns in table order: its keys, then its measures. */
export function rollupColumns(def: RollupDef): Column[] {
  return [...def.keys.map((k) => col(k, KEY_KIND[k] ?? 'text')), ...measuresOf(def).map((m) => col(m, MEASURE_KIND(m)))];
}

export const COMPANY_ROLLUP: RollupDef = ROLLUPS.find((d) => d.table === 'rollup_company_monthly')!;
export const ITEMS_ROLLUP: RollupDef = ROLLUPS.find((d) => d.table === 'rollup_items_monthly')!;

/** What a sorted copy copies: a rollup, or a pre-aggregation. */
export interface CopiedTable {
  table: string;
  keys: readonly string[];
  columns: readonly Column[];
  measures: readonly string[];
  /** Measures `tradeapi verify` compares exactly (integers). */
  exact: readonly string[];
  /** How a measure combines across the rows of one key. */
  combine(m: string): 'sum' | 'min' | 'max';
}

const copiedRollup = (def: RollupDef): CopiedTable => ({ table: def.table, keys: def.keys, columns: rollupColumns(def), measures: measuresOf(def), exact: def.exact, combine: () => 'sum' });

const copiedPreAggregation = (p: PreAggregation): CopiedTable => ({
  table: p.table,
  keys: p.keys,
  columns: preAggregationColumns(p),
  measures: p.measures,
  exact: p.measures.filter((m) => MEASURE_KIND(m) !== 'double'),
  combine: (m) => combineOf(p, m),
});

/** A pre-aggregation kept a second time in another order (see sorted.ts). */
export interface SortedCopy {
  table: string;
  source: CopiedTable;
  /** The column the copy is sorted by: its ranges are what a fill or a sort takes per transaction. */
  key: string;
  /** The ORDER BY of its rows: `key` first, then what orders the rows within one value of it. */
  order: string;
  /** Columns before the source's own, in table order. */
  lead: readonly Column[];
  /** SELECT of the copy's rows from source rows in `from`; `within(column)` narrows a column to a range. */
  select(from: string, within?: (column: string) => string): string;
  /** SELECT of the sort column's values in source rows, as `k`. */
  keyValues(from: string): string;
  /** The copy's rows of one source row (in the source's column order). */
  rowsOf(row: readonly unknown[]): unknown[][];
  /** Columns its sums are compared by in verify. */
  checkedBy: readonly string[];
}

const COMPANY = COMPANY_ROLLUP.keys.indexOf('company_id');
const PARTNER = COMPANY_ROLLUP.keys.indexOf('partner_company_id');
const always = () => 'true';

export const COMPANY_SIDES: SortedCopy = {
  table: 'rollup_company_sides',
  source: copiedRollup(COMPANY_ROLLUP),
  key: 'party_id',
  order: 'party_id',
  lead: [{ name: 'party_id', kind: 'bigint' }, { name: 'as_partner', kind: 'int' }],
  select: (from, within = always) => `select company_id as party_id, 0 as as_partner, * from ${from} s where ${within('company_id')}
    union all select partner_company_id as party_id, 1 as as_partner, * from ${from} s where partner_company_id <> 0 and ${within('partner_company_id')}`,
  keyValues: (from) => `select company_id as k from ${from} union all select partner_company_id from ${from} where partner_company_id <> 0`,
  rowsOf: (r) => (Number(r[PARTNER] ?? 0) !== 0 ? [[r[COMPANY], 0, ...r], [r[PARTNER], 1, ...r]] : [[r[COMPANY], 0, ...r]]),
  checkedBy: ['as_partner', 'party_id', 'flow', 'period'],
};

/** A rollup's rows as they are, sorted by `order` (its first column the key), checked by `checkedBy`. */
const reordered = (table: string, source: RollupDef | CopiedTable, order: readonly string[], checkedBy: readonly string[]): SortedCopy => ({
  table,
  source: 'columns' in source ? source : copiedRollup(source),
  key: order[0]!,
  order: order.join(', '),
  lead: [],
  select: (from, within = always) => `select * from ${from} s where ${within(order[0]!)}`,
  keyValues: (from) => `select ${order[0]!} as k from ${from}`,
  rowsOf: (r) => [[...r]],
  checkedBy,
});

export const ITEMS_BY_HS = reordered('rollup_items_by_hs', ITEMS_ROLLUP, ['hs6'], ['hs6', 'flow', 'period']);
export const COMPANY_BY_HS = reordered('rollup_company_by_hs', COMPANY_ROLLUP, ['hs6'], ['hs6', 'flow', 'period']);

// By customs office, then port, then month: most offices serve one port, so a port's rows also lie
// in a few offices' ranges, and an office's or port's months stay together.
const GATEWAY_ORDER = ['customs_office', 'port', 'period'];
const GATEWAY_CHECK = ['customs_office', 'port', 'flow', 'period'];
export const ITEMS_BY_GATEWAY = reordered('rollup_items_by_gateway', ITEMS_ROLLUP, GATEWAY_ORDER, GATEWAY_CHECK);
export const COMPANY_BY_GATEWAY = reordered('rollup_company_by_gateway', COMPANY_ROLLUP, GATEWAY_ORDER, GATEWAY_CHECK);
/**
 * The lines' figures by 12-digit code, country and gateway, sorted by gateway: products past six
 * digits at one port or office (at 10M, a year's ranking with its year-ago values: 52–62 -> 26 ms).
 */
export const CODES_BY_GATEWAY = reordered('agg_codes_by_gateway', copiedPreAggregation(CODES_MONTHLY), GATEWAY_ORDER, GATEWAY_CHECK);

/**
 * A trading pair as one number, trader then partner: `company_id * 2^32 + partner_company_id`
 * (company ids below 2^31, as the row store's sequences hand them out). One column holds the
 * pair, so a page's pairs are one `in` list the engine skips row groups by.
 */
const PAIR_KEY = '(company_id * 4294967296 + partner_company_id)';

/** The key of a trading pair in `agg_pair_products_by_pair` (a bigint: exact past 2^53). */
export const pairKey = (companyId: number, partnerCompanyId: number): bigint => (BigInt(Math.trunc(companyId)) << 32n) + BigInt(Math.trunc(partnerCompanyId));

const PAIR_COMPANY = PAIR_PRODUCTS_MONTHLY.keys.indexOf('company_id');
const PAIR_PARTNER = PAIR_PRODUCTS_MONTHLY.keys.indexOf('partner_company_id');

/**
 * `agg_pair_products_monthly` sorted by trading pair: the products and dates of a page of pairs
 * read the row groups of the page's traders, not every row of the window (a page's pairs belong to
 * a few large traders: at 10M declarations the 50 largest export pairs of a year were 7 traders').
 */
export const PAIR_PRODUCTS_BY_PAIR: SortedCopy = {
  table: 'agg_pair_products_by_pair',
  source: copiedPreAggregation(PAIR_PRODUCTS_MONTHLY),
  key: 'pair',
  order: 'pair, flow, period',
  lead: [{ name: 'pair', kind: 'bigint' }],
  select: (from, within = always) => `select ${PAIR_KEY} as pair, * from ${from} s where ${within(PAIR_KEY)}`,
  keyValues: (from) => `select ${PAIR_KEY} as k from ${from}`,
  rowsOf: (r) => [[pairKey(Number(r[PAIR_COMPANY]), Number(r[PAIR_PARTNER] ?? 0)), ...r]],
  checkedBy: ['pair', 'flow', 'period'],
};

export const SORTED_COPIES: readonly SortedCopy[] = [COMPANY_SIDES, ITEMS_BY_HS, COMPANY_BY_HS, ITEMS_BY_GATEWAY, COMPANY_BY_GATEWAY, CODES_BY_GATEWAY, PAIR_PRODUCTS_BY_PAIR];

/** The copy's columns: its own leading ones, then its source's. */
export function sortedColumns(c: SortedCopy): Column[] {
  return [...c.lead, ...c.source.columns];
}

/** Months whose pre-aggregation rows batches have appended to since they were last compacted (compactPending in sync.ts). */
export const PENDING_COMPACTION = 'compaction_pending';

function createTable(name: string, columns: readonly Column[]): string {
  return `create table if not exists ${name} (${columns.map((c) => `${c.name} ${SQL_TYPE[c.kind]}`).join(', ')})`;
}

/** Every statement that creates the analytic tables (idempotent). */
export function schemaStatements(): string[] {
  const out = [
    createTable('declarations', DECLARATION_COLUMNS),
    createTable('declaration_items', ITEM_COLUMNS),
    'create table if not exists synced_batches (id BIGINT primary key, declarations BIGINT, synced_at TIMESTAMP)',
    'create table if not exists analytic_meta (key VARCHAR primary key, value VARCHAR)',
    `create table if not exists ${PENDING_COMPACTION} (period INTEGER primary key)`,
  ];
  for (const def of ROLLUPS) out.push(createTable(def.table, rollupColumns(def)));
  for (const p of PRE_AGGREGATIONS) out.push(createTable(p.table, preAggregationColumns(p)));
  for (const c of SORTED_COPIES) out.push(createTable(c.table, sortedColumns(c)));
  out.push(createTable(LINES_BY_CODE, LINES_BY_CODE_COLUMNS));
  // Tables added to a layout without changing the others: a file of the same version gets them
  // when it opens, and fills them then.
  out.push(createTable(SHIPMENTS_TABLE, SHIPMENT_COLUMNS));
  out.push(`create table if not exists ${SHIPMENT_POSITIONS} (shipments BIGINT, events BIGINT)`);
  return out;
}

/** Every derived table that a whole load of the batches fills, raw copies first (not the shipments, kept by shipments.ts). */
export function derivedTables(): string[] {
  return ['declarations', 'declaration_items', PENDING_COMPACTION, ...ROLLUPS.map((d) => d.table), ...PRE_AGGREGATIONS.map((p) => p.table), ...SORTED_COPIES.map((c) => c.table), LINES_BY_CODE];
}

/** The version of this layout: a file written by another layout is rebuilt. */
export const SCHEMA_VERSION = '9';
