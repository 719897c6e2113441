import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { CursorParam, LimitParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { aggregate, type AggRow, type Dim, type Metric } from '../shared/aggregate.js';
import { echoFilters, parseFilters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import { memo } from '../companies/cache.js';
import { companyNames } from '../companies/queries.js';
import { arrayDownload } from '../companies/download.js';
import { FromTo, Nullable, cents } from './params.js';
import { pairDetails } from './pair-details.js';

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
    const download = wantsDownload(req) !== null;
    const limit = download ? 200_000 : (query.limit ?? 50);
    // The cursor is the position of the last row and its pair. A page is the first groups up to it
    // (picked from the sums, not a full ranking of every pair); should the ranking have moved since,
    // the pair is looked for in the whole ranking, as keyset paging would.
    const c = decodeCursor(query.cursor, 3);
    const at = c ? Number(c[0]) : -1;
    if (c && !(Number.isInteger(at) && at >= 0 && at < 200_000)) throw badParam('cursor', 'not a cursor of this list; pass meta.next_cursor unchanged');
    const spec = { filters, groupBy: ['company', 'partner_company'] as Dim[], metrics: ['value_usd', 'records'] as Metric[], partnerKnown: true };
    const whole = () => aggregate(db, { ...spec, maxRows: 200_000 });
    // A page is not counted: at 10M declarations counting a window's million pairs costs as much
    // as a fifth of ranking them. The count is given when the groups read are all there are.
    const top = at + 1 + limit + 1;
    let res = download ? await whole() : await aggregate(db, { ...spec, top, uncounted: true });
    let partial = !download && res.rows.length >= top;
    const same = (r: AggRow | undefined) => r !== undefined && r.company_id === c![1] && r.partner_company_id === c![2];
    let start = at + 1;
    if (c && !same(res.rows[at])) {
      if (partial) {
        res = await whole();
        partial = false;
      }
      start = res.rows.findIndex(same) + 1;
      if (start === 0) throw badParam('cursor', 'the result changed since this cursor was issued; start again');
    }
    const all = res.rows;
    const { items, next_cursor } = page(
      all.slice(start, start + limit + 1).map((r, i) => ({ r, pos: start + i })),
      limit,
      (x) => [x.pos, x.r.company_id, x.r.partner_company_id],
    );
    const pairs = items.map(({ r }) => ({ company_id: Number(r.company_id), partner_company_id: Number(r.partner_company_id) }));
    const [names, details] = await Promise.all([
      companyNames(db, pairs.flatMap((p) => [p.company_id, p.partner_company_id])),
      // A page's details change only at ingestion, like the ranking they complete (itself cached).
      download
        ? pairDetails(db, 'export', pairs, { from: filters.from, to: filters.to }, filters.hs)
        : memo(db, `link-details:${JSON.stringify([pairs, filters.from, filters.to, filters.hs])}`, () => pairDetails(db, 'export', pairs, { from: filters.from, to: filters.to }, filters.hs)),
    ]);
    const party = (id: number) => ({ company_id: id, name: names.get(id)?.name ?? null, country: names.get(id)?.country ?? null });
    const data = items.map(({ r }, i) => {
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
    const total = partial || res.truncated ? undefined : all.length;
    return { data, meta: { limit, next_cursor, ...(total !== undefined ? { total } : {}), query: echoFilters(filters), source: await sourceMeta(db) } };
  },
});
