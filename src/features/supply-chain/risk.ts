import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { hhi } from '../../domain/stats/concentration.js';
import { aggregateAll } from '../shared/aggregate-all.js';
import { parseFilters } from '../shared/filters.js';
import { loadPartners } from '../companies/partners.js';
import { companyNames } from '../companies/queries.js';
import { CompanyIdParams, FromTo, Nullable, dateRange, requireCompany, round4 } from './params.js';
import { portName } from './params.js';

const DIMENSIONS = ['buyers', 'suppliers', 'markets', 'routes'] as const;
type Dimension = (typeof DIMENSIONS)[number];

const Exposure = Type.Object({ key: Type.String(), name: Nullable(Type.String()), share: Type.Number() });

/** 0–100 from HHI (0–1); the bands follow the merger guidelines' 1,500 and 2,500 points. */
export function riskLabel(score: number): 'low' | 'moderate' | 'high' {
  return score < 15 ? 'low' : score <= 25 ? 'moderate' : 'high';
}

export const getRisk = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/companies/:company_id/risk',
  operationId: 'getCompanyConcentrationRisk',
  tag: 'Supply Chain',
  summary: 'Concentration risk: dependence on single buyers, suppliers, markets and routes',
  description:
    'For each dimension the Herfindahl–Hirschman index (0–1) of the value shares and the three largest exposures: buyers (sales by ' +
    'customer), suppliers (purchases by supplier), markets (partner countries, both flows) and routes (ports and border gates used, both flows). ' +
    '`score` = 100 × the mean HHI of the dimensions with trade; label: low below 15, moderate to 25, high above (the 1,500 / 2,500 ' +
    'points of the merger guidelines).',
  scope: 'trade:read',
  params: CompanyIdParams,
  querystring: Type.Object({ ...FromTo }, { additionalProperties: false }),
  data: Type.Object({
    company_id: Type.Integer(),
    score: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
    label: Nullable(Type.String()),
    dimensions: Type.Array(
      Type.Object({
        dimension: Type.String(),
        hhi: Nullable(Type.Number()),
        count: Type.Integer(),
        top_exposures: Type.Array(Exposure),
      }),
    ),
  }),
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const db = deps.store.db;
    const company = await requireCompany(db, params.company_id);
    const range = dateRange(query);
    const filters = parseFilters({ from: query.from, to: query.to, company_id: company.id });
    const [buyers, suppliers, [markets, routes]] = await Promise.all([
      loadPartners(db, company.id, range, 'customers'),
      loadPartners(db, company.id, range, 'suppliers'),
      aggregateAll(db, [
        { filters, groupBy: ['country'], metrics: ['value_usd'], maxRows: 10_000 },
        { filters, groupBy: ['port'], metrics: ['value_usd'], maxRows: 10_000 },
      ]),
    ]);
    const names = await companyNames(db, [...buyers.slice(0, 3), ...suppliers.slice(0, 3)].map((p) => p.company_id));
    const items: Record<Dimension, { key: string; name: string | null; value: number }[]> = {
      buyers: buyers.map((p) => ({ key: String(p.company_id), name: names.get(p.company_id)?.name ?? null, value: p.value_cents })),
      suppliers: suppliers.map((p) => ({ key: String(p.company_id), name: names.get(p.company_id)?.name ?? null, value: p.value_cents })),
      markets: markets.rows.map((r) => ({ key: String(r.country), name: null, value: Number(r.value_usd) })),
      routes: routes.rows.map((r) => ({ key: String(r.port), name: portName(String(r.port)).name, value: Number(r.value_usd) })),
    };
    const dimensions = DIMENSIONS.map((d) => {
      const list = items[d].sort((a, b) => b.value - a.value);
      const total = list.reduce((t, x) => t + x.value, 0);
      const h = hhi(list.map((x) => x.value));
      return {
        dimension: d,
        hhi: h === null ? null : round4(h),
        count: list.length,
        top_exposures: list.slice(0, 3).map((x) => ({ key: x.key, name: x.name, share: total > 0 ? round4(x.value / total) : 0 })),
      };
    });
    const present = dimensions.filter((d) => d.hhi !== null).map((d) => d.hhi!);
    const score = present.length ? Math.round((100 * present.reduce((a, b) => a + b, 0)) / present.length) : null;
    return { data: [{ company_id: company.id, score, label: score === null ? null : riskLabel(score), dimensions }], meta: { query: range } };
  },
});
