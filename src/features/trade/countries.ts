// GET /v1/trade/countries and /v1/trade/countries/{country}: the built-in country list with its
// codes, names, region, EU membership and Turkey's trade agreements in force with each.
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { LimitParam, CursorParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { COUNTRIES, type Country, type Region } from '../../reference/countries.js';
import { AGREEMENTS, agreementsFor, type Agreement } from '../../reference/agreements.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { parseDateBound, parseFilters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import { CountryPath, countryFromPath } from './params.js';
import { flowTotals } from './bilateral.js';

const REGIONS = [...new Set(COUNTRIES.map((c) => c.region))].sort() as Region[];

const AgreementView = Type.Object({
  id: Type.String(), name_en: Type.String(), name_tr: Type.String(),
  kind: Type.String({ description: 'customs_union, fta or pta' }), in_force: Type.Union([Type.String(), Type.Null()]), proof_of_origin: Type.String(),
});
const CountryView = Type.Object({
  alpha2: Type.String(), alpha3: Type.String(), m49: Type.String(), name_en: Type.String(), name_tr: Type.String(),
  region: Type.String(), eu: Type.Boolean(), agreements: Type.Array(AgreementView),
});

function agreementView(a: Agreement) {
  return { id: a.id, name_en: a.name_en, name_tr: a.name_tr, kind: a.kind, in_force: a.in_force, proof_of_origin: a.proof_of_origin };
}

function countryView(c: Country, onDate: string) {
  return { alpha2: c.alpha2, alpha3: c.alpha3, m49: c.m49, name_en: c.name_en, name_tr: c.name_tr, region: c.region, eu: c.eu, agreements: agreementsFor(c.alpha2, onDate).map(agreementView) };
}

const FOLDED = new Map(COUNTRIES.map((c) => [c.alpha2, foldTurkish(`${c.name_en} ${c.name_tr} ${c.alpha2} ${c.alpha3}`)]));
const today = () => new Date().toISOString().slice(0, 10);

function onDate(value: string | undefined): string {
  return value === undefined ? today() : parseDateBound('date', value, false);
}

export const listCountries = defineOperation({
  method: 'GET',
  url: '/v1/trade/countries',
  operationId: 'listTradeCountries',
  tag: 'Trade Data',
  summary: 'Countries with ISO codes (alpha-2, alpha-3, M49), names (EN, TR), region, EU flag and agreements',
  description: 'Ordered by alpha-2. `q` matches names and codes (Turkish letters fold), `region` and `eu` filter, `agreement` keeps partners of one agreement id; agreements are those in force on `date` (default today).',
  scope: 'trade:read',
  download: true,
  querystring: Type.Object(
    {
      q: Type.Optional(Type.String({ maxLength: 100 })),
      region: Type.Optional(Type.Unsafe<Region>({ type: 'string', enum: REGIONS })),
      eu: Type.Optional(Type.Boolean()),
      agreement: Type.Optional(Type.String({ maxLength: 40, description: 'Agreement id, e.g. tr-eu-cu' })),
      date: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD: agreements in force on this day' })),
      limit: LimitParam,
      cursor: CursorParam,
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: CountryView,
  handle({ query }, { req }) {
    const date = onDate(query.date);
    const q = query.q !== undefined ? foldTurkish(query.q) : null;
    if (query.q !== undefined && !q) throw badParam('q', 'has no letters or digits to search for');
    let list = COUNTRIES.map((c) => countryView(c, date));
    if (q) list = list.filter((c) => FOLDED.get(c.alpha2)!.includes(q));
    if (query.region) list = list.filter((c) => c.region === query.region);
    if (query.eu !== undefined) list = list.filter((c) => c.eu === query.eu);
    if (query.agreement !== undefined) {
      const id = query.agreement;
      if (!AGREEMENTS.some((a) => a.id === id)) throw badParam('agreement', `unknown agreement "${id}"`, AGREEMENTS.map((a) => a.id));
      list = list.filter((c) => c.agreements.some((a) => a.id === id));
    }
    if (wantsDownload(req)) {
      const rows = list.map((c) => ({ ...c, agreements: c.agreements.map((a) => a.id).join(' ') }));
      return { columns: ['alpha2', 'alpha3', 'm49', 'name_en', 'name_tr', 'region', 'eu', 'agreements'], rows: (async function* () { yield* rows; })(), filename: 'countries' };
    }
    const limit = query.limit ?? 50;
    const after = decodeCursor(query.cursor, 1)?.[0];
    if (after !== undefined && typeof after !== 'string') throw badParam('cursor', 'not a cursor of this list; pass meta.next_cursor unchanged');
    const rest = after === undefined ? list : list.filter((c) => c.alpha2 > after);
    const p = page(rest.slice(0, limit + 1), limit, (c) => [c.alpha2]);
    return { data: p.items, meta: { limit, next_cursor: p.next_cursor, total: list.length, query: { ...query, date } } };
  },
});

export const getCountry = defineOperation({
  method: 'GET',
  url: '/v1/trade/countries/:country',
  operationId: 'getTradeCountry',
  tag: 'Trade Data',
  summary: 'One country (any ISO code form) with its agreements and its trade with Turkey',
  description: 'Trade totals cover `from`–`to` (default: all data). A malformed code is a 400, a well-formed unknown code a 404.',
  scope: 'trade:read',
  errors: ['not_found'],
  params: CountryPath,
  querystring: Type.Object(
    {
      from: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD or YYYY-MM' })),
      to: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD or YYYY-MM' })),
      date: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD: agreements in force on this day (default today)' })),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    ...CountryView.properties,
    trade: Type.Object({
      exports: Type.Object({ value_usd: Type.Number(), net_weight_kg: Type.Number(), records: Type.Integer() }),
      imports: Type.Object({ value_usd: Type.Number(), net_weight_kg: Type.Number(), records: Type.Integer() }),
      balance_usd: Type.Number(),
      total_trade_usd: Type.Number(),
    }),
  }),
  async handle({ params, query }, { deps }) {
    const country = countryFromPath(params.country);
    const date = onDate(query.date);
    const filters = { ...parseFilters({ from: query.from, to: query.to }), countries: [country.alpha2] };
    const db = deps.store.db;
    const trade = await flowTotals(db, filters);
    return { data: [{ ...countryView(country, date), trade }], meta: { source: await sourceMeta(db) } };
  },
});
