// The rollup tables: their keys and measures in one place, the deltas a set of newly stored
// declarations adds to them (computed in memory, so each key is upserted once per batch), and the
// SQL that recomputes them from the raw records for `verify`.
import type { ValidDeclaration } from './validate.js';

export interface RollupDef {
  table: 'rollup_items_monthly' | 'rollup_declarations_monthly' | 'rollup_company_monthly';
  keys: readonly string[];
  /** Integer measures (counts, cents): compared exactly by verify. */
  exact: readonly string[];
  /** Floating measures (weights, quantities): compared with a relative tolerance. */
  approx: readonly string[];
}

export const ROLLUPS: readonly RollupDef[] = [
  {
    table: 'rollup_items_monthly',
    keys: ['flow', 'period', 'hs6', 'partner_country', 'port', 'customs_office', 'transport_mode'],
    exact: ['records', 'value_usd_cents', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents'],
    approx: ['net_weight_kg', 'quantity'],
  },
  {
    table: 'rollup_declarations_monthly',
    keys: ['flow', 'period', 'partner_country', 'port', 'customs_office', 'transport_mode', 'incoterm'],
    exact: ['records', 'value_usd_cents', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents'],
    approx: ['net_weight_kg', 'gross_weight_kg'],
  },
  {
    table: 'rollup_company_monthly',
    keys: ['flow', 'period', 'company_id', 'partner_company_id', 'partner_country', 'hs6'],
    exact: ['records', 'value_usd_cents'],
    approx: ['net_weight_kg', 'quantity'],
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

/**
 * Rows (keys then measures, in ROLLUPS order of columns) to add to each rollup for these newly
 * stored declarations. `records` counts declarations: an HS6 that appears on two lines of one
 * declaration counts once.
 */
export function rollupDeltas(stored: readonly StoredDeclaration[]): Map<RollupDef['table'], Row[]> {
  const items = new Map<string, Row>();
  const decls = new Map<string, Row>();
  const companies = new Map<string, Row>();
  for (const { record: d, company_id, partner_company_id } of stored) {
    add(decls, [d.flow, d.period, d.partner_country, d.port, d.customs_office, d.transport_mode, d.incoterm ?? ''], [
      1, d.value_usd_cents, d.customs_duty_usd_cents, d.additional_duty_usd_cents, d.vat_usd_cents, d.net_weight_kg, d.gross_weight_kg,
    ]);
    const seenItemKey = new Set<string>();
    const seenCompanyKey = new Set<string>();
    for (const i of d.items) {
      const ik = [d.flow, d.period, i.hs6, d.partner_country, d.port, d.customs_office, d.transport_mode];
      const ikText = ik.join('\u0001');
      add(items, ik, [seenItemKey.has(ikText) ? 0 : 1, i.value_usd_cents, i.customs_duty_usd_cents, i.additional_duty_usd_cents, i.vat_usd_cents, i.net_weight_kg, i.quantity], ikText);
      seenItemKey.add(ikText);
      const ck = [d.flow, d.period, company_id, partner_company_id, d.partner_country, i.hs6];
      const ckText = ck.join('\u0001');
      add(companies, ck, [seenCompanyKey.has(ckText) ? 0 : 1, i.value_usd_cents, i.net_weight_kg, i.quantity], ckText);
      seenCompanyKey.add(ckText);
    }
  }
  return new Map([
    ['rollup_items_monthly', [...items.values()]],
    ['rollup_declarations_monthly', [...decls.values()]],
    ['rollup_company_monthly', [...companies.values()]],
  ]);
}

function add(into: Map<string, Row>, key: (string | number)[], measures: number[], keyText = key.join('\u0001')): void {
  const row = into.get(keyText);
  if (!row) {
    into.set(keyText, [...key, ...measures]);
    return;
  }
  const base = key.length;
  for (let m = 0; m < measures.length; m++) row[base + m] = (row[base + m] as number) + measures[m]!;
}

/** SELECT recomputing one rollup from declarations and items, columns named as in the table. */
export function recomputeSql(def: RollupDef): string {
  const d = (c: string) => `d.${c}`;
  switch (def.table) {
    case 'rollup_items_monthly':
      return `select d.flow, d.period, i.hs6, d.partner_country, d.port, d.customs_office, d.transport_mode,
        count(distinct d.id) as records, sum(i.value_usd_cents) as value_usd_cents,
        sum(i.customs_duty_usd_cents) as customs_duty_usd_cents, sum(i.additional_duty_usd_cents) as additional_duty_usd_cents,
        sum(i.vat_usd_cents) as vat_usd_cents, sum(i.net_weight_kg) as net_weight_kg, sum(i.quantity) as quantity
        from declaration_items i join declarations d on d.id = i.declaration_id
        group by d.flow, d.period, i.hs6, d.partner_country, d.port, d.customs_office, d.transport_mode`;
    case 'rollup_declarations_monthly':
      return `select ${['flow', 'period', 'partner_country', 'port', 'customs_office', 'transport_mode'].map(d).join(', ')},
        coalesce(d.incoterm, '') as incoterm, count(*) as records, sum(d.value_usd_cents) as value_usd_cents,
        sum(d.customs_duty_usd_cents) as customs_duty_usd_cents, sum(d.additional_duty_usd_cents) as additional_duty_usd_cents,
        sum(d.vat_usd_cents) as vat_usd_cents, sum(d.net_weight_kg) as net_weight_kg, sum(d.gross_weight_kg) as gross_weight_kg
        from declarations d
        group by d.flow, d.period, d.partner_country, d.port, d.customs_office, d.transport_mode, coalesce(d.incoterm, '')`;
    case 'rollup_company_monthly':
      return `select d.flow, d.period, d.company_id, coalesce(d.partner_company_id, 0) as partner_company_id, d.partner_country, i.hs6,
        count(distinct d.id) as records, sum(i.value_usd_cents) as value_usd_cents,
        sum(i.net_weight_kg) as net_weight_kg, sum(i.quantity) as quantity
        from declaration_items i join declarations d on d.id = i.declaration_id
        group by d.flow, d.period, d.company_id, coalesce(d.partner_company_id, 0), d.partner_country, i.hs6`;
  }
}
