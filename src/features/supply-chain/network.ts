import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { memo } from '../companies/cache.js';
import { companyNames } from '../companies/queries.js';
import { CompanyIdParams, FromTo, Nullable, cents, dateRange, edgesLoader, requireCompany } from './params.js';
import { walkNetwork } from './graph.js';

export const MAX_FAN_OUT = 10;
export const MAX_NODES = 200;

export const getNetwork = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/companies/:company_id/network',
  operationId: 'getCompanyNetwork',
  tag: 'Supply Chain',
  summary: 'Trade graph (nodes, edges) around a company, depth 1–3',
  description:
    `Breadth-first over trading pairs: each node keeps its ${MAX_FAN_OUT} (or \`fan_out\`) largest partners by value, and the graph stops ` +
    `at ${MAX_NODES} nodes (\`meta.truncated\` says when a bound cut it). Edges point in the direction goods move (exporter → buyer, ` +
    'supplier → importer) and carry value and declarations. One element in `data`: `{ nodes, edges }`, ready for a graph view.',
  scope: 'trade:read',
  params: CompanyIdParams,
  querystring: Type.Object(
    {
      depth: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 1, description: 'Hops from the company, 1–3' })),
      fan_out: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_FAN_OUT, default: MAX_FAN_OUT })),
      ...FromTo,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    nodes: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Nullable(Type.String()),
        type: Type.Unsafe<string>({ type: 'string', enum: ['turkish_company', 'foreign_company'] }),
        country: Nullable(Type.String()),
        depth: Type.Integer(),
        value_usd: Type.Number({ description: 'Value of the edges of this node within the graph' }),
      }),
    ),
    edges: Type.Array(
      Type.Object({ source: Type.Integer(), target: Type.Integer(), flow: Type.String(), value_usd: Type.Number(), records: Type.Integer(), weight: Type.Number({ description: 'Value over the largest edge, 0–1' }) }),
    ),
  }),
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const db = deps.store.db;
    await requireCompany(db, params.company_id);
    const range = dateRange(query);
    const depth = query.depth ?? 1;
    const fanOut = query.fan_out ?? MAX_FAN_OUT;
    const net = await memo(db, `network:${params.company_id}:${depth}:${fanOut}:${range.from}:${range.to}`, () =>
      walkNetwork(params.company_id, depth, fanOut, MAX_NODES, edgesLoader(db, range)),
    );
    const names = await companyNames(db, [...net.depth.keys()]);
    const nodeValue = new Map<number, number>();
    for (const e of net.edges) {
      nodeValue.set(e.source, (nodeValue.get(e.source) ?? 0) + e.value_cents);
      nodeValue.set(e.target, (nodeValue.get(e.target) ?? 0) + e.value_cents);
    }
    const maxEdge = Math.max(1, ...net.edges.map((e) => e.value_cents));
    const nodes = [...net.depth.entries()].map(([id, d]) => {
      const n = names.get(id);
      return { id, name: n?.name ?? null, type: n?.country === 'TR' ? 'turkish_company' : 'foreign_company', country: n?.country ?? null, depth: d, value_usd: cents(nodeValue.get(id) ?? 0) };
    });
    const edges = net.edges
      .sort((a, b) => b.value_cents - a.value_cents)
      .map((e) => ({ source: e.source, target: e.target, flow: e.flow, value_usd: cents(e.value_cents), records: e.records, weight: Math.round((e.value_cents / maxEdge) * 1e4) / 1e4 }));
    return {
      data: [{ nodes, edges }],
      meta: { truncated: net.truncated, nodes: nodes.length, edges: edges.length, bounds: { depth, fan_out: fanOut, max_nodes: MAX_NODES }, query: { ...range } },
    };
  },
});
