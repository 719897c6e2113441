import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { aggregate } from '../shared/aggregate.js';
import { echoFilters, parseFilters } from '../shared/filters.js';
import { companyNames } from '../companies/queries.js';
import { arrayDownload } from '../companies/download.js';
import { FromTo, Nullable } from './params.js';

const AlternativeView = Type.Object({
  rank: Type.Integer(),
  company_id: Type.Integer(),
  name: Nullable(Type.String()),
  city: Nullable(Type.String()),
  value_usd: Type.Number({ description: 'Its exports of the product to the market' }),
  net_weight_kg: Type.Number(),
  share: Nullable(Type.Number({ description: 'Share of Turkish exports of the product to the market' })),
});

export const listAlternatives = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/alternatives',
  operationId: 'listAlternativeSuppliers',
  tag: 'Supply Chain',
  summary: 'Alternative Turkish suppliers for a product and market',
  description:
    'Turkish exporters of `hs` (required) to `country` (optional; all markets when absent), ranked by value, leaving out `company_id` ' +
    '(the current supplier). Shares are of all Turkish exports of the product to the market, the excluded company included.',
  scope: 'trade:read',
  querystring: Type.Object(
    {
      hs: Type.String({ maxLength: 200, description: 'HS/GTİP prefix, 2–12 digits' }),
      country: Type.Optional(Type.String({ maxLength: 200 })),
      company_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Company to leave out' })),
      ...FromTo,
      top: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 20 })),
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: AlternativeView,
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const filters = parseFilters({ hs: query.hs, country: query.country, from: query.from, to: query.to }, 'export');
    const top = query.top ?? 20;
    const res = await aggregate(db, { filters, groupBy: ['company'], metrics: ['value_usd', 'net_weight_kg'], top: top + 1 });
    const rows = res.rows.filter((r) => Number(r.company_id) !== query.company_id).slice(0, top);
    const names = await companyNames(db, rows.map((r) => Number(r.company_id)));
    const data = rows.map((r, i) => {
      const id = Number(r.company_id);
      return { rank: i + 1, company_id: id, name: names.get(id)?.name ?? null, city: names.get(id)?.city ?? null, value_usd: Number(r.value_usd), net_weight_kg: Number(r.net_weight_kg), share: r.share === null ? null : Number(r.share) };
    });
    if (wantsDownload(req)) return arrayDownload(data, Object.keys(AlternativeView.properties), 'alternatives');
    return { data, meta: { query: { ...echoFilters(filters), excluded_company_id: query.company_id ?? null } } };
  },
});
