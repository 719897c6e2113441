// Products and markets of a company: thin routes over the aggregate engine.
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload, type Operation } from '../../http/operation.js';
import { aggregate } from '../shared/aggregate.js';
import { echoFilters, parseFilters, type Flow } from '../shared/filters.js';
import { CompanyIdParams, FlowParam, FromTo, Nullable, requireCompany } from './params.js';
import { arrayDownload } from './download.js';

const HsLevel = Type.Optional(Type.Unsafe<2 | 4 | 6>({ type: 'integer', enum: [2, 4, 6], default: 6, description: 'Digits of the HS code, 2, 4 or 6' }));
const Top = Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'At most this many rows per flow' }));

const Metrics = {
  flow: Type.String(),
  value_usd: Type.Number(),
  net_weight_kg: Type.Number(),
  records: Type.Integer(),
  share: Nullable(Type.Number({ description: 'Share of the company’s value in that flow' })),
};

function breakdown(kind: 'products' | 'markets'): Operation {
  const Row = kind === 'products' ? Type.Object({ hs_code: Type.String(), ...Metrics }) : Type.Object({ country: Type.String(), ...Metrics });
  return defineOperation({
    method: 'GET',
    url: `/v1/companies/:company_id/${kind}`,
    operationId: kind === 'products' ? 'listCompanyProducts' : 'listCompanyMarkets',
    tag: 'Company and Buyer',
    summary: kind === 'products' ? 'HS codes a company traded, with values' : 'Countries a company traded with, with values',
    description:
      (kind === 'products'
        ? '`records` counts declarations carrying the code. '
        : 'Partner country: origin for imports, destination for exports. ') + 'Ranked by value within each flow.',
    scope: 'companies:read',
    params: CompanyIdParams,
    querystring: Type.Object(
      { ...FromTo, flow: FlowParam, ...(kind === 'products' ? { hs_level: HsLevel } : {}), top: Top, format: FormatParam },
      { additionalProperties: false },
    ),
    data: Row,
    errors: ['not_found'],
    download: true,
    async handle({ params, query }, { deps, req }) {
      const db = deps.store.db;
      await requireCompany(db, params.company_id);
      const q = query as { from?: string; to?: string; flow?: Flow; hs_level?: number; top?: number };
      const flows: Flow[] = q.flow ? [q.flow] : ['export', 'import'];
      const dim = kind === 'products' ? 'hs' : 'country';
      const data: Record<string, unknown>[] = [];
      let echo: Record<string, unknown> = {};
      for (const flow of flows) {
        const filters = parseFilters({ from: q.from, to: q.to, company_id: params.company_id }, flow);
        echo = echoFilters({ ...filters, flow: q.flow ?? null });
        const res = await aggregate(db, { filters, groupBy: [dim], metrics: ['value_usd', 'net_weight_kg', 'records'], hsLevel: q.hs_level ?? 6, top: q.top ?? 100 });
        for (const r of res.rows) data.push({ ...r, flow });
      }
      if (wantsDownload(req)) return arrayDownload(data, Object.keys(Row.properties), `company-${params.company_id}-${kind}`);
      return { data, meta: { query: echo } };
    },
  });
}

export const listProducts = breakdown('products');
export const listMarkets = breakdown('markets');
