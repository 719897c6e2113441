import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { CursorParam, LimitParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { aggregate } from '../shared/aggregate.js';
import { echoFilters, parseFilters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import { memo } from '../companies/cache.js';
import { companyNames } from '../companies/queries.js';
import { arrayDownload } from '../companies/download.js';
import { FromTo, Nullable, cents } from './params.js';
import { pairDetails } from './queries.js';

const Party = Type.Object({ company_id: Type.Integer(), name: Nullable(Type.String()), country: Nullable(Type.String()) });
const LinkView = Type.Object({
  manufacturer: Party,
  buyer: Party,
  shipments: Type.Integer({ description: 'Export declarations between the two' }),
  value_usd: Type.Number(),
  share: Nullable(Type.Number({ description: 'Share of the filtered total' })),
  products: Type.Array(Type.Object({ hs_code: Type.String(), value_usd: Type.Number() })),
  first_date: Nullable(Type.String()),
  last_date: Nullable(Type.String()),
});

export const listLinks = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/links',
  operationId: 'listSupplyChainLinks',
  tag: 'Supply Chain',
  summary: 'Manufacturer → buyer links: shipments, value, products, first/last date',
  description:
    'One row per Turkish exporter and foreign buyer pair found on export declarations, ranked by value. `products` lists the pair’s HS6 ' +
    'codes by value (at most 10). Filters: `hs`, `country` (buyer market), `company_id` (either side), `from`, `to`.',
  scope: 'trade:read',
  querystring: Type.Object(
    {
      hs: Type.Optional(Type.String({ maxLength: 200 })),
      country: Type.Optional(Type.String({ maxLength: 200 })),
      company_id: Type.Optional(Type.Integer({ minimum: 1 })),
      ...FromTo,
      limit: LimitParam,
      cursor: CursorParam,
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: LinkView,
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const filters = parseFilters({ hs: query.hs, country: query.country, company_id: query.company_id, from: query.from, to: query.to }, 'export');
    const res = await aggregate(db, { filters, groupBy: ['company', 'partner_company'], metrics: ['value_usd', 'records'], maxRows: 200_000 });
    const all = res.rows.filter((r) => r.partner_company_id);
    const download = wantsDownload(req) !== null;
    const limit = download ? all.length : (query.limit ?? 50);
    const c = decodeCursor(query.cursor, 2);
    let start = 0;
    if (c) {
      start = all.findIndex((r) => r.company_id === c[0] && r.partner_company_id === c[1]) + 1;
      if (start === 0) throw badParam('cursor', 'the result changed since this cursor was issued; start again');
    }
    const { items, next_cursor } = page(all.slice(start, start + limit + 1), limit, (r) => [r.company_id, r.partner_company_id]);
    const pairs = items.map((r) => ({ company_id: Number(r.company_id), partner_company_id: Number(r.partner_company_id) }));
    const [names, details] = await Promise.all([
      companyNames(db, pairs.flatMap((p) => [p.company_id, p.partner_company_id])),
      // A page's details change only at ingestion, like the ranking they complete (itself cached).
      download
        ? pairDetails(db, 'export', pairs, { from: filters.from, to: filters.to }, filters.hs)
        : memo(db, `link-details:${JSON.stringify([pairs, filters.from, filters.to, filters.hs])}`, () => pairDetails(db, 'export', pairs, { from: filters.from, to: filters.to }, filters.hs)),
    ]);
    const party = (id: number) => ({ company_id: id, name: names.get(id)?.name ?? null, country: names.get(id)?.country ?? null });
    const data = items.map((r, i) => {
      const p = pairs[i]!;
      const d = details.get(`${p.company_id}|${p.partner_company_id}`);
      return {
        manufacturer: party(p.company_id),
        buyer: party(p.partner_company_id),
        shipments: Number(r.records),
        value_usd: Number(r.value_usd),
        share: r.share === null ? null : Number(r.share),
        products: (d?.products ?? []).slice(0, 10).map((x) => ({ hs_code: x.hs_code, value_usd: cents(x.value_cents) })),
        first_date: d?.first ?? null,
        last_date: d?.last ?? null,
      };
    });
    if (download) return arrayDownload(data, Object.keys(LinkView.properties), 'supply-chain-links');
    return { data, meta: { limit, next_cursor, total: all.length, query: echoFilters(filters), source: await sourceMeta(db) } };
  },
});
