// Tariff measures at import, keyed by HS prefix (2–12 digits; the longest matching prefix of a
// kind wins). DEMO DATA: the structure follows the Turkish regime, the rates are plausible but
// invented unless `illustrative` is false. Every row says so; nothing here is legal advice.

import { EU27 } from './agreements.js';
import type { AgreementKind, IgvGroup } from './agreements.js';

export type MeasureKind =
  | 'customs_duty'
  | 'additional_duty'
  | 'anti_dumping'
  | 'safeguard'
  | 'vat'
  | 'special_consumption_tax'
  | 'kkdf';

/** Ad valorem (percent of a money basis) or specific (USD per kg or per supplementary unit). */
export type Levy =
  | { basis: 'ad_valorem'; pct: number }
  | { basis: 'specific'; usd_per: number; per: 'kg' | 'unit'; unit_label: string };

interface MeasureBase {
  id: string;
  /** Digits only, 2–12 long. */
  hs_prefix: string;
  valid_from: string;
  /** Last day of validity, inclusive; null = open-ended. */
  valid_to: string | null;
  legal_basis: string;
  /** true = the rate and/or the reference is invented for the demo dataset. */
  illustrative: boolean;
  note?: string;
}

export interface CustomsDutyMeasure extends MeasureBase {
  kind: 'customs_duty';
  mfn_pct: number;
  /** Preferential rate by kind of agreement; absent = no preference for that kind. */
  preferential_pct: Partial<Record<AgreementKind, number>>;
  /** Rate for one named agreement, overriding the rate for its kind. */
  by_agreement_pct?: Readonly<Record<string, number>>;
}

/** One rate per İGV country group, index 0 = group 1. */
export type IgvRates = readonly [number, number, number, number, number, number, number, number];

export interface AdditionalDutyMeasure extends MeasureBase {
  kind: 'additional_duty';
  by_group_pct: IgvRates;
}

export interface TradeRemedyMeasure extends MeasureBase {
  kind: 'anti_dumping' | 'safeguard';
  subject: string;
  /** Origins the measure targets; 'all' = erga omnes (safeguards). */
  origins: readonly string[] | 'all';
  exempt_origins: readonly string[];
  levy: Levy;
}

export interface VatMeasure extends MeasureBase {
  kind: 'vat';
  pct: number;
}

export interface SpecialConsumptionTaxMeasure extends MeasureBase {
  kind: 'special_consumption_tax';
  /** The list of Law 4760 the good is on: I fuels, II vehicles, III alcohol and tobacco, IV other. */
  list: 'I' | 'II' | 'III' | 'IV';
  levy: Levy;
}

export interface KkdfMeasure extends MeasureBase {
  kind: 'kkdf';
  /** Charged on the CIF value, only for imports paid on credit (acceptance, deferred payment). */
  pct: number;
}

export type TariffMeasure =
  | CustomsDutyMeasure
  | AdditionalDutyMeasure
  | TradeRemedyMeasure
  | VatMeasure
  | SpecialConsumptionTaxMeasure
  | KkdfMeasure;

/** The data below start here; earlier dates have no tariff data. */
export const TARIFF_DATA_FROM = '2018-01-01';
/** Presidential Decree 7346 raised VAT 18→20 % and 8→10 % from this day. */
export const VAT_CHANGE_DATE = '2023-07-10';
const BEFORE_VAT_CHANGE = '2023-07-09';

const TARIFF_SCHEDULE = 'Türk Gümrük Tarife Cetveli (demo rates)';
const IMPORT_REGIME_ANNEX = 'İthalat Rejimi Kararı Ek-I, İGV columns (illustrative)';
const VAT_LAW_OLD = 'KDV Kanunu 3065 md. 28; BKK 2007/13033';
const VAT_LAW_NEW = 'KDV Kanunu 3065 md. 28; Cumhurbaşkanı Kararı 7346 (RG 32241, 07.07.2023)';
const OTV_LAW = 'ÖTV Kanunu 4760';
const KKDF_BASIS = 'KKDF — Bakanlar Kurulu Kararı 88/12944';

// ---------------------------------------------------------------------------------------------
// Chapter defaults. Industrial chapters (25–97) follow the EU common tariff under the customs
// union, so EU and FTA origins pay 0 %. Agricultural chapters keep Turkish rates; the EU regime
// for agricultural products and most FTAs grant only a reduced rate on some chapters.

/** [chapter, MFN %, EU agricultural regime %, FTA %] — null = no preference. */
type AgriRow = readonly [string, number, number | null, number | null];
const AGRI_CHAPTERS: readonly AgriRow[] = [
  ['01', 26, 13, null], ['02', 100, 60, null], ['03', 35, 20, 20], ['04', 100, 60, null],
  ['05', 5, 0, 0], ['06', 20, 10, 10], ['07', 25, 15, 15], ['08', 40, 25, 25],
  ['09', 20, 10, 10], ['10', 45, null, null], ['11', 45, 30, null], ['12', 15, 5, 5],
  ['13', 5, 0, 0], ['14', 0, 0, 0], ['15', 20, 10, 10], ['16', 60, 40, null],
  ['17', 100, 70, null], ['18', 10, 5, 5], ['19', 20, 10, 10], ['20', 30, 15, 15],
  ['21', 15, 8, 8], ['22', 40, 30, null], ['23', 10, 5, 5], ['24', 60, 45, null],
];

/** [chapter, MFN %] for chapters 25–97 (77 is reserved in the HS). */
type IndustrialRow = readonly [string, number];
const INDUSTRIAL_CHAPTERS: readonly IndustrialRow[] = [
  ['25', 0], ['26', 0], ['27', 0], ['28', 4], ['29', 5], ['30', 0], ['31', 5], ['32', 5],
  ['33', 0], ['34', 4], ['35', 5], ['36', 6], ['37', 6], ['38', 5], ['39', 6.5], ['40', 3],
  ['41', 2], ['42', 3.7], ['43', 2.2], ['44', 3], ['45', 4.7], ['46', 4], ['47', 0], ['48', 0],
  ['49', 0], ['50', 4], ['51', 4], ['52', 8], ['53', 4], ['54', 8], ['55', 8], ['56', 6],
  ['57', 8], ['58', 8], ['59', 6], ['60', 8], ['61', 12], ['62', 12], ['63', 12], ['64', 17],
  ['65', 2.7], ['66', 4.7], ['67', 2.7], ['68', 1.7], ['69', 5], ['70', 3], ['71', 2.5], ['72', 5],
  ['73', 2.7], ['74', 2], ['75', 0], ['76', 6], ['78', 2.5], ['79', 2.5], ['80', 0], ['81', 3],
  ['82', 2.7], ['83', 2.7], ['84', 1.7], ['85', 2.7], ['86', 1.7], ['87', 10], ['88', 1.7],
  ['89', 1.7], ['90', 2.1], ['91', 4.5], ['92', 3.2], ['93', 3.2], ['94', 2.7], ['95', 2.7],
  ['96', 3.7], ['97', 0],
];

/** Every chapter the tariff covers, in order. */
export const TARIFF_CHAPTERS: readonly string[] = [
  ...AGRI_CHAPTERS.map((r) => r[0]),
  ...INDUSTRIAL_CHAPTERS.map((r) => r[0]),
];

// VAT: general 18→20 %, reduced 8→10 %; the chapters below take the reduced rate by default.
const REDUCED_VAT_CHAPTERS = new Set([
  '01', '02', '03', '04', '07', '08', '09', '10', '11', '12', '15', '16', '17', '18', '19',
  '20', '21', '23', '30', '61', '62', '63',
]);

function chapterDuty(prefix: string, mfn: number, pref: CustomsDutyMeasure['preferential_pct'],
  byAgreement?: Record<string, number>): CustomsDutyMeasure {
  return {
    id: `gv-${prefix}`, kind: 'customs_duty', hs_prefix: prefix, valid_from: TARIFF_DATA_FROM, valid_to: null,
    legal_basis: TARIFF_SCHEDULE, illustrative: true, mfn_pct: mfn, preferential_pct: pref,
    ...(byAgreement ? { by_agreement_pct: byAgreement } : {}),
  };
}

function chapterDefaults(): TariffMeasure[] {
  const out: TariffMeasure[] = [];
  for (const [ch, mfn, eu, ftaPct] of AGRI_CHAPTERS) {
    out.push(chapterDuty(ch, mfn, ftaPct === null ? {} : { fta: ftaPct }, eu === null ? undefined : { 'tr-eu-agri': eu }));
  }
  for (const [ch, mfn] of INDUSTRIAL_CHAPTERS) {
    out.push(chapterDuty(ch, mfn, { customs_union: 0, fta: 0 }));
  }
  for (const ch of TARIFF_CHAPTERS) {
    const reduced = REDUCED_VAT_CHAPTERS.has(ch);
    out.push(...vatPair(ch, reduced ? 8 : 18, reduced ? 10 : 20, !reduced));
    out.push({
      id: `kkdf-${ch}`, kind: 'kkdf', hs_prefix: ch, valid_from: TARIFF_DATA_FROM, valid_to: null,
      legal_basis: KKDF_BASIS, illustrative: false, pct: 6,
    });
  }
  return out;
}

/** The rate before and from 10 Jul 2023. Only general-rate rows are sourced as such. */
function vatPair(prefix: string, before: number, after: number, sourced = false): VatMeasure[] {
  return [
    {
      id: `kdv-${prefix}-old`, kind: 'vat', hs_prefix: prefix, valid_from: TARIFF_DATA_FROM,
      valid_to: BEFORE_VAT_CHANGE, legal_basis: VAT_LAW_OLD, illustrative: !sourced, pct: before,
    },
    {
      id: `kdv-${prefix}-2023`, kind: 'vat', hs_prefix: prefix, valid_from: VAT_CHANGE_DATE,
      valid_to: null, legal_basis: VAT_LAW_NEW, illustrative: !sourced, pct: after,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Specific headings.

function duty(
  prefix: string, mfn: number, pref: CustomsDutyMeasure['preferential_pct'], note?: string,
  byAgreement?: Record<string, number>,
): CustomsDutyMeasure {
  return {
    ...chapterDuty(prefix, mfn, pref, byAgreement),
    ...(note ? { note } : {}),
  };
}

const INDUSTRIAL_PREF = { customs_union: 0, fta: 0 } as const;

const SPECIFIC_DUTIES: readonly CustomsDutyMeasure[] = [
  duty('0802', 145, {}, 'Nuts, including hazelnuts: a sensitive line with no preference.'),
  duty('1001', 130, {}, 'Wheat: no preference; the applied rate has often been cut by decree.'),
  duty('0406', 100, { fta: 70 }, 'Cheese.', { 'tr-eu-agri': 60 }),
  duty('2204', 70, {}),
  duty('2208', 70, {}),
  duty('8703', 10, INDUSTRIAL_PREF),
  duty('8708', 4.5, INDUSTRIAL_PREF),
  duty('8517', 0, INDUSTRIAL_PREF, 'Information Technology Agreement goods are duty free.'),
  duty('8471', 0, INDUSTRIAL_PREF, 'Information Technology Agreement goods are duty free.'),
  duty('6403', 8, INDUSTRIAL_PREF),
  duty('4011', 4.5, INDUSTRIAL_PREF),
  duty('9403', 0, INDUSTRIAL_PREF),
  duty('7208', 9, INDUSTRIAL_PREF, 'Flat-rolled steel: Turkey has raised its MFN steel duties above the EU level.'),
  duty('7210', 9, INDUSTRIAL_PREF),
  duty('7306', 1.7, INDUSTRIAL_PREF),
  duty('2709', 0, INDUSTRIAL_PREF),
  duty('7108', 0, INDUSTRIAL_PREF),
];

function igv(prefix: string, rates: IgvRates, valid_from = TARIFF_DATA_FROM, valid_to: string | null = null): AdditionalDutyMeasure {
  return {
    id: `igv-${prefix}-${valid_from.slice(0, 4)}`, kind: 'additional_duty', hs_prefix: prefix,
    valid_from, valid_to, legal_basis: IMPORT_REGIME_ANNEX, illustrative: true, by_group_pct: rates,
  };
}

const APPAREL_IGV: IgvRates = [0, 0, 0, 20, 0, 20, 20, 30];

const ADDITIONAL_DUTIES: readonly AdditionalDutyMeasure[] = [
  igv('61', APPAREL_IGV), igv('62', APPAREL_IGV), igv('64', APPAREL_IGV),
  igv('60', [0, 0, 0, 10, 0, 10, 10, 10]), igv('5208', [0, 0, 0, 10, 0, 10, 10, 10]),
  igv('5209', [0, 0, 0, 10, 0, 10, 10, 10]),
  igv('3303', [0, 0, 0, 10, 0, 10, 20, 25]), igv('3304', [0, 0, 0, 10, 0, 10, 20, 25]),
  igv('3305', [0, 0, 0, 10, 0, 10, 20, 25]),
  igv('9401', [0, 0, 10, 20, 0, 20, 20, 30]), igv('9403', [0, 0, 10, 20, 0, 20, 20, 30]),
  igv('7208', [0, 0, 0, 10, 0, 10, 10, 15]), igv('7210', [0, 0, 0, 10, 0, 10, 10, 15]),
  igv('7213', [0, 0, 0, 10, 0, 10, 10, 15]),
  igv('4011', [0, 0, 0, 10, 0, 10, 15, 20]),
  igv('851713', [0, 0, 0, 20, 0, 20, 20, 20]),
  igv('8703', [0, 0, 0, 10, 0, 10, 10, 20]),
  igv('8418', [0, 0, 0, 10, 0, 10, 10, 20]), igv('8450', [0, 0, 0, 10, 0, 10, 10, 20]),
  igv('9503', [0, 0, 0, 10, 0, 10, 20, 30]),
];

function remedy(
  kind: TradeRemedyMeasure['kind'], prefix: string, origins: readonly string[] | 'all', levy: Levy,
  subject: string, extra: Partial<TradeRemedyMeasure> = {},
): TradeRemedyMeasure {
  const tag = origins === 'all' ? 'all' : origins.join('-').toLowerCase();
  return {
    id: `${kind === 'anti_dumping' ? 'ad' : 'sg'}-${prefix}-${tag}`, kind, hs_prefix: prefix,
    valid_from: TARIFF_DATA_FROM, valid_to: null,
    legal_basis: kind === 'anti_dumping'
      ? 'İthalatta Haksız Rekabetin Önlenmesi Tebliği (illustrative reference)'
      : 'İthalatta Korunma Önlemleri Tebliği (illustrative reference)',
    illustrative: true, subject, origins, exempt_origins: [], levy, ...extra,
  };
}

const pct = (p: number): Levy => ({ basis: 'ad_valorem', pct: p });
const perKg = (usd: number): Levy => ({ basis: 'specific', usd_per: usd, per: 'kg', unit_label: 'kg net' });

const TRADE_REMEDIES: readonly TradeRemedyMeasure[] = [
  remedy('anti_dumping', '7208', ['CN'], pct(6.9), 'Hot-rolled flat steel'),
  remedy('anti_dumping', '730630', ['CN'], pct(12), 'Welded steel tubes'),
  remedy('anti_dumping', '540233', ['CN'], perKg(0.27), 'Textured polyester filament yarn'),
  remedy('anti_dumping', '540233', ['VN'], pct(14), 'Textured polyester filament yarn'),
  remedy('anti_dumping', '5509', ['CN', 'VN'], perKg(0.55), 'Synthetic staple fibre yarn'),
  remedy('anti_dumping', '401110', ['CN'], perKg(2.1), 'Passenger-car tyres'),
  remedy('anti_dumping', '401120', ['CN', 'TH'], pct(27), 'Bus and lorry tyres'),
  remedy('anti_dumping', '6109', ['CN'], perKg(2.5), 'T-shirts and vests, knitted'),
  remedy('safeguard', '3920202100', 'all', pct(10), 'Biaxially oriented polypropylene (BOPP) film',
    { note: 'Erga omnes; applies whatever the origin.' }),
  remedy('safeguard', '7210', 'all', pct(25), 'Coated flat-rolled steel (out-of-quota rate)',
    { valid_to: '2021-12-31', exempt_origins: EU27 }),
];

function otv(prefix: string, list: SpecialConsumptionTaxMeasure['list'], levy: Levy, note?: string): SpecialConsumptionTaxMeasure {
  return {
    id: `otv-${prefix}`, kind: 'special_consumption_tax', hs_prefix: prefix, valid_from: TARIFF_DATA_FROM,
    valid_to: null, legal_basis: `${OTV_LAW} (${list}) sayılı liste (demo rate)`, illustrative: true, list, levy,
    ...(note ? { note } : {}),
  };
}

const perUnit = (usd: number, unit_label: string): Levy => ({ basis: 'specific', usd_per: usd, per: 'unit', unit_label });

const SPECIAL_CONSUMPTION_TAXES: readonly SpecialConsumptionTaxMeasure[] = [
  otv('271012', 'I', perUnit(0.7, 'litre'), 'Light oils (petrol); amount converted from TRY at an illustrative rate.'),
  otv('271019', 'I', perUnit(0.65, 'litre'), 'Gas oil and other medium/heavy oils.'),
  otv('2711', 'I', perKg(0.2), 'LPG and other petroleum gases.'),
  // Real passenger-car rates also depend on the tax base band; one rate per subheading here.
  otv('8703', 'II', pct(80)),
  otv('870321', 'II', pct(70)), otv('870322', 'II', pct(80)), otv('870323', 'II', pct(150)),
  otv('870324', 'II', pct(220)), otv('870331', 'II', pct(80)), otv('870332', 'II', pct(150)),
  otv('870333', 'II', pct(220)), otv('870380', 'II', pct(10)),
  otv('8711', 'II', pct(37)),
  otv('2203', 'III', perUnit(1.1, 'litre')), otv('2204', 'III', perUnit(2, 'litre')),
  otv('2208', 'III', perUnit(12, 'litre')),
  otv('2402', 'III', pct(63)), otv('2403', 'III', pct(63)),
  otv('851713', 'IV', pct(25)),
  otv('3303', 'IV', pct(20)), otv('3304', 'IV', pct(20)),
  otv('8418', 'IV', pct(6.7)), otv('8450', 'IV', pct(6.7)),
];

const SPECIFIC_VAT: readonly VatMeasure[] = [
  ...vatPair('1001', 1, 1),
  ...vatPair('0802', 1, 1),
  ...vatPair('7108', 0, 0),
];

export const TARIFF_MEASURES: readonly TariffMeasure[] = [
  ...chapterDefaults(),
  ...SPECIFIC_DUTIES,
  ...ADDITIONAL_DUTIES,
  ...TRADE_REMEDIES,
  ...SPECIAL_CONSUMPTION_TAXES,
  ...SPECIFIC_VAT,
];

/** Is the measure valid on this date (both ends inclusive)? */
export function isValidOn(m: { valid_from: string; valid_to: string | null }, onDate: string): boolean {
  return onDate >= m.valid_from && (m.valid_to === null || onDate <= m.valid_to);
}

/** All measures of one kind whose prefix matches the digits-only code and that are valid on the date. */
export function matchingMeasures<K extends MeasureKind>(
  measures: readonly TariffMeasure[], kind: K, code: string, onDate: string,
): Extract<TariffMeasure, { kind: K }>[] {
  return measures.filter(
    (m): m is Extract<TariffMeasure, { kind: K }> =>
      m.kind === kind && code.startsWith(m.hs_prefix) && isValidOn(m, onDate),
  );
}

/** The matching measure with the longest prefix; on a tie, the first in data order. */
export function mostSpecific<T extends { hs_prefix: string }>(candidates: readonly T[]): T | null {
  let best: T | null = null;
  for (const m of candidates) {
    if (best === null || m.hs_prefix.length > best.hs_prefix.length) best = m;
  }
  return best;
}

export function igvRateFor(m: AdditionalDutyMeasure, group: IgvGroup): number {
  return m.by_group_pct[group - 1] ?? 0;
}
