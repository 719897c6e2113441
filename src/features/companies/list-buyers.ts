import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { aggregate } from '../shared/aggregate.js';
import { echoFilters, parseFilters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import { FromTo, Nullable, PartyView } from './params.js';
import { companyNames } from './queries.js';
import { arrayDownload } from './download.js';

const BuyerView = Type.Object({
  rank: Type.Integer(),
  ...PartyView,
  city: Nullable(Type.String()),
  value_usd: Type.Number(),
  net_weight_kg: Type.Number(),
  turkish_suppliers: Type.Integer({ description: 'Distinct Turkish exporters selling it this product' }),
  share: Nullable(Type.Number({ description: 'Share of Turkish exports of the product (to the market) bought by this buyer' })),
});

export const listBuyers = defineOperation({
  method: 'GET',
  url: '/v1/buyers',
  operationId: 'listBuyers',
  tag: 'Company and Buyer',
  summary: 'Foreign buyers of a product (hs) in a market (country), ranked by value',
  description: 'Buyers named on Turkish export declarations of the product; `hs` is required, `country` optional (comma list).',
  scope: 'companies:read',
  querystring: Type.Object(
    {
      hs: Type.String({ maxLength: 200, description: 'HS/GTİP prefix, 2–12 digits (comma list)' }),
      country: Type.Optional(Type.String({ maxLength: 200, description: 'Buyer market: ISO alpha-2, alpha-3 or M49; comma list' })),
      ...FromTo,
      top: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: BuyerView,
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    if (!query.hs.trim()) throw badParam('hs', 'required');
    const filters = parseFilters({ hs: query.hs, country: query.country, from: query.from, to: query.to }, 'export');
    const res = await aggregate(db, { filters, groupBy: ['partner_company'], metrics: ['value_usd', 'net_weight_kg', 'companies'], top: (query.top ?? 50) + 1 });
    const rows = res.rows.filter((r) => r.partner_company_id).slice(0, query.top ?? 50);
    const names = await companyNames(db, rows.map((r) => Number(r.partner_company_id)));
    const data = rows.map((r, i) => {
      const id = Number(r.partner_company_id);
      const n = names.get(id);
      return { rank: i + 1, company_id: id, name: n?.name ?? null, country: n?.country ?? null, city: n?.city ?? null, value_usd: Number(r.value_usd), net_weight_kg: Number(r.net_weight_kg), turkish_suppliers: Number(r.companies), share: r.share === null ? null : Number(r.share) };
    });
    if (wantsDownload(req)) return arrayDownload(data, Object.keys(BuyerView.properties), 'buyers');
    return { data, meta: { query: echoFilters(filters), source: await sourceMeta(db) } };
  },
});
