// An in-memory, columnar copy of one rollup table, and the evaluation of an aggregate query on it.
//
// Why: under concurrent load a synchronous SQLite scan of a wide rollup holds the event loop for
// tens of milliseconds, so every request queued behind it waits. The same sums over typed arrays,
// with rows ordered by (flow, period) and a posting list per selective dimension, take a small
// fraction of that. The cube answers exactly what the rollup's SQL would (same filters, groups,
// sums, distinct counts, order and limit); `aggregate.ts` decides when it may be used.
import type { AggregateSpec, Freq } from './aggregate.js';
import { DIM_COLUMN, type Dim } from './cube-sources.js';

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

  append(rows: readonly Record<string, unknown>[]): void {
    for (const r of rows) {
      const slot = this.next.get(Number(r.period) * 2 + (r.flow === 'import' ? 1 : 0));
      // A row outside the counted slices means the table changed while it was read.
      if (!slot || slot.i >= slot.end) throw new CubeMovedError(this.table);
      const i = slot.i++;
      this.placed++;
      for (const k of this.keyColumns) {
        const raw = r[k];
        const v: Value = k === 'period' || k === 'company_id' || k === 'partner_company_id' ? Number(raw) : String(raw ?? '');
        const d = this.dicts.get(k)!;
        let c = d.index.get(v);
        if (c === undefined) {
          c = d.values.length;
          d.values.push(v);
          d.index.set(v, c);
        }
        this.codes.get(k)![i] = c;
      }
      for (const m of this.measureColumns) this.ms.get(m)![i] = Number(r[m] ?? 0);
      for (const c of this.intColumns) this.ints.get(c)![i] = Number(r[c]);
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

function groupOf(cube: Cube, dim: Dim, spec: AggregateSpec): Group {
  const column = dim === 'hs' ? cube.hsColumn : DIM_COLUMN[dim];
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
  return { column, bucket, out };
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
  /** Bounds on the declaration's value, on cubes with a `decl_value_cents` measure. */
  valueMin?: number | null;
  valueMax?: number | null;
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
 * ordered and limited as `orderExpr` in aggregate.ts orders (SQLite's NULL ordering).
 */
export function evaluateCube(cube: Cube, spec: AggregateSpec, f: CubeFilters, recordsColumn: string | null, grouped: boolean): CubeRow[] {
  const checks: Check[] = [];
  const drivers: { col: DimColumn; mask: Uint8Array; skip?: Check }[] = [];
  const flowCol = cube.dims.get('flow')!;
  const periodCol = cube.dims.get('period')!;
  const flowMask = maskOf(flowCol, (v) => f.flow === null || v === f.flow).mask;
  let pLo = 0;
  let pHi = periodCol.values.length - 1;
  if (f.periodFrom !== null) while (pLo < periodCol.values.length && (periodCol.values[pLo] as number) < f.periodFrom) pLo++;
  if (f.periodTo !== null) while (pHi >= 0 && (periodCol.values[pHi] as number) > f.periodTo) pHi--;

  const addList = (column: string, accept: (v: Value) => boolean) => {
    const col = cube.dims.get(column)!;
    const { mask } = maskOf(col, accept);
    checks.push({ codes: col.codes, mask });
    drivers.push({ col, mask });
  };
  if (f.hs.length) addList(cube.hsColumn, (v) => f.hs.some((p) => (v as string).startsWith(p)));
  for (const [column, values] of f.lists) {
    const set = new Set(values);
    addList(column, (v) => set.has(v));
  }
  // A party set is an OR over two columns: rows where the company is in it, then rows where only
  // the partner is (so no row is visited twice when both are).
  const partyChecks: [Check, Check][] = [];
  for (const ids of f.parties) {
    const set = new Set(ids);
    const company = cube.dims.get('company_id')!;
    const partner = cube.dims.get('partner_company_id')!;
    const cm = maskOf(company, (v) => set.has(v as number)).mask;
    const pm = maskOf(partner, (v) => set.has(v as number)).mask;
    partyChecks.push([{ codes: company.codes, mask: cm }, { codes: partner.codes, mask: pm }]);
  }

  // Candidate rows: the (flow, period) ranges, or the postings of the most selective filter.
  let rangeCost = 0;
  const ranges: [number, number][] = [];
  for (const s of cube.segments) {
    if (flowMask[s.flow] && s.period >= pLo && s.period <= pHi) {
      ranges.push([s.start, s.end]);
      rangeCost += s.end - s.start;
    }
  }
  let best: { cost: number; lists: { rows: Int32Array; from: number; to: number; skip: Check | null }[] } | null = null;
  const postingCost = (col: DimColumn, mask: Uint8Array, skip: Check | null) => {
    const p = postingsOf(col);
    const lists: { rows: Int32Array; from: number; to: number; skip: Check | null }[] = [];
    let cost = 0;
    for (let c = 0; c < mask.length; c++) {
      if (!mask[c]) continue;
      const from = p.offsets[c]!;
      const to = p.offsets[c + 1]!;
      if (to > from) {
        lists.push({ rows: p.rows, from, to, skip });
        cost += to - from;
      }
    }
    return { cost, lists };
  };
  for (const d of drivers) {
    const cand = postingCost(d.col, d.mask, null);
    if (!best || cand.cost < best.cost) best = cand;
  }
  partyChecks.forEach(([c, p]) => {
    const a = postingCost(cube.dims.get('company_id')!, c.mask, null);
    const b = postingCost(cube.dims.get('partner_company_id')!, p.mask, c);
    const cost = a.cost + b.cost;
    if (!best || cost < best.cost) best = { cost, lists: [...a.lists, ...b.lists] };
  });
  const usePostings = best !== null && best.cost < rangeCost;

  const needs: MeasureNeeds = {
    weight: spec.metrics.includes('net_weight_kg') || spec.metrics.includes('unit_value_usd_per_kg'),
    quantity: spec.metrics.includes('quantity'),
    duty: spec.metrics.includes('customs_duty_usd'),
    addDuty: spec.metrics.includes('additional_duty_usd'),
    vat: spec.metrics.includes('vat_usd'),
    records: spec.metrics.includes('records') ? recordsColumn : null,
    companies: spec.metrics.includes('companies'),
    partners: spec.metrics.includes('partner_companies'),
  };
  const groupBy = grouped ? spec.groupBy : [];
  const groups = groupBy.map((d) => groupOf(cube, d, spec));
  const acc = new Accumulator(cube, groups, needs);

  const flowCodes = flowCol.codes;
  const periodCodes = periodCol.codes;
  const dates = cube.ints.get('date');
  const dFrom = f.dateFrom ?? null;
  const dTo = f.dateTo ?? null;
  const declValue = cube.measures.get('decl_value_cents');
  const vMin = f.valueMin ?? null;
  const vMax = f.valueMax ?? null;
  const pass = (r: number): boolean => {
    if (dates && ((dFrom !== null && dates[r]! < dFrom) || (dTo !== null && dates[r]! > dTo))) return false;
    if (declValue && ((vMin !== null && declValue[r]! < vMin) || (vMax !== null && declValue[r]! > vMax))) return false;
    for (let k = 0; k < checks.length; k++) {
      const ch = checks[k]!;
      if (!ch.mask[ch.codes[r]!]) return false;
    }
    for (let k = 0; k < partyChecks.length; k++) {
      const [c, p] = partyChecks[k]!;
      if (!c.mask[c.codes[r]!] && !p.mask[p.codes[r]!]) return false;
    }
    return true;
  };
  if (usePostings) {
    // Distinct declarations are counted as each one's rows pass in a block: visit in row order.
    const ordered = needs.records === DISTINCT_DECLARATIONS;
    const picked: number[] = [];
    for (const l of best!.lists) {
      for (let j = l.from; j < l.to; j++) {
        const r = l.rows[j]!;
        if (l.skip && l.skip.mask[l.skip.codes[r]!]) continue;
        if (!flowMask[flowCodes[r]!]) continue;
        const pc = periodCodes[r]!;
        if (pc < pLo || pc > pHi) continue;
        if (!pass(r)) continue;
        if (ordered) picked.push(r);
        else acc.add(r);
      }
    }
    if (ordered) for (const r of Int32Array.from(picked).sort()) acc.add(r);
  } else {
    for (const [start, end] of ranges) for (let r = start; r < end; r++) if (pass(r)) acc.add(r);
  }
  const rows = acc.rows();
  if (!groupBy.length) return rows.length ? rows : [acc.empty()];
  sortRows(rows, spec);
  const limit = spec.top ?? spec.maxRows ?? 10_000;
  return rows.slice(0, limit + (spec.top ? 0 : 1));
}

class Accumulator {
  private readonly slots = new Map<number | string, number>();
  private readonly keys: number[][] = [];
  private readonly value: number[] = [];
  private readonly weight: number[] = [];
  private readonly quantity: number[] = [];
  private readonly duty: number[] = [];
  private readonly addDuty: number[] = [];
  private readonly vat: number[] = [];
  private readonly records: number[] = [];
  /** Per group, the last declaration counted (rows of one declaration arrive together). */
  private readonly lastDecl: number[] = [];
  private readonly companies: Set<number>[] = [];
  private readonly partners: Set<number>[] = [];
  private readonly radix: number[] | null;
  private readonly cols: {
    value: Float64Array; weight?: Float64Array; quantity?: Float64Array; duty?: Float64Array; addDuty?: Float64Array; vat?: Float64Array; records?: Float64Array;
    decl?: Int32Array;
    company?: Int32Array; partner?: Int32Array; partnerValues?: Value[];
  };
  private readonly groupCodes: Int32Array[];

  constructor(cube: Cube, private readonly groups: Group[], private readonly needs: MeasureNeeds) {
    const m = cube.measures;
    this.cols = {
      value: m.get('value_usd_cents')!,
      weight: needs.weight ? m.get('net_weight_kg') : undefined,
      quantity: needs.quantity ? m.get('quantity') : undefined,
      duty: needs.duty ? m.get('customs_duty_usd_cents') : undefined,
      addDuty: needs.addDuty ? m.get('additional_duty_usd_cents') : undefined,
      vat: needs.vat ? m.get('vat_usd_cents') : undefined,
      records: needs.records && needs.records !== DISTINCT_DECLARATIONS ? m.get(needs.records) : undefined,
      decl: needs.records === DISTINCT_DECLARATIONS ? cube.ints.get('declaration_id') : undefined,
      company: needs.companies ? cube.dims.get('company_id')!.codes : undefined,
      partner: needs.partners ? cube.dims.get('partner_company_id')!.codes : undefined,
      partnerValues: needs.partners ? cube.dims.get('partner_company_id')!.values : undefined,
    };
    this.groupCodes = groups.map((g) => cube.dims.get(g.column)!.codes);
    // A numeric composite key while the product of bucket counts stays exact in a double.
    let span = 1;
    for (const g of groups) span *= Math.max(1, g.out.length);
    this.radix = span < 2 ** 52 ? groups.map((g) => Math.max(1, g.out.length)) : null;
  }

  add(r: number): void {
    const g = this.groups;
    let key: number | string;
    if (this.radix) {
      let k = 0;
      for (let i = 0; i < g.length; i++) k = k * this.radix[i]! + g[i]!.bucket[this.groupCodes[i]![r]!]!;
      key = k;
    } else {
      key = g.map((x, i) => x.bucket[this.groupCodes[i]![r]!]).join(',');
    }
    let s = this.slots.get(key);
    if (s === undefined) {
      s = this.value.length;
      this.slots.set(key, s);
      this.keys.push(g.map((x, i) => x.bucket[this.groupCodes[i]![r]!]!));
      this.value.push(0);
      this.weight.push(0);
      this.quantity.push(0);
      this.duty.push(0);
      this.addDuty.push(0);
      this.vat.push(0);
      this.records.push(0);
      this.lastDecl.push(-1);
      if (this.needs.companies) this.companies.push(new Set());
      if (this.needs.partners) this.partners.push(new Set());
    }
    const c = this.cols;
    this.value[s]! += c.value[r]!;
    if (c.weight) this.weight[s]! += c.weight[r]!;
    if (c.quantity) this.quantity[s]! += c.quantity[r]!;
    if (c.duty) this.duty[s]! += c.duty[r]!;
    if (c.addDuty) this.addDuty[s]! += c.addDuty[r]!;
    if (c.vat) this.vat[s]! += c.vat[r]!;
    if (c.records) this.records[s]! += c.records[r]!;
    if (c.decl && this.lastDecl[s] !== c.decl[r]) {
      this.lastDecl[s] = c.decl[r]!;
      this.records[s]!++;
    }
    if (c.company) this.companies[s]!.add(c.company[r]!);
    if (c.partner) {
      const code = c.partner[r]!;
      if (c.partnerValues![code] !== 0) this.partners[s]!.add(code);
    }
  }

  private row(s: number, keys: number[] | null): CubeRow {
    const out: CubeRow = {};
    if (keys) this.groups.forEach((g, i) => (out[`g${i}`] = g.out[keys[i]!]!));
    out.value_cents = s < 0 ? 0 : this.value[s]!;
    const n = this.needs;
    if (n.weight) out.weight = s < 0 ? 0 : this.weight[s]!;
    if (n.quantity) out.quantity = s < 0 ? 0 : this.quantity[s]!;
    if (n.duty) out.duty_cents = s < 0 ? 0 : this.duty[s]!;
    if (n.addDuty) out.add_duty_cents = s < 0 ? 0 : this.addDuty[s]!;
    if (n.vat) out.vat_cents = s < 0 ? 0 : this.vat[s]!;
    if (n.records) out.records = s < 0 ? 0 : this.records[s]!;
    if (n.companies) out.companies = s < 0 ? 0 : this.companies[s]!.size;
    if (n.partners) out.partner_companies = s < 0 ? 0 : this.partners[s]!.size;
    return out;
  }

  rows(): CubeRow[] {
    return this.keys.map((k, s) => this.row(s, k));
  }

  empty(): CubeRow {
    return this.row(-1, null);
  }
}

const SORT_COLUMN: Record<string, string> = {
  value_usd: 'value_cents', net_weight_kg: 'weight', quantity: 'quantity', records: 'records', companies: 'companies',
  customs_duty_usd: 'duty_cents', additional_duty_usd: 'add_duty_cents', vat_usd: 'vat_cents',
};

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
