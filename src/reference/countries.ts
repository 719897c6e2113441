// Every ISO 3166-1 country with codes and English/Turkish names from i18n-iso-countries, plus our
// own region labels and the partner weights the synthetic generator calibrates on.
import isoCountries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import tr from 'i18n-iso-countries/langs/tr.json' with { type: 'json' };

export type Region =
  | 'Europe'
  | 'Caucasus and Central Asia'
  | 'Middle East'
  | 'North Africa'
  | 'Sub-Saharan Africa'
  | 'South Asia'
  | 'East Asia'
  | 'Southeast Asia'
  | 'Oceania'
  | 'North America'
  | 'Latin America and Caribbean'
  | 'Antarctica';

export interface Country {
  alpha2: string;
  alpha3: string;
  /** UN M49 / ISO numeric code, always three digits. */
  m49: string;
  name_en: string;
  name_tr: string;
  eu: boolean;
  region: Region;
}

isoCountries.registerLocale(en);
isoCountries.registerLocale(tr);

const EU_MEMBERS = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

// Grouping used in Turkish trade reporting: the Caucasus and Central Asia, the Middle East and
// North Africa are neighbours with their own trade patterns, so they are not folded into "Asia".
const REGION_MEMBERS: Record<Region, string> = {
  Europe:
    'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE ' +
    'AL AD BY BA FO GI GG IS IM JE XK LI MK MD MC ME NO RU SM RS CH UA GB VA AX SJ TR',
  'Caucasus and Central Asia': 'AM AZ GE KZ KG TJ TM UZ',
  'Middle East': 'AE BH IL IQ IR JO KW LB OM PS QA SA SY YE',
  'North Africa': 'DZ EG LY MA SD TN EH',
  'Sub-Saharan Africa':
    'AO BJ BW BF BI CM CV CF TD KM CG CD CI DJ GQ ER SZ ET GA GM GH GN GW KE LS LR MG MW ML MR MU YT ' +
    'MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS TZ TG UG ZM ZW',
  'South Asia': 'AF BD BT IN MV NP PK LK IO',
  'East Asia': 'CN HK MO JP KP KR MN TW',
  'Southeast Asia': 'BN KH ID LA MY MM PH SG TH TL VN CX CC',
  Oceania: 'AS AU CK FJ PF GU KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV UM VU WF',
  'North America': 'US CA BM GL PM',
  'Latin America and Caribbean':
    'MX AI AG AR AW BS BB BZ BO BQ BR VG KY CL CO CR CU CW DM DO EC SV FK GF GD GP GT GY HT HN JM MQ ' +
    'MS NI PA PY PE PR BL KN LC MF VC SX SR TT TC UY VE VI GS',
  Antarctica: 'AQ BV HM TF',
};

const REGION_OF = new Map<string, Region>();
for (const [region, members] of Object.entries(REGION_MEMBERS) as [Region, string][]) {
  for (const a2 of members.split(' ')) REGION_OF.set(a2, region);
}

function buildCountries(): Country[] {
  const out: Country[] = [];
  for (const [alpha2, alpha3] of Object.entries(isoCountries.getAlpha2Codes())) {
    const m49 = isoCountries.alpha2ToNumeric(alpha2);
    const nameEn = isoCountries.getName(alpha2, 'en');
    const nameTr = isoCountries.getName(alpha2, 'tr');
    const region = REGION_OF.get(alpha2);
    // A new code in the package must be placed in a region on purpose, not silently dropped.
    if (!m49 || !nameEn || !nameTr || !region) throw new Error(`country data incomplete for ${alpha2}`);
    out.push({ alpha2, alpha3, m49: m49.padStart(3, '0'), name_en: nameEn, name_tr: nameTr, eu: EU_MEMBERS.has(alpha2), region });
  }
  return out.sort((a, b) => a.alpha2.localeCompare(b.alpha2));
}

export const COUNTRIES: readonly Country[] = Object.freeze(buildCountries());

export const COUNTRY_BY_ALPHA2: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((c) => [c.alpha2, c]));
const BY_ALPHA3 = new Map(COUNTRIES.map((c) => [c.alpha3, c]));
const BY_M49 = new Map(COUNTRIES.map((c) => [c.m49, c]));

/** Alpha-2, alpha-3 (any case) or M49 with or without leading zeros; undefined when unknown. */
export function resolveCountry(input: string): Country | undefined {
  const s = input.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(s)) return COUNTRY_BY_ALPHA2.get(s);
  if (/^[A-Z]{3}$/.test(s)) return BY_ALPHA3.get(s);
  if (/^\d{1,4}$/.test(s)) {
    const n = Number(s);
    return n > 0 && n < 1000 ? BY_M49.get(String(n).padStart(3, '0')) : undefined;
  }
  return undefined;
}

function normalise(raw: Record<string, number>): Readonly<Record<string, number>> {
  const total = Object.values(raw).reduce((a, b) => a + b, 0);
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = v / total;
  return Object.freeze(out);
}

// Shares of Turkish exports by destination, in percent before normalisation. The top rows follow
// the suggested 2024 calibration (Germany, USA, UK, Iraq, Italy…); the tail is our estimate,
// keeping the EU near 40 % and giving neighbours, Africa, Asia and the Americas realistic weight.
export const EXPORT_PARTNER_WEIGHTS = normalise({
  DE: 7.8, US: 6.2, GB: 5.8, IQ: 4.8, IT: 4.6, FR: 3.6, ES: 3.5, RU: 3.3, AE: 3.3, NL: 2.8,
  RO: 2.5, PL: 2.2, IL: 1.0,
  BE: 1.7, BG: 1.6, GR: 1.4, CZ: 0.9, SE: 0.8, HU: 0.8, AT: 0.8, PT: 0.6, DK: 0.6, SK: 0.5,
  SI: 0.6, IE: 0.4, LT: 0.3, HR: 0.3, FI: 0.3, LV: 0.15, EE: 0.15, LU: 0.05, MT: 0.3,
  SA: 1.2, IR: 1.1, EG: 1.6, LY: 1.2, DZ: 1.0, MA: 1.0, TN: 0.5, JO: 0.6, LB: 0.4, KW: 0.3,
  QA: 0.5, OM: 0.3, SY: 0.9, GE: 1.2, AZ: 1.3, KZ: 1.0, UZ: 0.9, TM: 0.4, KG: 0.3, UA: 1.2,
  BY: 0.2, NO: 0.4, CH: 0.8, RS: 0.6, BA: 0.3, MK: 0.3, AL: 0.3, XK: 0.2, MD: 0.2,
  CA: 0.6, MX: 0.4, BR: 0.5, CL: 0.2, CN: 1.1, IN: 0.6, JP: 0.3, KR: 0.3, PK: 0.3, BD: 0.3,
  SG: 0.2, AU: 0.4, ZA: 0.4, NG: 0.3, SD: 0.2, ET: 0.2, KE: 0.1, TZ: 0.1,
});

// Shares of Turkish imports by origin: China and Russia (energy) lead, then Germany and
// Switzerland (gold), per the 2023 shares; the tail is our estimate (EU near a third).
export const IMPORT_PARTNER_WEIGHTS = normalise({
  RU: 12.6, CN: 12.4, DE: 7.9, CH: 5.5, US: 4.4, IT: 4.1, FR: 3.19, AE: 3.19, ES: 2.62, KR: 2.62,
  IN: 2.2, GB: 1.8,
  NL: 1.6, BE: 1.6, PL: 1.2, CZ: 0.9, AT: 0.8, HU: 0.7, RO: 1.3, BG: 1.1, SE: 0.7, IE: 0.6,
  GR: 0.5, SK: 0.5, SI: 0.3, PT: 0.4, DK: 0.4, FI: 0.4, LT: 0.15, HR: 0.15, LU: 0.1, EE: 0.05,
  LV: 0.05, MT: 0.05,
  JP: 1.1, TW: 0.6, VN: 0.8, MY: 0.6, TH: 0.4, ID: 0.6, BD: 0.3, PK: 0.3, SG: 0.3, HK: 0.1,
  SA: 0.9, IQ: 1.6, IR: 1.0, AZ: 1.5, KZ: 0.8, UZ: 0.5, TM: 0.3, UA: 1.0, GE: 0.3, IL: 0.4,
  QA: 0.4, KW: 0.2, NO: 0.4,
  BR: 0.9, CA: 0.5, MX: 0.3, AR: 0.3, CO: 0.3, CL: 0.2, PE: 0.1, AU: 0.3,
  EG: 0.6, MA: 0.4, DZ: 0.6, NG: 0.3, ZA: 0.3,
});
