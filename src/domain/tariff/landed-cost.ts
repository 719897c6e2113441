// Import duties and taxes on one consignment, and what it costs once landed in Turkey.
// Formula and bases are written out in docs/landed-cost.md; keep the two in step.

import type { ProofOfOrigin, IgvGroup } from '../../reference/agreements.js';
import type { Levy, TariffMeasure } from '../../reference/tariffs.js';
import { centsToUsd, percentOf, specificAmount, usdToCents } from './money.js';
import { resolveMeasures } from './resolve.js';
import type { DutyRegime, ResolvedMeasures, Result, TariffError } from './resolve.js';

export const INCOTERMS = ['EXW', 'FCA', 'FAS', 'FOB', 'CFR', 'CPT', 'CIF', 'CIP', 'DAP', 'DPU', 'DDP'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

// Terms under which the seller's price already pays the main carriage, and those under which it
// also covers insurance (CIF, CIP) or the seller bears the transit risk (D terms).
const FREIGHT_INCLUDED: ReadonlySet<Incoterm> = new Set(['CFR', 'CPT', 'CIF', 'CIP', 'DAP', 'DPU', 'DDP']);
const INSURANCE_INCLUDED: ReadonlySet<Incoterm> = new Set(['CIF', 'CIP', 'DAP', 'DPU', 'DDP']);

export interface LandedCostInput {
  code: string;
  origin: string;
  date: string;
  customs_value_usd: number;
  freight_usd?: number;
  insurance_usd?: number;
  /** In the supplementary unit of the code (pieces, litres…); needed by per-unit levies. */
  quantity?: number;
  net_weight_kg?: number;
  incoterm?: Incoterm;
  /** Paid on credit (acceptance credit, deferred payment): KKDF applies. */
  credit_financed?: boolean;
  /** false = do not claim a preference; MFN applies. Default true. */
  claim_preference?: boolean;
}

export type LineKind =
  | 'customs_duty'
  | 'additional_duty'
  | 'anti_dumping'
  | 'safeguard'
  | 'kkdf'
  | 'special_consumption_tax'
  | 'vat';

export interface LandedCostLine {
  kind: LineKind;
  name: string;
  rate: number;
  rate_unit: '%' | 'USD/kg' | 'USD/unit';
  /** Money basis of an ad valorem line; null for a specific one. */
  basis_usd: number | null;
  /** Kilograms or units of a specific line; null for an ad valorem one. */
  basis_quantity: number | null;
  amount_usd: number;
  legal_basis: string;
  measure_id: string;
  illustrative: boolean;
}

export interface LandedCost {
  code: string;
  origin: string;
  date: string;
  incoterm: Incoterm | null;
  igv_group: IgvGroup;
  customs_value_usd: number;
  freight_usd: number;
  insurance_usd: number;
  cif_usd: number;
  preference: { regime: DutyRegime; agreement_id: string | null; agreement_name: string | null };
  /** The document the importer must hold for the preferential duty; null under MFN. */
  proof_of_origin: ProofOfOrigin | null;
  lines: LandedCostLine[];
  otv_base_usd: number;
  vat_base_usd: number;
  total_taxes_usd: number;
  landed_cost_usd: number;
  /** VAT paid at import is normally deductible for a VAT-registered importer. */
  landed_cost_excl_vat_usd: number;
  notes: string[];
}

export interface LandedCostOptions {
  measures?: readonly TariffMeasure[];
}

const NAMES: Readonly<Record<LineKind, string>> = {
  customs_duty: 'Gümrük vergisi (customs duty)',
  additional_duty: 'İlave gümrük vergisi (additional customs duty)',
  anti_dumping: 'Damping vergisi (anti-dumping duty)',
  safeguard: 'Korunma önlemi (safeguard duty)',
  kkdf: 'KKDF (resource utilisation support fund)',
  special_consumption_tax: 'ÖTV (special consumption tax)',
  vat: 'KDV (value added tax)',
};

interface Line { cents: number; line: LandedCostLine }

function fail(code: TariffError['code'], field: string, message: string): { ok: false; error: TariffError } {
  return { ok: false, error: { code, field, message } };
}

function checkAmount(value: number | undefined, field: string, positive: boolean): TariffError | null {
  if (value === undefined) return null;
  const bad = typeof value !== 'number' || !Number.isFinite(value) || (positive ? value <= 0 : value < 0);
  return bad ? { code: 'invalid_input', field, message: `${field} must be a finite number ${positive ? '> 0' : '>= 0'}` } : null;
}

function adValorem(
  kind: LineKind, pct: number, basisCents: number, m: { measure_id: string; legal_basis: string; illustrative: boolean },
): Line {
  const cents = percentOf(basisCents, pct);
  return {
    cents,
    line: {
      kind, name: NAMES[kind], rate: pct, rate_unit: '%', basis_usd: centsToUsd(basisCents), basis_quantity: null,
      amount_usd: centsToUsd(cents), legal_basis: m.legal_basis, measure_id: m.measure_id, illustrative: m.illustrative,
    },
  };
}

/** A line for either kind of levy; a specific levy without its quantity is an error naming the input. */
function levyLine(
  kind: LineKind, levy: Levy, basisCents: number, input: LandedCostInput,
  m: { measure_id: string; legal_basis: string; illustrative: boolean },
): Line | TariffError {
  if (levy.basis === 'ad_valorem') return adValorem(kind, levy.pct, basisCents, m);
  const field = levy.per === 'kg' ? 'net_weight_kg' : 'quantity';
  const qty = levy.per === 'kg' ? input.net_weight_kg : input.quantity;
  if (qty === undefined) {
    return {
      code: 'missing_input', field,
      message: `${NAMES[kind]} is USD ${levy.usd_per} per ${levy.unit_label}: ${field} is required`,
    };
  }
  const cents = specificAmount(levy.usd_per, qty);
  return {
    cents,
    line: {
      kind, name: NAMES[kind], rate: levy.usd_per, rate_unit: levy.per === 'kg' ? 'USD/kg' : 'USD/unit',
      basis_usd: null, basis_quantity: qty, amount_usd: centsToUsd(cents), legal_basis: m.legal_basis,
      measure_id: m.measure_id, illustrative: m.illustrative,
    },
  };
}

function isError(x: Line | TariffError): x is TariffError {
  return 'code' in x;
}

export function landedCost(input: LandedCostInput, opts: LandedCostOptions = {}): Result<LandedCost> {
  for (const [value, field, positive] of [
    [input.customs_value_usd, 'customs_value_usd', true],
    [input.freight_usd, 'freight_usd', false],
    [input.insurance_usd, 'insurance_usd', false],
    [input.quantity, 'quantity', true],
    [input.net_weight_kg, 'net_weight_kg', true],
  ] as const) {
    const err = checkAmount(value, field, positive);
    if (err) return { ok: false, error: err };
  }
  if (input.customs_value_usd === undefined) return fail('missing_input', 'customs_value_usd', 'customs_value_usd is required');
  const incoterm = input.incoterm ?? null;
  if (incoterm !== null && !INCOTERMS.includes(incoterm)) {
    return fail('invalid_input', 'incoterm', `incoterm must be one of ${INCOTERMS.join(', ')}`);
  }

  const notes: string[] = [];
  if (input.freight_usd === undefined) {
    if (incoterm !== null && !FREIGHT_INCLUDED.has(incoterm)) {
      return fail('missing_input', 'freight_usd', `under ${incoterm} the value excludes the main carriage: freight_usd is required`);
    }
    notes.push(incoterm === null
      ? 'No freight and no incoterm given: the customs value is taken as a CIF value.'
      : `Freight not given: under ${incoterm} it is taken as included in the customs value.`);
  }
  if (input.insurance_usd === undefined) {
    notes.push(incoterm !== null && !INSURANCE_INCLUDED.has(incoterm)
      ? `Insurance not given and not included under ${incoterm}: taken as 0.`
      : 'Insurance not given: taken as included in the customs value.');
  }
  if (incoterm === 'DDP') notes.push('A DDP price includes Turkish import taxes; pass the value net of them.');

  const resolved = resolveMeasures(input.code, input.origin, input.date, {
    measures: opts.measures ?? undefined,
    claim_preference: input.claim_preference ?? true,
  });
  if (!resolved.ok) return resolved;
  return compute(input, resolved.value, incoterm, notes);
}

function compute(input: LandedCostInput, r: ResolvedMeasures, incoterm: Incoterm | null, notes: string[]): Result<LandedCost> {
  const valueCents = usdToCents(input.customs_value_usd);
  const freightCents = usdToCents(input.freight_usd ?? 0);
  const insuranceCents = usdToCents(input.insurance_usd ?? 0);
  const cif = valueCents + freightCents + insuranceCents;

  const lines: Line[] = [adValorem('customs_duty', r.customs_duty.rate_pct, cif, r.customs_duty)];
  if (r.additional_duty) lines.push(adValorem('additional_duty', r.additional_duty.rate_pct, cif, r.additional_duty));
  for (const remedy of [r.anti_dumping, r.safeguard]) {
    if (remedy === null) continue;
    const line = levyLine(remedy.kind, remedy.levy, cif, input, remedy);
    if (isError(line)) return { ok: false, error: line };
    lines.push(line);
  }
  if (input.credit_financed === true && r.kkdf) lines.push(adValorem('kkdf', r.kkdf.rate_pct, cif, r.kkdf));
  if (input.credit_financed === true && !r.kkdf) notes.push('Credit-financed, but no KKDF rate is on file for this code.');

  // ÖTV is charged on the CIF value plus the duties (customs, additional, anti-dumping, safeguard);
  // KKDF stays outside this base in our model.
  const dutyKinds: readonly LineKind[] = ['customs_duty', 'additional_duty', 'anti_dumping', 'safeguard'];
  const otvBase = cif + lines.filter((l) => dutyKinds.includes(l.line.kind)).reduce((s, l) => s + l.cents, 0);
  if (r.special_consumption_tax) {
    const line = levyLine('special_consumption_tax', r.special_consumption_tax.levy, otvBase, input, r.special_consumption_tax);
    if (isError(line)) return { ok: false, error: line };
    lines.push(line);
  }

  // VAT is charged on CIF plus every duty, levy and tax above (KKDF and ÖTV included).
  const vatBase = cif + lines.reduce((s, l) => s + l.cents, 0);
  const vat = adValorem('vat', r.vat.rate_pct, vatBase, r.vat);
  lines.push(vat);

  const totalTaxes = lines.reduce((s, l) => s + l.cents, 0);
  return {
    ok: true,
    value: {
      code: r.code,
      origin: r.origin,
      date: r.date,
      incoterm,
      igv_group: r.igv_group,
      customs_value_usd: centsToUsd(valueCents),
      freight_usd: centsToUsd(freightCents),
      insurance_usd: centsToUsd(insuranceCents),
      cif_usd: centsToUsd(cif),
      preference: {
        regime: r.customs_duty.regime,
        agreement_id: r.customs_duty.agreement_id,
        agreement_name: r.customs_duty.agreement_name,
      },
      proof_of_origin: r.customs_duty.proof_of_origin,
      lines: lines.map((l) => l.line),
      otv_base_usd: centsToUsd(otvBase),
      vat_base_usd: centsToUsd(vatBase),
      total_taxes_usd: centsToUsd(totalTaxes),
      landed_cost_usd: centsToUsd(cif + totalTaxes),
      landed_cost_excl_vat_usd: centsToUsd(cif + totalTaxes - vat.cents),
      notes,
    },
  };
}
