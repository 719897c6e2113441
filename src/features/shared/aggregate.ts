// The one aggregate query builder behind every summary, breakdown, ranking and series, answered by
// the analytic store (src/analytics/): it picks the smallest pre-aggregation that answers the query
// exactly (see cube-sources.ts) and otherwise reads the raw records with the same definitions, so
// every plan gives the same numbers.
//
// Definitions (documented in docs/aggregates.md): when a query involves products (an HS dimension,
// an HS filter or the quantity metric) values, weights and duties are those of the matching item
// lines; otherwise they are the declarations' header figures. `records` counts declarations.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Filters } from './filters.js';
import { analyticDates, monthAligned } from './filters.js';
import { companyIdsNamed } from '../../db/dialect.js';
import { analyticsOf, rowEngineOf } from '../../analytics/registry.js';
import { stateKey, stateOf } from '../../db/state.js';
import { PromiseMemo } from './promise-memo.js';
import { CUBE_SOURCES, DIM_COLUMN, SORT_COLUMN, type CubeSource, type Dim, type Measure, type RecordsDepth } from './cube-sources.js';
import { analyticRows, idList, idSet, inlineIds, type IdList } from '../../analytics/query.js';
import { LINES_BY_CODE } from '../../analytics/schema.js';
import { HEADER_CREDITED, headerColumn } from '../../ingest/rollups.js';
import { BOUNDED_TOP_MAX, topCandidates } from './bounded-top.js';

export type Metric =
  | 'value_usd' | 'net_weight_kg' | 'quantity' | 'records' | 'companies' | 'unit_value_usd_per_kg'
  | 'customs_duty_usd' | 'additional_duty_usd' | 'vat_usd'
  /** Distinct foreign partner companies (suppliers or buyers); not offered by the cube endpoint. */
  | 'partner_companies';
export const METRICS: readonly Metric[] = ['value_usd', 'net_weight_kg', 'quantity', 'records', 'companies', 'unit_value_usd_per_kg', 'customs_duty_usd', 'additional_duty_usd', 'vat_usd'];
export type Freq = 'month' | 'quarter' | 'year';
export type { Dim };

export interface AggregateSpec {
  filters: Filters;
  groupBy: Dim[];
  metrics: Metric[];
  freq?: Freq;
  /** Depth of the `hs` dimension: 2, 4, 6, 8, 10 or 12 digits. */
  hsLevel?: number;
  top?: number | null;
  sort?: { field: string; desc: boolean } | null;
  /** Upper bound on groups returned when no `top` is given. */
  maxRows?: number;
  /**
   * Only records with a known partner company form the groups (pairs of a supply-chain link); the
   * totals, and so the shares, still cover every record the filters keep.
   */
  partnerKnown?: boolean;
  /**
   * Only the records whose value of this dimension is one of these (as the rows name them), e.g.
   * the previous period of the companies a ranking shows. Dimensions with a column of their own.
   */
  only?: { dim: OnlyDim; values: (string | number)[] };
  /**
   * The totals' value is the sum of every group's value (a window over the grouped rows, before
   * `top` or `maxRows` cut them), with no query of its own: exact when the groups split the records
   * the filters keep, as every grouping does (a country, port or company per declaration, a code
   * per line), except `partnerKnown`, which leaves records out of the groups (a totals query then
   * runs as without this). Only `value_usd` is given in the totals.
   */
  totalsFromRows?: boolean;
  /** Every group, in no order and without a limit: the SQL a caller wraps (`groupedSql`). */
  all?: boolean;
  /**
   * A ranked page that need not say how many groups there are: under `top` no count is taken
   * (`groups` is left out), which at 10M costs as much as a fifth of a pair ranking.
   */
  uncounted?: boolean;
  /**
   * The rows are read for their value alone (the groups' other metrics are not summed, and read
   * as 0), ordered by value; the totals are every metric's, as without it. A breakdown's previous
   * period: each group's value and the period's totals.
   */
  valueRows?: boolean;
}

export const ONLY_DIMS = ['company', 'partner_company', 'country', 'port', 'customs_office', 'transport_mode'] as const;
export type OnlyDim = (typeof ONLY_DIMS)[number];

export type AggRow = Record<string, string | number | null>;

export interface AggregateResult {
  rows: AggRow[];
  /** The same metrics over all groups (the filtered total), for shares. */
  totals: AggRow;
  source: string;
  truncated: boolean;
  /** How many groups there are before `top` or `maxRows`, when the path that answered knows it. */
  groups?: number;
}

const MEASURE_OF: Partial<Record<Metric, Measure>> = {
  value_usd: 'value', net_weight_kg: 'weight', quantity: 'quantity', unit_value_usd_per_kg: 'value',
  customs_duty_usd: 'duties', additional_duty_usd: 'duties', vat_usd: 'duties',
};

const DECL_SAFE_ON_ITEMS = new Set<Metric>(['value_usd', 'records', 'companies', 'partner_companies']);
const HEADER_FIGURES = new Set<string>(HEADER_CREDITED);

export interface Plan {
  source: CubeSource | null;
  recordsColumn: string | null;
  productLevel: boolean;
  /** Weights and duties are read from the source's header figures credited to first lines. */
  headerFigures: boolean;
  /** A raw product-level read that the lines sorted by code answer alone (no join): see `onLines`. */
  lines?: boolean;
  /** A raw product-level read of the lines sorted by code joined to their declarations: see `joinsLines`. */
  linesJoined?: boolean;
}

const LINE_DIMS = new Set<Dim>(['hs', 'period', 'flow', 'country']);
const LINE_METRICS = new Set<Metric>(['value_usd', 'net_weight_kg', 'quantity', 'records', 'unit_value_usd_per_kg']);

/**
 * Whether `lines_by_code` holds what these filters ask of a line: they name products (the copy is
 * sorted by code, so their lines are a few row groups and no declaration is joined) and otherwise
 * only months, flows and partner countries. Without a product the copy would be read whole, where
 * the declarations of a short window are a few row groups of their own (a 12-digit ranking of
 * seven months for one country: 1.1 s on the copy at 10M, well under 0.2 s joined).
 */
export function linesHold(f: Filters): boolean {
  return f.hs.length > 0 && filterDims(f).every((d) => LINE_DIMS.has(d)) && f.minValueCents === null && f.maxValueCents === null && !f.regimes.length && !f.currencies.length;
}

const DUTY_METRICS = new Set<Metric>(['customs_duty_usd', 'additional_duty_usd', 'vat_usd']);

/**
 * Whether a raw product-level read that needs the declarations' fields (a port, a customs office, a
 * company, a trader's group) reads the product's lines from `lines_by_code` and joins them to their
 * declarations, rather than joining every line of the period. From four digits on, a product's
 * lines over all time are fewer than one month's lines (at 10M, 10 months: a heading with a customs
 * office 91 -> 40 ms, a six-digit code 88 -> 29 ms); a chapter over a short period is not (84 over
 * three months with a port: 29 -> 46 ms). The copy holds no duties.
 */
function joinsLines(spec: AggregateSpec): boolean {
  const hs = spec.filters.hs;
  return hs.length > 0 && hs.every((h) => h.length >= 4) && !spec.metrics.some((m) => DUTY_METRICS.has(m));
}

/** Whether `lines_by_code` answers a raw product-level read: its filters, groups and the lines' value, weight and quantity. */
function onLines(spec: AggregateSpec): boolean {
  return linesHold(spec.filters) && spec.groupBy.every((d) => LINE_DIMS.has(d)) && spec.metrics.every((m) => LINE_METRICS.has(m)) && !spec.partnerKnown && !spec.only;
}

function filterDims(f: Filters): Dim[] {
  const dims: Dim[] = [];
  if (f.flow) dims.push('flow');
  if (f.from || f.to) dims.push('period');
  if (f.hs.length) dims.push('hs');
  if (f.countries.length) dims.push('country');
  if (f.ports.length) dims.push('port');
  if (f.customsOffices.length) dims.push('customs_office');
  if (f.transportModes.length) dims.push('transport_mode');
  if (f.incoterms.length) dims.push('incoterm');
  // `q` matches either party's name: answered, once resolved to company ids, like a company filter.
  if (f.companyId !== null || f.q) dims.push('company', 'partner_company');
  return dims;
}

/** Every dimension a query groups or filters by. */
function neededDims(spec: AggregateSpec): Dim[] {
  return [...spec.groupBy, ...filterDims(spec.filters), ...(spec.only ? [spec.only.dim] : [])];
}

/** The HS depth a query reaches: 0 when no product is involved. */
function hsDepth(spec: AggregateSpec): number {
  const group = spec.groupBy.includes('hs') ? (spec.hsLevel ?? 6) : 0;
  const filter = Math.max(0, ...spec.filters.hs.map((h) => h.length));
  return Math.max(group, filter);
}

/** Whether values, weights and duties are the matching lines' rather than the declarations' (see the top). */
const isProductLevel = (spec: AggregateSpec): boolean => hsDepth(spec) > 0 || spec.metrics.includes('quantity');

/** Which of a source's records columns counts declarations at this HS depth. */
const recordsKey = (depth: number): RecordsDepth =>
  depth === 0 ? 'decl' : depth <= 2 ? 'hs2' : depth <= 4 ? 'hs4' : depth <= 6 ? 'hs6' : depth <= 8 ? 'hs8' : depth <= 10 ? 'hs10' : 'hs12';

/** A source's column of product codes and their digits. */
const codesOf = (source: CubeSource) => source.codes ?? { column: 'hs6', digits: 6 };

/**
 * `manyParties`: the spec's `q` names more companies than are written into the SQL (see
 * `inlineIds`), which every row group may hold: a source without parties' copies is then read like
 * the others, and the smallest one wins.
 */
export function planAggregate(spec: AggregateSpec, manyParties = false): Plan {
  const f = spec.filters;
  const depth = hsDepth(spec);
  const productLevel = isProductLevel(spec);
  const lines = productLevel && onLines(spec);
  const raw: Plan = { source: null, recordsColumn: null, productLevel, headerFigures: false, lines, linesJoined: productLevel && !lines && joinsLines(spec) };
  if (f.minValueCents !== null || f.maxValueCents !== null || f.regimes.length || f.currencies.length) return raw;
  if (!monthAligned(f)) return raw;
  // Deeper than six digits with a product filter, the lines sorted by code hold that product's
  // lines alone (onLines, joinsLines); the codes' monthly sums by country and gateway would be read
  // for the whole period. Only the codes' sums by month alone have fewer rows.
  const productPastSix = depth > 6 && f.hs.length > 0;
  // Several HS prefixes: a declaration matching two of them would be counted twice.
  if (f.hs.length > 1 && (spec.metrics.includes('records') || spec.metrics.includes('companies'))) return raw;
  const needDims = new Set<Dim>(neededDims(spec));
  const needMeasures = new Set(spec.metrics.map((m) => MEASURE_OF[m]).filter((m): m is Measure => !!m));
  for (const source of CUBE_SOURCES) {
    if (![...needDims].every((d) => source.dims.includes(d))) continue;
    if (depth > codesOf(source).digits) continue;
    if (productPastSix && !source.productFilter) continue;
    // Codes finer than HS6 only past six digits: to six, the HS6 rollups answer from fewer rows,
    // and their copies sorted by code read an HS condition's rows alone.
    if (source.codes && depth <= 6) continue;
    if (source.noParties && (f.companyId !== null || (f.q && !manyParties))) continue;
    if (![...needMeasures].every((m) => source.measures.includes(m))) continue;
    if ((spec.metrics.includes('companies') || spec.metrics.includes('partner_companies')) && !source.companies) continue;
    // A product-level query needs item-level measures, which only sources with hs hold. A
    // declaration-level query may still read an item-level source for value (the items of a
    // declaration sum to its header value to the cent), declaration counts and traders, but for
    // weights or duties, whose header figures may differ from the lines' sum, only a source that
    // holds the header figures themselves (credited to first lines: exact with no HS condition,
    // which a declaration-level query has).
    const itemSource = source.dims.includes('hs');
    if (productLevel && !itemSource) continue;
    const headerFigures = !productLevel && itemSource && !spec.metrics.every((m) => DECL_SAFE_ON_ITEMS.has(m));
    if (headerFigures && !source.headerFigures) continue;
    let recordsColumn: string | null = null;
    if (spec.metrics.includes('records')) {
      recordsColumn = source.records[recordsKey(depth)] ?? null;
      if (!recordsColumn) continue;
    }
    return { source, recordsColumn, productLevel, headerFigures };
  }
  return raw;
}

/**
 * Codes of `column` (whose codes have `width` digits) starting with one of the prefixes. DuckDB
 * skips row groups by a condition on one column joined with `and`, not by an `or` of ranges: whole
 * codes are written as a list, and several prefixes also as the one range that spans them, so a
 * copy sorted by code reads only the groups of those codes.
 */
export function prefixCondition(column: RawBuilder<unknown>, prefixes: string[], width: number): RawBuilder<unknown> {
  if (prefixes.every((p) => p.length === width)) return sql`${column} in (${sql.join(prefixes.map((p) => sql`${p}`))})`;
  const ranges = sql`(${sql.join(prefixes.map((p) => sql`(${column} >= ${p} and ${column} < ${p + '\uffff'})`), sql` or `)})`;
  if (prefixes.length === 1) return ranges;
  const lo = prefixes.reduce((a, b) => (b < a ? b : a));
  const hi = prefixes.map((p) => p + '\uffff').reduce((a, b) => (b > a ? b : a));
  return sql`(${column} >= ${lo} and ${column} < ${hi} and ${ranges})`;
}

function inList(column: RawBuilder<unknown>, values: readonly (string | number)[]): RawBuilder<unknown> {
  return sql`${column} in (${sql.join(values.map((v) => sql`${v}`))})`;
}

function periodExpr(col: RawBuilder<unknown>, freq: Freq): RawBuilder<unknown> {
  if (freq === 'year') return sql`(${col} // 100)`;
  if (freq === 'quarter') return sql`((${col} // 100) * 10 + ((${col} % 100) + 2) // 3)`;
  return col;
}

export function formatPeriod(p: number, freq: Freq): string {
  if (freq === 'year') return String(p);
  if (freq === 'quarter') return `${Math.floor(p / 10)}-Q${p % 10}`;
  return `${Math.floor(p / 100)}-${String(p % 100).padStart(2, '0')}`;
}

interface Built {
  query: RawBuilder<Record<string, unknown>>;
  /** The summed columns whose filtered totals the grouped rows carry (`_t_<name>`, see `windows`). */
  totals: string[];
}

/** The companies whose folded name contains the folded `q` (ascending ids), or null without `q`. */
export type QCompanies = IdList | null;

/** What every query of a spec is made of: its dimensions' and measures' SQL, its source and conditions. */
export interface Pieces {
  dimExpr: (d: Dim) => RawBuilder<unknown>;
  /** The summed measures the metrics need (value always), named as `toRow` reads them; traders are not among them. */
  measures: RawBuilder<unknown>[];
  /**
   * Each summed column's grouped expression by the name `toRow` reads, for the totals taken as
   * windows over the groups (see `rowTotals`); `records` only when the groups' sum of it is the
   * filtered total's count.
   */
  sums: Map<string, RawBuilder<unknown>>;
  /** Columns of one trader and one partner per row (for the parts of a split plan to count them). */
  companyKey: RawBuilder<unknown>;
  partnerKey: RawBuilder<unknown>;
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
}

/**
 * The grouped expression whose sum over the groups is the number of declarations the filters keep,
 * or null. A rollup's credit column for the filter's HS depth counts each declaration once on one
 * row, whatever the grouping (when the source has that column). Counted from the records, a
 * group's distinct declarations add up when no declaration lies in two groups: every dimension
 * but a product's is one per declaration.
 */
function recordsTotal(spec: AggregateSpec, plan: Plan, lines: boolean, inside: (e: RawBuilder<unknown>) => RawBuilder<unknown>): RawBuilder<unknown> | null {
  if (plan.source) {
    const column = plan.source.records[recordsKey(hsDepth(ungroupedOf(spec)))];
    return column ? sql`sum(${inside(sql.ref(column))})` : null;
  }
  if (spec.groupBy.includes('hs')) return null;
  return sql`count(distinct ${inside(sql.ref(lines ? 'declaration_id' : 'd.id'))})`;
}

/**
 * `within`: months (YYYYMM, inclusive) that the measures alone are restricted to, the rows read
 * being the filters' (a wider span): each summed expression is null outside them, so several
 * windows' measures are summed in one read of their span (see windowed.ts); with `countries`, also
 * to those partner countries (the rows read being every country's, see totals-together.ts).
 */
export function pieces(spec: AggregateSpec, plan: Plan, qIds: QCompanies, within: { from: number; to: number; countries?: readonly string[] } | null = null): Pieces {
  const f = spec.filters;
  const freq = spec.freq ?? 'month';
  const level = spec.hsLevel ?? 6;
  const src = plan.source;
  const lines = !src && plan.lines === true;
  const join = !src && plan.productLevel && !lines;
  // The lines sorted by code carry their declaration's keys under the same names, unqualified.
  const c = (name: string) => sql.ref(src || lines ? name : `d.${name}`);
  const itemOr = (itemCol: string, declCol: string) =>
    sql.ref(lines ? itemCol : join ? `i.${itemCol}` : !src ? `d.${declCol}` : plan.headerFigures && HEADER_FIGURES.has(declCol) ? headerColumn(declCol) : itemCol);

  const dimExpr = (d: Dim): RawBuilder<unknown> => {
    switch (d) {
      case 'period': return periodExpr(c('period'), freq);
      case 'hs': return src ? sql`substr(${sql.ref(codesOf(src).column)}, 1, ${sql.lit(level)})` : sql`substr(${sql.ref(lines ? 'gtip' : 'i.gtip')}, 1, ${sql.lit(level)})`;
      case 'incoterm': return src ? sql.ref('incoterm') : sql`coalesce(d.incoterm, '')`;
      case 'partner_company': return src ? sql.ref('partner_company_id') : sql`coalesce(d.partner_company_id, 0)`;
      default: return c(DIM_COLUMN[d]);
    }
  };

  const ms = new Set(spec.metrics);
  // Null outside `within`: sum and count(distinct) skip it, so the same rows add up as alone.
  const among = within?.countries?.length ? sql` and ${inList(c('partner_country'), within.countries)}` : sql``;
  const inside = (e: RawBuilder<unknown>) => (within ? sql`case when ${c('period')} between ${within.from} and ${within.to}${among} then ${e} end` : e);
  // Value is always summed (summedColumns): shares and the default ranking need it.
  const sums = new Map<string, RawBuilder<unknown>>();
  for (const c of summedColumns(spec)) if (c !== 'records') sums.set(c, sql`sum(${inside(itemOr(SUMMED_FROM[c]!, SUMMED_FROM[c]!))})`);
  const measures = [...sums].map(([name, e]) => sql`${e} as ${sql.id(name)}`);
  if (ms.has('records')) {
    const counted = src ? sql`sum(${inside(sql.ref(plan.recordsColumn!))})` : sql`count(distinct ${inside(sql.ref(lines ? 'declaration_id' : 'd.id'))})`;
    measures.push(sql`${counted} as records`);
  }
  const totalRecords = ms.has('records') ? recordsTotal(spec, plan, lines, inside) : null;
  if (totalRecords) sums.set('records', totalRecords);
  const companyKey = src ? sql.ref('company_id') : sql.ref('d.company_id');
  const partnerKey = src ? sql.ref('partner_company_id') : sql`coalesce(d.partner_company_id, 0)`;
  const where: RawBuilder<unknown>[] = [];
  // No flow asked, no condition: ingestion accepts only these two, and naming both cost the engine
  // a text comparison per row (a year of the company rollup at 10M declarations: 89 -> 29 ms).
  if (f.flow) where.push(sql`${c('flow')} = ${f.flow}`);
  // A rollup answers whole months only, where these are the month bounds alone.
  where.push(...analyticDates(f, c));
  if (f.hs.length) {
    if (src) where.push(prefixCondition(sql.ref(codesOf(src).column), f.hs, codesOf(src).digits));
    else if (join || lines) where.push(prefixCondition(sql.ref(lines ? 'gtip' : 'i.gtip'), f.hs, 12));
  }
  if (spec.partnerKnown) where.push(src ? sql`partner_company_id <> 0` : sql`d.partner_company_id is not null`);
  if (spec.only) where.push(spec.only.values.length ? inList(dimExpr(spec.only.dim), spec.only.values) : sql`1 = 0`);
  if (f.countries.length) where.push(inList(c('partner_country'), f.countries));
  if (f.ports.length) where.push(inList(c('port'), f.ports));
  if (f.customsOffices.length) where.push(inList(c('customs_office'), f.customsOffices));
  if (f.transportModes.length) where.push(inList(c('transport_mode'), f.transportModes));
  if (f.incoterms.length) where.push(inList(src ? sql.ref('incoterm') : sql`coalesce(d.incoterm, '')`, f.incoterms));
  // Company restrictions (a company id, the companies `q` names): either party is one of them.
  const parties: RawBuilder<unknown>[] = [];
  // Whether the first set is a short list the engine can skip row groups by.
  let fewParties = false;
  if (f.companyId !== null) {
    parties.push(sql`(${f.companyId})`);
    fewParties = true;
  }
  if (f.q) {
    if (qIds && qIds.ids.length === 0) where.push(sql`1 = 0`);
    else {
      if (!parties.length) fewParties = inlineIds(qIds?.ids ?? []);
      parties.push(idSet(qIds ?? []));
    }
  }
  if (src) {
    for (const set of parties.slice(1)) where.push(sql`(company_id in ${set} or partner_company_id in ${set})`);
  } else {
    // Raw records: the declarations of those companies, as a set the date-range scan tests each row
    // against (cheaper than two IN tests per row). The set is read within the same months: the
    // engine does not carry the outer bounds into it, and read whole it scanned every declaration
    // twice (2,000 companies, products at 12 digits over eight months at 10M: 160 -> 85 ms CPU).
    const within = (side: string, set: RawBuilder<unknown>) =>
      sql`select id from declarations where ${sql.join([...analyticDates(f, (name) => sql.ref(name)), sql`${sql.ref(side)} in ${set}`], sql` and `)}`;
    for (const set of parties) where.push(sql`d.id in (${within('company_id', set)} union all ${within('partner_company_id', set)})`);
  }
  if (!src) {
    if (f.regimes.length) where.push(inList(sql.ref('d.regime'), f.regimes));
    if (f.currencies.length) where.push(inList(sql.ref('d.currency'), f.currencies));
    if (f.minValueCents !== null) where.push(sql`d.value_usd_cents >= ${f.minValueCents}`);
    if (f.maxValueCents !== null) where.push(sql`d.value_usd_cents <= ${f.maxValueCents}`);
  }

  // On the company rollup the first company restriction drives the scan: its rows where a company
  // is the trader, and those where it is only the partner. A few companies are read from the
  // copy sorted by either side's company (the few row groups holding them); many (a common word's
  // companies, spread over every row group) from the rollup or a copy, half as many rows. An HS
  // condition reads the copy sorted by code (the row groups of those codes, over any window; the
  // rollup is ordered by month), and otherwise a customs office or port the copy sorted by office
  // and port.
  let from: RawBuilder<unknown>;
  if (src) {
    const set = parties[0];
    const t =
      src.byHs && f.hs.length ? sql.table(src.byHs) : src.byGateway && (f.customsOffices.length || f.ports.length) ? sql.table(src.byGateway) : sql.table(src.table);
    if (!set) from = t;
    else if (src.sides && fewParties) {
      from = sql`(select * exclude (party_id, as_partner) from ${sql.table(src.sides)}
        where party_id in ${set} and (as_partner = 0 or company_id not in ${set})) t`;
    } else from = sql`(select * from ${t} where company_id in ${set} union all select * from ${t} where partner_company_id in ${set} and company_id not in ${set}) t`;
  } else {
    const items = plan.linesJoined ? sql`${sql.table(LINES_BY_CODE)} i join declarations d on d.id = i.declaration_id` : sql`declarations d join declaration_items i on i.declaration_id = d.id`;
    from = lines ? sql.table(LINES_BY_CODE) : join ? items : sql`declarations d`;
  }
  return { dimExpr, measures, sums, companyKey, partnerKey, from, where };
}

/**
 * `part`: one part of a split plan (see `splitByMonth`): no order or limit, and traders kept as
 * columns (`cid`, `pid`) rather than counted, so the outer query counts them across the parts.
 */
function build(spec: AggregateSpec, plan: Plan, grouped: boolean, qIds: QCompanies = null, part = false): Built {
  const groupBy = grouped ? spec.groupBy : [];
  const src = plan.source;
  const p = pieces(spec, plan, qIds);
  const ms = new Set(spec.metrics);
  const select: RawBuilder<unknown>[] = groupBy.map((d, i) => sql`${p.dimExpr(d)} as ${sql.id(`g${i}`)}`);
  // The totals' windows sum the source's columns themselves, not the groups' columns.
  select.push(...(spec.valueRows && grouped && !part && !spec.sort ? [sql`${p.sums.get('value_cents')!} as value_cents`] : p.measures));
  const partKeys: RawBuilder<unknown>[] = [];
  if (part) {
    // A declaration lies in one part and has one trader and one partner, so the parts' record
    // counts per (group, trader, partner) add up; the traders are counted by the outer query.
    if (ms.has('companies')) partKeys.push(p.companyKey);
    if (ms.has('partner_companies')) partKeys.push(p.partnerKey);
    partKeys.forEach((k, i) => select.push(sql`${k} as ${sql.id(i === 0 && ms.has('companies') ? 'cid' : 'pid')}`));
  } else {
    if (ms.has('companies')) select.push(sql`count(distinct ${p.companyKey}) as companies`);
    // The company rollup stores a missing partner as 0; nullif keeps both paths counting the same.
    if (ms.has('partner_companies')) select.push(src ? sql`count(distinct nullif(partner_company_id, 0)) as partner_companies` : sql`count(distinct d.partner_company_id) as partner_companies`);
  }
  const totals = part ? [] : rowTotals(spec, groupBy.length, p.sums);
  if (!part) select.push(...windows(spec, groupBy.length, totals, p.sums));
  let q = sql`select ${sql.join(select)} from ${p.from}`;
  const where = !part && !totals.length && boundedTop(spec, plan) ? [...p.where, topCandidates(groupBy.map(p.dimExpr), sql.ref(SUMMED_FROM.value_cents!), p.from, p.where, spec.top!)] : p.where;
  if (where.length) q = sql`${q} where ${sql.join(where, sql` and `)}`;
  const keys = [...groupBy.map(p.dimExpr), ...partKeys];
  if (keys.length) q = sql`${q} group by ${sql.join(keys)}`;
  if (part) return { query: q as RawBuilder<Record<string, unknown>>, totals };
  q = ordered(spec, q, grouped);
  return { query: q as RawBuilder<Record<string, unknown>>, totals };
}

/**
 * Whether a ranking's first groups are summed alone (`topCandidates`): a page of a rollup's groups
 * by value that needs no count of them (and, said by the caller, no totals over every group).
 */
function boundedTop(spec: AggregateSpec, plan: Plan): boolean {
  const byValue = !spec.sort || (spec.sort.field === 'value_usd' && spec.sort.desc);
  return plan.source !== null && spec.uncounted === true && !!spec.top && spec.top <= BOUNDED_TOP_MAX && byValue && spec.groupBy.length > 0 && !spec.groupBy.includes('period');
}

/**
 * The summed columns whose totals a grouped query takes as windows over its groups: every one
 * `sums` holds (each group's sum of a column adds up to the filtered total, since every row of
 * the source lies in one group), none when `partnerKnown` leaves records out of the groups, and
 * only the value for a spec that asks for no other total (`valueFromRows`).
 */
export function rowTotals(spec: AggregateSpec, groups: number, sums: ReadonlyMap<string, RawBuilder<unknown>>): string[] {
  if (groups === 0 || spec.all || spec.partnerKnown) return [];
  if (valueFromRows(spec)) return ['value_cents'];
  // Grouped by product, the groups hold the lines' weights and duties; the totals of a query that
  // names no product are the declarations' own (the value is the same either way).
  const lineFiguresOnly = spec.groupBy.includes('hs') && !isProductLevel(ungroupedOf(spec));
  return [...sums.keys()].filter((name) => !lineFiguresOnly || !HEADER_SUMS.has(name));
}

/** Summed columns whose header and line figures may differ. */
const HEADER_SUMS = new Set(['weight', 'duty_cents', 'add_duty_cents', 'vat_cents']);

/**
 * Windows over the grouped rows, evaluated before ORDER BY and LIMIT: under `top` the number of
 * groups (a ranked page says how many there are without reading them all), and the filtered
 * totals of the `totals` columns (`_t_<name>`), whose grouped expressions `sums` gives: a totals
 * query would read the same rows again.
 */
function windows(spec: AggregateSpec, groups: number, totals: readonly string[], sums: ReadonlyMap<string, RawBuilder<unknown>>): RawBuilder<unknown>[] {
  if (groups === 0 || spec.all) return [];
  const out: RawBuilder<unknown>[] = [];
  if (spec.top && !spec.uncounted) out.push(sql`count(*) over () as _groups`);
  for (const name of totals) out.push(sql`sum(${sums.get(name)!}) over () as ${sql.id(`_t_${name}`)}`);
  return out;
}

// A spec asking for value alone gets the same totals either way: from the grouped rows, without a query.
export const valueFromRows = (spec: AggregateSpec) =>
  (spec.totalsFromRows === true || (spec.metrics.length === 1 && spec.metrics[0] === 'value_usd')) && !spec.partnerKnown;

/** The order and limit of a grouped answer. */
function ordered(spec: AggregateSpec, q: RawBuilder<unknown>, grouped: boolean): RawBuilder<unknown> {
  if (grouped && !spec.all) {
    const order = orderExpr(spec);
    // PostgreSQL cannot use output names inside an ORDER BY expression: order the grouped rows
    // from outside when the key is computed from them.
    if (order && spec.sort?.field === 'unit_value_usd_per_kg') q = sql`select * from (${q}) grouped order by ${order}`;
    else if (order) q = sql`${q} order by ${order}`;
    q = sql`${q} limit ${sql.lit(rowLimit(spec))}`;
  }
  return q;
}

/** Groups a grouped query returns: `top`, or one past `maxRows` (10,000) so a cut shows. */
export const rowLimit = (spec: AggregateSpec): number => spec.top ?? (spec.maxRows ?? 10_000) + 1;

export function orderExpr(spec: AggregateSpec, key: (i: number) => RawBuilder<unknown> = (i) => sql.id(`g${i}`)): RawBuilder<unknown> | null {
  const dir = (desc: boolean) => sql.raw(desc ? 'desc' : 'asc');
  const ties = spec.groupBy.map((_, i) => key(i));
  if (spec.sort) {
    const dimIndex = spec.groupBy.indexOf(spec.sort.field === 'hs_code' ? 'hs' : (spec.sort.field as Dim));
    let sortKey: RawBuilder<unknown>;
    if (dimIndex >= 0) sortKey = key(dimIndex);
    else if (spec.sort.field === 'unit_value_usd_per_kg') {
      // Rows without weight have no unit value: first when ascending, last when descending, on both engines.
      const uv = sql`(case when weight > 0 then value_cents / weight end)`;
      return sql.join([sql`${uv} ${dir(spec.sort.desc)} ${sql.raw(spec.sort.desc ? 'nulls last' : 'nulls first')}`, ...ties]);
    }
    else sortKey = sql.id(SORT_COLUMN[spec.sort.field] ?? 'value_cents');
    return sql.join([sql`${sortKey} ${dir(spec.sort.desc)}`, ...ties]);
  }
  if (spec.groupBy.includes('period')) return sql.join(ties);
  return sql.join([sql`value_cents desc`, ...ties]);
}

const numberAt = (r: Record<string, unknown>, k: string) => Number(r[k] ?? 0);

// Called once per row of every answer: no closure is made per call (each would be a function
// object, and under the dev loader a naming call too).
function toRow(spec: AggregateSpec, r: Record<string, unknown>, grouped: boolean): AggRow {
  const out: AggRow = {};
  const freq = spec.freq ?? 'month';
  if (grouped) {
    for (let i = 0; i < spec.groupBy.length; i++) {
      const d = spec.groupBy[i]!;
      const v = r[`g${i}`];
      switch (d) {
        case 'period': out.period = formatPeriod(Number(v), freq); break;
        case 'hs': out.hs_code = String(v); break;
        case 'company': out.company_id = Number(v); break;
        case 'partner_company': out.partner_company_id = Number(v) || null; break;
        case 'incoterm': out.incoterm = v === '' ? null : String(v); break;
        default: out[d] = v === null || v === undefined ? null : String(v);
      }
    }
  }
  const ms = spec.metrics;
  const value = numberAt(r, 'value_cents') / 100;
  const weight = numberAt(r, 'weight');
  if (ms.includes('value_usd')) out.value_usd = round2(value);
  if (ms.includes('net_weight_kg')) out.net_weight_kg = round3(weight);
  if (ms.includes('quantity')) out.quantity = round3(numberAt(r, 'quantity'));
  if (ms.includes('records')) out.records = numberAt(r, 'records');
  if (ms.includes('companies')) out.companies = numberAt(r, 'companies');
  if (ms.includes('partner_companies')) out.partner_companies = numberAt(r, 'partner_companies');
  if (ms.includes('unit_value_usd_per_kg')) out.unit_value_usd_per_kg = weight > 0 ? round4(value / weight) : null;
  if (ms.includes('customs_duty_usd')) out.customs_duty_usd = numberAt(r, 'duty_cents') / 100;
  if (ms.includes('additional_duty_usd')) out.additional_duty_usd = numberAt(r, 'add_duty_cents') / 100;
  if (ms.includes('vat_usd')) out.vat_usd = numberAt(r, 'vat_cents') / 100;
  out._value_cents = numberAt(r, 'value_cents');
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const round4 = (n: number) => Math.round(n * 10000) / 10000;


/**
 * A per-store memo of answers over one version of the analytic store (the version is part of the
 * key, so another process's batch starts it anew), bounded in bytes and dropped on this process's
 * batches.
 */
function versionMemo(name: string, ttlMs: number, maxBytes: number) {
  const key = stateKey<PromiseMemo>({ name, create: () => new PromiseMemo(ttlMs, maxBytes), close: (m) => m.clear(), changed: (m) => m.clear() });
  return async <T>(db: Kysely<DB>, text: string, compute: () => Promise<T>): Promise<T> => {
    const version = (await analyticsOf(db)).version();
    return stateOf(db).get(key).get(`${version}\0${text}`, compute);
  };
}

// One answer with `q` runs several aggregates (a profile's breakdowns, totals, the previous period),
// each needing the same companies: the name index was asked once per aggregate, up to 8 times a
// request. Names change only with a batch, which changes the analytic store's version too.
const Q_COMPANIES = versionMemo('companies named by q', 60_000, 8 * 1024 * 1024);

/**
 * Resolves `q` to the ids of the companies whose folded name contains it (read from the row store),
 * with the analytic store's table of them when they are many (a common word names tens of thousands).
 */
export function companiesMatching(db: Kysely<DB>, folded: string): Promise<IdList> {
  return Q_COMPANIES(db, folded, async () => {
    const rows = await sql<{ id: number }>`select id from (${companyIdsNamed(rowEngineOf(db), folded)}) named order by id`.execute(db);
    return idList(db, rows.rows.map((r) => Number(r.id)));
  });
}

function run(db: Kysely<DB>, built: Built): Promise<Record<string, unknown>[]> {
  return analyticRows(db, built.query.compile(db));
}

interface DayRange {
  from: string | null;
  to: string | null;
}

/** Day-level bounds as whole months (`months`, null when there are none) and the days around them. */
export interface MonthSplit {
  months: DayRange | null;
  days: { from: string; to: string }[];
}

const isoDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const monthStart = (day: string, add: number) => isoDay(Number(day.slice(0, 4)), Number(day.slice(5, 7)) + add, 1);
const monthEnd = (day: string, add: number) => isoDay(Number(day.slice(0, 4)), Number(day.slice(5, 7)) + add + 1, 0);

/**
 * Splits a date range whose bounds fall inside months into the whole months between them, which
 * a monthly rollup answers, and the days at either end, which only the records hold. Null when
 * the range is month-aligned already or lies within one month.
 */
export function splitByMonth(f: DayRange): MonthSplit | null {
  if (monthAligned(f)) return null;
  const days: { from: string; to: string }[] = [];
  let from = f.from;
  let to = f.to;
  if (f.from && !f.from.endsWith('-01')) {
    const headEnd = monthEnd(f.from, 0);
    if (f.to && f.to <= headEnd) return null;
    days.push({ from: f.from, to: headEnd });
    from = monthStart(f.from, 1);
  }
  if (f.to && f.to !== monthEnd(f.to, 0)) {
    days.push({ from: monthStart(f.to, 0), to: f.to });
    to = monthEnd(f.to, -1);
  }
  return { months: from && to && from > to ? null : { from, to }, days };
}

const withRange = (spec: AggregateSpec, r: DayRange): AggregateSpec => ({ ...spec, filters: { ...spec.filters, from: r.from, to: r.to } });

/** The summed columns (as `build` names them) each metric is read from; traders are counted, not summed. */
const COLUMNS_OF: Record<Metric, readonly string[]> = {
  value_usd: ['value_cents'], net_weight_kg: ['weight'], quantity: ['quantity'], records: ['records'], companies: [], partner_companies: [],
  unit_value_usd_per_kg: ['value_cents', 'weight'], customs_duty_usd: ['duty_cents'], additional_duty_usd: ['add_duty_cents'], vat_usd: ['vat_cents'],
};

/** The record column each summed column adds up (the same name on lines, declarations and rollups). */
const SUMMED_FROM: Record<string, string> = {
  value_cents: 'value_usd_cents', weight: 'net_weight_kg', quantity: 'quantity',
  duty_cents: 'customs_duty_usd_cents', add_duty_cents: 'additional_duty_usd_cents', vat_cents: 'vat_usd_cents',
};

/** The columns a query sums for a spec's metrics, as `build` names them (value always). */
function summedColumns(spec: AggregateSpec): string[] {
  return [...new Set(['value_cents', ...spec.metrics.flatMap((m) => COLUMNS_OF[m])])];
}

/**
 * The query answering a spec: one source, or, when only the days at the ends of the range keep a
 * rollup from answering, the whole months from the rollup plus those days from the records,
 * summed together (records and traders exactly: a declaration lies in one part).
 */
function compose(spec: AggregateSpec, grouped: boolean, qIds: QCompanies): { built: Built; source: string } {
  const many = spec.filters.companyId === null && qIds !== null && !inlineIds(qIds.ids);
  const plan = planAggregate(spec, many);
  const split = plan.source ? null : splitByMonth(spec.filters);
  const monthsSpec = split?.months ? withRange(spec, split.months) : null;
  const monthsPlan = monthsSpec ? planAggregate(monthsSpec, many) : null;
  if (!split || !monthsSpec || !monthsPlan?.source) {
    const source = plan.source?.table ?? (plan.lines ? LINES_BY_CODE : plan.linesJoined ? `${LINES_BY_CODE} join declarations` : 'declarations');
    return { built: build(spec, plan, grouped, qIds), source };
  }
  const parts = [build(monthsSpec, monthsPlan, grouped, qIds, true)];
  for (const r of split.days) {
    const daySpec = withRange(spec, r);
    parts.push(build(daySpec, planAggregate(daySpec, many), grouped, qIds, true));
  }
  const groups = (grouped ? spec.groupBy : []).map((_, i) => sql.id(`g${i}`));
  const select: RawBuilder<unknown>[] = [...groups, ...summedColumns(spec).map((c) => sql`sum(${sql.id(c)}) as ${sql.id(c)}`)];
  if (spec.metrics.includes('companies')) select.push(sql`count(distinct cid) as companies`);
  if (spec.metrics.includes('partner_companies')) select.push(sql`count(distinct nullif(pid, 0)) as partner_companies`);
  // The parts' groups add up like one source's, but for declarations counted per product.
  const sums = new Map(summedColumns(spec).filter((c) => c !== 'records' || !spec.groupBy.includes('hs')).map((c) => [c, sql`sum(${sql.id(c)})`] as const));
  const totals = rowTotals(spec, groups.length, sums);
  select.push(...windows(spec, groups.length, totals, sums));
  let q = sql`select ${sql.join(select)} from (${sql.join(parts.map((p) => p.query), sql` union all `)}) parts`;
  if (groups.length) q = sql`${q} group by ${sql.join(groups)}`;
  return { built: { query: ordered(spec, q, grouped) as RawBuilder<Record<string, unknown>>, totals }, source: `${monthsPlan.source.table}+declarations` };
}

/**
 * A grouped spec's SQL for the analytic store, every group in no order: columns `g0`… in `groupBy`
 * order and `value_cents`. For a caller that joins or ranks the groups in the engine instead of
 * reading them all (the planner still picks the source). `q` is not resolved here: with one, the
 * caller passes its companies (`companiesMatching`).
 */
export function groupedSql(spec: AggregateSpec, qIds: QCompanies = null): RawBuilder<Record<string, unknown>> {
  if (!spec.groupBy.length || (spec.filters.q && !qIds)) throw new Error('groupedSql takes a grouped spec, and the companies q names');
  return compose({ ...spec, all: true, top: null, sort: null }, true, qIds).built.query;
}

export async function aggregate(db: Kysely<DB>, spec: AggregateSpec): Promise<AggregateResult> {
  const grouped = spec.groupBy.length > 0;
  const qIds = spec.filters.q ? await companiesMatching(db, spec.filters.q) : null;
  const main = compose(spec, true, qIds);
  // What the grouped rows do not carry is asked of a totals query with those metrics alone (traders,
  // or declarations counted per product), which the planner may send to a smaller source.
  const left = grouped && !valueFromRows(spec) ? totalsLeft(spec.metrics, main.built.totals) : [];
  const [rowsRes, totalsRes] = await Promise.all([
    run(db, main.built),
    left.length ? run(db, compose(ungroupedOf({ ...spec, metrics: left }), false, qIds).built) : null,
  ]);
  return finish(spec, rowsRes, totalsRes?.[0] ?? {}, main.source);
}

/** The metrics whose totals are not among the `covered` columns. */
export function totalsLeft(metrics: readonly Metric[], covered: readonly string[]): Metric[] {
  return metrics.filter((m) => {
    const cols = COLUMNS_OF[m];
    return !cols.length || !cols.every((c) => covered.includes(c));
  });
}

/** The spec of a grouped spec's totals: the same records, no groups. */
export const ungroupedOf = (spec: AggregateSpec): AggregateSpec => ({ ...spec, groupBy: [], partnerKnown: undefined });

/**
 * A spec's answer from the rows its query returned (grouped, ordered and cut, with the windows
 * `windows` adds) and the row of its totals (read only for a grouped spec that does not sum them
 * from its rows).
 */
export function finish(spec: AggregateSpec, rowsRes: Record<string, unknown>[], totalsRow: Record<string, unknown>, source: string): AggregateResult {
  const grouped = spec.groupBy.length > 0;
  const ungrouped = ungroupedOf(spec);
  let rows = rowsRes.map((r) => toRow(spec, r, grouped));
  let truncated = false;
  const cap = spec.maxRows ?? 10_000;
  if (!spec.top && rows.length > cap) {
    rows = rows.slice(0, cap);
    truncated = true;
  }
  const totals = !grouped
    ? (rows[0] ?? toRow(spec, {}, false))
    : toRow(valueFromRows(spec) ? { ...ungrouped, metrics: ['value_usd'] } : ungrouped, { ...totalsRow, ...windowTotals(rowsRes[0]) }, false);
  withShares(rows, totals, grouped);
  // Without a limit the SQL's rows are every group; under `top` the SQL counted them.
  const counted = spec.top && grouped && !spec.uncounted ? Number(rowsRes[0]?._groups ?? 0) : undefined;
  const groups = counted ?? (grouped && !spec.top && !truncated ? rows.length : undefined);
  return { rows, totals, source, truncated, ...(groups !== undefined ? { groups } : {}) };
}

/** The totals a grouped query's rows carry as windows (`_t_<name>`, the same on every row), by name. */
function windowTotals(row: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (row) for (const k in row) if (k.startsWith('_t_')) out[k.slice(3)] = row[k];
  return out;
}

/** Each grouped row's share of the total value, then the cents kept for it dropped from rows and total. */
function withShares(rows: AggRow[], totals: AggRow, grouped: boolean): void {
  const totalCents = Number(totals._value_cents ?? 0);
  for (const r of rows) {
    if (grouped) r.share = totalCents > 0 ? Math.round((Number(r._value_cents) / totalCents) * 1e6) / 1e6 : null;
    delete r._value_cents;
  }
  delete totals._value_cents;
}

// The traders of a product: company searches filtered by `hs` ask for them on every page, and
// users come back to the same products. A chapter at 10M declarations is grouped from about 4M
// rollup rows (0.6-1 s) into tens of thousands of ids (a few hundred kilobytes).
const TRADERS = versionMemo('traders of filters', 10 * 60_000, 16 * 1024 * 1024);

/**
 * Every company on either side of the records the filters keep (no `q`), in no particular order
 * and possibly twice: ids only, grouped in the engine, remembered per data version.
 */
export function companiesTrading(db: Kysely<DB>, filters: Filters): Promise<Int32Array> {
  return TRADERS(db, JSON.stringify(filters), async () => {
    const rows = await analyticRows(db, tradersSql(filters).compile(db));
    return Int32Array.from(rows, (r) => Number(r.id));
  });
}

/**
 * The companies (`id`) on either side of the records the filters keep (no `q`), possibly twice;
 * with `within`, only those among that set (the engine takes the condition on the grouped key down
 * into the scan).
 */
export function tradersSql(filters: Filters, within?: RawBuilder<unknown>): RawBuilder<Record<string, unknown>> {
  const side = (dim: 'company' | 'partner_company') => groupedSql({ filters, groupBy: [dim], metrics: ['value_usd'] });
  const among = within ? sql` and g0 in ${within}` : sql``;
  return sql`select g0 as id from (${side('company')}) own where true${among}
    union all select g0 as id from (${side('partner_company')}) partners where g0 <> 0${among}`;
}
