import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { FilterParams, parseFilters } from '../shared/filters.js';
import { previousWindow, yearAgoWindow } from './periods.js';
import { asDownload, countryName, FlowParam, resolveWindow, statsMeta, withWindow } from './params.js';
import { rank, RankingFields, TopParam } from './rankings.js';

const COLUMNS = ['rank', 'country', 'name', 'value_usd', 'share', 'net_weight_kg', 'records', 'previous_value_usd', 'growth_vs_previous', 'year_ago_value_usd', 'growth_yoy'];

export const getPartnerRanking = defineOperation({
  method: 'GET',
  url: '/v1/statistics/partners',
  operationId: 'getPartnerRanking',
  tag: 'Trade Statistics',
  summary: 'Partner ranking with share and growth',
  description:
    'Partner countries ranked by value over the window (default: the last 12 months with data), with their share of the filtered total ' +
    'and their growth against the previous period of the same length and the same period a year earlier (fractions; null when the base ' +
    'was zero). Without `flow`, exports and imports together (total trade).',
  scope: 'trade:read',
  querystring: Type.Object({ ...FilterParams, flow: FlowParam, top: TopParam, format: FormatParam }, { additionalProperties: false }),
  data: Type.Object({ ...RankingFields, country: Type.String(), name: Type.Union([Type.String(), Type.Null()]) }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const f = parseFilters(query, query.flow ?? null);
    const w = await resolveWindow(db, f, 12);
    const top = query.top ?? 20;
    const r = await rank(db, f, w, 'country', top);
    const data = r.rows.map(({ key, ...row }) => ({ ...row, country: key, name: countryName(key) }));
    if (wantsDownload(req)) return asDownload(data, COLUMNS, 'partners');
    return {
      data,
      meta: { ...(await statsMeta(db, withWindow(f, w), { top })), totals: r.totals, previous_period: previousWindow(w), year_ago: yearAgoWindow(w) },
    };
  },
});
