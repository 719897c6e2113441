// Code lists served at /v1/trade/reference/{list}. Every entry has at least `code` and `name`
// (English); most also carry `name_tr`.

export type TransportMode = 'sea' | 'air' | 'road' | 'rail' | 'pipeline' | 'post' | 'other';

export interface CodeEntry {
  code: string;
  name: string;
  name_tr?: string;
}

export const TRANSPORT_MODES: readonly (CodeEntry & { code: TransportMode })[] = [
  { code: 'sea', name: 'Sea', name_tr: 'Deniz yolu' },
  { code: 'air', name: 'Air', name_tr: 'Hava yolu' },
  { code: 'road', name: 'Road', name_tr: 'Kara yolu' },
  { code: 'rail', name: 'Rail', name_tr: 'Demir yolu' },
  { code: 'pipeline', name: 'Fixed installation (pipeline, power line)', name_tr: 'Sabit tesisler (boru hattı, enerji hattı)' },
  { code: 'post', name: 'Postal consignment', name_tr: 'Posta' },
  { code: 'other', name: 'Other or own propulsion', name_tr: 'Diğer / kendi gücüyle' },
];

export interface IncotermEntry extends CodeEntry {
  /** "any" mode, or sea and inland waterway only. */
  mode: 'any' | 'sea';
  description: string;
}

export const INCOTERMS: readonly IncotermEntry[] = [
  { code: 'EXW', name: 'Ex Works', mode: 'any', description: 'The buyer collects at the seller’s premises and bears all costs and risks from there, including export clearance.' },
  { code: 'FCA', name: 'Free Carrier', mode: 'any', description: 'The seller clears the goods for export and hands them to the buyer’s carrier at an agreed place.' },
  { code: 'CPT', name: 'Carriage Paid To', mode: 'any', description: 'The seller pays carriage to the destination; risk passes when the goods reach the first carrier.' },
  { code: 'CIP', name: 'Carriage and Insurance Paid To', mode: 'any', description: 'As CPT, and the seller also buys all-risks cargo insurance for the buyer.' },
  { code: 'DAP', name: 'Delivered at Place', mode: 'any', description: 'The seller delivers to the named destination, ready for unloading; the buyer clears import.' },
  { code: 'DPU', name: 'Delivered at Place Unloaded', mode: 'any', description: 'As DAP, but the seller also unloads the goods at the destination.' },
  { code: 'DDP', name: 'Delivered Duty Paid', mode: 'any', description: 'The seller delivers cleared for import, paying duties and taxes at destination.' },
  { code: 'FAS', name: 'Free Alongside Ship', mode: 'sea', description: 'The seller places the goods beside the vessel at the port of loading.' },
  { code: 'FOB', name: 'Free on Board', mode: 'sea', description: 'The seller loads the goods on board the vessel; risk passes once they are on board.' },
  { code: 'CFR', name: 'Cost and Freight', mode: 'sea', description: 'The seller pays sea freight to the port of discharge; risk passes on loading.' },
  { code: 'CIF', name: 'Cost, Insurance and Freight', mode: 'sea', description: 'As CFR, and the seller also buys minimum cargo insurance for the buyer.' },
];

export interface RegimeEntry extends CodeEntry {
  name_tr: string;
  flow: 'import' | 'export';
}

// Four-digit procedure codes: requested procedure (first two digits) and previous procedure
// (last two), as used on the single administrative document.
export const REGIMES: readonly RegimeEntry[] = [
  { code: '1000', flow: 'export', name: 'Permanent export', name_tr: 'Kesin ihracat' },
  { code: '1042', flow: 'export', name: 'Export of goods released with VAT relief', name_tr: 'KDV muafiyetli serbest dolaşımdaki eşyanın ihracatı' },
  { code: '1071', flow: 'export', name: 'Export from a customs warehouse', name_tr: 'Antrepodan ihracat' },
  { code: '2100', flow: 'export', name: 'Temporary export for outward processing', name_tr: 'Hariçte işleme amacıyla geçici ihracat' },
  { code: '2300', flow: 'export', name: 'Temporary export for return unaltered', name_tr: 'Aynen geri gelmek üzere geçici ihracat' },
  { code: '3151', flow: 'export', name: 'Re-export after inward processing', name_tr: 'Dahilde işleme sonrası yeniden ihracat' },
  { code: '3153', flow: 'export', name: 'Re-export after temporary admission', name_tr: 'Geçici ithalat sonrası yeniden ihracat' },
  { code: '3171', flow: 'export', name: 'Re-export from a customs warehouse', name_tr: 'Antrepodan yeniden ihracat' },
  { code: '4000', flow: 'import', name: 'Release for free circulation and home use', name_tr: 'Serbest dolaşıma giriş' },
  { code: '4051', flow: 'import', name: 'Free circulation after inward processing', name_tr: 'Dahilde işleme sonrası serbest dolaşıma giriş' },
  { code: '4071', flow: 'import', name: 'Free circulation from a customs warehouse', name_tr: 'Antrepodan serbest dolaşıma giriş' },
  { code: '5100', flow: 'import', name: 'Inward processing', name_tr: 'Dahilde işleme rejimi' },
  { code: '5300', flow: 'import', name: 'Temporary admission', name_tr: 'Geçici ithalat' },
  { code: '6121', flow: 'import', name: 'Re-import after outward processing', name_tr: 'Hariçte işleme sonrası yeniden ithalat' },
  { code: '6123', flow: 'import', name: 'Re-import of goods exported temporarily', name_tr: 'Geçici ihraç edilen eşyanın geri gelişi' },
  { code: '7100', flow: 'import', name: 'Entry into a customs warehouse', name_tr: 'Antrepo rejimi' },
  { code: '7800', flow: 'import', name: 'Entry into a free zone', name_tr: 'Serbest bölgeye giriş' },
];

export const CALENDAR_YEARS = [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026] as const;
export type RateYear = (typeof CALENDAR_YEARS)[number];

export interface CurrencyEntry extends CodeEntry {
  name_tr: string;
  /**
   * Approximate yearly average: units of this currency per 1 USD, for the years 2018–2026.
   * Rounded market averages; 2025 and 2026 are estimates. They exist so invoices convert to USD
   * deterministically; they are not official rates and must not be used for accounting.
   */
  per_usd: readonly [number, number, number, number, number, number, number, number, number];
}

export const CURRENCIES: readonly CurrencyEntry[] = [
  { code: 'USD', name: 'US dollar', name_tr: 'ABD doları', per_usd: [1, 1, 1, 1, 1, 1, 1, 1, 1] },
  { code: 'EUR', name: 'Euro', name_tr: 'Euro', per_usd: [0.847, 0.893, 0.877, 0.846, 0.951, 0.925, 0.924, 0.885, 0.86] },
  { code: 'TRY', name: 'Turkish lira', name_tr: 'Türk lirası', per_usd: [4.83, 5.67, 7.01, 8.85, 16.55, 23.8, 32.8, 39.5, 45] },
  { code: 'GBP', name: 'Pound sterling', name_tr: 'İngiliz sterlini', per_usd: [0.75, 0.784, 0.78, 0.727, 0.811, 0.804, 0.783, 0.755, 0.75] },
  { code: 'CHF', name: 'Swiss franc', name_tr: 'İsviçre frangı', per_usd: [0.978, 0.994, 0.939, 0.914, 0.955, 0.899, 0.881, 0.83, 0.8] },
  { code: 'CNY', name: 'Chinese yuan', name_tr: 'Çin yuanı', per_usd: [6.62, 6.91, 6.9, 6.45, 6.73, 7.08, 7.19, 7.19, 7.1] },
  { code: 'JPY', name: 'Japanese yen', name_tr: 'Japon yeni', per_usd: [110.4, 109, 106.8, 109.8, 131.5, 140.5, 151.4, 149, 150] },
  { code: 'RUB', name: 'Russian rouble', name_tr: 'Rus rublesi', per_usd: [62.7, 64.7, 72.1, 73.7, 68.5, 85.2, 92.6, 83, 80] },
  { code: 'AED', name: 'UAE dirham', name_tr: 'BAE dirhemi', per_usd: [3.6725, 3.6725, 3.6725, 3.6725, 3.6725, 3.6725, 3.6725, 3.6725, 3.6725] },
  { code: 'SAR', name: 'Saudi riyal', name_tr: 'Suudi riyali', per_usd: [3.75, 3.75, 3.75, 3.75, 3.75, 3.75, 3.75, 3.75, 3.75] },
  { code: 'KWD', name: 'Kuwaiti dinar', name_tr: 'Kuveyt dinarı', per_usd: [0.303, 0.304, 0.306, 0.301, 0.306, 0.307, 0.307, 0.307, 0.307] },
  { code: 'SEK', name: 'Swedish krona', name_tr: 'İsveç kronu', per_usd: [8.69, 9.46, 9.21, 8.58, 10.11, 10.61, 10.56, 9.9, 9.5] },
  { code: 'NOK', name: 'Norwegian krone', name_tr: 'Norveç kronu', per_usd: [8.13, 8.8, 9.42, 8.6, 9.61, 10.56, 10.74, 10.3, 10] },
  { code: 'DKK', name: 'Danish krone', name_tr: 'Danimarka kronu', per_usd: [6.31, 6.67, 6.54, 6.29, 7.08, 6.89, 6.89, 6.6, 6.4] },
  { code: 'CAD', name: 'Canadian dollar', name_tr: 'Kanada doları', per_usd: [1.296, 1.327, 1.341, 1.254, 1.301, 1.35, 1.37, 1.4, 1.38] },
  { code: 'AUD', name: 'Australian dollar', name_tr: 'Avustralya doları', per_usd: [1.338, 1.439, 1.453, 1.332, 1.442, 1.506, 1.516, 1.55, 1.52] },
];

const CURRENCY_BY_CODE = new Map(CURRENCIES.map((c) => [c.code, c]));

/** Units of `currency` per USD in `year`; undefined for an unknown currency or a year outside 2018–2026. */
export function usdRate(currency: string, year: number): number | undefined {
  const i = CALENDAR_YEARS.indexOf(year as RateYear);
  if (i < 0) return undefined;
  return CURRENCY_BY_CODE.get(currency.toUpperCase())?.per_usd[i];
}

/** Converts an amount to USD at the year's approximate average rate, rounded to cents. */
export function toUsd(amount: number, currency: string, year: number): number | undefined {
  const rate = usdRate(currency, year);
  return rate === undefined ? undefined : Math.round((amount / rate) * 100) / 100;
}

export interface UnitEntry extends CodeEntry {
  name_tr: string;
  /** What the unit measures, so quantities of different kinds are never summed together. */
  dimension: 'mass' | 'count' | 'volume' | 'length' | 'area' | 'energy';
}

export const UNITS: readonly UnitEntry[] = [
  { code: 'kg', name: 'Kilogram', name_tr: 'Kilogram', dimension: 'mass' },
  { code: 'g', name: 'Gram', name_tr: 'Gram', dimension: 'mass' },
  { code: 't', name: 'Metric tonne', name_tr: 'Ton', dimension: 'mass' },
  { code: 'carat', name: 'Metric carat (0.2 g)', name_tr: 'Kırat', dimension: 'mass' },
  { code: 'u', name: 'Piece', name_tr: 'Adet', dimension: 'count' },
  { code: 'pair', name: 'Pair', name_tr: 'Çift', dimension: 'count' },
  { code: 'set', name: 'Set', name_tr: 'Takım', dimension: 'count' },
  { code: '1000u', name: 'Thousand pieces', name_tr: 'Bin adet', dimension: 'count' },
  { code: 'l', name: 'Litre', name_tr: 'Litre', dimension: 'volume' },
  { code: 'm3', name: 'Cubic metre', name_tr: 'Metreküp', dimension: 'volume' },
  { code: 'm', name: 'Metre', name_tr: 'Metre', dimension: 'length' },
  { code: 'm2', name: 'Square metre', name_tr: 'Metrekare', dimension: 'area' },
  { code: 'kwh', name: 'Kilowatt-hour', name_tr: 'Kilovatsaat', dimension: 'energy' },
];

export type EventType = 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT';

export interface EventCodeEntry extends CodeEntry {
  event_type: EventType;
  description: string;
}

// Event codes of the DCSA Track & Trace standard.
export const EVENT_CODES: readonly EventCodeEntry[] = [
  { code: 'ARRI', event_type: 'TRANSPORT', name: 'Arrived', description: 'The vessel or vehicle arrived at a location.' },
  { code: 'DEPA', event_type: 'TRANSPORT', name: 'Departed', description: 'The vessel or vehicle left a location.' },
  { code: 'LOAD', event_type: 'EQUIPMENT', name: 'Loaded', description: 'The container was loaded onto the means of transport.' },
  { code: 'DISC', event_type: 'EQUIPMENT', name: 'Discharged', description: 'The container was unloaded from the means of transport.' },
  { code: 'GTIN', event_type: 'EQUIPMENT', name: 'Gated in', description: 'The container entered a terminal or depot.' },
  { code: 'GTOT', event_type: 'EQUIPMENT', name: 'Gated out', description: 'The container left a terminal or depot.' },
  { code: 'STUF', event_type: 'EQUIPMENT', name: 'Stuffed', description: 'Cargo was packed into the container.' },
  { code: 'STRP', event_type: 'EQUIPMENT', name: 'Stripped', description: 'Cargo was unpacked from the container.' },
  { code: 'PICK', event_type: 'EQUIPMENT', name: 'Picked up', description: 'The container was collected by a haulier.' },
  { code: 'DROP', event_type: 'EQUIPMENT', name: 'Dropped off', description: 'The container was delivered by a haulier.' },
  { code: 'INSP', event_type: 'EQUIPMENT', name: 'Inspected', description: 'The container was inspected, for example by customs.' },
  { code: 'RSEA', event_type: 'EQUIPMENT', name: 'Resealed', description: 'The container received a new seal after an inspection.' },
  { code: 'RMVD', event_type: 'EQUIPMENT', name: 'Removed', description: 'The container was taken out of its planned flow.' },
  { code: 'RECE', event_type: 'SHIPMENT', name: 'Received', description: 'A document or request was received.' },
  { code: 'DRFT', event_type: 'SHIPMENT', name: 'Drafted', description: 'A document was drafted.' },
  { code: 'PENA', event_type: 'SHIPMENT', name: 'Pending approval', description: 'A document waits for approval.' },
  { code: 'PENU', event_type: 'SHIPMENT', name: 'Pending update', description: 'A document waits for an update from the customer.' },
  { code: 'REJE', event_type: 'SHIPMENT', name: 'Rejected', description: 'A document or request was rejected.' },
  { code: 'APPR', event_type: 'SHIPMENT', name: 'Approved', description: 'A document was approved.' },
  { code: 'ISSU', event_type: 'SHIPMENT', name: 'Issued', description: 'A document, such as the bill of lading, was issued.' },
  { code: 'SURR', event_type: 'SHIPMENT', name: 'Surrendered', description: 'The original bill of lading was surrendered.' },
  { code: 'SUBM', event_type: 'SHIPMENT', name: 'Submitted', description: 'A document was submitted.' },
  { code: 'VOID', event_type: 'SHIPMENT', name: 'Void', description: 'A document was cancelled.' },
  { code: 'CONF', event_type: 'SHIPMENT', name: 'Confirmed', description: 'A booking was confirmed.' },
  { code: 'REQS', event_type: 'SHIPMENT', name: 'Requested', description: 'A booking or change was requested.' },
  { code: 'CMPL', event_type: 'SHIPMENT', name: 'Completed', description: 'The shipment was completed.' },
  { code: 'HOLD', event_type: 'SHIPMENT', name: 'On hold', description: 'The shipment is held, for example pending customs.' },
  { code: 'RELS', event_type: 'SHIPMENT', name: 'Released', description: 'The shipment or cargo was released.' },
];

export const CODE_LISTS = {
  'transport-modes': TRANSPORT_MODES,
  incoterms: INCOTERMS,
  regimes: REGIMES,
  currencies: CURRENCIES,
  units: UNITS,
  'event-codes': EVENT_CODES,
} as const satisfies Record<string, readonly CodeEntry[]>;

export type CodeListName = keyof typeof CODE_LISTS;

export const CODE_LIST_NAMES = Object.keys(CODE_LISTS) as CodeListName[];

export function isCodeListName(s: string): s is CodeListName {
  return Object.hasOwn(CODE_LISTS, s);
}
