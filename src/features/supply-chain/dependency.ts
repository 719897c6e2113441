import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload, type Operation } from '../../http/operation.js';
import { hhi } from '../../domain/stats/concentration.js';
import { loadPartners, type Side } from '../companies/partners.js';
import { companyNames } from '../companies/queries.js';
import { arrayDownload } from '../companies/download.js';
import { CompanyIdParams, FromTo, Nullable, cents, dateRange, requireCompany, round4 } from './params.js';

const DependencyView = Type.Object({
  company_id: Type.Integer(),
  name: Nullable(Type.String()),
  country: Nullable(Type.String()),
  value_usd: Type.Number(),
  records: Type.Integer(),
  dependency_share: Type.Number({ description: "Share of the company's value on this side (0–1)" }),
  cumulative_share: Type.Number(),
  first_date: Type.String(),
  last_date: Type.String(),
});

function dependencyOperation(side: Side): Operation {
  const noun = side === 'customers' ? 'buyers' : 'suppliers';
  return defineOperation({
    method: 'GET',
    url: `/v1/supply-chain/companies/:company_id/${noun}`,
    operationId: side === 'customers' ? 'listCompanyBuyersDependency' : 'listCompanySuppliersDependency',
    tag: 'Supply Chain',
    summary: side === 'customers' ? 'Its buyers, with dependency share' : 'Its suppliers, with dependency share',
    description:
      "`dependency_share` is the partner's share of the company's value on this side (sales for buyers, purchases for suppliers); " +
      '`meta.hhi` is the Herfindahl–Hirschman index (0–1) over all of them and `meta.top1_share` the largest share.',
    scope: 'trade:read',
    params: CompanyIdParams,
    querystring: Type.Object({ ...FromTo, top: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })), format: FormatParam }, { additionalProperties: false }),
    data: DependencyView,
    errors: ['not_found'],
    download: true,
    async handle({ params, query }, { deps, req }) {
      const db = deps.store.db;
      await requireCompany(db, params.company_id);
      const range = dateRange(query);
      const all = await loadPartners(db, params.company_id, range, side);
      const top = all.slice(0, query.top ?? 50);
      const names = await companyNames(db, top.map((p) => p.company_id));
      const total = all.reduce((t, p) => t + p.value_cents, 0);
      let running = 0;
      const data = top.map((p) => {
        running += p.value_cents;
        const n = names.get(p.company_id);
        return {
          company_id: p.company_id,
          name: n?.name ?? null,
          country: n?.country ?? null,
          value_usd: cents(p.value_cents),
          records: p.records,
          dependency_share: p.share,
          cumulative_share: total > 0 ? round4(running / total) : 0,
          first_date: p.first,
          last_date: p.last,
        };
      });
      if (wantsDownload(req)) return arrayDownload(data, Object.keys(DependencyView.properties), `company-${params.company_id}-${noun}`);
      const h = hhi(all.map((p) => p.value_cents));
      return { data, meta: { partners: all.length, total_value_usd: cents(total), hhi: h === null ? null : round4(h), top1_share: all[0]?.share ?? null, query: range } };
    },
  });
}

export const listBuyersDependency = dependencyOperation('customers');
export const listSuppliersDependency = dependencyOperation('suppliers');
