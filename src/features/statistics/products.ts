import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { FilterParams, parseFilters } from '../shared/filters.js';
import { previousWindow, yearAgoWindow } from './periods.js';
import { asDownload, FlowParam, HsLevelParam, hsDescription, resolveWindow, statsMeta, withWindow } from './params.js';
import { rank, RankingFields, TopParam } from './rankings.js';

const COLUMNS = ['rank', 'hs_code', 'description', 'value_usd', 'share', 'net_weight_kg', 'records', 'previous_value_usd', 'growth_vs_previous', 'year_ago_value_usd', 'growth_yoy'];

export const getProductRanking = defineOperation({
  method: 'GET',
  url: '/v1/statistics/products',
  operationId: 'getProductRanking',
  tag: 'Trade Statistics',
  summary: 'Product ranking with share and growth',
  description:
    'Products at `hs_level` digits (default 2, the chapters) ranked by value over the window (default: the last 12 months with data), ' +
    'with their share of the filtered total and their growth against the previous period of the same length and the same period a year ' +
    'earlier. Values are those of the matching item lines. Without `flow`, exports and imports together.',
  scope: 'trade:read',
  querystring: Type.Object({ ...FilterParams, flow: FlowParam, hs_level: HsLevelParam, top: TopParam, format: FormatParam }, { additionalProperties: false }),
  data: Type.Object({ ...RankingFields, hs_code: Type.String(), description: Type.Union([Type.String(), Type.Null()]) }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const f = parseFilters(query, query.flow ?? null);
    const w = await resolveWindow(db, f, 12);
    const top = query.top ?? 20;
    const hsLevel = query.hs_level ?? 2;
    const r = await rank(db, f, w, 'hs', top, hsLevel);
    const data = r.rows.map(({ key, ...row }) => ({ ...row, hs_code: key, description: hsDescription(key) }));
    if (wantsDownload(req)) return asDownload(data, COLUMNS, 'products');
    return {
      data,
      meta: { ...(await statsMeta(db, withWindow(f, w), { top, hs_level: hsLevel })), totals: r.totals, previous_period: previousWindow(w), year_ago: yearAgoWindow(w) },
    };
  },
});
