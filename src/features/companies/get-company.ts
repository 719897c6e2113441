import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { aggregateAll } from '../shared/aggregate-all.js';
import { parseFilters } from '../shared/filters.js';
import { isValidVkn } from '../../domain/codes/vkn.js';
import { CompanyIdParams, Nullable, requireCompany } from './params.js';
import { tradeSpan } from './queries.js';
import { memo } from './cache.js';

const FlowTotal = Type.Object({ value_usd: Type.Number(), records: Type.Integer() });

export const CompanyProfile = Type.Object({
  company_id: Type.Integer(),
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  tax_number: Nullable(Type.String()),
  tax_number_kind: Nullable(Type.String({ description: 'vkn for a Turkish tax number with a valid check digit, national_id otherwise' })),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  country: Type.String(),
  sector: Nullable(Type.String()),
  size_band: Nullable(Type.String()),
  website: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
  first_trade_date: Nullable(Type.String()),
  last_trade_date: Nullable(Type.String()),
  totals: Type.Object({ import: FlowTotal, export: FlowTotal }),
  top_partner_countries: Type.Array(Type.Object({ country: Type.String(), value_usd: Type.Number(), share: Nullable(Type.Number()) })),
});

export const getCompany = defineOperation({
  method: 'GET',
  url: '/v1/companies/:company_id',
  operationId: 'getCompany',
  tag: 'Company and Buyer',
  summary: 'Company profile: names and aliases, tax number, location, sector, size, first/last trade, totals',
  description: 'Totals are over all declarations naming the company, as the Turkish party or as the foreign partner. Unknown id: 404.',
  scope: 'companies:read',
  params: CompanyIdParams,
  data: CompanyProfile,
  errors: ['not_found'],
  async handle({ params }, { deps }) {
    const db = deps.store.db;
    const c = await requireCompany(db, params.company_id);
    const filters = parseFilters({ company_id: c.id });
    const [span, [byFlow, byCountry]] = await Promise.all([
      memo(db, `span:${c.id}`, () => tradeSpan(db, c.id)),
      aggregateAll(db, [
        { filters, groupBy: ['flow'], metrics: ['value_usd', 'records'] },
        { filters, groupBy: ['country'], metrics: ['value_usd'], top: 5 },
      ]),
    ]);
    const total = (flow: string) => {
      const r = byFlow.rows.find((x) => x.flow === flow);
      return { value_usd: Number(r?.value_usd ?? 0), records: Number(r?.records ?? 0) };
    };
    const turkish = c.country === 'TR' && c.tax_number !== null && isValidVkn(c.tax_number);
    return {
      data: [
        {
          company_id: c.id,
          name: c.name,
          aliases: c.aliases,
          tax_number: c.tax_number,
          tax_number_kind: c.tax_number === null ? null : turkish ? 'vkn' : 'national_id',
          address: c.address,
          city: c.city,
          country: c.country,
          sector: c.sector,
          size_band: c.size_band,
          website: c.website,
          roles: c.roles,
          first_trade_date: span.first,
          last_trade_date: span.last,
          totals: { import: total('import'), export: total('export') },
          top_partner_countries: byCountry.rows.map((r) => ({ country: String(r.country), value_usd: Number(r.value_usd), share: r.share === null ? null : Number(r.share) })),
        },
      ],
    };
  },
});
