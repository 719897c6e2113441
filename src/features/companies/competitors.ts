import { Type } from 'typebox';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { aggregate, groupedSql } from '../shared/aggregate.js';
import { analyticRows } from '../../analytics/query.js';
import { parseFilters, type Flow } from '../shared/filters.js';
import { CompanyIdParams, FlowParam, FromTo, PartyView, dateRange, requireCompany } from './params.js';
import { companyNames } from './queries.js';
import { arrayDownload } from './download.js';

// The company's own (HS6, market) pairs considered: its largest ones carry nearly all its value,
// and the bound keeps the competitor query on the rollup small.
const MAX_PRODUCTS = 25;
const MAX_MARKETS = 25;

const CompetitorView = Type.Object({
  ...PartyView,
  overlap_score: Type.Number({ description: "Share (0–1) of the company's value in product–market pairs the competitor also serves" }),
  shared_pairs: Type.Integer({ description: 'Product (HS6) × market pairs both trade' }),
  shared_value_usd: Type.Number({ description: "The competitor's value in the shared pairs" }),
  top_shared: Type.Array(Type.Object({ hs_code: Type.String(), country: Type.String() })),
});

export const listCompetitors = defineOperation({
  method: 'GET',
  url: '/v1/companies/:company_id/competitors',
  operationId: 'listCompanyCompetitors',
  tag: 'Company and Buyer',
  summary: 'Companies trading the same products (HS6) into the same markets',
  description:
    "The company's product × market pairs (its largest 25 HS6 codes and 25 markets) are compared with every other company on the same " +
    "side of the same flow. `overlap_score` is the share of the company's own value that lies in pairs the competitor also serves; " +
    "ties go to the competitor's value there. `flow` defaults to the company's larger flow.",
  scope: 'companies:read',
  params: CompanyIdParams,
  querystring: Type.Object({ ...FromTo, flow: FlowParam, top: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })), format: FormatParam }, { additionalProperties: false }),
  data: CompetitorView,
  errors: ['not_found'],
  download: true,
  async handle({ params, query }, { deps, req }) {
    const db = deps.store.db;
    const company = await requireCompany(db, params.company_id);
    const range = dateRange(query);
    const base = { from: query.from, to: query.to };
    // Turkish companies are the declarant side; foreign ones the partner side.
    const side = company.country === 'TR' ? 'company' : 'partner_company';
    let flow: Flow | undefined = query.flow;
    if (!flow) {
      const byFlow = await aggregate(db, { filters: parseFilters({ ...base, company_id: company.id }), groupBy: ['flow'], metrics: ['value_usd'] });
      flow = (byFlow.rows[0]?.flow as Flow | undefined) ?? 'export';
    }
    const own = await aggregate(db, { filters: parseFilters({ ...base, company_id: company.id }, flow), groupBy: ['hs', 'country'], metrics: ['value_usd'], hsLevel: 6, maxRows: 100_000 });
    const ownValue = new Map<string, number>();
    for (const r of own.rows) ownValue.set(`${r.hs_code}|${r.country}`, Number(r.value_usd));
    const total = [...ownValue.values()].reduce((a, b) => a + b, 0);
    const products = topKeys(own.rows, 'hs_code', MAX_PRODUCTS);
    const markets = topKeys(own.rows, 'country', MAX_MARKETS);
    if (!products.length || total <= 0) return { data: [], meta: { query: { ...range, flow }, reason: 'the company has no trade in this flow and period' } };
    const ranked = await rankCompetitors(db, { company: company.id, side, flow, base, products, markets, ownValue, total, top: query.top ?? 20 });
    const names = await companyNames(db, ranked.map((r) => r.id));
    const data = ranked.map((r) => ({
      company_id: r.id,
      name: names.get(r.id)?.name ?? null,
      country: names.get(r.id)?.country ?? null,
      overlap_score: r.score,
      shared_pairs: r.pairs,
      shared_value_usd: Math.round(r.theirs * 100) / 100,
      top_shared: r.top.map((key) => ({ hs_code: key.split('|')[0]!, country: key.split('|')[1]! })),
    }));
    if (wantsDownload(req)) return arrayDownload(data, Object.keys(CompetitorView.properties), `company-${company.id}-competitors`);
    return { data, meta: { query: { ...range, flow } } };
  },
});

function topKeys(rows: readonly Record<string, unknown>[], field: string, n: number): string[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(String(r[field]), (sums.get(String(r[field])) ?? 0) + Number(r.value_usd));
  return [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k]) => k);
}

interface RankInput {
  company: number;
  side: 'company' | 'partner_company';
  flow: Flow;
  base: { from?: string; to?: string };
  products: string[];
  markets: string[];
  ownValue: Map<string, number>;
  total: number;
  top: number;
}

// The competitors are grouped, scored and cut to the page in the engine: a large trader's
// products and markets hold hundreds of thousands of (competitor, product, market) groups, which
// read into the process cost seconds at 10M declarations.
async function rankCompetitors(db: Kysely<DB>, q: RankInput) {
  const { company, side, flow, base, products, markets, ownValue, total } = q;
  const groups = groupedSql({
    filters: parseFilters({ ...base, hs: products.join(','), country: markets.join(',') }, flow),
    groupBy: [side, 'hs', 'country'],
    metrics: ['value_usd'],
    hsLevel: 6,
  });
  const productSet = new Set(products);
  const marketSet = new Set(markets);
  const mine = [...ownValue].flatMap(([key, v]) => {
    const [hs, country] = key.split('|') as [string, string];
    return productSet.has(hs) && marketSet.has(country) ? [sql`(${hs}, ${country}, ${Math.round(v * 100)})`] : [];
  });
  const totalCents = Math.round(total * 100);
  const rows = await analyticRows(
    db,
    sql`select g.g0 as id, round(sum(own.cents) / ${totalCents}, 4) as score, sum(g.value_cents) as theirs, count(*) as pairs,
          string_agg(g.g1 || '|' || g.g2, ',' order by g.value_cents desc, g.g1, g.g2) as keys
        from (${groups}) g join (values ${sql.join(mine)}) own(hs, country, cents) on own.hs = g.g1 and own.country = g.g2
        where g.g0 <> 0 and g.g0 <> ${company}
        group by g.g0
        order by score desc, theirs desc, id
        limit ${sql.lit(q.top)}`.compile(db),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    score: Number(r.score),
    theirs: Number(r.theirs) / 100,
    pairs: Number(r.pairs),
    top: String(r.keys).split(',').slice(0, 5),
  }));
}
