// An in-memory, columnar copy of one rollup table, and the evaluation of an aggregate query on it.
//
// Why: under concurrent load a synchronous SQLite scan of a wide rollup holds the event loop for
// tens of milliseconds, so every request queued behind it waits. The same sums over typed arrays,
// with rows ordered by (flow, period) and a posting list per selective dimension, take a small
// fraction of that. The cube answers exactly what the rollup's SQL would (same filters, groups,
// sums, distinct counts, order and limit); `aggregate.ts` decides when it may be used.
import type { AggregateSpec, Freq } from './aggregate.js';
import { DIM_COLUMN, SORT_COLUMN, type Dim } from './cube-sources.js';

type Value = string | number;

/** One dimension column: dictionary codes per row, the dictionary, and rows per code (built on demand). */
export interface DimColumn {
  codes: Int32Array;
  values: Value[];
  index: Map<Value, number>;
  postings: { offsets: Int32Array; rows: Int32Array } | null;
}

export interface Cube {
  table: string;
  rows: number;
  dims: Map<string, DimColumn>;
  measures: Map<string, Float64Array>;
  /** Plain integer columns (no dictionary): `date` (YYYYMMDD) and `declaration_id` on record cubes. */
  ints: Map<string, Int32Array>;
  /** The column holding product codes: `hs6` on rollups, `gtip` on record cubes. */
  hsColumn: string;
  /** Contiguous row ranges per (flow code, period code), in row order. */
  segments: { flow: number; period: number; start: number; end: number }[];
}

const NUMERIC_KEYS = new Set(['period', 'company_id', 'partner_company_id']);

/** Rows of one (flow, period) in the table, as counted before loading. */
export interface Slice {
  flow: string;
  period: number;
  rows: number;
}

/**
 * Builds a cube from rows arriving in any order: each is placed in the range of its (flow, period)
 * slice, counted beforehand, so the table can be read in its storage order.
 */
export class CubeBuilder {
  private readonly codes = new Map<string, Int32Array>();
  private readonly dicts = new Map<string, { values: Value[]; index: Map<Value, number> }>();
  private readonly ms = new Map<string, Float64Array>();
  private readonly ints = new Map<string, Int32Array>();
  private readonly segments: Cube['segments'] = [];
  /** Per slice (period × 2 + flow code): the next free row and the end of its range. */
  private readonly next = new Map<number, { i: number; end: number }>();
  private readonly total: number;
  private placed = 0;

  constructor(
    private readonly table: string,
    private readonly keyColumns: readonly string[],
    private readonly measureColumns: readonly string[],
    slices: readonly Slice[],
    private readonly intColumns: readonly string[] = [],
    private readonly hsColumn = 'hs6',
  ) {
    this.total = slices.reduce((a, x) => a + x.rows, 0);
    for (const k of keyColumns) {
      this.codes.set(k, new Int32Array(this.total));
      this.dicts.set(k, { values: [], index: new Map() });
    }
    for (const m of measureColumns) this.ms.set(m, new Float64Array(this.total));
    for (const c of intColumns) this.ints.set(c, new Int32Array(this.total));
    // Period codes follow period order, so a period range is a code range.
    const pd = this.dicts.get('period')!;
    for (const p of [...new Set(slices.map((x) => x.period))].sort((a, b) => a - b)) {
      pd.index.set(p, pd.values.length);
      pd.values.push(p);
    }
    const fd = this.dicts.get('flow')!;
    for (const f of ['export', 'import']) {
      fd.index.set(f, fd.values.length);
      fd.values.push(f);
    }
    const ordered = [...slices].sort((a, b) => (a.flow < b.flow ? -1 : a.flow > b.flow ? 1 : a.period - b.period));
    let start = 0;
    for (const x of ordered) {
      if (!x.rows) continue;
      this.segments.push({ flow: fd.index.get(x.flow)!, period: pd.index.get(x.period)!, start, end: start + x.rows });
      this.next.set(x.period * 2 + fd.index.get(x.flow)!, { i: start, end: start + x.rows });
      start += x.rows;
    }
  }

  /**
   * Appends rows given as arrays: `at` tells where each column is, in the row (0) or in the row's
   * parent (1, e.g. the declaration of an item line), by position.
   */
  appendArrays(rows: readonly (readonly unknown[])[], at: ReadonlyMap<string, readonly [0 | 1, number]>, parentOf?: (row: readonly unknown[]) => readonly unknown[]): void {
    const where = (c: string) => {
      const w = at.get(c);
      if (!w) throw new Error(`${this.table}: no column ${c} in the rows read`);
      return w;
    };
    const keys = this.keyColumns.map((k) => ({ w: where(k), dict: this.dicts.get(k)!, codes: this.codes.get(k)!, numeric: NUMERIC_KEYS.has(k) }));
    const measures = this.measureColumns.map((m) => ({ w: where(m), out: this.ms.get(m)! }));
    const ints = this.intColumns.map((c) => ({ w: where(c), out: this.ints.get(c)! }));
    const flowAt = where('flow');
    const periodAt = where('period');
    let row: readonly unknown[] = [];
    let parent: readonly unknown[] = [];
    const get = (w: readonly [0 | 1, number]) => (w[0] === 0 ? row[w[1]] : parent[w[1]]);
    for (row of rows) {
      parent = parentOf ? parentOf(row) : row;
      const slot = this.next.get(Number(get(periodAt)) * 2 + (get(flowAt) === 'import' ? 1 : 0));
      // A row outside the counted slices means the table changed while it was read.
      if (!slot || slot.i >= slot.end) throw new CubeMovedError(this.table);
      const i = slot.i++;
      this.placed++;
      for (const k of keys) {
        const raw = get(k.w);
        const v: Value = k.numeric ? Number(raw) : String(raw ?? '');
        let c = k.dict.index.get(v);
        if (c === undefined) {
          c = k.dict.values.length;
          k.dict.values.push(v);
          k.dict.index.set(v, c);
        }
        k.codes[i] = c;
      }
      for (const m of measures) m.out[i] = Number(get(m.w) ?? 0);
      for (const c of ints) c.out[i] = Number(get(c.w));
    }
  }

  finish(): Cube {
    if (this.placed !== this.total) throw new CubeMovedError(this.table);
    const dims = new Map<string, DimColumn>();
    for (const k of this.keyColumns) {
      const d = this.dicts.get(k)!;
      dims.set(k, { codes: this.codes.get(k)!, values: d.values, index: d.index, postings: null });
    }
    return { table: this.table, rows: this.total, dims, measures: this.ms, ints: this.ints, hsColumn: this.hsColumn, segments: this.segments };
  }
}

export class CubeMovedError extends Error {
  constructor(table: string) {
    super(`${table} changed while it was read`);
  }
}

/**
 * A cube summed down to some of its dimensions (`keys` besides flow and period), for queries that
 * need no other: a narrower copy reads fewer rows. Every measure is a sum, so is exact for the
 * dimensions kept when the base's rows split no declaration across them (declaration-level bases).
 */
export async function deriveCube(base: Cube, table: string, keys: readonly string[], measures: readonly string[], pause: () => Promise<void>): Promise<Cube> {
  const flow = base.dims.get('flow')!;
  const period = base.dims.get('period')!;
  const cols = keys.map((k) => base.dims.get(k)!);
  const ms = measures.map((m) => base.measures.get(m)!);
  const rows: (string | number)[][] = [];
  const slices: Slice[] = [];
  for (const seg of base.segments) {
    const at = new Map<number, (string | number)[]>();
    for (let r = seg.start; r < seg.end; r++) {
      let k = 0;
      for (const c of cols) k = k * c.values.length + c.codes[r]!;
      let row = at.get(k);
      if (!row) {
        row = [flow.values[seg.flow]!, period.values[seg.period]!, ...cols.map((c) => c.values[c.codes[r]!]!), ...ms.map(() => 0)];
        at.set(k, row);
        rows.push(row);
      }
      for (let j = 0; j < ms.length; j++) (row[2 + cols.length + j] as number) += ms[j]![r]!;
    }
    if (at.size) slices.push({ flow: String(flow.values[seg.flow]), period: Number(period.values[seg.period]), rows: at.size });
    await pause();
  }
  const columns = ['flow', 'period', ...keys, ...measures];
  const builder = new CubeBuilder(table, ['flow', 'period', ...keys], measures, slices, [], base.hsColumn);
  builder.appendArrays(rows, new Map(columns.map((c, i) => [c, [0, i] as const])));
  const cube = builder.finish();
  warmPostings(cube);
  return cube;
}

/** Rows per dictionary code (a counting sort), built the first time a query can use them. */
function postingsOf(col: DimColumn): NonNullable<DimColumn['postings']> {
  if (col.postings) return col.postings;
  const k = col.values.length;
  const offsets = new Int32Array(k + 1);
  for (let i = 0; i < col.codes.length; i++) offsets[col.codes[i]! + 1]!++;
  for (let c = 0; c < k; c++) offsets[c + 1]! += offsets[c]!;
  const fill = offsets.slice(0, k);
  const rows = new Int32Array(col.codes.length);
  for (let i = 0; i < col.codes.length; i++) rows[fill[col.codes[i]!]!++] = i;
  col.postings = { offsets, rows };
  return col.postings;
}

export function warmPostings(cube: Cube): void {
  for (const [name, col] of cube.dims) if (name !== 'flow' && name !== 'period') postingsOf(col);
  for (const prefixPostings of prefixPostingsOf) prefixPostings(cube);
  if (cube.dims.has('company_id') && cube.dims.has('partner_company_id')) {
    pairIndexOf(cube);
    if (cube.measures.has('value_usd_cents')) pairBoundsOf(cube);
    // A rollup's product column is HS6 (the record copies' is the 12-digit code, not asked this).
    if (cube.hsColumn === 'hs6' && cube.dims.has('hs6')) productParties(cube);
  }
}

/** A structure worked out once per copy, on first use (a copy never changes; a new one replaces it). */
function perCube<T>(build: (cube: Cube) => T): (cube: Cube) => T {
  const made = new WeakMap<Cube, T>();
  return (cube) => {
    if (made.has(cube)) return made.get(cube)!;
    const value = build(cube);
    made.set(cube, value);
    return value;
  };
}

/**
 * Each row's (company, partner) pair as one dense code, and each pair's two codes. Grouping by
 * trader and partner (links, flows, network edges) then counts in a direct table over the pairs
 * present: company × partner has about 10^10 combinations, too many for one, and an open-addressing
 * hash over hundreds of thousands of rows cost tens of milliseconds a query.
 */
interface Pairs {
  codes: Int32Array;
  company: Int32Array;
  partner: Int32Array;
}
const pairsOf = perCube((cube): Pairs => {
  const company = cube.dims.get('company_id')!.codes;
  const partner = cube.dims.get('partner_company_id')!.codes;
  const np = cube.dims.get('partner_company_id')!.values.length;
  const codes = new Int32Array(cube.rows);
  const index = new Map<number, number>();
  const cs: number[] = [];
  const ps: number[] = [];
  for (let r = 0; r < cube.rows; r++) {
    const k = company[r]! * np + partner[r]!;
    let c = index.get(k);
    if (c === undefined) {
      c = cs.length;
      index.set(k, c);
      cs.push(company[r]!);
      ps.push(partner[r]!);
    }
    codes[r] = c;
  }
  return { codes, company: Int32Array.from(cs), partner: Int32Array.from(ps) };
});

/**
 * The pairs of each company (pair codes in partner-code order, by company code) and the rows of
 * each pair: a page of links reads its pairs' own rows, where the traders' posting lists would
 * also read every other buyer of a large exporter. Built the first time a query asks.
 */
interface PairIndex {
  byCompany: { offsets: Int32Array; pairs: Int32Array };
  rows: { offsets: Int32Array; rows: Int32Array };
}

function countingSort(keys: Int32Array, k: number, order: (i: number) => number = (i) => i): { offsets: Int32Array; rows: Int32Array } {
  const offsets = new Int32Array(k + 1);
  for (let i = 0; i < keys.length; i++) offsets[keys[order(i)]! + 1]!++;
  for (let c = 0; c < k; c++) offsets[c + 1]! += offsets[c]!;
  const fill = offsets.slice(0, k);
  const rows = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const x = order(i);
    rows[fill[keys[x]!]!++] = x;
  }
  return { offsets, rows };
}

/**
 * The rows of each HS chapter (2 digits), heading (4) or subheading (6, on copies holding longer
 * codes), in row order. A product filter names a prefix, which covers up to hundreds of the
 * copy's product codes: gathered code by code, its rows came in code order and had to be sorted
 * back into row order (about 45 ns a row, 3.5 ms for a chapter's 75,000 export lines of a year);
 * here a prefix's rows are one list, already in row order, cut to the window by binary search.
 */
interface PrefixPostings {
  index: Map<string, number>;
  /** The prefixes by number, and the number of each product code's prefix. */
  names: string[];
  keyOfCode: Int32Array;
  offsets: Int32Array;
  rows: Int32Array;
}
const PREFIX_LEVELS = [2, 4, 6] as const;
const prefixPostingsOf = PREFIX_LEVELS.map((level) =>
  perCube((cube): PrefixPostings | null => {
    const col = cube.dims.get(cube.hsColumn);
    if (!col || !col.values.some((v) => String(v).length > level)) return null;
    const index = new Map<string, number>();
    const keyOfCode = Int32Array.from(col.values, (v) => {
      const prefix = String(v).slice(0, level);
      let k = index.get(prefix);
      if (k === undefined) index.set(prefix, (k = index.size));
      return k;
    });
    const keys = new Int32Array(cube.rows);
    for (let r = 0; r < cube.rows; r++) keys[r] = keyOfCode[col.codes[r]!]!;
    return { index, names: [...index.keys()], keyOfCode, ...countingSort(keys, index.size) };
  }),
);

/**
 * The chapter (2), heading (4) or subheading (6) of each of the copy's product codes, as a number
 * per code, and the prefixes by number; null when the copy's codes are no longer than that.
 */
export function productPrefixes(cube: Cube, level: (typeof PREFIX_LEVELS)[number]): { keyOfCode: Int32Array; names: string[] } | null {
  return prefixPostingsOf[PREFIX_LEVELS.indexOf(level)]!(cube);
}

/** A driver over the prefix lists when every prefix is a chapter, heading or subheading; else null. */
function prefixDriver(cube: Cube, prefixes: readonly string[]): Driver | null {
  const level = prefixes[0]!.length;
  const at = PREFIX_LEVELS.indexOf(level as 2 | 4 | 6);
  if (at < 0 || prefixes.some((p) => p.length !== level)) return null;
  const pp = prefixPostingsOf[at]!(cube);
  if (!pp) return null;
  const found: number[] = [];
  let cost = 0;
  for (const p of new Set(prefixes)) {
    const k = pp.index.get(p);
    if (k === undefined) continue;
    found.push(k);
    cost += pp.offsets[k + 1]! - pp.offsets[k]!;
  }
  return { rows: pp.rows, offsets: pp.offsets, codes: Int32Array.from(found), skip: null, cost };
}

const pairIndexOf = perCube((cube): PairIndex => {
  const pairs = pairsOf(cube);
  const nc = cube.dims.get('company_id')!.values.length;
  // Pairs by partner code first, then (a stable counting sort) by company: each company's pairs
  // come out in partner-code order, for a binary search.
  const byPartner = countingSort(pairs.partner, cube.dims.get('partner_company_id')!.values.length).rows;
  const byCompany = countingSort(pairs.company, nc, (i) => byPartner[i]!);
  return { byCompany: { offsets: byCompany.offsets, pairs: byCompany.rows }, rows: countingSort(pairs.codes, pairs.company.length) };
});

/** The pair code of (company id, partner id) in the cube, or -1 when the two never traded. */
export function pairCodeOf(cube: Cube, companyId: number, partnerId: number): number {
  const ix = pairIndexOf(cube);
  const pairs = pairsOf(cube);
  const cc = cube.dims.get('company_id')!.index.get(companyId);
  const pc = cube.dims.get('partner_company_id')!.index.get(partnerId);
  if (cc === undefined || pc === undefined) return -1;
  let lo = ix.byCompany.offsets[cc]!;
  let hi = ix.byCompany.offsets[cc + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pairs.partner[ix.byCompany.pairs[mid]!]! < pc) lo = mid + 1;
    else hi = mid;
  }
  return lo < ix.byCompany.offsets[cc + 1]! && pairs.partner[ix.byCompany.pairs[lo]!] === pc ? ix.byCompany.pairs[lo]! : -1;
}

/** Each row's pair code (what `pairCodeOf` gives for the row's company and partner). */
export function rowPairCodes(cube: Cube): Int32Array {
  return pairsOf(cube).codes;
}

/** The pair codes of (company id, partner id) pairs present in the cube; absent pairs are left out. */
function pairCodes(cube: Cube, wanted: readonly (readonly [number, number])[]): Int32Array {
  const out = new Set<number>();
  for (const [c, p] of wanted) {
    const code = pairCodeOf(cube, c, p);
    if (code >= 0) out.add(code);
  }
  return Int32Array.from(out);
}

/** Which of a dimension's codes pass a filter. */
function maskOf(col: DimColumn, accept: (v: Value) => boolean): { mask: Uint8Array; count: number } {
  const mask = new Uint8Array(col.values.length);
  let count = 0;
  col.values.forEach((v, c) => {
    if (accept(v)) {
      mask[c] = 1;
      count++;
    }
  });
  return { mask, count };
}

interface Check {
  codes: Int32Array;
  mask: Uint8Array;
}

/** What the SQL of a rollup source selects, named as in aggregate.ts. */
export type CubeRow = Record<string, Value>;

interface Group {
  column: string;
  /** Dimension code → bucket code. */
  bucket: Int32Array;
  /** Bucket code → output value. */
  out: Value[];
}

function periodBucket(p: number, freq: Freq): number {
  if (freq === 'year') return Math.floor(p / 100);
  if (freq === 'quarter') return Math.floor(p / 100) * 10 + Math.floor(((p % 100) + 2) / 3);
  return p;
}

// Groupings depend only on the (immutable) cube, the column and the bucketing: made once each.
const groupCache = new WeakMap<Cube, Map<string, Group>>();

function groupOf(cube: Cube, dim: Dim, spec: AggregateSpec): Group {
  const column = dim === 'hs' ? cube.hsColumn : DIM_COLUMN[dim];
  const how = dim === 'period' ? (spec.freq ?? 'month') : dim === 'hs' ? String(spec.hsLevel ?? 6) : '';
  let byKey = groupCache.get(cube);
  if (!byKey) groupCache.set(cube, (byKey = new Map()));
  const key = `${column}|${how}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const col = cube.dims.get(column)!;
  const bucket = new Int32Array(col.values.length);
  const out: Value[] = [];
  const seen = new Map<Value, number>();
  const transform = (v: Value): Value => {
    if (dim === 'period') return periodBucket(v as number, spec.freq ?? 'month');
    if (dim === 'hs') return (v as string).slice(0, spec.hsLevel ?? 6);
    return v;
  };
  col.values.forEach((v, c) => {
    const t = transform(v);
    let b = seen.get(t);
    if (b === undefined) {
      b = out.length;
      out.push(t);
      seen.set(t, b);
    }
    bucket[c] = b;
  });
  const group = { column, bucket, out };
  byKey.set(key, group);
  return group;
}

export interface CubeFilters {
  flow: string | null;
  periodFrom: number | null;
  periodTo: number | null;
  hs: string[];
  /** dimension column → accepted values */
  lists: [string, readonly Value[]][];
  /** Each set: the company or its partner is one of these ids. */
  parties: number[][];
  /** Day bounds (YYYYMMDD), on cubes with a `date` column. */
  dateFrom?: number | null;
  dateTo?: number | null;
  /** Only rows with a known partner company (value neither 0 nor null). */
  partnerKnown?: boolean;
  /** Bounds on the declaration's value, on cubes with a `decl_value_cents` measure. */
  valueMin?: number | null;
  valueMax?: number | null;
  /** Only the rows of these (company id, partner id) pairs, on cubes with both columns. */
  pairs?: readonly (readonly [number, number])[];
}

/** `recordsColumn` meaning: count distinct declarations (record cubes) instead of summing a column. */
export const DISTINCT_DECLARATIONS = '#declarations';

interface MeasureNeeds {
  weight: boolean;
  quantity: boolean;
  duty: boolean;
  addDuty: boolean;
  vat: boolean;
  records: string | null;
  companies: boolean;
  partners: boolean;
}

/**
 * Evaluates one aggregate query on a cube: filters, groups and sums as the rollup's SQL would,
 * ordered and limited as `orderExpr` in aggregate.ts orders (SQLite's NULL ordering); with the
 * number of groups before the limit.
 */
export function evaluateCubeCounted(cube: Cube, spec: AggregateSpec, f: CubeFilters, recordsColumn: string | null, grouped: boolean): { rows: CubeRow[]; groups: number } {
  const { rows, groups } = evaluate(cube, spec, f, recordsColumn, grouped, false);
  return { rows, groups };
}

/**
 * The groups and, from the same selected rows, the ungrouped total: what `evaluateCubeCounted` gives
 * for the spec and for the spec without groups, for the price of one selection.
 */
export function evaluateCubeWithTotals(cube: Cube, spec: AggregateSpec, f: CubeFilters, recordsColumn: string | null): { rows: CubeRow[]; totals: CubeRow[]; groups: number } {
  return evaluate(cube, spec, f, recordsColumn, true, true) as { rows: CubeRow[]; totals: CubeRow[]; groups: number };
}

type Evaluated = { rows: CubeRow[]; totals: CubeRow[] | null; groups: number };

function needsOf(spec: AggregateSpec, recordsColumn: string | null): MeasureNeeds {
  return {
    weight: spec.metrics.includes('net_weight_kg') || spec.metrics.includes('unit_value_usd_per_kg'),
    quantity: spec.metrics.includes('quantity'),
    duty: spec.metrics.includes('customs_duty_usd'),
    addDuty: spec.metrics.includes('additional_duty_usd'),
    vat: spec.metrics.includes('vat_usd'),
    records: spec.metrics.includes('records') ? recordsColumn : null,
    companies: spec.metrics.includes('companies'),
    partners: spec.metrics.includes('partner_companies'),
  };
}

const limitOf = (spec: AggregateSpec) => (spec.top ?? spec.maxRows ?? 10_000) + (spec.top ? 0 : 1);

function evaluate(cube: Cube, spec: AggregateSpec, f: CubeFilters, recordsColumn: string | null, grouped: boolean, withTotals: boolean): Evaluated {
  const needs = needsOf(spec, recordsColumn);
  const groups = (grouped ? spec.groupBy : []).map((d) => groupOf(cube, d, spec));
  const ranked = spec.top ? topPairsByValue(cube, spec, f, groups, needs, limitOf(spec)) : null;
  if (ranked) return { ...ranked, totals: withTotals ? ranked.totals : null };
  const total = groups.length ? null : windowTotal(cube, f, needs);
  if (total) return { rows: total, totals: withTotals ? total : null, groups: 1 };
  return evaluateSelected(cube, spec, selectRows(cube, f), groups, needs, withTotals);
}

/**
 * Several groupings of the rows one filter selects, for the price of one selection: each spec's
 * rows, group count and ungrouped total as `evaluateCubeWithTotals` gives them, its `only` applied
 * to the selection. The specs' own filters are not read: `f` is the filter.
 */
export function evaluateCubeGroupings(cube: Cube, f: CubeFilters, recordsColumn: string | null, specs: readonly AggregateSpec[]): Evaluated[] {
  const sel = selectRows(cube, f);
  return specs.map((spec) => {
    let rows = sel;
    if (spec.only) {
      const col = cube.dims.get(DIM_COLUMN[spec.only.dim])!;
      const mask = codeSetOf(col, spec.only.values).mask;
      rows = new Int32Array(sel.length);
      let n = 0;
      for (let j = 0; j < sel.length; j++) if (mask[col.codes[sel[j]!]!]) rows[n++] = sel[j]!;
      rows = rows.subarray(0, n);
    }
    const groups = spec.groupBy.map((d) => groupOf(cube, d, spec));
    return evaluateSelected(cube, spec, rows, groups, needsOf(spec, recordsColumn), true);
  });
}

/**
 * Whether a filter keeps whole (flow, month) ranges and nothing else (a known partner aside, which
 * each caller decides on): what the per-range sums and the pair bounds can answer.
 */
function windowOnly(f: CubeFilters): boolean {
  return !f.hs.length && !f.lists.length && !f.parties.length && !f.pairs && monthsOnly(f) && f.valueMin == null && f.valueMax == null;
}

/**
 * Whether a filter's day bounds only repeat its month bounds (a start on the 1st, an end on the
 * month's last day), as the record copies' filters carry them for any `from`/`to` in months.
 */
function monthsOnly(f: CubeFilters): boolean {
  const lastDay = (ymd: number) => new Date(Date.UTC(Math.floor(ymd / 10000), Math.floor(ymd / 100) % 100, 0)).getUTCDate();
  const fromOk = f.dateFrom == null || (f.dateFrom % 100 === 1 && Math.floor(f.dateFrom / 100) === f.periodFrom);
  const toOk = f.dateTo == null || (f.dateTo % 100 >= lastDay(f.dateTo) && Math.floor(f.dateTo / 100) === f.periodTo);
  return fromOk && toOk;
}

/**
 * The ungrouped total of whole (flow, month) ranges, summed from per-range sums kept with the
 * copy: the total behind every share, read in microseconds instead of a pass over up to a million
 * rows. Only for sums in cents and counts (integers: any order of addition gives the same total);
 * null for any other filter or measure.
 */
function windowTotal(cube: Cube, f: CubeFilters, needs: MeasureNeeds): CubeRow[] | null {
  if (!windowOnly(f) || f.partnerKnown) return null;
  if (needs.weight || needs.quantity || needs.companies || needs.partners) return null;
  const perRow = needs.records === DISTINCT_DECLARATIONS;
  if (perRow && !oneRowPerDeclaration(cube)) return null;
  const columns: [string, string][] = SUMS.filter(([need]) => need === 'value' || (need !== 'weight' && need !== 'quantity' && needs[need])).map(([, name, column]) => [name, column]);
  if (needs.records && !perRow) columns.push(['records', needs.records]);
  const { flowMask, pLo, pHi } = windowOf(cube, f);
  const row: CubeRow = {};
  for (const [name] of columns) row[name] = 0;
  if (perRow) row.records = 0;
  cube.segments.forEach((seg, i) => {
    if (!flowMask[seg.flow] || seg.period < pLo || seg.period > pHi) return;
    for (const [name, column] of columns) row[name] = (row[name] as number) + segmentSums(cube, column)[i]!;
    if (perRow) row.records = (row.records as number) + seg.end - seg.start;
  });
  return [row];
}

const segmentSumsByColumn = perCube(() => new Map<string, Float64Array>());

/** A measure summed over each (flow, month) range of the copy, made the first time it is asked for. */
function segmentSums(cube: Cube, column: string): Float64Array {
  const byColumn = segmentSumsByColumn(cube);
  let sums = byColumn.get(column);
  if (!sums) {
    const values = cube.measures.get(column)!;
    sums = Float64Array.from(cube.segments, (seg) => {
      let t = 0;
      for (let r = seg.start; r < seg.end; r++) t += values[r]!;
      return t;
    });
    byColumn.set(column, sums);
  }
  return sums;
}

/** One grouping of selected rows: sums per group, the page of groups asked for, and the total. */
function evaluateSelected(cube: Cube, spec: AggregateSpec, sel: Int32Array, groups: Group[], needs: MeasureNeeds, withTotals: boolean): Evaluated {
  if (!groups.length) {
    const rows = groupAndSum(cube, sel, sel.length, groups, needs);
    return { rows, totals: withTotals ? rows : null, groups: 1 };
  }
  // A total summed from the rows goes first: grouping reuses the scratch space of the slots.
  const additive = totalsAdditive(cube, needs);
  const counted = withTotals && !additive ? groupAndSum(cube, sel, sel.length, [], needs) : null;
  const sums = groupSums(cube, sel, sel.length, groups, needs);
  const totals = withTotals ? (counted ?? totalFromGroups(sums)) : null;
  const limit = limitOf(spec);
  // Thousands of groups (companies) of which a page is wanted: pick the page from the sums.
  const chosen = sums.count > 4 * limit ? topGroups(sums, groups, spec, limit) : null;
  if (chosen) return { rows: groupRows(cube, sel, sel.length, groups, needs, sums, chosen), totals, groups: sums.count };
  const rows = groupRows(cube, sel, sel.length, groups, needs, sums, null);
  sortRows(rows, spec);
  return { rows: rows.slice(0, limit), totals, groups: sums.count };
}

/** A filter on one dimension: which codes pass (mask) and the same codes listed. */
interface CodeSet {
  mask: Uint8Array;
  codes: Int32Array;
}

/** The codes of these values, by dictionary lookup (no pass over the dictionary). */
function codeSetOf(col: DimColumn, values: Iterable<Value>): CodeSet {
  const mask = new Uint8Array(col.values.length);
  const found: number[] = [];
  for (const v of values) {
    const c = col.index.get(v);
    if (c !== undefined && !mask[c]) {
      mask[c] = 1;
      found.push(c);
    }
  }
  return { mask, codes: Int32Array.from(found).sort() };
}

function codeSet(mask: Uint8Array): CodeSet {
  let n = 0;
  for (let c = 0; c < mask.length; c++) if (mask[c]) n++;
  const codes = new Int32Array(n);
  n = 0;
  for (let c = 0; c < mask.length; c++) if (mask[c]) codes[n++] = c;
  return { mask, codes };
}

// Resolving a filter to codes costs a pass over a dictionary (thousands of product codes) or a
// lookup per id (a company-name word can name tens of thousands of companies), and the same filter
// comes back for every window a request compares: remembered per cube, a bounded number each.
const MEMO_MAX = 500;
const prefixMemo = new WeakMap<Cube, Map<string, CodeSet>>();
const partyMemo = new WeakMap<Cube, WeakMap<readonly number[], [CodeSet, CodeSet]>>();

function prefixCodes(cube: Cube, col: DimColumn, prefixes: readonly string[]): CodeSet {
  let memo = prefixMemo.get(cube);
  if (!memo) prefixMemo.set(cube, (memo = new Map()));
  const key = prefixes.join(',');
  let set = memo.get(key);
  if (!set) {
    set = codeSet(maskOf(col, (v) => prefixes.some((p) => (v as string).startsWith(p))).mask);
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
    memo.set(key, set);
  }
  return set;
}

/** Codes of the ids in the company and in the partner column (ids arrays are kept by their callers). */
function partyCodes(cube: Cube, ids: readonly number[]): [CodeSet, CodeSet] {
  let memo = partyMemo.get(cube);
  if (!memo) partyMemo.set(cube, (memo = new WeakMap()));
  let sets = memo.get(ids);
  if (!sets) {
    sets = [codeSetOf(cube.dims.get('company_id')!, ids), codeSetOf(cube.dims.get('partner_company_id')!, ids)];
    // One-element sets (a company id) are made per request: not worth keeping.
    if (ids.length > 1) memo.set(ids, sets);
  }
  return sets;
}

/** Candidate rows from posting lists: the rows of `codes` in `col`, less those `skip` accepts. */
interface Driver {
  rows: Int32Array;
  offsets: Int32Array;
  codes: Int32Array;
  skip: Check | null;
  cost: number;
}

function driverOf(col: DimColumn, codes: Int32Array, skip: Check | null): Driver {
  const p = postingsOf(col);
  let cost = 0;
  for (let j = 0; j < codes.length; j++) cost += p.offsets[codes[j]! + 1]! - p.offsets[codes[j]!]!;
  return { rows: p.rows, offsets: p.offsets, codes, skip, cost };
}

/** The flow codes and period-code range a query keeps, and its (flow, period) row ranges. */
function windowOf(cube: Cube, f: CubeFilters): { flowMask: Uint8Array; pLo: number; pHi: number; ranges: [number, number][]; rangeCost: number } {
  const periodCol = cube.dims.get('period')!;
  const flowMask = maskOf(cube.dims.get('flow')!, (v) => f.flow === null || v === f.flow).mask;
  let pLo = 0;
  let pHi = periodCol.values.length - 1;
  if (f.periodFrom !== null) while (pLo < periodCol.values.length && (periodCol.values[pLo] as number) < f.periodFrom) pLo++;
  if (f.periodTo !== null) while (pHi >= 0 && (periodCol.values[pHi] as number) > f.periodTo) pHi--;
  let rangeCost = 0;
  const ranges: [number, number][] = [];
  for (const s of cube.segments) {
    if (flowMask[s.flow] && s.period >= pLo && s.period <= pHi) {
      ranges.push([s.start, s.end]);
      rangeCost += s.end - s.start;
    }
  }
  return { flowMask, pLo, pHi, ranges, rangeCost };
}

/**
 * The rows passing the filters, in row order (so the rows of a declaration are adjacent). The
 * array is a view of a buffer the next call reuses: use it before selecting again.
 */
export function selectRows(cube: Cube, f: CubeFilters): Int32Array {
  const checks: Check[] = [];
  const candidates: Driver[][] = [];
  const flowCol = cube.dims.get('flow')!;
  const periodCol = cube.dims.get('period')!;
  const { flowMask, pLo, pHi, ranges, rangeCost } = windowOf(cube, f);

  const addList = (col: DimColumn, set: CodeSet) => {
    checks.push({ codes: col.codes, mask: set.mask });
    candidates.push([driverOf(col, set.codes, null)]);
  };
  if (f.hs.length) {
    const col = cube.dims.get(cube.hsColumn)!;
    const set = prefixCodes(cube, col, f.hs);
    checks.push({ codes: col.codes, mask: set.mask });
    candidates.push([(set.codes.length > 1 ? prefixDriver(cube, f.hs) : null) ?? driverOf(col, set.codes, null)]);
  }
  for (const [column, values] of f.lists) {
    const col = cube.dims.get(column)!;
    addList(col, codeSetOf(col, values));
  }
  if (f.pairs) {
    const codes = pairCodes(cube, f.pairs);
    const pairs = pairsOf(cube);
    const mask = new Uint8Array(pairs.company.length);
    for (const c of codes) mask[c] = 1;
    checks.push({ codes: pairs.codes, mask });
    const { offsets, rows } = pairIndexOf(cube).rows;
    let cost = 0;
    for (const c of codes) cost += offsets[c + 1]! - offsets[c]!;
    candidates.push([{ rows, offsets, codes, skip: null, cost }]);
  }
  // A party set is an OR over two columns: rows where the company is in it, then rows where only
  // the partner is (so no row is visited twice when both are).
  const partyChecks: [Check, Check][] = [];
  for (const ids of f.parties) {
    const company = cube.dims.get('company_id')!;
    const partner = cube.dims.get('partner_company_id')!;
    const [cs, ps] = partyCodes(cube, ids);
    const c = { codes: company.codes, mask: cs.mask };
    partyChecks.push([c, { codes: partner.codes, mask: ps.mask }]);
    candidates.push([driverOf(company, cs.codes, null), driverOf(partner, ps.codes, c)]);
  }

  // Candidate rows: the (flow, period) ranges, or the postings of the most selective filter.
  let best: Driver[] | null = null;
  let bestCost = 0;
  for (const drivers of candidates) {
    const cost = drivers.reduce((a, d) => a + d.cost, 0);
    if (!best || cost < bestCost) {
      best = drivers;
      bestCost = cost;
    }
  }
  // Posting lists are read only inside the window (below), so they cost about their share of it.
  const usePostings = best !== null && (bestCost * rangeCost) / Math.max(1, cube.rows) < rangeCost;

  // Vectorised: gather candidate rows into a buffer, then narrow it one filter at a time with
  // tight loops over typed arrays, then group and sum the survivors.
  let sel: Int32Array;
  let n = 0;
  if (usePostings) {
    const flowCodes = flowCol.codes;
    const periodCodes = periodCol.codes;
    sel = buffer(bestCost);
    let lists = 0;
    // The window's rows are at most one run per flow (rows are ordered by flow, then period), and a
    // posting list is in row order: a long list is cut to those runs by binary search.
    const runs: [number, number][] = [];
    for (const [start, end] of ranges) {
      const last = runs[runs.length - 1];
      if (last && last[1] === start) last[1] = end;
      else runs.push([start, end]);
    }
    for (const d of best!) {
      const skip = d.skip;
      const rows = d.rows;
      for (let j = 0; j < d.codes.length; j++) {
        const from = d.offsets[d.codes[j]!]!;
        const to = d.offsets[d.codes[j]! + 1]!;
        if (to > from) lists++;
        if (to - from <= 64) {
          for (let x = from; x < to; x++) {
            const r = rows[x]!;
            if (skip && skip.mask[skip.codes[r]!]) continue;
            if (!flowMask[flowCodes[r]!]) continue;
            const pc = periodCodes[r]!;
            if (pc >= pLo && pc <= pHi) sel[n++] = r;
          }
          continue;
        }
        for (const [start, end] of runs) {
          const lo = firstAtLeast(rows, from, to, start);
          const hi = firstAtLeast(rows, lo, to, end);
          for (let x = lo; x < hi; x++) {
            const r = rows[x]!;
            if (!skip || !skip.mask[skip.codes[r]!]) sel[n++] = r;
          }
        }
      }
    }
    // Rows of one declaration must pass together (distinct counts, lists): restore row order.
    if (lists > 1) sel.subarray(0, n).sort();
  } else {
    sel = buffer(rangeCost);
    for (const [start, end] of ranges) for (let r = start; r < end; r++) sel[n++] = r;
  }
  const dates = cube.ints.get('date');
  if (dates && f.dateFrom != null) n = keepAtLeast(sel, n, dates, f.dateFrom);
  if (dates && f.dateTo != null) n = keepAtMost(sel, n, dates, f.dateTo);
  const declValue = cube.measures.get('decl_value_cents');
  if (declValue && f.valueMin != null) n = keepAtLeast(sel, n, declValue, f.valueMin);
  if (declValue && f.valueMax != null) n = keepAtMost(sel, n, declValue, f.valueMax);
  for (const ch of checks) n = keepMasked(sel, n, ch.codes, ch.mask);
  if (f.partnerKnown) {
    const partner = cube.dims.get('partner_company_id')!;
    let known = knownMasks.get(partner);
    if (!known) knownMasks.set(partner, (known = maskOf(partner, (v) => v !== 0 && v !== null).mask));
    n = keepMasked(sel, n, partner.codes, known);
  }
  for (const [c, p] of partyChecks) {
    let w = 0;
    for (let i = 0; i < n; i++) {
      const r = sel[i]!;
      if (c.mask[c.codes[r]!] || p.mask[p.codes[r]!]) sel[w++] = r;
    }
    n = w;
  }
  return sel.subarray(0, n);
}

/** How many rows name one of `ids` as company or as partner (a company on both sides of a row counts twice). */
export function partyRowCount(cube: Cube, ids: readonly number[]): number {
  let n = 0;
  for (const column of ['company_id', 'partner_company_id']) {
    const col = cube.dims.get(column)!;
    const p = postingsOf(col);
    for (const id of ids) {
      const c = col.index.get(id);
      if (c !== undefined) n += p.offsets[c + 1]! - p.offsets[c]!;
    }
  }
  return n;
}

/**
 * The company and partner ids of the rows passing the filters (0, no partner, left out), in no
 * particular order; a company seen on both sides is listed twice. A typed array: a set of a
 * hundred thousand ids cost milliseconds to fill and as much again to read.
 */
export function partiesIn(cube: Cube, f: CubeFilters): Int32Array {
  const company = cube.dims.get('company_id')!;
  const partner = cube.dims.get('partner_company_id')!;
  const nc = company.values.length;
  const mark = new Uint8Array(nc + partner.values.length);
  const byProduct = onlyProduct(f) ? productParties(cube) : null;
  if (byProduct) {
    // Traders of a product over all time: the parties listed per product code, no row read.
    for (const h of prefixCodes(cube, cube.dims.get(cube.hsColumn)!, f.hs).codes) {
      for (let x = byProduct.offsets[h]!; x < byProduct.offsets[h + 1]!; x++) mark[byProduct.parties[x]!] = 1;
    }
  } else {
    const sel = selectRows(cube, f);
    for (let i = 0; i < sel.length; i++) {
      const r = sel[i]!;
      mark[company.codes[r]!] = 1;
      mark[nc + partner.codes[r]!] = 1;
    }
  }
  const out: number[] = [];
  for (let c = 0; c < mark.length; c++) {
    if (!mark[c]) continue;
    const id = (c < nc ? company.values[c] : partner.values[c - nc]) as number;
    if (id) out.push(id);
  }
  return Int32Array.from(out);
}

/** Whether a filter keeps rows by product alone (any flow, any month). */
function onlyProduct(f: CubeFilters): boolean {
  return (
    f.hs.length > 0 && f.flow === null && f.periodFrom === null && f.periodTo === null && !f.lists.length && !f.parties.length &&
    f.dateFrom == null && f.dateTo == null && f.valueMin == null && f.valueMax == null && !f.partnerKnown && !f.pairs
  );
}

/**
 * For each product code, the parties of its rows, once each, as party codes (company codes, then
 * partner codes after them): "who trades this product" reads these lists, where a selection read
 * every row of a chapter (hundreds of thousands). One pass over the product's posting lists.
 */
interface ProductParties {
  offsets: Int32Array;
  parties: Int32Array;
}
const productParties = perCube((cube): ProductParties => {
  const hs = cube.dims.get(cube.hsColumn)!;
  const company = cube.dims.get('company_id')!.codes;
  const partner = cube.dims.get('partner_company_id')!.codes;
  const nc = cube.dims.get('company_id')!.values.length;
  const stamp = new Int32Array(nc + cube.dims.get('partner_company_id')!.values.length).fill(-1);
  const p = postingsOf(hs);
  const offsets = new Int32Array(hs.values.length + 1);
  const parties: number[] = [];
  for (let h = 0; h < hs.values.length; h++) {
    for (let x = p.offsets[h]!; x < p.offsets[h + 1]!; x++) {
      const r = p.rows[x]!;
      const a = company[r]!;
      const b = nc + partner[r]!;
      if (stamp[a] !== h) {
        stamp[a] = h;
        parties.push(a);
      }
      if (stamp[b] !== h) {
        stamp[b] = h;
        parties.push(b);
      }
    }
    offsets[h + 1] = parties.length;
  }
  return { offsets, parties: Int32Array.from(parties) };
});

const knownMasks = new WeakMap<DimColumn, Uint8Array>();

/** First position in rows[from, to) holding a row ≥ x (rows ascending). */
function firstAtLeast(rows: Int32Array, from: number, to: number, x: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// One candidate buffer, reused: evaluation is synchronous, so no two queries share it at once.
let scratch = new Int32Array(1 << 16);
function buffer(size: number): Int32Array {
  if (scratch.length < size) scratch = new Int32Array(Math.max(size, scratch.length * 2));
  return scratch;
}

function keepMasked(sel: Int32Array, n: number, codes: Int32Array, mask: Uint8Array): number {
  let w = 0;
  for (let i = 0; i < n; i++) {
    const r = sel[i]!;
    if (mask[codes[r]!]) sel[w++] = r;
  }
  return w;
}

function keepAtLeast(sel: Int32Array, n: number, col: Int32Array | Float64Array, min: number): number {
  let w = 0;
  for (let i = 0; i < n; i++) {
    const r = sel[i]!;
    if (col[r]! >= min) sel[w++] = r;
  }
  return w;
}

function keepAtMost(sel: Int32Array, n: number, col: Int32Array | Float64Array, max: number): number {
  let w = 0;
  for (let i = 0; i < n; i++) {
    const r = sel[i]!;
    if (col[r]! <= max) sel[w++] = r;
  }
  return w;
}

/** Output name of each summed measure, and the cube column it sums. */
const SUMS: [keyof MeasureNeeds | 'value', string, string][] = [
  ['value', 'value_cents', 'value_usd_cents'],
  ['weight', 'weight', 'net_weight_kg'],
  ['quantity', 'quantity', 'quantity'],
  ['duty', 'duty_cents', 'customs_duty_usd_cents'],
  ['addDuty', 'add_duty_cents', 'additional_duty_usd_cents'],
  ['vat', 'vat_cents', 'vat_usd_cents'],
];

/** Sums per group of the selected rows, kept in typed arrays until rows are asked for. */
interface GroupSums {
  count: number;
  /** Group of each selected row. */
  slot: Int32Array;
  /** Bucket codes of group s, per grouping (decoded from its composite key when asked). */
  keyOf: (s: number) => number[];
  sums: Map<string, Float64Array>;
}

let slotScratch = new Int32Array(1 << 16);
let keyScratch = new Float64Array(1 << 16);
let tableScratch = new Int32Array(1 << 16);
function scratchSlots(n: number): Int32Array {
  if (slotScratch.length < n) slotScratch = new Int32Array(Math.max(n, slotScratch.length * 2));
  return slotScratch.subarray(0, n);
}
function scratchKeys(n: number): Float64Array {
  if (keyScratch.length < n) keyScratch = new Float64Array(Math.max(n, keyScratch.length * 2));
  const k = keyScratch.subarray(0, n);
  k.fill(0);
  return k;
}
// Groupings with up to this many key combinations count in a direct table, others in a hash.
let directSpanMax = 1 << 22;
/** Sets that bound and returns the previous one (tests run both ways on small cubes). */
export function setDirectSpanMax(span: number): number {
  const previous = directSpanMax;
  directSpanMax = span;
  return previous;
}

let hashKeys = new Float64Array(1 << 16);
let hashVals = new Int32Array(1 << 16);
/** An empty open-addressing table for up to n keys (load ≤ 1/2), over reused arrays. */
function scratchHash(n: number): { keys: Float64Array; vals: Int32Array; mask: number; shift: number } {
  let bits = 16;
  while (1 << bits < 2 * n) bits++;
  const size = 1 << bits;
  if (hashKeys.length < size) {
    hashKeys = new Float64Array(size);
    hashVals = new Int32Array(size);
  }
  const vals = hashVals.subarray(0, size);
  vals.fill(-1);
  return { keys: hashKeys.subarray(0, size), vals, mask: size - 1, shift: 32 - bits };
}
function scratchTable(span: number): Int32Array {
  if (tableScratch.length < span) tableScratch = new Int32Array(Math.max(span, tableScratch.length * 2));
  const t = tableScratch.subarray(0, span);
  t.fill(0);
  return t;
}

/**
 * Groups the selected rows and sums and counts them (distinct counts come with the rows). The
 * result's `slot` is scratch space: use it before grouping again.
 */
function groupSums(cube: Cube, sel: Int32Array, n: number, groups: Group[], needs: MeasureNeeds): GroupSums {
  // Group of each selected row: composite key → dense group number. The per-row arrays are
  // scratch space reused by the next grouping (hundreds of thousands of rows a call).
  const slot = scratchSlots(n);
  let count = 0;
  let keyOf: (s: number) => number[] = () => [];
  if (!groups.length) {
    count = 1;
    slot.fill(0);
  } else {
    const codes = groups.map((g) => cube.dims.get(g.column)!.codes);
    const radix = groups.map((g) => Math.max(1, g.out.length));
    let span = radix.reduce((a, x) => a * x, 1);
    const key = scratchKeys(n);
    const pairs = groups.length === 2 && groups[0]!.column === 'company_id' && groups[1]!.column === 'partner_company_id' ? pairsOf(cube) : null;
    if (pairs) {
      // The pair code is the key; a group's two bucket codes come back from the pair.
      span = pairs.company.length;
      const pc = pairs.codes;
      for (let i = 0; i < n; i++) key[i] = pc[sel[i]!]!;
    } else {
      for (let gi = 0; gi < groups.length; gi++) {
        const c = codes[gi]!;
        const b = groups[gi]!.bucket;
        const rx = radix[gi]!;
        for (let i = 0; i < n; i++) key[i] = key[i]! * rx + b[c[sel[i]!]!]!;
      }
    }
    // Composite key of each group, in order of first appearance; decoded only for groups asked for.
    const first: number[] = [];
    if (span <= directSpanMax) {
      const table = scratchTable(span);
      for (let i = 0; i < n; i++) {
        const k = key[i]!;
        let s = table[k]!;
        if (!s) {
          s = table[k] = ++count;
          first.push(k);
        }
        slot[i] = s - 1;
      }
    } else {
      // Too many combinations for a direct table (company × partner): open addressing on the
      // composite key, in typed arrays.
      const h = scratchHash(n);
      for (let i = 0; i < n; i++) {
        const k = key[i]!;
        let at = Math.imul((k | 0) ^ ((k / 4294967296) | 0), 0x9e3779b1) >>> h.shift;
        let s = h.vals[at]!;
        while (s !== -1 && h.keys[at] !== k) {
          at = (at + 1) & h.mask;
          s = h.vals[at]!;
        }
        if (s === -1) {
          s = h.vals[at] = count++;
          h.keys[at] = k;
          first.push(k);
        }
        slot[i] = s;
      }
    }
    if (pairs) {
      const [cb, pb] = [groups[0]!.bucket, groups[1]!.bucket];
      keyOf = (s: number) => [cb[pairs.company[first[s]!]!]!, pb[pairs.partner[first[s]!]!]!];
    } else keyOf = (s: number) => {
      let k = first[s]!;
      const out = new Array<number>(groups.length);
      for (let gi = groups.length - 1; gi >= 0; gi--) {
        out[gi] = k % radix[gi]!;
        k = Math.floor(k / radix[gi]!);
      }
      return out;
    };
  }
  const sums = new Map<string, Float64Array>();
  const sumInto = (name: string, src: Float64Array) => {
    const acc = new Float64Array(count);
    for (let i = 0; i < n; i++) acc[slot[i]!]! += src[sel[i]!]!;
    sums.set(name, acc);
  };
  for (const [need, name, column] of SUMS) if (need === 'value' || needs[need]) sumInto(name, cube.measures.get(column)!);
  if (needs.records && needs.records !== DISTINCT_DECLARATIONS) sumInto('records', cube.measures.get(needs.records)!);
  if (needs.records === DISTINCT_DECLARATIONS && oneRowPerDeclaration(cube)) {
    const acc = new Float64Array(count);
    for (let i = 0; i < n; i++) acc[slot[i]!]!++;
    sums.set('records', acc);
  } else if (needs.records === DISTINCT_DECLARATIONS) {
    // Rows of a declaration are adjacent in the selection: count it once per group it reaches.
    const decl = cube.ints.get('declaration_id')!;
    const last = new Int32Array(count).fill(-1);
    const acc = new Float64Array(count);
    for (let i = 0; i < n; i++) {
      const s = slot[i]!;
      const d = decl[sel[i]!]!;
      if (last[s] !== d) {
        last[s] = d;
        acc[s]!++;
      }
    }
    sums.set('records', acc);
  }
  return { count, slot, keyOf, sums };
}

/** A copy with one row per declaration (the declaration copy): its distinct declarations are its rows. */
function oneRowPerDeclaration(cube: Cube): boolean {
  return cube.ints.has('declaration_id') && !cube.dims.has(cube.hsColumn);
}

/**
 * Whether the ungrouped total is the sums of the groups, the same arithmetic as summing the rows
 * again: every measure is a plain sum and no declaration is counted in two groups (distinct
 * declarations of a line copy, distinct traders and partners are not sums).
 */
function totalsAdditive(cube: Cube, needs: MeasureNeeds): boolean {
  if (needs.companies || needs.partners) return false;
  return needs.records !== DISTINCT_DECLARATIONS || oneRowPerDeclaration(cube);
}

function totalFromGroups(g: GroupSums): CubeRow[] {
  const row: CubeRow = {};
  for (const [name, acc] of g.sums) {
    let t = 0;
    for (let s = 0; s < g.count; s++) t += acc[s]!;
    row[name] = t;
  }
  return [row];
}

/** The rows of the chosen groups (all when `chosen` is null), in that order, named like the SQL's. */
function groupRows(cube: Cube, sel: Int32Array, n: number, groups: Group[], needs: MeasureNeeds, g: GroupSums, chosen: number[] | null): CubeRow[] {
  const order = chosen ?? Array.from({ length: g.count }, (_, i) => i);
  const rowOf = new Int32Array(g.count).fill(-1);
  const out: CubeRow[] = order.map((s, at) => {
    rowOf[s] = at;
    const row: CubeRow = {};
    g.keyOf(s).forEach((code, gi) => (row[`g${gi}`] = groups[gi]!.out[code]!));
    for (const [name, acc] of g.sums) row[name] = acc[s]!;
    return row;
  });
  const distinct = (name: string, column: string, skipValue: Value | null) => {
    const col = cube.dims.get(column)!;
    const sets = order.map(() => new Set<number>());
    for (let i = 0; i < n; i++) {
      const at = rowOf[g.slot[i]!]!;
      if (at < 0) continue;
      const code = col.codes[sel[i]!]!;
      if (skipValue === null || col.values[code] !== skipValue) sets[at]!.add(code);
    }
    out.forEach((row, at) => (row[name] = sets[at]!.size));
  };
  if (needs.companies) distinct('companies', 'company_id', null);
  if (needs.partners) distinct('partner_companies', 'partner_company_id', 0);
  return out;
}

/** Groups the selected rows and sums, counts and distinct-counts them, as rows named like the SQL's. */
function groupAndSum(cube: Cube, sel: Int32Array, n: number, groups: Group[], needs: MeasureNeeds): CubeRow[] {
  return groupRows(cube, sel, n, groups, needs, groupSums(cube, sel, n, groups, needs), null);
}

/**
 * Each pair's value over all its rows, and the pairs in descending order of it: any window's value
 * of a pair is at most its all-time value (values are never negative), which bounds a ranking.
 * Null when some value is negative.
 */
interface PairBounds {
  total: Float64Array;
  order: Int32Array;
  /** 1 for a pair whose partner is unknown (0 or none). */
  partnerUnknown: Uint8Array;
}
const pairBoundsOf = perCube((cube): PairBounds | null => {
  const pairs = pairsOf(cube);
  const value = cube.measures.get('value_usd_cents')!;
  const total = new Float64Array(pairs.company.length);
  let negative = false;
  for (let r = 0; r < cube.rows; r++) {
    const v = value[r]!;
    if (v < 0) negative = true;
    total[pairs.codes[r]!]! += v;
  }
  const order = negative ? null : Int32Array.from(total.keys()).sort((a, b) => total[b]! - total[a]!);
  const partner = cube.dims.get('partner_company_id')!;
  const partnerUnknown = Uint8Array.from(pairs.partner, (c) => (partner.values[c] ? 0 : 1));
  return order ? { total, order, partnerUnknown } : null;
});

/**
 * The first `limit` (company, partner) groups by value, descending, when the query filters on flow
 * and months only (and on a known partner): pairs are taken in order of their all-time value and
 * summed over their own rows in the window, until the next pair's all-time value cannot reach the
 * limit-th value found. Nearly every export declaration is a pair of its own, so grouping them all
 * meant half a million groups a query; this reads the rows of a few thousand. The total and the
 * number of groups come from one pass over the window's rows. Null when the query is not of this
 * shape (the general path answers it).
 */
function topPairsByValue(cube: Cube, spec: AggregateSpec, f: CubeFilters, groups: Group[], needs: MeasureNeeds, limit: number): { rows: CubeRow[]; totals: CubeRow[]; groups: number } | null {
  if (groups.length !== 2 || groups[0]!.column !== 'company_id' || groups[1]!.column !== 'partner_company_id') return null;
  if (spec.sort ? spec.sort.field !== 'value_usd' || !spec.sort.desc : false) return null;
  if (!windowOnly(f)) return null;
  if (needs.weight || needs.quantity || needs.duty || needs.addDuty || needs.vat || needs.companies || needs.partners) return null;
  const perRow = needs.records === DISTINCT_DECLARATIONS;
  if (perRow && !oneRowPerDeclaration(cube)) return null;
  const recordsCol = needs.records && !perRow ? cube.measures.get(needs.records)! : null;
  const bounds = pairBoundsOf(cube);
  if (!bounds) return null;
  const pairs = pairsOf(cube);
  const postings = pairIndexOf(cube).rows;
  const value = cube.measures.get('value_usd_cents')!;
  const flowCodes = cube.dims.get('flow')!.codes;
  const periodCodes = cube.dims.get('period')!.codes;
  const { flowMask, pLo, pHi, ranges } = windowOf(cube, f);

  // Totals and the number of pairs present, from the window's rows: a tight loop over typed
  // arrays (a closure or a dictionary read per row made it several times slower).
  const skip = f.partnerKnown ? bounds.partnerUnknown : null;
  const codes = pairs.codes;
  const seen = new Uint8Array(pairs.company.length);
  let count = 0;
  let rows = 0;
  let totalValue = 0;
  let totalRecords = 0;
  for (const [start, end] of ranges) {
    for (let r = start; r < end; r++) {
      const pc = codes[r]!;
      if (skip !== null && skip[pc] === 1) continue;
      totalValue += value[r]!;
      rows++;
      if (seen[pc] === 0) {
        seen[pc] = 1;
        count++;
      }
    }
    if (recordsCol) for (let r = start; r < end; r++) if (skip === null || skip[codes[r]!] === 0) totalRecords += recordsCol[r]!;
  }
  if (!recordsCol) totalRecords = rows;

  const [cb, pb] = [groups[0]!.bucket, groups[1]!.bucket];
  const label = (pc: number): [Value, Value] => [groups[0]!.out[cb[pairs.company[pc]!]!]!, groups[1]!.out[pb[pairs.partner[pc]!]!]!];
  // Same order as sortRows: value descending, then company and partner ascending.
  type Found = { pc: number; value: number; records: number };
  const cmp = (a: Found, b: Found) => {
    if (a.value !== b.value) return b.value - a.value;
    const [ca, pa] = label(a.pc);
    const [cbv, pbv] = label(b.pc);
    return compareValues(ca, cbv) || compareValues(pa, pbv);
  };
  const best: Found[] = [];
  for (let i = 0; i < bounds.order.length; i++) {
    const pc = bounds.order[i]!;
    // The limit-th value found is above every pair still to come.
    if (best.length >= limit && bounds.total[pc]! < best[best.length - 1]!.value) break;
    if (!seen[pc]) continue;
    let v = 0;
    let n = 0;
    for (let x = postings.offsets[pc]!; x < postings.offsets[pc + 1]!; x++) {
      const r = postings.rows[x]!;
      const p = periodCodes[r]!;
      if (!flowMask[flowCodes[r]!] || p < pLo || p > pHi) continue;
      v += value[r]!;
      n += recordsCol ? recordsCol[r]! : 1;
    }
    const found = { pc, value: v, records: n };
    if (best.length >= limit && cmp(found, best[best.length - 1]!) >= 0) continue;
    // Insertion into a short sorted list: `limit` is a page or a ranking's top.
    let at = best.length;
    while (at > 0 && cmp(found, best[at - 1]!) < 0) at--;
    best.splice(at, 0, found);
    if (best.length > limit) best.pop();
  }
  const out = best.map((b) => {
    const [c, p] = label(b.pc);
    const row: CubeRow = { g0: c, g1: p, value_cents: b.value };
    if (needs.records) row.records = b.records;
    return row;
  });
  const totals: CubeRow = { value_cents: totalValue };
  if (needs.records) totals.records = totalRecords;
  return { rows: out, totals: [totals], groups: count };
}

/**
 * The first `limit` groups in the order `sortRows` gives, picked from the sums (a bounded heap)
 * so that only they become rows; null when the order is not by a summed measure.
 */
function topGroups(g: GroupSums, groups: Group[], spec: AggregateSpec, limit: number): number[] | null {
  let column: string;
  let desc: boolean;
  if (spec.sort) {
    if (spec.groupBy.indexOf(spec.sort.field === 'hs_code' ? 'hs' : (spec.sort.field as Dim)) >= 0) return null;
    if (spec.sort.field === 'unit_value_usd_per_kg') return null;
    column = SORT_COLUMN[spec.sort.field] ?? 'value_cents';
    desc = spec.sort.desc;
  } else if (!spec.groupBy.includes('period')) {
    column = 'value_cents';
    desc = true;
  } else {
    return null;
  }
  const key = g.sums.get(column);
  if (!key) return null;
  // Same order as sortRows: the key, then each group value ascending.
  const cmp = (a: number, b: number) => {
    const d = key[a]! - key[b]!;
    if (d !== 0) return desc ? -d : d;
    const ka = g.keyOf(a);
    const kb = g.keyOf(b);
    for (let gi = 0; gi < groups.length; gi++) {
      const c = compareValues(groups[gi]!.out[ka[gi]!]!, groups[gi]!.out[kb[gi]!]!);
      if (c !== 0) return c;
    }
    return 0;
  };
  // A max-heap on cmp holding the `limit` best groups seen: its root is the worst of them.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i]!, heap[p]!) <= 0) return;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l]!, heap[m]!) > 0) m = l;
      if (r < heap.length && cmp(heap[r]!, heap[m]!) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let s = 0; s < g.count; s++) {
    if (heap.length < limit) {
      heap.push(s);
      up(heap.length - 1);
    } else if (limit > 0 && cmp(s, heap[0]!) < 0) {
      heap[0] = s;
      down(0);
    }
  }
  return heap.sort(cmp);
}

function compareValues(a: Value | null, b: Value | null): number {
  // SQLite: NULL before any value in ascending order.
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function sortRows(rows: CubeRow[], spec: AggregateSpec): void {
  const ties = spec.groupBy.map((_, i) => `g${i}`);
  let key: ((r: CubeRow) => Value | null) | null = null;
  let desc = false;
  if (spec.sort) {
    desc = spec.sort.desc;
    const dimIndex = spec.groupBy.indexOf(spec.sort.field === 'hs_code' ? 'hs' : (spec.sort.field as Dim));
    if (dimIndex >= 0) key = (r) => r[`g${dimIndex}`]!;
    else if (spec.sort.field === 'unit_value_usd_per_kg') key = (r) => ((r.weight as number) > 0 ? (r.value_cents as number) / (r.weight as number) : null);
    else {
      const column = SORT_COLUMN[spec.sort.field] ?? 'value_cents';
      key = (r) => r[column] ?? 0;
    }
  } else if (!spec.groupBy.includes('period')) {
    desc = true;
    key = (r) => r.value_cents!;
  }
  rows.sort((a, b) => {
    if (key) {
      const c = compareValues(key(a), key(b));
      if (c !== 0) return desc ? -c : c;
    }
    for (const t of ties) {
      const c = compareValues(a[t]!, b[t]!);
      if (c !== 0) return c;
    }
    return 0;
  });
}
