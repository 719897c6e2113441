// One declaration from (seed, position): chapter, partner, firms, route, items, money and duties.
// Value shares are calibrated by drawing the chapter with probability weight/size and the value
// with mean proportional to size, so each chapter's expected share of value equals its weight
// while bulky trades (crude oil, gold) come as fewer, larger declarations.
import { CATALOGUE, CHAPTER_WEIGHTS, type Product } from '../reference/catalogue.js';
import { EXPORT_PARTNER_WEIGHTS, IMPORT_PARTNER_WEIGHTS, COUNTRY_BY_ALPHA2 } from '../reference/countries.js';
import { EU27, EFTA } from '../reference/agreements.js';
import { usdRate } from '../reference/code-lists.js';
import type { DeclarationInput, ItemInput } from '../ingest/record.js';
import type { Rng} from './prng.js';
import { Weighted } from './prng.js';
import { brokerName, type Parties, type SynthCompany } from './companies.js';
import { chooseRoute, type Flow, type Route } from './geography.js';

// Relative declaration size per chapter (1 = an ordinary consignment).
const SIZE: Record<string, number> = {
  '27': 8, '71': 4, '72': 2.5, '26': 3, '10': 3, '12': 3, '87': 2, '88': 6, '89': 5, '76': 1.5, '74': 1.5,
  '29': 1.5, '31': 2, '47': 2, '61': 0.6, '62': 0.6, '64': 0.6, '08': 0.8, '09': 0.7, '33': 0.6, '95': 0.7,
};
const sizeOf = (chapter: string) => SIZE[chapter] ?? 1;

/** Mean USD value of an ordinary consignment per flow (imports run larger). */
export const BASE_VALUE: Record<Flow, number> = { export: 55_000, import: 85_000 };
const VALUE_SIGMA = 0.9;

const PRODUCTS = new Map<string, Product[]>();
for (const p of CATALOGUE) {
  for (const f of p.flows) {
    const key = `${f}|${p.gtip.slice(0, 2)}`;
    const list = PRODUCTS.get(key) ?? [];
    list.push(p);
    PRODUCTS.set(key, list);
  }
}

function chapterTable(flow: Flow): Weighted<string> {
  const entries = Object.entries(CHAPTER_WEIGHTS[flow])
    .filter(([c]) => PRODUCTS.has(`${flow}|${c}`))
    .map(([c, w]) => [c, w / sizeOf(c)] as const);
  return new Weighted(entries);
}
export const CHAPTERS: Record<Flow, Weighted<string>> = { export: chapterTable('export'), import: chapterTable('import') };

/** Expected value of one declaration of the flow, for turning value targets into counts. */
export function meanDeclarationValue(flow: Flow): number {
  const t = CHAPTERS[flow];
  let m = 0;
  for (const c of t.items) m += t.share(c) * sizeOf(c);
  return BASE_VALUE[flow] * m;
}

// Partners for the trades that are concentrated in reality: energy comes from Russia and a few
// producers, gold from Switzerland and the Emirates. The other chapters draw from what is left of
// each partner's share, so the overall partner shares still match the calibration weights.
const SPECIAL: Record<Flow, Record<string, Record<string, number>>> = {
  import: {
    '27': { RU: 50, AZ: 8, IQ: 6, SA: 4, US: 6, KZ: 4, NO: 2, IN: 6, DZ: 3, QA: 2, NG: 1, IR: 3, TM: 1, AE: 4 },
    '71': { CH: 50, AE: 25, GB: 8, US: 5, DE: 4, IT: 4, IN: 3, HK: 1 },
  },
  export: {
    '71': { AE: 35, IQ: 15, CH: 15, US: 10, DE: 5, GB: 5, IT: 5, RU: 10 },
  },
};

function partnerTables(flow: Flow): { special: Map<string, Weighted<string>>; rest: Weighted<string> } {
  const target = flow === 'export' ? EXPORT_PARTNER_WEIGHTS : IMPORT_PARTNER_WEIGHTS;
  const chapterShare = (c: string) => CHAPTER_WEIGHTS[flow][c] ?? 0;
  const special = new Map<string, Weighted<string>>();
  const residual: Record<string, number> = { ...target };
  let specialShare = 0;
  for (const [chapter, raw] of Object.entries(SPECIAL[flow])) {
    const table = Weighted.fromRecord(raw);
    special.set(chapter, table);
    specialShare += chapterShare(chapter);
    for (const p of table.items) residual[p] = (residual[p] ?? 0) - chapterShare(chapter) * table.share(p);
  }
  const rest = new Weighted(Object.entries(residual).map(([p, w]) => [p, Math.max(0, w / (1 - specialShare))] as const));
  return { special, rest };
}
const PARTNERS: Record<Flow, ReturnType<typeof partnerTables>> = { export: partnerTables('export'), import: partnerTables('import') };

const RATES = new Map<string, number>();
function rateOf(currency: string, year: number): number {
  const key = `${currency}${year}`;
  let r = RATES.get(key);
  if (r === undefined) RATES.set(key, (r = usdRate(currency, year) ?? usdRate(currency, year < 2018 ? 2018 : 2026) ?? 1));
  return r;
}

const EU = new Set(EU27);
const EFTA_SET = new Set(EFTA);

function currencyFor(rng: Rng, flow: Flow, partner: string): string {
  const r = rng.next();
  if (flow === 'export' && r < 0.03) return 'TRY';
  if (EU.has(partner)) return r < 0.7 ? 'EUR' : 'USD';
  switch (partner) {
    case 'GB': return r < 0.35 ? 'GBP' : r < 0.55 ? 'EUR' : 'USD';
    case 'CH': return r < 0.2 ? 'CHF' : r < 0.55 ? 'EUR' : 'USD';
    case 'RU': return r < 0.3 ? 'RUB' : r < 0.5 ? 'EUR' : 'USD';
    case 'CN': return r < 0.2 ? 'CNY' : 'USD';
    case 'JP': return r < 0.3 ? 'JPY' : 'USD';
    case 'AE': return r < 0.12 ? 'AED' : 'USD';
    case 'SA': return r < 0.12 ? 'SAR' : 'USD';
    case 'SE': case 'NO': case 'DK': return r < 0.2 ? (partner === 'SE' ? 'SEK' : partner === 'NO' ? 'NOK' : 'DKK') : 'EUR';
    default: return r < 0.85 ? 'USD' : 'EUR';
  }
}

const INCOTERMS: Record<string, Weighted<string>> = {
  sea: Weighted.fromRecord({ FOB: 35, CIF: 20, CFR: 15, FCA: 10, EXW: 10, DAP: 10 }),
  air: Weighted.fromRecord({ FCA: 40, CPT: 20, DAP: 20, EXW: 15, CIP: 5 }),
  road: Weighted.fromRecord({ FCA: 35, DAP: 30, EXW: 20, CPT: 10, DDP: 5 }),
  rail: Weighted.fromRecord({ FCA: 50, DAP: 30, EXW: 20 }),
  pipeline: Weighted.fromRecord({ DAP: 70, FCA: 30 }),
};
const REGIMES: Record<Flow, Weighted<string>> = {
  export: Weighted.fromRecord({ '1000': 86, '1042': 3, '3151': 6, '2300': 2, '1071': 2, '2100': 1 }),
  import: Weighted.fromRecord({ '4000': 78, '5100': 10, '4071': 4, '7100': 3, '5300': 3, '6123': 2 }),
};

// Simplified duty model, consistent within the dataset: MFN duty by chapter; zero on industrial
// goods (chapters 25–97) from the EU and EFTA under the customs union; an additional duty (İGV) on
// consumer goods from outside those areas; VAT on value plus duties.
const DUTY_PCT: Record<string, number> = {
  '01': 30, '02': 40, '03': 20, '04': 40, '07': 20, '08': 25, '09': 15, '10': 30, '12': 10, '15': 15,
  '17': 40, '18': 15, '19': 15, '20': 25, '21': 15, '22': 30, '23': 10, '24': 40, '61': 12, '62': 12,
  '63': 12, '64': 17, '87': 10, '94': 3, '95': 4, '42': 5, '40': 3, '39': 6.5, '33': 6.5, '34': 4,
};
const IGV_PCT: Record<string, number> = { '61': 20, '62': 20, '63': 20, '64': 30, '94': 20, '95': 15, '42': 20, '85': 5, '87': 10 };

function dutyRates(chapter: string, origin: string): [duty: number, additional: number] {
  const industrial = Number(chapter) >= 25;
  const union = EU.has(origin) || EFTA_SET.has(origin);
  const duty = union && industrial ? 0 : (DUTY_PCT[chapter] ?? 2.5);
  const additional = union ? 0 : (IGV_PCT[chapter] ?? 0);
  return [duty, additional];
}

const GOLDEN_FRAC = 0.6180339887498949;
const SQRT2_FRAC = 0.41421356237309515;
const frac = (x: number) => x - Math.floor(x);

/** Inverse standard normal CDF (Acklam's rational approximation, relative error below 1.2e-9). */
export function probit(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const q0 = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
  const tail = (q: number) => {
    const t = Math.sqrt(-2 * Math.log(q));
    return (((((c[0]! * t + c[1]!) * t + c[2]!) * t + c[3]!) * t + c[4]!) * t + c[5]!) / ((((d[0]! * t + d[1]!) * t + d[2]!) * t + d[3]!) * t + 1);
  };
  if (q0 < 0.02425) return tail(q0);
  if (q0 > 1 - 0.02425) return -tail(1 - q0);
  const q = q0 - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

const PIPELINE_PARTNERS = new Set(['RU', 'AZ', 'IQ', 'IR']);
const PIPELINE_PRODUCTS = CATALOGUE.filter((p) => /^27(09|11)/.test(p.gtip) && p.flows.includes('import'));

export interface DrawnDeclaration {
  record: DeclarationInput;
  route: Route;
  company: SynthCompany;
  partner: SynthCompany;
  chapter: string;
  /** Largest item: drives packaging, containers and shipment data. */
  main: Product;
}

export interface DeclarationSlot {
  flow: Flow;
  year: number;
  month: number;
  /** Working days of the month to register on. */
  days: readonly string[];
  /** Position of the declaration within its month and flow. */
  position: number;
  /** Per-cell offset of the low-discrepancy sequences, in [0, 1). */
  phase: number;
}

export function drawDeclaration(rng: Rng, slot: DeclarationSlot, parties: Parties, declarationNo: (office: string) => string): DrawnDeclaration {
  const { flow, year } = slot;
  // Chapter and value size follow low-discrepancy sequences over the position in the month, so each
  // month gets close to the calibrated mix and value instead of a noisy sample of it.
  const chapter = CHAPTERS[flow].at(frac(slot.position * SQRT2_FRAC + slot.phase));
  const tables = PARTNERS[flow];
  const partnerCountry = (tables.special.get(chapter) ?? tables.rest).draw(rng);
  const company = parties.pickTurkish(rng, flow, chapter);
  const partner = parties.pickForeign(rng, flow, partnerCountry);
  let products = PRODUCTS.get(`${flow}|${chapter}`) as Product[];
  // Most Russian, Azerbaijani, Iraqi and Iranian energy is crude and gas, which comes by pipeline.
  if (flow === 'import' && chapter === '27' && PIPELINE_PARTNERS.has(partnerCountry) && rng.chance(0.75)) products = PIPELINE_PRODUCTS;

  // Items: mostly one or a few lines, a long tail of mixed consignments.
  const r = rng.next();
  const nItems = r < 0.45 ? 1 : r < 0.75 ? rng.range(2, 3) : r < 0.95 ? rng.range(4, 8) : rng.range(9, 20);
  const chosen: Product[] = [];
  for (let k = 0; k < nItems; k++) chosen.push(rng.pick(products));
  const main = chosen[0] as Product;
  const route = chooseRoute(rng, flow, partnerCountry, main, company.city ?? 'İstanbul');

  const currency = currencyFor(rng, flow, partnerCountry);
  const rate = rateOf(currency, year);
  const z = probit(frac(slot.position * GOLDEN_FRAC + slot.phase * 7.31));
  const usdDrawn = Math.max(50, BASE_VALUE[flow] * sizeOf(chapter) * Math.exp(VALUE_SIGMA * z - (VALUE_SIGMA * VALUE_SIGMA) / 2));
  const invoice = Math.round(usdDrawn * rate * 100) / 100;
  const totalCents = Math.max(nItems, Math.round((invoice / rate) * 100));

  // Split the value over the items with random shares, the last line taking the remainder so the
  // lines add up to the header to the cent.
  const shares: number[] = [];
  let shareSum = 0;
  for (let k = 0; k < nItems; k++) {
    const s = Math.exp(0.8 * rng.normal());
    shares.push(s);
    shareSum += s;
  }
  const origin = flow === 'import' ? partnerCountry : 'TR';
  const [dutyPct, igvPct] = flow === 'import' ? dutyRates(chapter, partnerCountry) : [0, 0];
  const registered = rng.pick(slot.days);
  // The general VAT rate rose from 18 % to 20 % on 10 July 2023.
  const vatPct = flow === 'import' ? (registered >= '2023-07-10' ? 20 : 18) : 0;
  const items: ItemInput[] = [];
  let left = totalCents;
  let net = 0;
  let gross = 0;
  for (let k = 0; k < nItems; k++) {
    const p = chosen[k] as Product;
    const cents = k === nItems - 1 ? left : Math.max(1, Math.min(left - (nItems - 1 - k), Math.round((totalCents * (shares[k] as number)) / shareSum)));
    left -= cents;
    const usd = cents / 100;
    const perKg = p.usd_per_kg * Math.exp(0.2 * rng.normal());
    let netKg = usd / perKg;
    let quantity: number;
    if (p.kg_per_unit) {
      quantity = Math.max(1, Math.round(netKg / p.kg_per_unit));
      netKg = quantity * p.kg_per_unit * (0.97 + 0.06 * rng.next());
    } else {
      quantity = Math.round(netKg * 100) / 100;
    }
    netKg = Math.max(0.01, Math.round(netKg * 100) / 100);
    if (!p.kg_per_unit) quantity = netKg;
    const bulk = route.mode === 'pipeline' || chapter === '27' || chapter === '26' || chapter === '10';
    const grossKg = Math.round(netKg * (bulk ? 1 : 1.03 + 0.09 * rng.next()) * 100) / 100;
    net += netKg;
    gross += grossKg;
    const duty = Math.round(cents * dutyPct) / 100;
    const igv = Math.round(cents * igvPct) / 100;
    const vat = Math.round((cents + duty + igv) * vatPct) / 100;
    items.push({
      line_no: k + 1,
      gtip: p.gtip,
      description: p.description_tr,
      quantity,
      quantity_unit: p.unit,
      net_weight_kg: netKg,
      gross_weight_kg: grossKg,
      value_usd: usd,
      country_of_origin: origin,
      ...(flow === 'import' ? { customs_duty_usd: duty / 100, additional_duty_usd: igv / 100, vat_usd: vat / 100 } : {}),
    });
  }

  const record: DeclarationInput = {
    declaration_no: declarationNo(route.customsOffice),
    flow,
    regime: REGIMES[flow].draw(rng),
    registered_at: registered,
    customs_office: route.customsOffice,
    declarant: rng.chance(0.85) ? brokerName(rng) : null,
    company: { tax_number: company.tax_number, name: company.name, country: 'TR', city: company.city, address: company.address },
    partner: { name: partner.name, country: partner.country, city: partner.city },
    country_of_origin: origin,
    country_of_dispatch: flow === 'import' ? partnerCountry : 'TR',
    country_of_destination: flow === 'import' ? 'TR' : partnerCountry,
    incoterm: INCOTERMS[route.mode]?.draw(rng) ?? null,
    currency,
    invoice_value: invoice,
    value_usd: totalCents / 100,
    transport_mode: route.mode,
    port: route.port,
    vessel: null,
    bl_number: null,
    net_weight_kg: Math.round(net * 100) / 100,
    gross_weight_kg: Math.round(gross * 100) / 100,
    items,
  };
  return { record, route, company, partner, chapter, main };
}

export function countryName(alpha2: string): string {
  return COUNTRY_BY_ALPHA2.get(alpha2)?.name_en ?? alpha2;
}
