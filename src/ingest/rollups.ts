// The rollup tables: their keys and measures in one place, the deltas a set of newly stored
// declarations adds to them (computed in memory, so each key is upserted once per batch), and the
// SQL that recomputes them from the raw records for `verify` and for rebuilding.
//
// The tables form a small lattice, from narrow (fast to scan) to wide (answers more filters); the
// aggregate engine picks the narrowest that holds what a query needs. Item-grain tables count
// declarations exactly at every HS depth: `records` once per declaration and HS6 code,
// `records_hs4` / `records_hs2` once per declaration and 4- / 2-digit code (credited to the first
// line of that code, in line order), `records_decl` once per declaration (on its first line).
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
    keys: ['flow', 'period', 'company_id', 'partner_company_id', 'partner_country', 'hs6'],
    exact: ['records', 'records_hs4', 'records_hs2', 'records_decl', 'value_usd_cents'], approx: ITEM_APPROX,
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

interface FirstFlags {
  hs6: boolean;
  hs4: boolean;
  hs2: boolean;
  decl: boolean;
}

function keyValue(name: string, s: StoredDeclaration, item: ValidItem | null): string | number {
  const d = s.record;
  switch (name) {
    case 'hs6': return item!.hs6;
    case 'incoterm': return d.incoterm ?? '';
    case 'company_id': return s.company_id;
    case 'partner_company_id': return s.partner_company_id;
    default: return (d as unknown as Record<string, string | number>)[name]!;
  }
}

function measureValue(name: string, d: ValidDeclaration, item: ValidItem | null, first: FirstFlags | null): number {
  switch (name) {
    case 'records': return first ? (first.hs6 ? 1 : 0) : 1;
    case 'records_hs4': return first!.hs4 ? 1 : 0;
    case 'records_hs2': return first!.hs2 ? 1 : 0;
    case 'records_decl': return first!.decl ? 1 : 0;
    default: return ((item ?? d) as unknown as Record<string, number>)[name]!;
  }
}

/**
 * Rows (keys then measures, in the column order of the definition) to add to each rollup for
 * these newly stored declarations.
 */
export function rollupDeltas(stored: readonly StoredDeclaration[]): Map<RollupTable, Row[]> {
  const acc = new Map<RollupTable, Map<string, Row>>(ROLLUPS.map((r) => [r.table, new Map()]));
  for (const s of stored) {
    const lines = [...s.record.items].sort((a, b) => a.line_no - b.line_no);
    const seen = { hs6: new Set<string>(), hs4: new Set<string>(), hs2: new Set<string>() };
    const flags: FirstFlags[] = lines.map((it, n) => {
      const f = { hs6: !seen.hs6.has(it.hs6), hs4: !seen.hs4.has(it.hs6.slice(0, 4)), hs2: !seen.hs2.has(it.hs6.slice(0, 2)), decl: n === 0 };
      seen.hs6.add(it.hs6);
      seen.hs4.add(it.hs6.slice(0, 4));
      seen.hs2.add(it.hs6.slice(0, 2));
      return f;
    });
    for (const def of ROLLUPS) {
      const into = acc.get(def.table)!;
      const measures = measuresOf(def);
      if (def.grain === 'declaration') {
        add(into, def.keys.map((k) => keyValue(k, s, null)), measures.map((m) => measureValue(m, s.record, null, null)));
      } else {
        lines.forEach((it, n) => add(into, def.keys.map((k) => keyValue(k, s, it)), measures.map((m) => measureValue(m, s.record, it, flags[n]!))));
      }
    }
  }
  return new Map([...acc].map(([t, m]) => [t, [...m.values()]]));
}

function add(into: Map<string, Row>, key: (string | number)[], measures: number[]): void {
  const keyText = key.join('\u0001');
  const row = into.get(keyText);
  if (!row) {
    into.set(keyText, [...key, ...measures]);
    return;
  }
  const base = key.length;
  for (let m = 0; m < measures.length; m++) row[base + m] = (row[base + m] as number) + measures[m]!;
}

// Raw columns as the rollups see them, with the first-line markers computed by window functions
// (both engines have them) in the same line order as rollupDeltas.
const ITEM_SOURCE = `select d.flow, d.period, d.partner_country, d.port, d.customs_office, d.transport_mode,
    coalesce(d.incoterm, '') as incoterm, d.company_id, coalesce(d.partner_company_id, 0) as partner_company_id, i.hs6,
    i.value_usd_cents, i.customs_duty_usd_cents, i.additional_duty_usd_cents, i.vat_usd_cents, i.net_weight_kg, i.quantity,
    row_number() over (partition by i.declaration_id, i.hs6 order by i.line_no) as rn6,
    row_number() over (partition by i.declaration_id, substr(i.hs6, 1, 4) order by i.line_no) as rn4,
    row_number() over (partition by i.declaration_id, substr(i.hs6, 1, 2) order by i.line_no) as rn2,
    row_number() over (partition by i.declaration_id order by i.line_no) as rnd
  from declaration_items i join declarations d on d.id = i.declaration_id`;
const DECL_SOURCE = `select d.flow, d.period, d.partner_country, d.port, d.customs_office, d.transport_mode,
    coalesce(d.incoterm, '') as incoterm, d.value_usd_cents, d.customs_duty_usd_cents, d.additional_duty_usd_cents, d.vat_usd_cents,
    d.net_weight_kg, d.gross_weight_kg
  from declarations d`;

const FIRST_MARKER: Record<string, string> = { records: 'rn6', records_hs4: 'rn4', records_hs2: 'rn2', records_decl: 'rnd' };

/** SELECT recomputing one rollup from declarations and items, columns named as in the table. */
export function recomputeSql(def: RollupDef): string {
  const measures = measuresOf(def).map((m) => {
    if (def.grain === 'declaration' && m === 'records') return 'count(*) as records';
    const marker = FIRST_MARKER[m];
    return marker ? `sum(case when x.${marker} = 1 then 1 else 0 end) as ${m}` : `sum(x.${m}) as ${m}`;
  });
  const keys = def.keys.map((k) => `x.${k}`).join(', ');
  return `select ${keys}, ${measures.join(', ')} from (${def.grain === 'item' ? ITEM_SOURCE : DECL_SOURCE}) x group by ${keys}`;
}
