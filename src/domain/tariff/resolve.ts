// Which tariff measures apply to one code, from one origin, on one day — with the reason.

import {
  agreementCovers,
  agreementsFor,
  igvGroupOf,
} from '../../reference/agreements.js';
import type { Agreement, AgreementKind, IgvGroup, ProofOfOrigin } from '../../reference/agreements.js';
import {
  TARIFF_DATA_FROM,
  TARIFF_MEASURES,
  igvRateFor,
  matchingMeasures,
  mostSpecific,
} from '../../reference/tariffs.js';
import type { Levy, SpecialConsumptionTaxMeasure, TariffMeasure, TradeRemedyMeasure } from '../../reference/tariffs.js';
import { normaliseTariffCode } from './code.js';

export interface TariffError {
  code: 'invalid_input' | 'missing_input' | 'no_tariff_data';
  field: string;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: TariffError };

interface Applied {
  measure_id: string;
  legal_basis: string;
  valid_from: string;
  valid_to: string | null;
  illustrative: boolean;
  reason: string;
}

export type DutyRegime = 'mfn' | AgreementKind;

export interface CustomsDutyResolution extends Applied {
  rate_pct: number;
  mfn_pct: number;
  regime: DutyRegime;
  agreement_id: string | null;
  agreement_name: string | null;
  proof_of_origin: ProofOfOrigin | null;
}

export interface AdditionalDutyResolution extends Applied {
  igv_group: IgvGroup;
  rate_pct: number;
}

export interface RemedyResolution extends Applied {
  kind: 'anti_dumping' | 'safeguard';
  subject: string;
  levy: Levy;
}

export interface RateResolution extends Applied {
  rate_pct: number;
}

export interface SpecialConsumptionTaxResolution extends Applied {
  list: SpecialConsumptionTaxMeasure['list'];
  levy: Levy;
}

export interface ResolvedMeasures {
  code: string;
  origin: string;
  date: string;
  igv_group: IgvGroup;
  customs_duty: CustomsDutyResolution;
  additional_duty: AdditionalDutyResolution | null;
  anti_dumping: RemedyResolution | null;
  safeguard: RemedyResolution | null;
  vat: RateResolution;
  special_consumption_tax: SpecialConsumptionTaxResolution | null;
  /** The KKDF rate; it is charged only on credit-financed imports. */
  kkdf: RateResolution | null;
}

export interface ResolveOptions {
  /** Measures to resolve against; defaults to the shipped demo tariff. */
  measures?: readonly TariffMeasure[];
  /** false = the importer does not claim a preference (no proof of origin): MFN applies. */
  claim_preference?: boolean;
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

// When two agreements give the same rate, the customs union (A.TR, no origin rules) is the
// simplest to claim, then an FTA, then a partial agreement.
const KIND_ORDER: Readonly<Record<AgreementKind, number>> = { customs_union: 0, fta: 1, pta: 2 };

function applied(m: TariffMeasure, reason: string): Applied {
  return {
    measure_id: m.id, legal_basis: m.legal_basis, valid_from: m.valid_from, valid_to: m.valid_to,
    illustrative: m.illustrative, reason,
  };
}

function fail(code: TariffError['code'], field: string, message: string): { ok: false; error: TariffError } {
  return { ok: false, error: { code, field, message } };
}

function levyText(levy: Levy): string {
  return levy.basis === 'ad_valorem' ? `${levy.pct} %` : `USD ${levy.usd_per} per ${levy.unit_label}`;
}

/**
 * Resolve every tariff measure for a 6–12 digit code (dots allowed), an ISO alpha-2 origin and a
 * YYYY-MM-DD date. For each kind the longest matching HS prefix valid on the date wins.
 */
export function resolveMeasures(
  code: string, origin: string, date: string, opts: ResolveOptions = {},
): Result<ResolvedMeasures> {
  const digits = normaliseTariffCode(code);
  if (digits === null) return fail('invalid_input', 'code', 'code must have 6, 8, 10 or 12 digits');
  if (!/^[A-Za-z]{2}$/.test(origin)) return fail('invalid_input', 'origin', 'origin must be an ISO 3166-1 alpha-2 code');
  if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    return fail('invalid_input', 'date', 'date must be YYYY-MM-DD');
  }
  if (date < TARIFF_DATA_FROM) {
    return fail('no_tariff_data', 'date', `tariff data start on ${TARIFF_DATA_FROM}`);
  }
  const country = origin.toUpperCase();
  const measures = opts.measures ?? TARIFF_MEASURES;

  const dutyMeasure = mostSpecific(matchingMeasures(measures, 'customs_duty', digits, date));
  const vatMeasure = mostSpecific(matchingMeasures(measures, 'vat', digits, date));
  if (dutyMeasure === null || vatMeasure === null) {
    return fail('no_tariff_data', 'code', `no customs duty or VAT rate for ${digits} on ${date}`);
  }

  const group = igvGroupOf(country, date);
  const igvMeasure = mostSpecific(matchingMeasures(measures, 'additional_duty', digits, date));
  const otvMeasure = mostSpecific(matchingMeasures(measures, 'special_consumption_tax', digits, date));
  const kkdfMeasure = mostSpecific(matchingMeasures(measures, 'kkdf', digits, date));

  return {
    ok: true,
    value: {
      code: digits,
      origin: country,
      date,
      igv_group: group,
      customs_duty: resolveDuty(dutyMeasure, digits, country, date, opts.claim_preference ?? true),
      additional_duty: igvMeasure === null ? null : {
        ...applied(igvMeasure, `origin ${country} is in İGV country group ${group} on ${date}`),
        igv_group: group,
        rate_pct: igvRateFor(igvMeasure, group),
      },
      anti_dumping: resolveRemedy(measures, 'anti_dumping', digits, country, date),
      safeguard: resolveRemedy(measures, 'safeguard', digits, country, date),
      vat: { ...applied(vatMeasure, `VAT rate in force on ${date}`), rate_pct: vatMeasure.pct },
      special_consumption_tax: otvMeasure === null ? null : {
        ...applied(otvMeasure, `listed in ÖTV list (${otvMeasure.list}) at ${levyText(otvMeasure.levy)}`),
        list: otvMeasure.list,
        levy: otvMeasure.levy,
      },
      kkdf: kkdfMeasure === null ? null : {
        ...applied(kkdfMeasure, 'charged only when the import is paid on credit'),
        rate_pct: kkdfMeasure.pct,
      },
    },
  };
}

function resolveDuty(
  m: Extract<TariffMeasure, { kind: 'customs_duty' }>, code: string, origin: string, date: string, claim: boolean,
): CustomsDutyResolution {
  const inForce = agreementsFor(origin, date);
  const offers: { agreement: Agreement; rate: number }[] = [];
  for (const agreement of inForce) {
    if (!agreementCovers(agreement, code)) continue;
    const rate = m.by_agreement_pct?.[agreement.id] ?? m.preferential_pct[agreement.kind];
    if (rate !== undefined) offers.push({ agreement, rate });
  }
  offers.sort((a, b) => a.rate - b.rate || KIND_ORDER[a.agreement.kind] - KIND_ORDER[b.agreement.kind]);
  const best = offers[0];

  const mfn = (reason: string): CustomsDutyResolution => ({
    ...applied(m, reason), rate_pct: m.mfn_pct, mfn_pct: m.mfn_pct, regime: 'mfn',
    agreement_id: null, agreement_name: null, proof_of_origin: null,
  });

  if (inForce.length === 0) return mfn(`no trade agreement with ${origin} in force on ${date}: MFN rate`);
  if (best === undefined) {
    return mfn(`agreements with ${origin} in force (${inForce.map((a) => a.id).join(', ')}) grant no preference on this code: MFN rate`);
  }
  if (best.rate >= m.mfn_pct) return mfn(`the best preferential rate (${best.rate} %) is not below MFN: MFN rate, no proof of origin needed`);
  if (!claim) return mfn('preference not claimed: MFN rate');
  return {
    ...applied(m, `${best.agreement.name_en}: preferential rate with ${best.agreement.proof_of_origin}`),
    rate_pct: best.rate,
    mfn_pct: m.mfn_pct,
    regime: best.agreement.kind,
    agreement_id: best.agreement.id,
    agreement_name: best.agreement.name_en,
    proof_of_origin: best.agreement.proof_of_origin,
  };
}

function targets(m: TradeRemedyMeasure, origin: string): boolean {
  const listed = m.origins === 'all' || m.origins.includes(origin);
  return listed && !m.exempt_origins.includes(origin);
}

function resolveRemedy(
  measures: readonly TariffMeasure[], kind: 'anti_dumping' | 'safeguard', code: string, origin: string, date: string,
): RemedyResolution | null {
  const m = mostSpecific(matchingMeasures(measures, kind, code, date).filter((r) => targets(r, origin)));
  if (m === null) return null;
  const scope = m.origins === 'all' ? 'all origins' : `origin ${origin}`;
  return {
    ...applied(m, `${m.subject}: ${kind === 'anti_dumping' ? 'anti-dumping duty' : 'safeguard duty'} on ${scope} at ${levyText(m.levy)}`),
    kind,
    subject: m.subject,
    levy: m.levy,
  };
}
