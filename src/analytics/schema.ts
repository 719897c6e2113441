// The analytic store's tables: the analytic columns of the raw records, and the pre-aggregations
// (the rollup tables of the house plan, with the same names, keys and measures as in the row
// store, plus coarser ones for questions asked over long windows). All of it is derived from the
// row store and can be rebuilt from it at any time.
import { ROLLUPS, measuresOf, type RecordTables, type RollupDef } from '../ingest/rollups.js';
import type { ColumnKind } from './engine.js';

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

const SQL_TYPE: Record<ColumnKind, string> = { int: 'INTEGER', bigint: 'BIGINT', double: 'DOUBLE', text: 'VARCHAR' };

const KEY_KIND: Record<string, ColumnKind> = { period: 'int', company_id: 'bigint', partner_company_id: 'bigint' };
const MEASURE_KIND = (m: string): ColumnKind => (m.endsWith('_kg') || m === 'quantity' ? 'double' : 'bigint');
/** The SQL type of a pre-aggregation's measure column. */
export const measureType = (m: string): string => SQL_TYPE[MEASURE_KIND(m)];

export interface PreAggregation {
  table: string;
  keys: readonly string[];
  measures: readonly string[];
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

export const PRE_AGGREGATIONS: readonly PreAggregation[] = [LINES_MONTHLY];

/** A rollup's columns in table order: its keys, then its measures. */
export function rollupColumns(def: RollupDef): Column[] {
  return [...def.keys.map((k) => col(k, KEY_KIND[k] ?? 'text')), ...measuresOf(def).map((m) => col(m, MEASURE_KIND(m)))];
}

/** The company rollup once per side, sorted by that side's company (see sides.ts). */
export const SIDES_TABLE = 'rollup_company_sides';
export const COMPANY_ROLLUP: RollupDef = ROLLUPS.find((d) => d.table === 'rollup_company_monthly')!;

/** The sides table's columns: the side's company and which side it is, then the company rollup's. */
export function sidesColumns(): Column[] {
  return [col('party_id', 'bigint'), col('as_partner', 'int'), ...rollupColumns(COMPANY_ROLLUP)];
}

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
    // Months appended to by batches since their last compaction (see compactPending in sync.ts).
    'create table if not exists compaction_pending (period INTEGER primary key)',
  ];
  for (const def of ROLLUPS) out.push(createTable(def.table, rollupColumns(def)));
  for (const p of PRE_AGGREGATIONS) {
    out.push(createTable(p.table, [...p.keys.map((k) => col(k, KEY_KIND[k] ?? 'text')), ...p.measures.map((m) => col(m, MEASURE_KIND(m)))]));
  }
  out.push(createTable(SIDES_TABLE, sidesColumns()));
  return out;
}

/** Every derived table, raw copies first. */
export function derivedTables(): string[] {
  return ['declarations', 'declaration_items', 'compaction_pending', ...ROLLUPS.map((d) => d.table), ...PRE_AGGREGATIONS.map((p) => p.table), SIDES_TABLE];
}

/** The version of this layout: a file written by another layout is rebuilt. */
export const SCHEMA_VERSION = '5';
