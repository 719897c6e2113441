import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { aggregate, formatPeriod } from '../shared/aggregate.js';
import { echoFilters, parseFilters } from '../shared/filters.js';
import { CompanyIdParams, FromTo, requireCompany } from './params.js';
import { arrayDownload } from './download.js';

const Month = Type.Object({
  period: Type.String({ description: 'YYYY-MM' }),
  import_value_usd: Type.Number(),
  export_value_usd: Type.Number(),
  import_records: Type.Integer(),
  export_records: Type.Integer(),
});

export const getTradeHistory = defineOperation({
  method: 'GET',
  url: '/v1/companies/:company_id/trade-history',
  operationId: 'getCompanyTradeHistory',
  tag: 'Company and Buyer',
  summary: 'Monthly import and export values of a company',
  description: 'One row per month from the first to the last month with trade (months without trade are zeros), oldest first.',
  scope: 'companies:read',
  params: CompanyIdParams,
  querystring: Type.Object({ ...FromTo, format: FormatParam }, { additionalProperties: false }),
  data: Month,
  errors: ['not_found'],
  download: true,
  async handle({ params, query }, { deps, req }) {
    const db = deps.store.db;
    await requireCompany(db, params.company_id);
    const filters = parseFilters({ ...query, company_id: params.company_id });
    const res = await aggregate(db, { filters, groupBy: ['period', 'flow'], metrics: ['value_usd', 'records'], maxRows: 100_000 });
    const byMonth = new Map<string, { import_value_usd: number; export_value_usd: number; import_records: number; export_records: number }>();
    for (const r of res.rows) {
      const m = byMonth.get(String(r.period)) ?? { import_value_usd: 0, export_value_usd: 0, import_records: 0, export_records: 0 };
      if (r.flow === 'import') {
        m.import_value_usd = Number(r.value_usd);
        m.import_records = Number(r.records);
      } else {
        m.export_value_usd = Number(r.value_usd);
        m.export_records = Number(r.records);
      }
      byMonth.set(String(r.period), m);
    }
    const data = fillMonths([...byMonth.keys()]).map((period) => ({
      period,
      ...(byMonth.get(period) ?? { import_value_usd: 0, export_value_usd: 0, import_records: 0, export_records: 0 }),
    }));
    if (wantsDownload(req)) return arrayDownload(data, Object.keys(Month.properties), `company-${params.company_id}-trade-history`);
    return { data, meta: { query: echoFilters(filters) } };
  },
});

/** Every month between the first and last given (YYYY-MM), in order. */
export function fillMonths(periods: string[]): string[] {
  if (!periods.length) return [];
  const nums = periods.map((p) => Number(p.slice(0, 4)) * 12 + Number(p.slice(5, 7)) - 1);
  const lo = Math.min(...nums);
  const hi = Math.max(...nums);
  const out: string[] = [];
  for (let n = lo; n <= hi; n++) out.push(formatPeriod(Math.floor(n / 12) * 100 + (n % 12) + 1, 'month'));
  return out;
}
