import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { DEFAULT_EDITION } from './builtin.js';
import { CodeParams, DateParam, findCode, parseCode, parseCountry, parseDay } from './params.js';
import { tariffGroups, tariffMemoOf } from './tariff-groups.js';

const Str = Type.String();
const NullStr = Type.Union([Type.String(), Type.Null()]);
const Basis = {
  measure_id: Str, legal_basis: Str, valid_from: Str, valid_to: NullStr,
  illustrative: Type.Boolean({ description: 'true = demo rate or reference, not the official figure' }),
};
const Levy = {
  basis: Type.Unsafe<'ad_valorem' | 'specific'>({ type: 'string', enum: ['ad_valorem', 'specific'] }),
  rate: Type.Number(),
  rate_unit: Type.Unsafe<'%' | 'USD/kg' | 'USD/unit'>({ type: 'string', enum: ['%', 'USD/kg', 'USD/unit'] }),
};
const Remedy = Type.Object({ ...Basis, ...Levy, subject: Str, origins: Type.Array(Str) });

export const TariffGroupView = Type.Object({
  code: Str,
  date: Str,
  origin_group: Type.String({ description: 'Agreement id, mfn-igvN, or the origin asked for' }),
  label: Str,
  origins: Type.Array(Str, { description: 'ISO alpha-2 countries in this group' }),
  igv_group: Type.Integer({ minimum: 1, maximum: 8 }),
  igv_group_name: Str,
  customs_duty: Type.Object({
    ...Basis, rate_pct: Type.Number(), mfn_pct: Type.Number(), regime: Type.String({ description: 'mfn, customs_union, fta or pta' }),
    agreement_id: NullStr, agreement_name: NullStr, proof_of_origin: Type.Union([Type.String({ description: 'A.TR, EUR.1, …' }), Type.Null()]), reason: Str,
  }),
  additional_duty: Type.Union([Type.Object({ ...Basis, rate_pct: Type.Number() }), Type.Null()]),
  anti_dumping: Type.Array(Remedy),
  safeguard: Type.Array(Remedy),
  vat: Type.Object({ ...Basis, rate_pct: Type.Number() }),
  special_consumption_tax: Type.Union([Type.Object({ ...Basis, ...Levy, list: Str }), Type.Null()]),
  kkdf: Type.Union([Type.Object({ ...Basis, rate_pct: Type.Number(), note: Str }), Type.Null()]),
});

export const getHsCodeTariffs = defineOperation({
  method: 'GET',
  url: '/v1/hs-codes/:code/tariffs',
  operationId: 'getHsCodeTariffs',
  tag: 'HS Code and Product',
  summary: 'Import duties and taxes by origin, with validity dates and legal basis',
  description: 'Customs duty (MFN, EU customs union, EFTA and FTA preferences with the proof of origin they need), additional customs duty (İGV) by country group, '
    + 'anti-dumping and safeguard duties on named origins, VAT, special consumption tax (ÖTV) and KKDF. '
    + 'With `origin`, one row for that country; without it, one row per origin group. Codes of 6–12 digits. Rates are demo data unless `illustrative` is false.',
  scope: 'trade:read',
  params: CodeParams,
  querystring: Type.Object({
    origin: Type.Optional(Type.String({ maxLength: 3, description: 'Country of origin: ISO alpha-2, alpha-3 or M49' })),
    date: DateParam,
  }, { additionalProperties: false }),
  data: TariffGroupView,
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const code = parseCode(params.code, 6);
    const origin = query.origin !== undefined ? parseCountry('origin', query.origin) : null;
    const date = parseDay('date', query.date);
    await findCode(deps.store.db, DEFAULT_EDITION, code);
    const r = tariffGroups(tariffMemoOf(deps.store.db), code, date, origin);
    if (!r.ok) throw badParam(r.error.field, r.error.message);
    return { data: r.groups, meta: { query: { code, origin, date } } };
  },
});
