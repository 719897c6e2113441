import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError, badParam } from '../../http/errors.js';
import { memo } from '../companies/cache.js';
import { companyNames } from '../companies/queries.js';
import { FromTo, Nullable, cents, dateRange, requireCompany, tradePath } from './params.js';
import { edgesAlong } from './queries.js';

export const DEFAULT_MAX_HOPS = 4;
export const MAX_HOPS = 6;
export const NODE_BUDGET = 5_000;

export const findPath = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/path',
  operationId: 'findTradePath',
  tag: 'Supply Chain',
  summary: 'Shortest trade path between two companies',
  description:
    'Breadth-first search over trading pairs (either direction of trade), at most `max_hops` hops (default 4, at most 6) and ' +
    `${NODE_BUDGET} companies visited. One row per company on the path, from \`from_company\` to \`to_company\`; each row after the ` +
    'first carries the trade between it and the previous one. No path within the bounds: 404 naming them.',
  scope: 'trade:read',
  querystring: Type.Object(
    {
      from_company: Type.Integer({ minimum: 1, description: 'Company id where the path starts' }),
      to_company: Type.Integer({ minimum: 1, description: 'Company id where it ends' }),
      max_hops: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_HOPS, default: DEFAULT_MAX_HOPS })),
      ...FromTo,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    step: Type.Integer(),
    company_id: Type.Integer(),
    name: Nullable(Type.String()),
    country: Nullable(Type.String()),
    link: Nullable(
      Type.Object({
        direction: Type.Unsafe<string>({ type: 'string', enum: ['sells_to_previous', 'buys_from_previous', 'both'] }),
        value_usd: Type.Number(),
        records: Type.Integer(),
      }),
    ),
  }),
  errors: ['not_found'],
  async handle({ query }, { deps }) {
    const db = deps.store.db;
    if (query.from_company === query.to_company) throw badParam('to_company', 'must differ from from_company');
    await requireCompany(db, query.from_company);
    await requireCompany(db, query.to_company);
    const range = dateRange(query);
    const hops = query.max_hops ?? DEFAULT_MAX_HOPS;
    const found = await memo(db, `path:${query.from_company}:${query.to_company}:${hops}:${range.from}:${range.to}`, () =>
      tradePath(db, query.from_company, query.to_company, hops, NODE_BUDGET, range),
    );
    if (!found.path) {
      const why = found.exhausted ? ` (search stopped after visiting ${NODE_BUDGET} companies)` : '';
      throw new ApiError('not_found', `No trade path from company ${query.from_company} to company ${query.to_company} within ${hops} hops${why}`);
    }
    const path = found.path;
    const [names, edges] = await Promise.all([companyNames(db, path), edgesAlong(db, path, range)]);
    const data = path.map((id, step) => {
      const n = names.get(id);
      let link = null;
      if (step > 0) {
        const prev = path[step - 1]!;
        let sells = 0;
        let buys = 0;
        let value = 0;
        let records = 0;
        for (const e of edges) {
          const seller = e.flow === 'export' ? e.company_id : e.partner_company_id;
          const buyer = e.flow === 'export' ? e.partner_company_id : e.company_id;
          if (seller === id && buyer === prev) sells += e.value_cents;
          else if (seller === prev && buyer === id) buys += e.value_cents;
          else continue;
          value += e.value_cents;
          records += e.records;
        }
        link = { direction: sells && buys ? 'both' : sells ? 'sells_to_previous' : 'buys_from_previous', value_usd: cents(value), records };
      }
      return { step, company_id: id, name: n?.name ?? null, country: n?.country ?? null, link };
    });
    return { data, meta: { hops: path.length - 1, visited: found.visited, bounds: { max_hops: hops, node_budget: NODE_BUDGET }, query: { from_company: query.from_company, to_company: query.to_company, ...range } } };
  },
});
