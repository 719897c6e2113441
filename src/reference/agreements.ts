// Turkey's preferential trade arrangements and the country groups of the additional customs duty
// (İlave Gümrük Vergisi, İGV). Written for this project from public facts; dates marked
// "unverified" in a note are general knowledge that was not checked against a source.

export type AgreementKind = 'customs_union' | 'fta' | 'pta';

export type ProofOfOrigin =
  | 'A.TR'
  | 'EUR.1'
  | 'EUR-MED'
  | 'EUR.1 or EUR-MED'
  | 'EUR.1 or invoice declaration'
  | 'invoice declaration'
  | 'certificate of origin';

/**
 * Which HS chapters an agreement can grant a preference for. The tariff data decides the rate;
 * the scope only says whether the agreement reaches the chapter at all.
 * industrial = chapters 25–97, agricultural = 1–24, steel = chapter 72 (the ECSC products).
 */
export type AgreementScope = 'all' | 'industrial' | 'agricultural' | 'steel';

export interface PartnerPeriod {
  /** First day the agreement applies to this partner, when later than the agreement's in_force. */
  from?: string;
  /** First day it no longer applies to this partner (exclusive end). */
  to?: string;
}

export interface Agreement {
  id: string;
  name_en: string;
  name_tr: string;
  kind: AgreementKind;
  /** ISO 3166-1 alpha-2; Kosovo uses the user-assigned XK. */
  partners: readonly string[];
  signed: string | null;
  in_force: string | null;
  /** First day of termination or suspension; the agreement applies on dates strictly before it. */
  ended: string | null;
  proof_of_origin: ProofOfOrigin;
  scope: AgreementScope;
  /** HS prefixes the agreement leaves to another instrument (e.g. ECSC steel outside the customs union). */
  excluded_prefixes: readonly string[];
  partner_periods?: Readonly<Record<string, PartnerPeriod>>;
  note?: string;
}

/** EU member states since 1 Feb 2020, ISO alpha-2 (Greece is GR, not the EU's own EL). */
export const EU27: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
];

export const EFTA: readonly string[] = ['CH', 'IS', 'LI', 'NO'];

// Members that joined after the customs union started: the EU instruments reach them from accession.
// The United Kingdom left at the end of the transition period and has its own FTA since 2021.
// Earlier bilateral FTAs with the 2004–2013 entrants are not modelled.
const EU_PARTNER_PERIODS: Readonly<Record<string, PartnerPeriod>> = {
  CY: { from: '2004-05-01' }, CZ: { from: '2004-05-01' }, EE: { from: '2004-05-01' },
  HU: { from: '2004-05-01' }, LV: { from: '2004-05-01' }, LT: { from: '2004-05-01' },
  MT: { from: '2004-05-01' }, PL: { from: '2004-05-01' }, SK: { from: '2004-05-01' },
  SI: { from: '2004-05-01' }, BG: { from: '2007-01-01' }, RO: { from: '2007-01-01' },
  HR: { from: '2013-07-01' }, GB: { to: '2021-01-01' },
};

const EU_PARTNERS: readonly string[] = [...EU27, 'GB'];

// Pan-Euro-Mediterranean cumulation partners accept either certificate.
const PEM: ProofOfOrigin = 'EUR.1 or EUR-MED';

function fta(
  id: string, partner: string, name_en: string, name_tr: string,
  signed: string | null, in_force: string, proof: ProofOfOrigin,
  extra: Partial<Agreement> = {},
): Agreement {
  return {
    id, name_en, name_tr, kind: 'fta', partners: [partner], signed, in_force, ended: null,
    proof_of_origin: proof, scope: 'all', excluded_prefixes: [], ...extra,
  };
}

export const AGREEMENTS: readonly Agreement[] = [
  {
    id: 'tr-eu-cu',
    name_en: 'EU–Turkey Customs Union (Association Council Decision 1/95)',
    name_tr: 'AB–Türkiye Gümrük Birliği (1/95 sayılı Ortaklık Konseyi Kararı)',
    kind: 'customs_union', partners: EU_PARTNERS,
    signed: '1995-03-06', in_force: '1995-12-31', ended: null,
    proof_of_origin: 'A.TR', scope: 'industrial', excluded_prefixes: ['72'],
    partner_periods: EU_PARTNER_PERIODS,
    note: 'Industrial and the industrial part of processed agricultural goods; goods move on A.TR when in free circulation. Basic agriculture and ECSC steel are outside.',
  },
  {
    id: 'tr-eu-ecsc',
    name_en: 'EU (ECSC)–Turkey free trade agreement on steel products',
    name_tr: 'AKÇT ürünleri serbest ticaret anlaşması',
    kind: 'fta', partners: EU_PARTNERS,
    signed: '1996-07-25', in_force: '1996-08-01', ended: null,
    proof_of_origin: 'EUR.1', scope: 'steel', excluded_prefixes: [],
    partner_periods: EU_PARTNER_PERIODS,
    note: 'Dates unverified. Steel needs preferential origin (EUR.1), not A.TR.',
  },
  {
    id: 'tr-eu-agri',
    name_en: 'EU–Turkey preferential regime for agricultural products (Decision 1/98)',
    name_tr: 'AB–Türkiye tarım ürünleri tercihli rejimi (1/98 sayılı Karar)',
    kind: 'pta', partners: EU_PARTNERS,
    signed: '1998-02-25', in_force: '1998-01-01', ended: null,
    proof_of_origin: 'EUR.1', scope: 'agricultural', excluded_prefixes: [],
    partner_periods: EU_PARTNER_PERIODS,
    note: 'Dates unverified (applied from 1 Jan 1998). Concessions cover selected lines only, mostly within quotas.',
  },
  {
    id: 'tr-efta',
    name_en: 'EFTA–Turkey Free Trade Agreement',
    name_tr: 'EFTA–Türkiye Serbest Ticaret Anlaşması',
    kind: 'fta', partners: EFTA,
    signed: '1991-12-10', in_force: '1992-04-01', ended: null,
    proof_of_origin: PEM, scope: 'all', excluded_prefixes: [],
    partner_periods: { IS: { from: '1992-09-01' } },
    note: 'Modernised agreement in force 1 Oct 2021.',
  },
  fta('tr-il', 'IL', 'Israel–Turkey FTA', 'İsrail STA', '1996-03-14', '1997-05-01', PEM),
  fta('tr-mk', 'MK', 'North Macedonia–Turkey FTA', 'Kuzey Makedonya STA', '1999-09-07', '2000-09-01', PEM),
  fta('tr-ba', 'BA', 'Bosnia and Herzegovina–Turkey FTA', 'Bosna-Hersek STA', '2002-07-03', '2003-07-01', PEM,
    { note: 'Revised agreement in force 1 Aug 2021.' }),
  fta('tr-ps', 'PS', 'Palestine–Turkey FTA', 'Filistin STA', '2004-07-20', '2005-06-01', PEM),
  fta('tr-tn', 'TN', 'Tunisia–Turkey FTA', 'Tunus STA', '2004-11-25', '2005-07-01', PEM),
  fta('tr-ma', 'MA', 'Morocco–Turkey FTA', 'Fas STA', '2004-04-07', '2006-01-01', PEM),
  fta('tr-sy', 'SY', 'Syria–Turkey FTA', 'Suriye STA', '2004-12-22', '2007-01-01', 'EUR.1',
    { ended: '2011-12-06', note: 'Suspended by Turkey on 6 Dec 2011.' }),
  fta('tr-eg', 'EG', 'Egypt–Turkey FTA', 'Mısır STA', '2005-12-27', '2007-03-01', PEM),
  fta('tr-al', 'AL', 'Albania–Turkey FTA', 'Arnavutluk STA', '2006-12-22', '2008-05-01', PEM),
  fta('tr-ge', 'GE', 'Georgia–Turkey FTA', 'Gürcistan STA', '2007-11-21', '2008-11-01', 'EUR.1'),
  fta('tr-me', 'ME', 'Montenegro–Turkey FTA', 'Karadağ STA', '2008-11-26', '2010-03-01', PEM),
  fta('tr-rs', 'RS', 'Serbia–Turkey FTA', 'Sırbistan STA', '2009-06-01', '2010-09-01', PEM,
    { note: 'Updated 1 Jun 2019.' }),
  fta('tr-cl', 'CL', 'Chile–Turkey FTA', 'Şili STA', '2009-07-14', '2011-03-01', 'EUR.1'),
  fta('tr-jo', 'JO', 'Jordan–Turkey FTA', 'Ürdün STA', '2009-12-01', '2011-03-01', PEM,
    { ended: '2018-11-22', note: 'Terminated on 22 Nov 2018.' }),
  fta('tr-mu', 'MU', 'Mauritius–Turkey FTA', 'Morityus STA', '2011-09-09', '2013-06-01', 'EUR.1',
    { note: 'Sources give 1 May or 1 Jun 2013 for entry into force; the later date is used.' }),
  fta('tr-kr', 'KR', 'Korea–Turkey FTA', 'Kore STA', '2012-08-01', '2013-05-01', 'invoice declaration',
    { note: 'Goods agreement; services and investment from 1 Aug 2018. Origin is declared by the exporter on the invoice (unverified).' }),
  fta('tr-my', 'MY', 'Malaysia–Turkey FTA', 'Malezya STA', '2014-04-17', '2015-08-01', 'EUR.1'),
  fta('tr-md', 'MD', 'Moldova–Turkey FTA', 'Moldova STA', '2014-09-11', '2016-11-01', PEM),
  fta('tr-fo', 'FO', 'Faroe Islands–Turkey FTA', 'Faroe Adaları STA', '2014-12-16', '2017-10-01', PEM),
  fta('tr-sg', 'SG', 'Singapore–Turkey FTA', 'Singapur STA', '2015-11-14', '2017-10-01', 'EUR.1 or invoice declaration'),
  fta('tr-xk', 'XK', 'Kosovo–Turkey FTA', 'Kosova STA', '2013-09-27', '2019-09-01', PEM),
  fta('tr-gb', 'GB', 'United Kingdom–Turkey FTA', 'Birleşik Krallık STA', '2020-12-29', '2021-01-01', 'EUR.1 or invoice declaration'),
  fta('tr-ae', 'AE', 'United Arab Emirates–Turkey CEPA', 'BAE Kapsamlı Ekonomik Ortaklık Anlaşması', '2023-03-03', '2023-09-01', 'certificate of origin'),
  {
    id: 'tr-ir-pta', name_en: 'Iran–Turkey Preferential Trade Agreement', name_tr: 'İran Tercihli Ticaret Anlaşması',
    kind: 'pta', partners: ['IR'], signed: '2014-01-25', in_force: '2015-01-01', ended: null,
    proof_of_origin: 'certificate of origin', scope: 'all', excluded_prefixes: [], note: 'Dates unverified.',
  },
  {
    id: 'tr-az-pta', name_en: 'Azerbaijan–Turkey Preferential Trade Agreement', name_tr: 'Azerbaycan Tercihli Ticaret Anlaşması',
    kind: 'pta', partners: ['AZ'], signed: '2020-02-25', in_force: '2021-03-01', ended: null,
    proof_of_origin: 'certificate of origin', scope: 'all', excluded_prefixes: [], note: 'Dates unverified.',
  },
  {
    id: 'tr-pk-pta', name_en: 'Pakistan–Turkey Trade in Goods Agreement', name_tr: 'Pakistan Mal Ticareti Anlaşması',
    kind: 'pta', partners: ['PK'], signed: '2022-08-12', in_force: '2023-05-01', ended: null,
    proof_of_origin: 'certificate of origin', scope: 'all', excluded_prefixes: [], note: 'Dates unverified.',
  },
  {
    id: 'tr-uz-pta', name_en: 'Uzbekistan–Turkey Preferential Trade Agreement', name_tr: 'Özbekistan Tercihli Ticaret Anlaşması',
    kind: 'pta', partners: ['UZ'], signed: null, in_force: '2023-07-01', ended: null,
    proof_of_origin: 'certificate of origin', scope: 'all', excluded_prefixes: [],
  },
];

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function assertIsoDate(value: string, field = 'date'): void {
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new RangeError(`${field} must be a YYYY-MM-DD date, got "${value}"`);
  }
}

/** Is the agreement applicable to this partner on this date (ISO dates compare as strings)? */
export function appliesTo(agreement: Agreement, alpha2: string, onDate: string): boolean {
  if (!agreement.partners.includes(alpha2) || agreement.in_force === null) return false;
  const period = agreement.partner_periods?.[alpha2];
  const from = period?.from !== undefined && period.from > agreement.in_force ? period.from : agreement.in_force;
  const ends = [agreement.ended, period?.to ?? null].filter((d): d is string => d !== null);
  return onDate >= from && ends.every((end) => onDate < end);
}

/** Agreements in force with this partner on this date. */
export function agreementsFor(alpha2: string, onDate: string): Agreement[] {
  assertIsoDate(onDate, 'onDate');
  const code = alpha2.toUpperCase();
  return AGREEMENTS.filter((a) => appliesTo(a, code, onDate));
}

/** Does the agreement reach this (digits-only) HS code at all? */
export function agreementCovers(agreement: Agreement, hsCode: string): boolean {
  if (agreement.excluded_prefixes.some((p) => hsCode.startsWith(p))) return false;
  const chapter = Number(hsCode.slice(0, 2));
  switch (agreement.scope) {
    case 'all': return true;
    case 'industrial': return chapter >= 25;
    case 'agricultural': return chapter <= 24;
    case 'steel': return chapter === 72;
  }
}

// ---------------------------------------------------------------------------------------------
// İGV country groups. The Import Regime Decision prints one column per group. Groups 1–3 follow
// the agreements above; groups 4–7 use the short illustrative lists below (our demo choice, not
// the official annex); everything else is group 8.

export type IgvGroup = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export const IGV_GROUP_NAMES: Readonly<Record<IgvGroup, { en: string; tr: string }>> = {
  1: { en: 'EU, EFTA and FTA partners', tr: 'AB, EFTA ve STA ortakları' },
  2: { en: 'South Korea', tr: 'Güney Kore' },
  3: { en: 'Malaysia', tr: 'Malezya' },
  4: { en: 'GSP beneficiaries', tr: 'GTS kapsamındaki ülkeler' },
  5: { en: 'Least developed countries', tr: 'En az gelişmiş ülkeler' },
  6: { en: 'GSP special incentive beneficiaries', tr: 'Özel teşvik düzenlemesinden yararlanan ülkeler' },
  7: { en: 'Other developing countries', tr: 'Diğer gelişmekte olan ülkeler' },
  8: { en: 'Other countries', tr: 'Diğer ülkeler' },
};

export const IGV_LDC: readonly string[] = [
  'AF', 'BD', 'BF', 'BI', 'ET', 'HT', 'KH', 'LA', 'MG', 'ML', 'MM', 'MZ', 'NP', 'SD', 'SN', 'TZ', 'UG', 'YE', 'ZM',
];
export const IGV_GSP_PLUS: readonly string[] = ['BO', 'KG', 'LK', 'MN', 'PH', 'PK', 'UZ'];
export const IGV_GSP: readonly string[] = ['ID', 'IN', 'KE', 'NG', 'TJ', 'VN'];
export const IGV_DEVELOPING: readonly string[] = ['AR', 'BR', 'DZ', 'IQ', 'IR', 'JO', 'LB', 'LY', 'SY', 'TH', 'ZA'];

export function igvGroupOf(alpha2: string, onDate: string): IgvGroup {
  const code = alpha2.toUpperCase();
  const inForce = agreementsFor(code, onDate).filter((a) => a.kind !== 'pta');
  // Korea and Malaysia are FTA partners with a column of their own, so check them first.
  if (code === 'KR' && inForce.length > 0) return 2;
  if (code === 'MY' && inForce.length > 0) return 3;
  if (inForce.length > 0) return 1;
  if (IGV_LDC.includes(code)) return 5;
  if (IGV_GSP_PLUS.includes(code)) return 6;
  if (IGV_GSP.includes(code)) return 4;
  if (IGV_DEVELOPING.includes(code)) return 7;
  return 8;
}
