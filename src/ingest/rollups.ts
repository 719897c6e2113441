// The rollup tables: their keys and measures in one place, the deltas a set of newly stored
// declarations adds to them (computed in memory, so each key is upserted once per batch), and the
// SQL that recomputes them from the raw records for `verify` and for rebuilding.
//
// The tables form a small lattice, from narrow (fast to scan) to wide (answers more filters); the
// aggregate engine picks the narrowest that holds what a query needs. Item-grain tables count
// declarations exactly at every HS depth: `records` once per declaration and HS6 code,
// `records_hs4` / `records_hs2` once per declaration and 4- / 2-digit code (credited to the first
// line of that code, in line order), `records_decl` once per declaration (on its first line).
// The company table also credits the declaration's header figures (`header_*`) to its first line,
// as `records_decl` counts it: summed over rows with no HS condition they are the header totals of
// the declarations kept, exactly; under an HS condition they are not (a declaration whose first
// line has another code would lose them), and nothing reads them there (product-level questions
// take the matching lines' own figures).
import type { ValidDeclaration, ValidItem } from './validate.js';

export type RollupTable =
  | 'rollup_country_monthly' | 'rollup_gateway_monthly' | 'rollup_declarations_monthly' | 'rollup_hs_monthly' | 'rollup_hs_country_monthly'
  | 'rollup_items_monthly' | 'rollup_company_monthly';

export interface RollupDef {
  table: RollupTable;
  /** 'declaration': one contribution per declaration (header figures); 'item': one per line. */
  grain: 'declaration' | 'item';
  keys: readonly string[];
  /** Integer measures (counts, cents): compared exactly by verify. */
  exact: readonly string[];
  /** Floating measures (weights, quantities): compared with a relative tolerance. */
  approx: readonly string[];
}

const DECL_EXACT = ['records', 'value_usd_cents', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents'] as const;
const DECL_APPROX = ['net_weight_kg', 'gross_weight_kg'] as const;
const ITEM_EXACT = ['records', 'records_hs4', 'records_hs2', 'value_usd_cents', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents'] as const;
const ITEM_APPROX = ['net_weight_kg', 'quantity'] as const;

/** Header figures a line-grain table may carry, credited to each declaration's first line. */
export const HEADER_CREDITED = ['net_weight_kg', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents'] as const;
const HEADER_PREFIX = 'header_';
/** The column holding a header figure credited to the first line. */
export const headerColumn = (figure: string): string => `${HEADER_PREFIX}${figure}`;

export const ROLLUPS: readonly RollupDef[] = [
  { table: 'rollup_country_monthly', grain: 'declaration', keys: ['flow', 'period', 'partner_country'], exact: DECL_EXACT, approx: DECL_APPROX },
  {
    table: 'rollup_gateway_monthly', grain: 'declaration',
    keys: ['flow', 'period', 'port', 'customs_office', 'transport_mode'], exact: DECL_EXACT, approx: DECL_APPROX,
  },
  {
    table: 'rollup_declarations_monthly', grain: 'declaration',
    keys: ['flow', 'period', 'partner_country', 'port', 'customs_office', 'transport_mode', 'incoterm'], exact: DECL_EXACT, approx: DECL_APPROX,
  },
  { table: 'rollup_hs_monthly', grain: 'item', keys: ['flow', 'period', 'hs6'], exact: ITEM_EXACT, approx: ITEM_APPROX },
  { table: 'rollup_hs_country_monthly', grain: 'item', keys: ['flow', 'period', 'hs6', 'partner_country'], exact: ITEM_EXACT, approx: ITEM_APPROX },
  {
    table: 'rollup_items_monthly', grain: 'item',
    keys: ['flow', 'period', 'hs6', 'partner_country', 'port', 'customs_office', 'transport_mode'], exact: ITEM_EXACT, approx: ITEM_APPROX,
  },
  {
    table: 'rollup_company_monthly', grain: 'item',
    // The gateway of a company's trade in a product with a partner in a month is nearly always one:
    // with port, customs office, transport mode and incoterm as keys the table grows by 1 % (2.21M
    // → 2.24M rows at 1M declarations) and answers a company's trade through a gateway too.
    keys: ['flow', 'period', 'company_id', 'partner_company_id', 'partner_country', 'hs6', 'port', 'customs_office', 'transport_mode', 'incoterm'],
    exact: [
      ...ITEM_EXACT, 'records_decl',
      ...HEADER_CREDITED.filter((m) => m.endsWith('_cents')).map(headerColumn),
    ],
    approx: [...ITEM_APPROX, ...HEADER_CREDITED.filter((m) => m.endsWith('_kg')).map(headerColumn)],
  },
];

export function measuresOf(def: RollupDef): string[] {
  return [...def.exact, ...def.approx];
}

export interface StoredDeclaration {
  id: number;
  record: ValidDeclaration;
  company_id: number;
  partner_company_id: number;
}

type Row = (string | number)[];

// First-line markers of one item, as bits: the declaration's first line of this HS6, of this
// 4-digit and of this 2-digit code, and its first line overall.
const FIRST_HS6 = 1;
const FIRST_HS4 = 2;
const FIRST_HS2 = 4;
const FIRST_LINE = 8;

type HeaderFn = (s: StoredDeclaration) => string | number;
type MeasureFn = (d: ValidDeclaration, item: ValidItem | null, first: number) => number;

function headerFn(name: string): HeaderFn {
  switch (name) {
    case 'incoterm': return (s) => s.record.incoterm ?? '';
    case 'company_id': return (s) => s.company_id;
    case 'partner_company_id': return (s) => s.partner_company_id;
    default: return (s) => (s.record as unknown as Record<string, string | number>)[name]!;
  }
}

function measureFn(name: string, grain: RollupDef['grain']): MeasureFn {
  switch (name) {
    case 'records': return grain === 'item' ? (_d, _i, f) => (f & FIRST_HS6 ? 1 : 0) : () => 1;
    case 'records_hs4': return (_d, _i, f) => (f & FIRST_HS4 ? 1 : 0);
    case 'records_hs2': return (_d, _i, f) => (f & FIRST_HS2 ? 1 : 0);
    case 'records_decl': return (_d, _i, f) => (f & FIRST_LINE ? 1 : 0);
    default:
      if (grain === 'item' && name.startsWith(HEADER_PREFIX)) {
        const figure = name.slice(HEADER_PREFIX.length);
        return (d, _i, f) => (f & FIRST_LINE ? (d as unknown as Record<string, number>)[figure]! : 0);
      }
      return grain === 'item'
        ? (_d, item) => (item as unknown as Record<string, number>)[name]!
        : (d) => (d as unknown as Record<string, number>)[name]!;
  }
}

const unique = (xs: readonly string[]) => [...new Set(xs)];
// Every key column but HS6, and every measure of each grain, is read once per declaration (or
// line) into a vector; a table is its positions in those vectors.
const HEADER = unique(ROLLUPS.flatMap((d) => d.keys.filter((k) => k !== 'hs6')));
const HEADER_FNS = HEADER.map(headerFn);
const MEASURES = {
  declaration: unique(ROLLUPS.filter((d) => d.grain === 'declaration').flatMap(measuresOf)),
  item: unique(ROLLUPS.filter((d) => d.grain === 'item').flatMap(measuresOf)),
};
const DECL_FNS = MEASURES.declaration.map((m) => measureFn(m, 'declaration'));
const ITEM_FNS = MEASURES.item.map((m) => measureFn(m, 'item'));

// A row is found through one map per key column (the declaration's columns, then the HS6 code
// for item tables) and its sums live in one flat Float64Array per table: no composite key string
// to build and hash per line, and no boxed numbers to allocate per addition, which were most of
// the cost.
const COMPILED = ROLLUPS.map((def) => ({
  def,
  hsAt: def.keys.indexOf('hs6'),
  header: def.keys.filter((k) => k !== 'hs6').map((k) => HEADER.indexOf(k)),
  measures: measuresOf(def).map((m) => MEASURES[def.grain].indexOf(m)),
}));
type Compiled = (typeof COMPILED)[number];
/** Key value → next level; the last level maps to the row's slot in the sums. */
type Node = Map<string | number, Node | number>;

class TableSums {
  readonly root: Node = new Map();
  /** Key columns of every row, row after row, in the definition's column order. */
  readonly keyValues: (string | number)[] = [];
  sums: Float64Array;
  rows = 0;
  constructor(readonly c: Compiled) {
    this.sums = new Float64Array(256 * c.measures.length);
  }

  /** The slot of the row under `node` for `value`, created (zero sums) if new. */
  slot(node: Node, value: string | number, header: readonly (string | number)[], hs6: string | null): number {
    const known = node.get(value) as number | undefined;
    if (known !== undefined) return known;
    const width = this.c.measures.length;
    if ((this.rows + 1) * width > this.sums.length) {
      const grown = new Float64Array(this.sums.length * 2);
      grown.set(this.sums);
      this.sums = grown;
    }
    const keys = this.c.def.keys.length;
    for (let k = 0, h = 0; k < keys; k++) this.keyValues.push(k === this.c.hsAt ? hs6! : header[this.c.header[h++]!]!);
    node.set(value, this.rows);
    return this.rows++;
  }

  /** Row i (keys then measures) into `out`. */
  fill(i: number, out: (string | number | null)[]): void {
    const keys = this.c.def.keys.length;
    const width = this.c.measures.length;
    for (let k = 0; k < keys; k++) out[k] = this.keyValues[i * keys + k]!;
    for (let m = 0; m < width; m++) out[keys + m] = this.sums[i * width + m]!;
  }

  /** Adds the measures found from `at` in the vector `values` to the row in `slot`. */
  add(slot: number, values: Float64Array, at: number): void {
    const ms = this.c.measures;
    const base = slot * ms.length;
    for (let m = 0; m < ms.length; m++) this.sums[base + m]! += values[at + ms[m]!]!;
  }
}

/** Sums the rollup deltas of stored declarations, one row per distinct key and table. */
class RollupAccumulator {
  private readonly tables = COMPILED.map((c) => new TableSums(c));

  private readonly header: (string | number)[] = new Array(HEADER.length);
  private readonly declValues = new Float64Array(DECL_FNS.length);
  private itemValues = new Float64Array(16 * ITEM_FNS.length);
  private firsts: number[] = [];

  add(stored: readonly StoredDeclaration[]): void {
    const header = this.header;
    const iw = ITEM_FNS.length;
    for (const s of stored) {
      const d = s.record;
      const lines = inLineOrder(d.items);
      const firsts = (this.firsts = firstFlags(lines, this.firsts));
      for (let h = 0; h < HEADER_FNS.length; h++) header[h] = HEADER_FNS[h]!(s);
      for (let m = 0; m < DECL_FNS.length; m++) this.declValues[m] = DECL_FNS[m]!(d, null, 0);
      if (lines.length * iw > this.itemValues.length) this.itemValues = new Float64Array(lines.length * iw * 2);
      for (let n = 0; n < lines.length; n++) {
        for (let m = 0; m < iw; m++) this.itemValues[n * iw + m] = ITEM_FNS[m]!(d, lines[n]!, firsts[n]!);
      }
      for (const t of this.tables) {
        const keys = t.c.header;
        const last = keys.length - 1;
        let node = t.root;
        for (let k = 0; k < last; k++) {
          const v = header[keys[k]!]!;
          let next = node.get(v) as Node | undefined;
          if (!next) node.set(v, (next = new Map()));
          node = next;
        }
        const v = header[keys[last]!]!;
        if (t.c.hsAt < 0) {
          t.add(t.slot(node, v, header, null), this.declValues, 0);
          continue;
        }
        let group = node.get(v) as Node | undefined;
        if (!group) node.set(v, (group = new Map()));
        for (let n = 0; n < lines.length; n++) t.add(t.slot(group, lines[n]!.hs6, header, lines[n]!.hs6), this.itemValues, n * iw);
      }
    }
  }

  /** Rows (keys then measures, in the column order of the definition) per rollup table. */
  rows(): Map<RollupTable, Row[]> {
    const out = new Map<RollupTable, Row[]>();
    for (const t of this.tables) {
      const rows: Row[] = new Array(t.rows);
      for (let i = 0; i < t.rows; i++) {
        const row: (string | number | null)[] = new Array(t.c.def.keys.length + t.c.measures.length);
        t.fill(i, row);
        rows[i] = row as Row;
      }
      out.set(t.c.def.table, rows);
    }
    return out;
  }
}

/**
 * Rows (keys then measures, in the column order of the definition) to add to each rollup for
 * these newly stored declarations.
 */
export function rollupDeltas(stored: readonly StoredDeclaration[]): Map<RollupTable, Row[]> {
  const acc = new RollupAccumulator();
  acc.add(stored);
  return acc.rows();
}

function inLineOrder(items: readonly ValidItem[]): readonly ValidItem[] {
  for (let n = 1; n < items.length; n++) {
    if (items[n]!.line_no < items[n - 1]!.line_no) return [...items].sort((a, b) => a.line_no - b.line_no);
  }
  return items;
}

/** First-line bits of each line (in line order), written into `out`. */
function firstFlags(lines: readonly ValidItem[], out: number[]): number[] {
  out.length = lines.length;
  if (lines.length > 16) {
    // Long declarations: sets, so the work stays linear.
    const seen6 = new Set<string>();
    const seen4 = new Set<string>();
    const seen2 = new Set<string>();
    for (let n = 0; n < lines.length; n++) {
      const hs6 = lines[n]!.hs6;
      const hs4 = hs6.slice(0, 4);
      const hs2 = hs6.slice(0, 2);
      out[n] = (seen6.has(hs6) ? 0 : FIRST_HS6) | (seen4.has(hs4) ? 0 : FIRST_HS4) | (seen2.has(hs2) ? 0 : FIRST_HS2) | (n === 0 ? FIRST_LINE : 0);
      seen6.add(hs6);
      seen4.add(hs4);
      seen2.add(hs2);
    }
    return out;
  }
  for (let n = 0; n < lines.length; n++) {
    const hs6 = lines[n]!.hs6;
    let f = FIRST_HS6 | FIRST_HS4 | FIRST_HS2 | (n === 0 ? FIRST_LINE : 0);
    // An earlier line with the same 6, 4 or 2 leading digits takes the marker.
    for (let e = 0; e < n && f & (FIRST_HS6 | FIRST_HS4 | FIRST_HS2); e++) {
      const other = lines[e]!.hs6;
      if (other.charCodeAt(0) !== hs6.charCodeAt(0) || other.charCodeAt(1) !== hs6.charCodeAt(1)) continue;
      f &= ~FIRST_HS2;
      if (other.charCodeAt(2) !== hs6.charCodeAt(2) || other.charCodeAt(3) !== hs6.charCodeAt(3)) continue;
      f &= ~FIRST_HS4;
      if (other === hs6) f &= ~FIRST_HS6;
    }
    out[n] = f;
  }
  return out;
}

// Raw columns as the rollups see them, with the first-line markers computed by window functions
// (every engine used has them) in the same line order as rollupDeltas.
function itemSource(t: RecordTables): string {
  return `select d.flow, d.period, d.partner_country, d.port, d.customs_office, d.transport_mode,
    coalesce(d.incoterm, '') as incoterm, d.company_id, coalesce(d.partner_company_id, 0) as partner_company_id, i.hs6,
    i.value_usd_cents, i.customs_duty_usd_cents, i.additional_duty_usd_cents, i.vat_usd_cents, i.net_weight_kg, i.quantity,
    ${HEADER_CREDITED.map((m) => `d.${m} as ${headerColumn(m)}`).join(', ')},
    row_number() over (partition by i.declaration_id, i.hs6 order by i.line_no) as rn6,
    row_number() over (partition by i.declaration_id, substr(i.hs6, 1, 4) order by i.line_no) as rn4,
    row_number() over (partition by i.declaration_id, substr(i.hs6, 1, 2) order by i.line_no) as rn2,
    row_number() over (partition by i.declaration_id order by i.line_no) as rnd
  from ${t.items} i join ${t.declarations} d on d.id = i.declaration_id`;
}
function declSource(t: RecordTables): string {
  return `select d.flow, d.period, d.partner_country, d.port, d.customs_office, d.transport_mode,
    coalesce(d.incoterm, '') as incoterm, d.value_usd_cents, d.customs_duty_usd_cents, d.additional_duty_usd_cents, d.vat_usd_cents,
    d.net_weight_kg, d.gross_weight_kg
  from ${t.declarations} d`;
}

/** The tables a rollup is computed from: the raw records, or a staged subset of them. */
export interface RecordTables {
  declarations: string;
  items: string;
}

/** The raw records themselves. */
export const RAW_TABLES: RecordTables = { declarations: 'declarations', items: 'declaration_items' };

const FIRST_MARKER: Record<string, string> = { records: 'rn6', records_hs4: 'rn4', records_hs2: 'rn2', records_decl: 'rnd' };

/** The rows a rollup of this grain sums: one per declaration or per line, with the first-line markers. */
export function factsSql(grain: RollupDef['grain'], tables: RecordTables = RAW_TABLES): string {
  return grain === 'item' ? itemSource(tables) : declSource(tables);
}

/**
 * SELECT recomputing one rollup from declarations and items, columns named as in the table; `from`
 * may name a table holding factsSql's rows already (computed once for several rollups).
 */
export function recomputeSql(def: RollupDef, tables: RecordTables = RAW_TABLES, from = `(${factsSql(def.grain, tables)})`): string {
  const measures = measuresOf(def).map((m) => {
    if (def.grain === 'declaration' && m === 'records') return 'count(*) as records';
    const marker = FIRST_MARKER[m];
    if (m.startsWith(HEADER_PREFIX)) return `sum(case when x.rnd = 1 then x.${m} else 0 end) as ${m}`;
    return marker ? `sum(case when x.${marker} = 1 then 1 else 0 end) as ${m}` : `sum(x.${m}) as ${m}`;
  });
  const keys = def.keys.map((k) => `x.${k}`).join(', ');
  return `select ${keys}, ${measures.join(', ')} from ${from} x group by ${keys}`;
}
