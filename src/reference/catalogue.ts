// The product catalogue the synthetic generator draws from: 12-digit GTİP codes with typical unit
// values, grouped under their HS headings and subheadings so every code has a described path.
//
// Digits 1–6 are real HS 2022 subheadings. Digits 7–12 (EU Combined Nomenclature and Turkish
// national split) are plausible but not checked against the Turkish tariff schedule; they exist
// so records carry a full-length GTİP. Unit values are typical order-of-magnitude USD per kg.
import { AGRIFOOD } from './catalogue-agrifood.js';
import { INDUSTRY } from './catalogue-industry.js';
import { MACHINERY } from './catalogue-machinery.js';
import { MATERIALS } from './catalogue-materials.js';
import { TEXTILES } from './catalogue-textiles.js';

export type TradeFlow = 'import' | 'export';

export type ProductRow = [
  gtip: string,
  description_en: string,
  description_tr: string,
  unit: string,
  usd_per_kg: number,
  kg_per_unit: number | null,
  flows: 'i' | 'e' | 'ie',
];
export type SubheadingRow = [hs6: string, description_en: string, description_tr: string, products: ProductRow[]];
export type HeadingRow = [hs4: string, description_en: string, description_tr: string, subheadings: SubheadingRow[]];

export interface Product {
  gtip: string;
  hs6: string;
  description_en: string;
  description_tr: string;
  /** Quantity unit code from the `units` code list. */
  unit: string;
  /** Typical customs value per kg of net weight. */
  usd_per_kg: number;
  /** Net kg per quantity unit for goods not counted in kg; null when the unit is kg. */
  kg_per_unit: number | null;
  flows: readonly TradeFlow[];
}

export interface HsDescription {
  code: string;
  description_en: string;
  description_tr: string;
}

const HEADING_ROWS: readonly HeadingRow[] = [...AGRIFOOD, ...MATERIALS, ...TEXTILES, ...INDUSTRY, ...MACHINERY];

const FLOWS: Record<ProductRow[6], readonly TradeFlow[]> = {
  i: ['import'],
  e: ['export'],
  ie: ['import', 'export'],
};

function build() {
  const headings: HsDescription[] = [];
  const subheadings: HsDescription[] = [];
  const products: Product[] = [];
  for (const [hs4, hEn, hTr, subs] of HEADING_ROWS) {
    headings.push({ code: hs4, description_en: hEn, description_tr: hTr });
    for (const [hs6, sEn, sTr, rows] of subs) {
      subheadings.push({ code: hs6, description_en: sEn, description_tr: sTr });
      for (const [gtip, en, tr, unit, usdPerKg, kgPerUnit, flows] of rows) {
        products.push({
          gtip, hs6, description_en: en, description_tr: tr, unit,
          usd_per_kg: usdPerKg, kg_per_unit: kgPerUnit, flows: FLOWS[flows],
        });
      }
    }
  }
  return { headings, subheadings, products };
}

const BUILT = build();

export const CATALOGUE: readonly Product[] = BUILT.products;
export const CATALOGUE_HEADINGS: readonly HsDescription[] = BUILT.headings;
export const CATALOGUE_SUBHEADINGS: readonly HsDescription[] = BUILT.subheadings;

export const PRODUCT_BY_GTIP: ReadonlyMap<string, Product> = new Map(CATALOGUE.map((p) => [p.gtip, p]));
export const HEADING_BY_CODE: ReadonlyMap<string, HsDescription> = new Map(CATALOGUE_HEADINGS.map((h) => [h.code, h]));
export const SUBHEADING_BY_CODE: ReadonlyMap<string, HsDescription> = new Map(CATALOGUE_SUBHEADINGS.map((s) => [s.code, s]));

/** Catalogue products of one chapter that occur in the given flow. */
export function productsInChapter(chapter: string, flow: TradeFlow): Product[] {
  return CATALOGUE.filter((p) => p.gtip.startsWith(chapter) && p.flows.includes(flow));
}

function normalise(raw: Record<string, number>): Readonly<Record<string, number>> {
  const total = Object.values(raw).reduce((a, b) => a + b, 0);
  return Object.freeze(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v / total])));
}

/**
 * Share of trade value by HS chapter, from the suggested 2023–24 calibration: the named chapters
 * carry their published weights (grouped weights such as "52+54+55+60" split by us), and the
 * "rest" is spread over the other chapters the catalogue covers.
 */
export const CHAPTER_WEIGHTS: { readonly export: Readonly<Record<string, number>>; readonly import: Readonly<Record<string, number>> } = {
  export: normalise({
    '87': 13, '84': 9, '85': 6.5, '72': 5.5, '27': 5, '71': 4.5, '61': 4.5, '39': 4, '73': 4, '62': 3,
    '08': 2.5, '76': 2, '94': 2, '52': 1.5, '54': 0.8, '55': 0.8, '60': 0.9, '40': 1.5, '69': 0.8,
    '70': 0.7, '33': 0.8, '34': 0.7, '30': 1, '57': 1, '19': 1, '20': 1,
    // rest: 11.5
    '07': 1.1, '03': 0.5, '04': 0.5, '02': 0.4, '09': 0.3, '11': 0.5, '15': 0.5, '17': 0.5,
    '18': 0.4, '21': 0.3, '22': 0.2, '23': 0.2, '24': 0.3, '25': 0.7, '26': 0.4, '28': 0.5,
    '32': 0.4, '42': 0.3, '44': 0.4, '48': 0.5, '63': 0.7, '64': 0.3, '68': 0.3, '74': 0.3,
    '83': 0.2, '89': 0.3,
  }),
  import: normalise({
    '27': 18, '84': 11, '71': 8, '87': 7, '85': 7, '72': 6.5, '39': 5, '29': 2.5, '90': 2, '30': 2,
    '38': 1.5, '40': 1.5, '76': 1.5, '74': 1, '26': 1.5, '52': 0.8, '55': 0.7, '10': 1.2, '12': 0.8,
    // rest: 21.5
    '01': 0.3, '03': 0.2, '08': 0.5, '09': 0.3, '15': 1.2, '23': 0.7, '28': 0.8, '31': 1.2,
    '32': 0.6, '33': 0.7, '34': 0.3, '41': 0.4, '44': 0.7, '47': 0.6, '48': 1.1, '54': 0.8,
    '62': 0.8, '64': 0.6, '73': 1.5, '75': 0.5, '79': 0.4, '82': 0.5, '88': 1.8, '94': 0.5,
    '95': 1, '91': 0.3, '96': 0.2, '22': 0.2, '18': 0.4, '24': 0.4, '70': 0.5, '21': 0.3,
  }),
};
