// Customs declarations as the API shows them: the filtered list with keyset pagination, the
// detail loader (items, bill of lading, containers) and the row → API mappers. Shared by the
// import and export families and by the unified trade records (flow left open there).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { Type } from 'typebox';
import type { DB } from '../../db/schema.js';
import { companyIdsNamed, itemTextIdsMatching } from '../../db/dialect.js';
import type { Engine } from '../../db/connect.js';
import { openedAnalytics, rowEngineOf } from '../../analytics/registry.js';
import { aggregate, companiesMatching, planAggregate, type AggregateSpec } from './aggregate.js';
import { idSet } from '../../analytics/query.js';
import { linesUnder } from './line-totals.js';
import { badParam } from '../../http/errors.js';
import { encodeCursor } from '../../http/pagination.js';
import { PORT_BY_CODE } from '../../reference/ports.js';
import { CUSTOMS_OFFICE_BY_CODE } from '../../reference/customs-offices.js';
import { CARRIER_BY_CODE } from '../../reference/carriers.js';
import { analyticDates, parseFilters, type Filters, type Flow } from './filters.js';
import { rowCacheKey } from './row-cache.js';
import { approxBytes } from './approx-bytes.js';
import { stateOf } from '../../db/state.js';
import { columnarLinePageIds, columnarList, columnarPageIds, linesAlone } from './columnar-pages.js';
import { LINES_BY_CODE } from '../../analytics/schema.js';

// --- sorting and cursors ------------------------------------------------------------------------

export const DECLARATION_SORTS = ['-registered_at', 'registered_at', '-value_usd', 'value_usd'] as const;
export type DeclarationSort = (typeof DECLARATION_SORTS)[number];

export const DeclarationSortParam = Type.Optional(
  Type.Unsafe<DeclarationSort>({ type: 'string', enum: [...DECLARATION_SORTS], description: 'registered_at or value_usd, `-` for descending (default -registered_at)' }),
);

/** The keyset position after which a page starts: the sort key and the id of the last row seen. */
export interface DeclarationKey {
  key: string | number;
  id: number;
}

export function declarationCursor(sort: DeclarationSort, row: { registered_at: string; value_usd_cents: number; id: number }): string {
  return encodeCursor([sort, byValue(sort) ? row.value_usd_cents : row.registered_at, row.id]);
}

/** Decodes a cursor of this list; a cursor made under another `sort` is a 400, not a silent restart. */
export function decodeDeclarationCursor(cursor: string | undefined, sort: DeclarationSort): DeclarationKey | null {
  if (cursor === undefined || cursor === '') return null;
  const bad = () => badParam('cursor', 'not a cursor of this list and sort; pass meta.next_cursor unchanged with the same sort');
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(v) || v.length !== 3 || v[0] !== sort || !Number.isSafeInteger(v[2])) throw bad();
  const key: unknown = v[1];
  if (byValue(sort) ? !Number.isSafeInteger(key) : typeof key !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(key)) throw bad();
  return { key: key as string | number, id: v[2] as number };
}

function byValue(sort: DeclarationSort): boolean {
  return sort.endsWith('value_usd');
}

// --- filters as SQL over `declarations d` -------------------------------------------------------

export function inList(column: RawBuilder<unknown>, values: readonly (string | number)[]): RawBuilder<unknown> {
  return sql`${column} in (${sql.join(values.map((v) => sql`${v}`))})`;
}

export function prefixes(column: RawBuilder<unknown>, codes: readonly string[]): RawBuilder<unknown> {
  // Range conditions, not LIKE: they use the b-tree index on both engines.
  return sql`(${sql.join(codes.map((p) => sql`(${column} >= ${p} and ${column} < ${p + '\uffff'})`), sql` or `)})`;
}

export interface WhereOptions {
  /** Free text also matches item descriptions (lists); aggregates match party names only. */
  qItems?: boolean;
  /** False when the caller drives the query from another index (e.g. item codes). */
  flowIndex?: boolean;
  /** The row store's engine, for its company name index (a LIKE scan when not given). */
  engine?: Engine | null;
  /** `q` matches few declarations: they are read through the parties' and the lines' indexes (qMatches). */
  qFew?: boolean;
  /**
   * The HS prefixes match few lines: their declarations are read through the lines' code index.
   * Not given: assumed for 6 digits or more, not for shorter prefixes.
   */
  hsFew?: boolean;
  /** Ids of the declarations to start from (the narrowest filter with an index, counted). */
  driver?: RawBuilder<unknown>;
  /**
   * False: the date bounds are tested, not used as the way in (SQLite's unary plus), so a list in
   * value order walks the value index instead of sorting every declaration of the period.
   */
  dateIndex?: boolean;
  /**
   * The conditions run on the analytic store (columnar-pages.ts): none of the row store's planner
   * hints, and a product's declarations from its lines sorted by code (lines_by_code), narrowed to
   * the flow, months and countries asked, so only the row groups of the codes are read.
   */
  analytic?: boolean;
}

/**
 * The declarations `q` names, through indexes only: the named companies on either side, and the
 * lines whose description (item_texts) holds the text. May list a declaration more than once.
 */
export function qMatches(q: string, engine: Engine | null): RawBuilder<unknown> {
  const names = companyIdsNamed(engine, q);
  return sql`select id from declarations where company_id in (${names})
    union all select id from declarations where partner_company_id in (${names})
    union all select declaration_id as id from declaration_items where text_id in (${itemTextIdsMatching(engine, q)})`;
}

/** The declarations of the lines whose code starts with one of the prefixes, through the code index. */
function hsLines(hs: string[]): RawBuilder<unknown> {
  return sql`select hi.declaration_id from declaration_items hi where ${prefixes(sql.ref('hi.gtip'), hs)}`;
}

/** The product, flow, dates and countries as conditions on the analytic store's lines sorted by code (`l`), which carry them. */
function lineConditions(f: Filters): RawBuilder<unknown>[] {
  const w = [prefixes(sql.ref('l.gtip'), f.hs)];
  if (f.flow) w.push(sql`l.flow = ${f.flow}`);
  w.push(...analyticDates(f, (name) => sql.ref(`l.${name}`)));
  if (f.countries.length) w.push(inList(sql.ref('l.partner_country'), f.countries));
  return w;
}

/** The same from the analytic store's lines sorted by code, with the header keys they carry. */
function hsCodeCopy(f: Filters): RawBuilder<unknown> {
  return sql`select l.declaration_id from ${sql.table(LINES_BY_CODE)} l where ${sql.join(lineConditions(f), sql` and `)}`;
}

/** The common filters as conditions on `declarations d`; empty when nothing is filtered. */
export function declarationConditions(f: Filters, opts: WhereOptions = { qItems: true }): RawBuilder<unknown>[] {
  const w: RawBuilder<unknown>[] = [];
  // A company, or products with few lines, select few rows: those are looked up by their own index
  // and sorted, and `|| ''` keeps the planner from walking the flow + date index across the whole
  // flow instead (SQLite has no statistics to tell). Common products: an EXISTS per row along the
  // date index finds a page soonest.
  const deepHs = f.hs.length > 0 && (opts.hsFew ?? f.hs.every((h) => h.length >= 6));
  const narrow = !opts.analytic && (f.companyId !== null || deepHs || opts.flowIndex === false || (f.q !== null && opts.qFew === true) || opts.driver !== undefined);
  if (opts.driver) w.push(sql`d.id in (${opts.driver})`);
  if (f.flow) w.push(narrow ? sql`(d.flow || '') = ${f.flow}` : sql`d.flow = ${f.flow}`);
  if (opts.analytic) w.push(...analyticDates(f, (name) => sql.ref(`d.${name}`)));
  else {
    const date = opts.dateIndex === false ? sql`+d.registered_at` : sql.ref('d.registered_at');
    if (f.from) w.push(sql`${date} >= ${f.from}`);
    if (f.to) w.push(sql`${date} <= ${f.to}`);
  }
  if (deepHs) w.push(sql`d.id in (${opts.analytic ? hsCodeCopy(f) : hsLines(f.hs)})`);
  else if (f.hs.length) w.push(sql`exists (select 1 from declaration_items hi where hi.declaration_id = d.id and ${prefixes(sql.ref('hi.gtip'), f.hs)})`);
  if (f.countries.length) w.push(inList(sql.ref('d.partner_country'), f.countries));
  if (f.ports.length) w.push(inList(sql.ref('d.port'), f.ports));
  if (f.customsOffices.length) w.push(inList(sql.ref('d.customs_office'), f.customsOffices));
  if (f.transportModes.length) w.push(inList(sql.ref('d.transport_mode'), f.transportModes));
  if (f.incoterms.length) w.push(inList(sql.ref('d.incoterm'), f.incoterms));
  if (f.regimes.length) w.push(inList(sql.ref('d.regime'), f.regimes));
  if (f.currencies.length) w.push(inList(sql.ref('d.currency'), f.currencies));
  if (f.companyId !== null && opts.analytic) w.push(sql`(d.company_id = ${f.companyId} or d.partner_company_id = ${f.companyId})`);
  else if (f.companyId !== null) {
    // Either party, as ids from the two company indexes.
    w.push(sql`d.id in (select id from declarations where company_id = ${f.companyId} union all select id from declarations where partner_company_id = ${f.companyId})`);
  }
  if (f.minValueCents !== null) w.push(sql`d.value_usd_cents >= ${f.minValueCents}`);
  if (f.maxValueCents !== null) w.push(sql`d.value_usd_cents <= ${f.maxValueCents}`);
  if (f.q && opts.qFew) w.push(sql`d.id in (${qMatches(f.q, opts.engine ?? null)})`);
  else if (f.q) {
    const names = companyIdsNamed(opts.engine ?? null, f.q);
    const parts = [sql`d.company_id in (${names})`, sql`d.partner_company_id in (${names})`];
    if (opts.qItems !== false) {
      parts.push(sql`exists (select 1 from declaration_items qi where qi.declaration_id = d.id and qi.text_id in (${itemTextIdsMatching(opts.engine ?? null, f.q)}))`);
    }
    w.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  return w;
}

export function whereClause(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

// --- list --------------------------------------------------------------------------------------

export interface DeclarationRow {
  id: number;
  declaration_no: string;
  flow: Flow;
  regime: string;
  registered_at: string;
  customs_office: string;
  declarant: string | null;
  company_id: number;
  company_name: string | null;
  company_tax_number: string | null;
  partner_company_id: number | null;
  partner_name: string | null;
  partner_tax_number: string | null;
  partner_country: string;
  country_of_origin: string | null;
  country_of_dispatch: string | null;
  country_of_destination: string | null;
  incoterm: string | null;
  currency: string;
  invoice_value: number;
  value_usd_cents: number;
  transport_mode: string;
  port: string;
  vessel: string | null;
  bl_number: string | null;
  net_weight_kg: number;
  gross_weight_kg: number;
  items_count: number;
  customs_duty_usd_cents: number;
  additional_duty_usd_cents: number;
  vat_usd_cents: number;
  source: string;
  estimated: string;
}

const HEADER_SELECT = sql`d.id, d.declaration_no, d.flow, d.regime, d.registered_at, d.customs_office, d.declarant,
  d.company_id, c.name as company_name, c.tax_number as company_tax_number,
  d.partner_company_id, p.name as partner_name, p.tax_number as partner_tax_number, d.partner_country,
  d.country_of_origin, d.country_of_dispatch, d.country_of_destination, d.incoterm, d.currency, d.invoice_value,
  d.value_usd_cents, d.transport_mode, d.port, d.vessel, d.bl_number, d.net_weight_kg, d.gross_weight_kg, d.items_count,
  d.customs_duty_usd_cents, d.additional_duty_usd_cents, d.vat_usd_cents, d.source, d.estimated`;
const HEADER_FROM = sql`declarations d left join companies c on c.id = d.company_id left join companies p on p.id = d.partner_company_id`;

function normaliseRow(r: Record<string, unknown>): DeclarationRow {
  return {
    ...(r as unknown as DeclarationRow),
    id: Number(r.id),
    registered_at: String(r.registered_at),
    company_id: Number(r.company_id),
    partner_company_id: r.partner_company_id === null || r.partner_company_id === undefined ? null : Number(r.partner_company_id),
    invoice_value: Number(r.invoice_value),
    value_usd_cents: Number(r.value_usd_cents),
    net_weight_kg: Number(r.net_weight_kg),
    gross_weight_kg: Number(r.gross_weight_kg),
    items_count: Number(r.items_count),
    customs_duty_usd_cents: Number(r.customs_duty_usd_cents),
    additional_duty_usd_cents: Number(r.additional_duty_usd_cents),
    vat_usd_cents: Number(r.vat_usd_cents),
  };
}

export interface ListInput {
  filters: Filters;
  sort: DeclarationSort;
  after: DeclarationKey | null;
  /** Rows wanted; one more is fetched to know whether a next page exists. */
  limit: number;
  /** Extra conditions on `d` (e.g. only declarations with a bill of lading). */
  extra?: RawBuilder<unknown>[];
}

// Up to this many declarations named by `q`, or lines of the HS prefixes, a list reads them
// through their indexes and sorts them; past it they are dense enough that walking the list's
// order and testing each row (a name is an id in a set, a line's text an id in a set, a product
// an EXISTS) fills a page soonest. A rare name or heading walked along the order tested every
// declaration of the period (about a second at a million declarations).
const FEW = 30_000;

/** Rows of the subquery, counted up to cap + 1 (through the indexes it reads). */
export async function countUpTo(db: Kysely<DB>, sub: RawBuilder<unknown>, cap: number): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from (select 1 from (${sub}) m limit ${sql.lit(cap + 1)}) c`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** The set with the fewest rows, if it has at most `cap` (each counted up to cap + 1). */
async function narrowest(db: Kysely<DB>, sets: readonly RawBuilder<unknown>[], cap: number): Promise<RawBuilder<unknown> | undefined> {
  let best: { set: RawBuilder<unknown>; n: number } | undefined;
  for (const set of sets) {
    const n = await countUpTo(db, set, cap);
    if (n <= cap && (!best || n < best.n)) best = { set, n };
  }
  return best?.set;
}

/**
 * The ids of the declarations of the port, customs office or country filter with the fewest rows in
 * the flow and period, through its index (migration 043), if it has at most `cap`. SQLite keeps no
 * statistics to choose among them: a port and a country given together started from either, and
 * the common one walked its rows testing the rare one (600 ms at a million declarations).
 */
async function gatewayDriver(db: Kysely<DB>, f: Filters, cap: number): Promise<RawBuilder<unknown> | undefined> {
  const period = [f.flow ? sql`flow = ${f.flow}` : sql`flow in ('export', 'import')`];
  if (f.from) period.push(sql`registered_at >= ${f.from}`);
  if (f.to) period.push(sql`registered_at <= ${f.to}`);
  const sets: RawBuilder<unknown>[] = [];
  const add = (column: string, values: readonly string[]) => {
    if (values.length) sets.push(sql`select id from declarations where ${sql.join([...period, inList(sql.ref(column), values)], sql` and `)}`);
  };
  add('port', f.ports);
  add('customs_office', f.customsOffices);
  add('partner_country', f.countries);
  return narrowest(db, sets, cap);
}

// A set read by its index and sorted, when the walk along the order would test more rows than it has.
const MANY = 300_000;
// How much more rows a walk may be estimated to test than the set has, and still be taken. A walked
// row costs about twice a row of the set (an index step, the row, an EXISTS per condition, against
// an index entry and a sort), and the estimate assumes the two conditions independent: a word of
// marble traders and a heading of yarns are not, and their walk found nothing to stop it (44.6 s at
// 10M declarations), where the set's 166,000 rows are read and sorted in a fraction of that.
const WALK_MARGIN = 4;

/**
 * `q` and the HS prefixes each name many declarations, but both together may name few: walking
 * the list's order then tests about rows × rows / (named by q × named by hs) declarations per
 * page (1.4M, 24 s at 10M declarations, for a product's 102,237 lines and a word's 117,081
 * declarations), where reading the smaller set through its index and sorting it costs its size
 * (262 ms). Which way is cheaper is estimated from the counts (up to MANY each) and the store's
 * size; the walk stays where the two are common enough to fill a page soon. `walkShare`: the
 * share of the declarations the walk passes that are in the list's period (1 along the period's
 * date index; `periodShare` along the value index, which passes the flow's every date).
 */
export async function rareTogether(db: Kysely<DB>, q: string, hs: string[], rows: number, many = MANY, walkShare = 1): Promise<{ qFew: boolean; hsFew: boolean }> {
  const engine = rowEngineOf(db);
  const cap = Math.max(0, many);
  const named = await countUpTo(db, qMatches(q, engine), cap);
  const lines = await countUpTo(db, hsLines(hs), cap);
  const all = Number((await sql<{ n: number | null }>`select max(id) as n from declarations`.execute(db)).rows[0]?.n ?? 0);
  const smaller = Math.min(named, lines);
  if (smaller > many || !all) return { qFew: false, hsFew: false };
  const walked = (rows * all * all) / Math.max(1, named * lines) / Math.max(walkShare, 1e-6);
  if (walked * WALK_MARGIN <= smaller) return { qFew: false, hsFew: false };
  return named <= lines ? { qFew: true, hsFew: false } : { qFew: false, hsFew: true };
}

/** The declarations of a list's flow over its period, or over all time (`whole`), as an aggregate spec. */
function declarationsOf(f: Filters, whole = false): AggregateSpec {
  return { filters: parseFilters(whole ? {} : { from: f.from ?? undefined, to: f.to ?? undefined }, f.flow), groupBy: [], metrics: ['records'] };
}

/**
 * The share of the list's flow (every declaration without one) that lies in its period: the walk
 * along the value index (`flow`, value) passes the flow's declarations of every date. Counted by the
 * pre-aggregations when the analytic store is ready; 1 otherwise (the estimate as if the walk passed
 * only the period).
 */
export async function periodShare(db: Kysely<DB>, f: Filters): Promise<number> {
  const analytics = await openedAnalytics(db);
  if (!analytics || analytics.state() !== 'ready') return 1;
  const period = declarationsOf(f);
  if (!planAggregate(period).source) return 1;
  const [p, a] = await Promise.all([aggregate(db, period), aggregate(db, declarationsOf(f, true))]);
  const total = Number(a.totals.records ?? 0);
  return total > 0 ? Math.min(1, Number(p.totals.records ?? 0) / total) : 1;
}

/**
 * The HS prefix names many lines, but few of the declarations the list walks (its flow and months,
 * and its other filters): a walk along the date index tests each declaration of the period for
 * such a line (4.1 s at 10M declarations for a product imported rarely over ten months), where
 * reading the product's lines and sorting them costs their number. The pre-aggregations count
 * both exactly (a product's declarations under the filters, and the period's), when they can and
 * the analytic store is ready; otherwise the walk stays.
 */
export async function rareInList(db: Kysely<DB>, f: Filters, rows: number, many = MANY): Promise<boolean> {
  const analytics = await openedAnalytics(db);
  if (!analytics || analytics.state() !== 'ready') return false;
  const matching: AggregateSpec = { filters: { ...f, q: null }, groupBy: [], metrics: ['records'] };
  const period = declarationsOf(f);
  if (!planAggregate(matching).source || !planAggregate(period).source) return false;
  // The product's lines in every flow and month (what reading them costs), from the line totals:
  // counting them in the row store took the thread that serves every request.
  const [perFlow, m, p] = await Promise.all([linesUnder(db, f.hs[0]!, null, null), aggregate(db, matching), aggregate(db, period)]);
  const lines = [...perFlow.values()].reduce((n, l) => n + l.lines, 0);
  if (lines > many) return false;
  const walked = (rows * Number(p.totals.records ?? 0)) / Math.max(1, Number(m.totals.records ?? 0));
  return walked > lines;
}

/**
 * The keyset position as a condition, and the list's order (the id breaks ties), over the
 * declarations `d`, or over other rows carrying their sort key and id (`at`).
 */
function keyset(input: ListInput, at = { key: byValue(input.sort) ? 'd.value_usd_cents' : 'd.registered_at', id: 'd.id' }): { after: RawBuilder<unknown>[]; order: RawBuilder<unknown> } {
  const desc = input.sort.startsWith('-');
  const col = sql.ref(at.key);
  const idCol = sql.ref(at.id);
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const after: RawBuilder<unknown>[] = [];
  if (input.after) {
    const { key, id } = input.after;
    // Expanded row comparison: portable, and both planners turn it into an index range.
    after.push(desc
      ? sql`(${col} < ${key} or (${col} = ${key} and ${idCol} < ${id}))`
      : sql`(${col} > ${key} or (${col} = ${key} and ${idCol} > ${id}))`);
  }
  return { after, order: sql`${col} ${dir}, ${idCol} ${dir}` };
}

// Up to this many declarations with a line whose description holds `q`, a list with `q` and other
// filters is found in the columns (their ids go to the engine as a set); past it the text is
// tested in the row store among the first declarations of the other filters (textAmongFirst).
const TEXT_LINES_IN_COLUMNS = 20_000;

/**
 * `q` as a condition on the analytic store's declarations: either party among the companies it
 * names, or a line whose description holds it (ids read through the row store's text indexes).
 * Null when the descriptions name too many declarations to pass as a set.
 */
export async function columnarText(db: Kysely<DB>, q: string, cap = TEXT_LINES_IN_COLUMNS): Promise<RawBuilder<unknown> | null> {
  // One read of the declarations the texts name, up to one past the bound, counts and lists them.
  const texts = sql<{ id: number | string }>`select distinct declaration_id as id from declaration_items
    where text_id in (${itemTextIdsMatching(rowEngineOf(db), q)}) limit ${sql.lit(Math.max(0, cap) + 1)}`;
  const [named, found] = await Promise.all([companiesMatching(db, q), texts.execute(db)]);
  if (found.rows.length > cap) return null;
  const lined = found.rows.map((r) => Number(r.id));
  const names = idSet(named);
  return sql`(d.company_id in ${names} or d.partner_company_id in ${names} or d.id in ${idSet(lined)})`;
}

/** The ids of the page (limit + 1) from the analytic store; null when it cannot answer. */
async function columnarIds(db: Kysely<DB>, input: ListInput, textCap: number): Promise<number[] | null> {
  const f = input.filters;
  if (linesAlone(f, !byValue(input.sort))) {
    const { after } = keyset(input, { key: 'l.registered_at', id: 'l.declaration_id' });
    return columnarLinePageIds(db, [...lineConditions(f), ...after], input.sort.startsWith('-'), input.limit + 1);
  }
  const { after, order } = keyset(input);
  const others = [...declarationConditions({ ...f, q: null }, { qItems: false, hsFew: true, analytic: true }), ...after];
  if (f.q === null) return columnarPageIds(db, others, order, input.limit + 1);
  const text = await columnarText(db, f.q, textCap);
  if (text) return columnarPageIds(db, [...others, text], order, input.limit + 1);
  // A common text alone: walking the period's order finds a page soonest.
  if (!columnarList({ ...f, q: null }, input.limit)) return null;
  const first = await columnarPageIds(db, others, order, TESTED_FOR_TEXT);
  return first && textAmongFirst(db, f.q, first, input.limit + 1, first.length >= TESTED_FOR_TEXT);
}

// How many declarations meeting a list's other filters, first in its order, are tested for a text
// too common to pass to the columns (TEXT_LINES_IN_COLUMNS).
const TESTED_FOR_TEXT = 5000;

/**
 * The first `rows` of `ids` (declarations meeting every filter but `q`, in the list's order) that
 * `q` names, tested in the row store by id; null when the ids were `cut` off after the first of
 * the order and hold fewer than `rows` such declarations (the row store's walk answers then). A
 * common text with filters rare together (a chapter, a country and a port) made that walk test
 * every declaration of the period (1.2-1.7 s of CPU at 10M); their few declarations are tested
 * here instead.
 */
export async function textAmongFirst(db: Kysely<DB>, q: string, ids: readonly number[], rows: number, cut: boolean): Promise<number[] | null> {
  if (!ids.length) return [];
  const named = declarationConditions({ ...parseFilters({}, null), q }, { qItems: true, engine: rowEngineOf(db) });
  const res = await sql<{ id: number | string }>`select d.id from declarations d
    where d.id in (${sql.raw(ids.map((id) => Math.trunc(id)).join(', '))}) and ${sql.join(named, sql` and `)}`.execute(db);
  const found = new Set(res.rows.map((r) => Number(r.id)));
  const page = ids.filter((id) => found.has(id)).slice(0, rows);
  return page.length < rows && cut ? null : page;
}

/**
 * The page's ids from the analytic store's columns (columnar-pages.ts), its headers then read by
 * id; null when that store cannot answer yet, or `q` is too common to be answered there.
 */
async function fromColumns(db: Kysely<DB>, input: ListInput, textCap: number): Promise<DeclarationRow[] | null> {
  const ids = await columnarIds(db, input, textCap);
  if (!ids?.length) return ids && [];
  const res = await sql<Record<string, unknown>>`select ${HEADER_SELECT} from ${HEADER_FROM} where ${inList(sql.ref('d.id'), ids)}`.execute(db);
  const byId = new Map(res.rows.map((r) => [Number(r.id), r]));
  // Every id is in the row store (the copy is derived from it and records are never deleted); if
  // one were not, the row store answers the whole page rather than a page with a hole.
  if (ids.some((id) => !byId.has(id))) return null;
  return ids.map((id) => normaliseRow(byId.get(id)!));
}

/**
 * Up to limit + 1 declaration headers after the keyset position, in `sort` order. `few` and
 * `many`: where the ways of answering `q` and `hs` change on the row store (tests try each);
 * `columns`: whether a filtered page may be found in the analytic store (tests compare both ways);
 * `textCap`: past how many declarations named by the lines' texts `q` is tested in the row store.
 */
export async function listDeclarations(
  db: Kysely<DB>,
  input: ListInput,
  few = FEW,
  many = few < 0 ? -1 : MANY,
  columns = true,
  textCap = TEXT_LINES_IN_COLUMNS,
): Promise<DeclarationRow[]> {
  if (columns && !input.extra && columnarList(input.filters, input.limit)) {
    const rows = await fromColumns(db, input, textCap);
    if (rows) return rows;
  }
  const engine = rowEngineOf(db);
  const f = input.filters;
  // The counts stand in for statistics SQLite does not keep; PostgreSQL's planner has its own.
  const counted = engine === 'sqlite';
  let qFew = counted && f.q !== null && (await countUpTo(db, qMatches(f.q, engine), few)) <= few;
  let hsFew = counted && f.hs.length > 0 ? (await countUpTo(db, hsLines(f.hs), few)) <= few : undefined;
  // Without statistics SQLite prefers the date range and sorts the whole period by value (about a
  // second for a year at a million declarations), so a value order with nothing narrower to start
  // from walks the value index. A port, office or country has an index with the date (migration
  // 043): starting there and sorting its few rows beats walking the value order past the others.
  // PostgreSQL's planner weighs all of them itself.
  const gateway = f.ports.length > 0 || f.customsOffices.length > 0 || f.countries.length > 0;
  const dateIndex = !(byValue(input.sort) && counted && !gateway);
  if (counted && f.q !== null && f.hs.length > 0 && !qFew && !hsFew) {
    // Along the value index the walk passes every declaration, testing the flow and dates too.
    ({ qFew, hsFew } = await rareTogether(db, f.q, f.hs, input.limit + 1, many, dateIndex ? 1 : await periodShare(db, f)));
  }
  const driver = counted && f.companyId === null && !qFew && !hsFew ? await gatewayDriver(db, f, few) : undefined;
  // A company or a gateway with few declarations is a narrower way in than a product's lines.
  if (counted && f.hs.length > 0 && f.companyId === null && !qFew && !hsFew && !driver) hsFew = await rareInList(db, f, input.limit + 1, many);
  const { after, order } = keyset(input);
  const conditions = [...declarationConditions(f, { qItems: true, engine, qFew, hsFew, dateIndex, driver }), ...(input.extra ?? []), ...after];
  const q = sql<Record<string, unknown>>`select ${HEADER_SELECT} from ${HEADER_FROM} ${whereClause(conditions)}
    order by ${order} limit ${sql.lit(input.limit + 1)}`;
  const res = await q.execute(db);
  return res.rows.map(normaliseRow);
}

// Bytes kept per cache generation: tens of thousands of rows, a few hundred pages of 100; bounded
// in bytes since a bill's containers are a list of any length.
const ROW_CACHE_BYTES = 32 * 1024 * 1024;
// A later declaration may bring more containers to a known bill: the same lag as the aggregate answers.
const BILL_TTL_MS = 30_000;
const BILLS = rowCacheKey<string, BillOfLadingRow | null>('bills of lading', ROW_CACHE_BYTES, BILL_TTL_MS, approxBytes);
const CONTAINERS = rowCacheKey<string, ContainerRow[]>('containers of bills', ROW_CACHE_BYTES, BILL_TTL_MS, approxBytes);

/** A page of headers and the cursor of the next page (null on the last). */
export async function declarationPage(db: Kysely<DB>, input: ListInput): Promise<{ rows: DeclarationRow[]; next_cursor: string | null }> {
  const rows = await listDeclarations(db, input);
  if (rows.length <= input.limit) return { rows, next_cursor: null };
  const page = rows.slice(0, input.limit);
  return { rows: page, next_cursor: declarationCursor(input.sort, page[page.length - 1]!) };
}

/** Every matching header, fetched in keyset pages so memory stays flat (downloads). */
export async function* allDeclarations(db: Kysely<DB>, input: Omit<ListInput, 'after' | 'limit'>, pageSize = 5000): AsyncGenerator<DeclarationRow[]> {
  let after: DeclarationKey | null = null;
  for (;;) {
    const rows = await listDeclarations(db, { ...input, after, limit: pageSize });
    const page = rows.slice(0, pageSize);
    if (page.length) yield page;
    if (rows.length <= pageSize) return;
    const last = page[page.length - 1]!;
    after = { key: byValue(input.sort) ? last.value_usd_cents : last.registered_at, id: last.id };
  }
}

// --- detail ------------------------------------------------------------------------------------

export interface ItemRow {
  declaration_id: number;
  line_no: number;
  gtip: string;
  hs6: string;
  description: string;
  quantity: number;
  quantity_unit: string;
  net_weight_kg: number;
  gross_weight_kg: number;
  value_usd_cents: number;
  country_of_origin: string | null;
  customs_duty_usd_cents: number;
  additional_duty_usd_cents: number;
  vat_usd_cents: number;
}

export type BillOfLadingRow = DB['bills_of_lading'];
export type ContainerRow = DB['containers'];

export interface DeclarationDetail {
  header: DeclarationRow;
  items: ItemRow[];
  bill: BillOfLadingRow | null;
  containers: ContainerRow[];
}

/** One declaration by number, or null; with `flow`, a declaration of the other flow is also null. */
export async function findDeclaration(db: Kysely<DB>, by: { declarationNo: string } | { id: number }, flow: Flow | null = null): Promise<DeclarationRow | null> {
  const conditions = ['declarationNo' in by ? sql`d.declaration_no = ${by.declarationNo}` : sql`d.id = ${by.id}`];
  if (flow) conditions.push(sql`d.flow = ${flow}`);
  const res = await sql<Record<string, unknown>>`select ${HEADER_SELECT} from ${HEADER_FROM} ${whereClause(conditions)}`.execute(db);
  return res.rows[0] ? normaliseRow(res.rows[0]) : null;
}

export async function itemsOf(db: Kysely<DB>, declarationId: number): Promise<ItemRow[]> {
  const rows = await db.selectFrom('declaration_items').selectAll().where('declaration_id', '=', declarationId).orderBy('line_no').execute();
  return rows.map((r) => ({
    ...r,
    declaration_id: Number(r.declaration_id),
    quantity: Number(r.quantity),
    net_weight_kg: Number(r.net_weight_kg),
    gross_weight_kg: Number(r.gross_weight_kg),
    value_usd_cents: Number(r.value_usd_cents),
    customs_duty_usd_cents: Number(r.customs_duty_usd_cents),
    additional_duty_usd_cents: Number(r.additional_duty_usd_cents),
    vat_usd_cents: Number(r.vat_usd_cents),
  }));
}

export async function billsByNumber(db: Kysely<DB>, numbers: string[]): Promise<Map<string, BillOfLadingRow>> {
  if (!numbers.length) return new Map();
  const found = await stateOf(db).get(BILLS).getMany(numbers, async (missing) => {
    const rows = await db.selectFrom('bills_of_lading').selectAll().where('bl_number', 'in', missing).execute();
    return new Map(rows.map((r) => [r.bl_number, r]));
  }, null);
  const out = new Map<string, BillOfLadingRow>();
  for (const [k, v] of found) if (v) out.set(k, v);
  return out;
}

export async function containersByBill(db: Kysely<DB>, numbers: string[]): Promise<Map<string, ContainerRow[]>> {
  if (!numbers.length) return new Map();
  const found = await stateOf(db).get(CONTAINERS).getMany(numbers, async (missing) => {
    const rows = await db.selectFrom('containers').selectAll().where('bl_number', 'in', missing).orderBy('bl_number').orderBy('container_no').execute();
    const out = new Map<string, ContainerRow[]>();
    for (const r of rows) {
      const list = out.get(r.bl_number) ?? [];
      list.push(r);
      out.set(r.bl_number, list);
    }
    return out;
  }, []);
  for (const [k, v] of found) if (!v.length) found.delete(k);
  return found;
}

export async function loadDeclaration(db: Kysely<DB>, by: { declarationNo: string } | { id: number }, flow: Flow | null = null): Promise<DeclarationDetail | null> {
  const header = await findDeclaration(db, by, flow);
  if (!header) return null;
  const bl = header.bl_number ? [header.bl_number] : [];
  const [items, bills, containers] = await Promise.all([itemsOf(db, header.id), billsByNumber(db, bl), containersByBill(db, bl)]);
  return { header, items, bill: bills.get(header.bl_number ?? '') ?? null, containers: containers.get(header.bl_number ?? '') ?? [] };
}

// --- API views ---------------------------------------------------------------------------------

const usd = (cents: number) => Math.round(cents) / 100;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Str = Type.String();
const Num = Type.Number();

export const ContainerView = Type.Object({
  container_no: Type.String({ description: 'ISO 6346 container number' }),
  iso_type: Type.String({ description: 'ISO 6346 size and type code, e.g. 45G1' }),
  seal_no: Nullable(Str),
  gross_weight_kg: Nullable(Num),
});

export function toContainerView(c: ContainerRow) {
  return { container_no: c.container_no, iso_type: c.iso_type, seal_no: c.seal_no, gross_weight_kg: c.gross_weight_kg === null ? null : Number(c.gross_weight_kg) };
}

export const DeclarationView = Type.Object({
  declaration_no: Str,
  record_id: Type.Integer({ description: 'Internal id of the record (stable)' }),
  flow: Type.Unsafe<Flow>({ type: 'string', enum: ['import', 'export'] }),
  regime: Str,
  registered_at: Type.String({ description: 'YYYY-MM-DD' }),
  customs_office: Str,
  customs_office_name: Nullable(Str),
  declarant: Nullable(Str),
  company_id: Type.Integer({ description: 'The Turkish importer or exporter' }),
  company_name: Nullable(Str),
  company_tax_number: Nullable(Type.String({ description: 'VKN' })),
  partner_company_id: Nullable(Type.Integer({ description: 'The foreign supplier (imports) or buyer (exports)' })),
  partner_name: Nullable(Str),
  partner_tax_number: Nullable(Str),
  partner_country: Type.String({ description: 'Alpha-2: country of origin (imports) or destination (exports)' }),
  country_of_origin: Nullable(Str),
  country_of_dispatch: Nullable(Str),
  country_of_destination: Nullable(Str),
  incoterm: Nullable(Str),
  currency: Str,
  invoice_value: Type.Number({ description: 'In the invoice currency' }),
  value_usd: Num,
  transport_mode: Str,
  port: Type.String({ description: 'Port or border gate of entry/exit' }),
  port_name: Nullable(Str),
  vessel: Nullable(Str),
  bl_number: Nullable(Str),
  net_weight_kg: Num,
  gross_weight_kg: Num,
  items_count: Type.Integer(),
  customs_duty_usd: Num,
  additional_duty_usd: Num,
  vat_usd: Num,
  source: Type.String({ description: 'Dataset the record came from' }),
  estimated: Type.Array(Str, { description: 'Fields that are estimates rather than declared values' }),
});

export const DECLARATION_COLUMNS = Object.keys(DeclarationView.properties);

function parseEstimated(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

export function toDeclarationView(r: DeclarationRow) {
  return {
    declaration_no: r.declaration_no,
    record_id: r.id,
    flow: r.flow,
    regime: r.regime,
    registered_at: r.registered_at,
    customs_office: r.customs_office,
    customs_office_name: CUSTOMS_OFFICE_BY_CODE.get(r.customs_office)?.name ?? null,
    declarant: r.declarant,
    company_id: r.company_id,
    company_name: r.company_name,
    company_tax_number: r.company_tax_number,
    partner_company_id: r.partner_company_id,
    partner_name: r.partner_name,
    partner_tax_number: r.partner_tax_number,
    partner_country: r.partner_country,
    country_of_origin: r.country_of_origin,
    country_of_dispatch: r.country_of_dispatch,
    country_of_destination: r.country_of_destination,
    incoterm: r.incoterm,
    currency: r.currency,
    invoice_value: r.invoice_value,
    value_usd: usd(r.value_usd_cents),
    transport_mode: r.transport_mode,
    port: r.port,
    port_name: PORT_BY_CODE.get(r.port)?.name ?? null,
    vessel: r.vessel,
    bl_number: r.bl_number,
    net_weight_kg: r.net_weight_kg,
    gross_weight_kg: r.gross_weight_kg,
    items_count: r.items_count,
    customs_duty_usd: usd(r.customs_duty_usd_cents),
    additional_duty_usd: usd(r.additional_duty_usd_cents),
    vat_usd: usd(r.vat_usd_cents),
    source: r.source,
    estimated: parseEstimated(r.estimated),
  };
}

export const ItemView = Type.Object({
  line_no: Type.Integer(),
  gtip: Type.String({ description: '12-digit GTİP' }),
  hs6: Str,
  description: Str,
  quantity: Num,
  quantity_unit: Str,
  net_weight_kg: Num,
  gross_weight_kg: Num,
  value_usd: Num,
  country_of_origin: Nullable(Str),
  customs_duty_usd: Num,
  additional_duty_usd: Num,
  vat_usd: Num,
});

export const ITEM_COLUMNS = Object.keys(ItemView.properties);

export function toItemView(i: ItemRow) {
  return {
    line_no: Number(i.line_no),
    gtip: i.gtip,
    hs6: i.hs6,
    description: i.description,
    quantity: i.quantity,
    quantity_unit: i.quantity_unit,
    net_weight_kg: i.net_weight_kg,
    gross_weight_kg: i.gross_weight_kg,
    value_usd: usd(i.value_usd_cents),
    country_of_origin: i.country_of_origin,
    customs_duty_usd: usd(i.customs_duty_usd_cents),
    additional_duty_usd: usd(i.additional_duty_usd_cents),
    vat_usd: usd(i.vat_usd_cents),
  };
}

export const BillOfLadingView = Type.Object({
  bl_number: Str,
  flow: Type.Unsafe<Flow>({ type: 'string', enum: ['import', 'export'] }),
  carrier_scac: Str,
  carrier_name: Nullable(Str),
  vessel: Nullable(Str),
  voyage: Nullable(Str),
  booking_number: Nullable(Str),
  port_of_loading: Str,
  port_of_loading_name: Nullable(Str),
  port_of_discharge: Str,
  port_of_discharge_name: Nullable(Str),
  shipper_name: Str,
  shipper_company_id: Nullable(Type.Integer()),
  consignee_name: Str,
  consignee_company_id: Nullable(Type.Integer()),
  notify_party: Nullable(Str),
  packages: Nullable(Type.Integer()),
  package_type: Nullable(Str),
  gross_weight_kg: Num,
  volume_m3: Nullable(Num),
  goods_description: Str,
  issued_at: Type.String({ description: 'YYYY-MM-DD' }),
  shipped_on_board_at: Nullable(Str),
  source: Str,
  containers: Type.Array(ContainerView),
});

export const BILL_OF_LADING_COLUMNS = Object.keys(BillOfLadingView.properties);

const numOrNull = (v: number | null) => (v === null ? null : Number(v));

export function toBillOfLadingView(b: BillOfLadingRow, containers: ContainerRow[]) {
  return {
    bl_number: b.bl_number,
    flow: b.flow,
    carrier_scac: b.carrier_scac,
    carrier_name: CARRIER_BY_CODE.get(b.carrier_scac)?.name ?? null,
    vessel: b.vessel,
    voyage: b.voyage,
    booking_number: b.booking_number,
    port_of_loading: b.port_of_loading,
    port_of_loading_name: PORT_BY_CODE.get(b.port_of_loading)?.name ?? null,
    port_of_discharge: b.port_of_discharge,
    port_of_discharge_name: PORT_BY_CODE.get(b.port_of_discharge)?.name ?? null,
    shipper_name: b.shipper_name,
    shipper_company_id: numOrNull(b.shipper_company_id),
    consignee_name: b.consignee_name,
    consignee_company_id: numOrNull(b.consignee_company_id),
    notify_party: b.notify_party,
    packages: numOrNull(b.packages),
    package_type: b.package_type,
    gross_weight_kg: Number(b.gross_weight_kg),
    volume_m3: numOrNull(b.volume_m3),
    goods_description: b.goods_description,
    issued_at: String(b.issued_at),
    shipped_on_board_at: b.shipped_on_board_at === null ? null : String(b.shipped_on_board_at),
    source: b.source,
    containers: containers.map(toContainerView),
  };
}

export const DeclarationDetailView = Type.Object({
  ...DeclarationView.properties,
  containers: Type.Array(ContainerView),
  bill_of_lading: Nullable(BillOfLadingView),
  items: Type.Array(ItemView),
});

export function toDeclarationDetailView(d: DeclarationDetail) {
  return {
    ...toDeclarationView(d.header),
    containers: d.containers.map(toContainerView),
    bill_of_lading: d.bill ? toBillOfLadingView(d.bill, d.containers) : null,
    items: d.items.map(toItemView),
  };
}
