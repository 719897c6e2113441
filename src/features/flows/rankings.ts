// Rankings of one flow: Turkish traders (top importers / exporters) and foreign partners (top
// suppliers / buyers), by value unless `sort` says otherwise, with names and countries.
import { Type } from 'typebox';
import { defineOperation, FormatParam, type Operation } from '../../http/operation.js';
import { FilterParams, parseFilters, echoFilters } from '../shared/filters.js';
import type { AggRow, Dim, Metric } from '../shared/aggregate.js';
import { sourceMeta } from '../shared/source-meta.js';
import { AggSortParam, TopParam, aggSort, answer, companiesById, withComparison } from './params.js';
import { cap, type FlowSpec } from './flow.js';

const N = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const METRICS: Metric[] = ['value_usd', 'net_weight_kg', 'records', 'unit_value_usd_per_kg'];

function rankingOp(fs: FlowSpec, who: 'traders' | 'partners'): Operation {
  const partner = who === 'partners';
  const dim: Dim = partner ? 'partner_company' : 'company';
  const idField = partner ? 'partner_company_id' : 'company_id';
  const noun = partner ? fs.partners : fs.traders;
  const data = Type.Object({
    rank: Type.Integer(),
    [idField]: N(Type.Integer()),
    name: N(Type.String()),
    tax_number: N(Type.String()),
    country: N(Type.String({ description: 'Alpha-2 of the company' })),
    value_usd: Type.Number(),
    net_weight_kg: Type.Number(),
    records: Type.Integer({ description: 'Declarations' }),
    unit_value_usd_per_kg: N(Type.Number()),
    share: N(Type.Number({ description: 'Of the filtered total value' })),
    value_usd_prev: Type.Optional(Type.Number()),
    change: Type.Optional(N(Type.Number())),
  });
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/top-${noun}`,
    operationId: `getTop${cap(noun)}`,
    tag: fs.tag,
    summary: partner ? `Foreign ${noun} ranked` : `Turkish ${noun} ranked`,
    description:
      `Takes \`hs\`, \`country\`, \`from\`, \`to\` (and every other common filter) and \`top\` (1–1000, default 10). ` +
      'Sorted by value descending unless `sort` says otherwise; with both `from` and `to`, `change` compares with the previous period of the same length.',
    scope: 'trade:read',
    download: true,
    querystring: Type.Object({ ...FilterParams, top: TopParam(10), sort: AggSortParam, format: FormatParam }, { additionalProperties: false }),
    data,
    async handle({ query }, { deps, req }) {
      const filters = parseFilters(query, fs.flow);
      const top = query.top ?? 10;
      const db = deps.store.db;
      const keyOf = (r: AggRow) => String(r[idField]);
      const [res, source] = await Promise.all([
        withComparison(db, { filters, groupBy: [dim], metrics: METRICS, top, sort: aggSort(query.sort) }, keyOf, { previousTotals: false }),
        sourceMeta(db),
      ]);
      const names = await companiesById(db, res.rows.map((r) => Number(r[idField] ?? 0)));
      const rows = res.rows.map((r, i) => {
        const c = names.get(Number(r[idField] ?? 0));
        return { rank: i + 1, ...r, name: c?.name ?? null, tax_number: c?.tax_number ?? null, country: c?.country ?? null };
      });
      return answer(req, rows, Object.keys(data.properties), `${fs.prefix}-top-${noun}`, {
        source, query: { ...echoFilters(filters), top }, totals: res.totals, aggregate_source: res.source,
        ...(res.previous ? { previous_period: res.previous.period } : {}),
      });
    },
  });
}

export const topTradersOp = (fs: FlowSpec) => rankingOp(fs, 'traders');
export const topPartnersOp = (fs: FlowSpec) => rankingOp(fs, 'partners');
