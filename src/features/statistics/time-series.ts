import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { FilterParams, parseFilters } from '../shared/filters.js';
import { asDownload, FlowParam, FreqParam, loadSeries, resolveWindow, statsMeta, withWindow } from './params.js';

const COLUMNS = ['period', 'value_usd', 'net_weight_kg', 'records', 'unit_value_usd_per_kg'];

export const getTimeSeries = defineOperation({
  method: 'GET',
  url: '/v1/statistics/time-series',
  operationId: 'getStatisticsTimeSeries',
  tag: 'Trade Statistics',
  summary: 'Any slice as a series at freq',
  description:
    'Value, net weight, declarations and unit value per period (`freq`: month, quarter or year) for any slice the common filters ' +
    'describe (flow, HS prefix at any level, partner, port, transport mode…). Every period of the window is present, with zeros where ' +
    'nothing traded (unit value null). Default window: all months with data. A window that starts or ends inside a quarter or year ' +
    'gives partial first or last periods.',
  scope: 'trade:read',
  querystring: Type.Object({ ...FilterParams, flow: FlowParam, freq: FreqParam, format: FormatParam }, { additionalProperties: false }),
  data: Type.Object({
    period: Type.String(),
    value_usd: Type.Number(),
    net_weight_kg: Type.Number(),
    records: Type.Integer(),
    unit_value_usd_per_kg: Type.Union([Type.Number(), Type.Null()]),
  }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const freq = query.freq ?? 'month';
    const base = parseFilters(query, query.flow ?? null);
    const f = withWindow(base, await resolveWindow(db, base, 'all'));
    const s = await loadSeries(db, f, freq, ['value_usd', 'net_weight_kg', 'records', 'unit_value_usd_per_kg']);
    if (wantsDownload(req)) return asDownload(s.rows, COLUMNS, 'time-series');
    return { data: s.rows, meta: await statsMeta(db, f, { freq }) };
  },
});
