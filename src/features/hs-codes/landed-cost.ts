import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { INCOTERMS, landedCost, type Incoterm } from '../../domain/tariff/index.js';
import { DEFAULT_EDITION } from './builtin.js';
import { CodeParams, findCode, parseCode, parseCountry, parseDay } from './params.js';

const Str = Type.String();
const NullStr = Type.Union([Type.String(), Type.Null()]);
const Money = (description: string) => Type.Number({ minimum: 0, description });

const Line = Type.Object({
  kind: Type.String({ description: 'customs_duty, additional_duty, anti_dumping, safeguard, kkdf, special_consumption_tax or vat' }),
  name: Str,
  rate: Type.Number(),
  rate_unit: Type.Unsafe<'%' | 'USD/kg' | 'USD/unit'>({ type: 'string', enum: ['%', 'USD/kg', 'USD/unit'] }),
  basis_usd: Type.Union([Type.Number(), Type.Null()], { description: 'Money basis of a percentage line' }),
  basis_quantity: Type.Union([Type.Number(), Type.Null()], { description: 'kg or units of a specific line' }),
  amount_usd: Type.Number(),
  legal_basis: Str,
  measure_id: Str,
  illustrative: Type.Boolean(),
});

const LandedCostView = Type.Object({
  code: Str, origin: Str, date: Str, incoterm: NullStr, igv_group: Type.Integer(),
  customs_value_usd: Type.Number(), freight_usd: Type.Number(), insurance_usd: Type.Number(), cif_usd: Type.Number(),
  preference: Type.Object({ regime: Str, agreement_id: NullStr, agreement_name: NullStr }),
  proof_of_origin: Type.Union([Type.String({ description: 'A.TR, EUR.1, … needed for the preferential rate' }), Type.Null()]),
  lines: Type.Array(Line),
  otv_base_usd: Type.Number(), vat_base_usd: Type.Number(), total_taxes_usd: Type.Number(),
  landed_cost_usd: Type.Number(), landed_cost_excl_vat_usd: Type.Number(),
  notes: Type.Array(Str),
});

export const computeLandedCost = defineOperation({
  method: 'POST',
  url: '/v1/hs-codes/:code/landed-cost',
  operationId: 'computeLandedCost',
  tag: 'HS Code and Product',
  summary: 'Duty and tax breakdown of an import: CIF value, each duty and tax with its basis, and the total',
  description: 'CIF = customs value + freight + insurance. Customs duty, additional duty and trade remedies on CIF; ÖTV on CIF + duties; '
    + 'VAT on CIF + every duty and tax. An origin an agreement covers gets its preferential rate and the proof of origin it needs (A.TR, EUR.1). '
    + 'See docs/landed-cost.md for the formula and worked examples.',
  scope: 'trade:read',
  params: CodeParams,
  body: Type.Object({
    origin: Type.String({ maxLength: 3, description: 'Country of origin: ISO alpha-2, alpha-3 or M49' }),
    customs_value_usd: Type.Number({ exclusiveMinimum: 0, description: 'Customs value in USD' }),
    freight_usd: Type.Optional(Money('Freight to the Turkish border, USD')),
    insurance_usd: Type.Optional(Money('Insurance, USD')),
    quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Supplementary units (pieces, litres…) for per-unit levies' })),
    net_weight_kg: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'For per-kg levies' })),
    incoterm: Type.Optional(Type.Unsafe<Incoterm>({ type: 'string', enum: [...INCOTERMS] })),
    date: Type.Optional(Type.String({ maxLength: 10, description: 'Day of import, YYYY-MM-DD (default today)' })),
    credit_financed: Type.Optional(Type.Boolean({ description: 'Paid on credit: KKDF applies' })),
    claim_preference: Type.Optional(Type.Boolean({ description: 'false = no proof of origin: MFN rate (default true)' })),
  }, { additionalProperties: false }),
  data: LandedCostView,
  errors: ['not_found'],
  async handle({ params, body }, { deps }) {
    const code = parseCode(params.code, 6);
    const origin = parseCountry('origin', body.origin);
    const date = parseDay('date', body.date);
    await findCode(deps.store.db, DEFAULT_EDITION, code);
    const r = landedCost({ ...body, code, origin, date });
    if (!r.ok) throw badParam(r.error.field, r.error.message);
    return { data: [r.value] };
  },
});
