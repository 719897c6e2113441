// GET /v1/trade/customs-offices and /{code}: the built-in office list, each with its activity from
// the aggregate engine (value and declarations by flow, leading partners and products, series).
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { badParam, notFound } from '../../http/errors.js';
import { CUSTOMS_OFFICES, CUSTOMS_OFFICE_BY_CODE, type CustomsOffice } from '../../reference/customs-offices.js';
import { PORT_BY_CODE } from '../../reference/ports.js';
import { parseFilters, echoFilters, type Filters } from '../shared/filters.js';
import { aggregate } from '../shared/aggregate.js';
import { aggregateAll } from '../shared/aggregate-all.js';
import { sourceMeta } from '../shared/source-meta.js';
import { FreqParam } from './cube-params.js';
import { FlowParam } from './params.js';
import { withNames } from './enrich.js';

const DateParam = Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD or YYYY-MM (inclusive)' }));
const Activity = Type.Object({ value_usd: Type.Number(), records: Type.Integer(), share: Type.Union([Type.Number(), Type.Null()], { description: 'Share of all offices\' value' }) });
const OfficeView = Type.Object({
  code: Type.String(), name: Type.String(), city: Type.String(), regional_directorate: Type.String(), inland: Type.Boolean(),
  ports: Type.Array(Type.Object({ code: Type.String(), name: Type.Union([Type.String(), Type.Null()]) })),
  activity: Activity,
});

function officeView(o: CustomsOffice) {
  return {
    code: o.code, name: o.name, city: o.city, regional_directorate: o.regional_directorate, inland: o.inland,
    ports: o.ports.map((p) => ({ code: p, name: PORT_BY_CODE.get(p)?.name ?? null })),
  };
}

export const listCustomsOffices = defineOperation({
  method: 'GET',
  url: '/v1/trade/customs-offices',
  operationId: 'listCustomsOffices',
  tag: 'Trade Data',
  summary: 'Customs offices with the ports they serve and their activity',
  description: 'All offices, ordered by value declared (then code). Activity covers `from`–`to` and `flow` when given. Office codes are this service\'s own (province plate + sequence).',
  scope: 'trade:read',
  download: true,
  querystring: Type.Object({ from: DateParam, to: DateParam, flow: FlowParam, format: FormatParam }, { additionalProperties: false }),
  data: OfficeView,
  async handle({ query }, { deps, req }) {
    const filters = parseFilters({ from: query.from, to: query.to }, query.flow ?? null);
    const db = deps.store.db;
    const agg = await aggregate(db, { filters, groupBy: ['customs_office'], metrics: ['value_usd', 'records'], maxRows: 10_000, totalsFromRows: true });
    const by = new Map(agg.rows.map((r) => [String(r.customs_office), r]));
    const rows = CUSTOMS_OFFICES.map((o) => {
      const r = by.get(o.code);
      return { ...officeView(o), activity: { value_usd: Number(r?.value_usd ?? 0), records: Number(r?.records ?? 0), share: r ? (r.share as number | null) : 0 } };
    }).sort((a, b) => b.activity.value_usd - a.activity.value_usd || (a.code < b.code ? -1 : 1));
    if (wantsDownload(req)) {
      const flat = rows.map((o) => ({ ...o, ports: o.ports.map((p) => p.code).join(' '), value_usd: o.activity.value_usd, records: o.activity.records, share: o.activity.share }));
      return { columns: ['code', 'name', 'city', 'regional_directorate', 'inland', 'ports', 'value_usd', 'records', 'share'], rows: (async function* () { yield* flat; })(), filename: 'customs-offices' };
    }
    return { data: rows, meta: { total: rows.length, source: await sourceMeta(db), query: echoFilters(filters) } };
  },
});

const Rows = Type.Array(Type.Object({}, { additionalProperties: true }));

export const getCustomsOffice = defineOperation({
  method: 'GET',
  url: '/v1/trade/customs-offices/:code',
  operationId: 'getCustomsOffice',
  tag: 'Trade Data',
  summary: 'One customs office with its activity: totals by flow, partner countries, products, ports, series',
  description: 'Activity covers `from`–`to` and `flow` when given; `top` (default 10) bounds the lists, `freq` (default month) sets the series. A code that is not 6 digits is a 400; an unknown one a 404.',
  scope: 'trade:read',
  errors: ['not_found'],
  params: Type.Object({ code: Type.String({ maxLength: 20, description: '6-digit office code' }) }),
  querystring: Type.Object(
    { from: DateParam, to: DateParam, flow: FlowParam, top: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), freq: FreqParam },
    { additionalProperties: false },
  ),
  data: Type.Object({
    ...OfficeView.properties,
    activity: Type.Object({
      by_flow: Rows,
      top_countries: Rows,
      top_products: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'HS 4-digit headings' }),
      by_transport_mode: Rows,
      series: Rows,
      value_usd: Type.Number(),
      records: Type.Integer(),
    }),
  }),
  async handle({ params, query }, { deps }) {
    const code = params.code.trim();
    if (!/^\d{6}$/.test(code)) throw badParam('code', 'a customs office code has 6 digits');
    const office = CUSTOMS_OFFICE_BY_CODE.get(code);
    if (!office) throw notFound('Customs office', code);
    const filters: Filters = { ...parseFilters({ from: query.from, to: query.to }, query.flow ?? null), customsOffices: [code] };
    const top = query.top ?? 10;
    const db = deps.store.db;
    const [byFlow, countries, products, modes, series] = await aggregateAll(db, [
      { filters, groupBy: ['flow'], metrics: ['value_usd', 'net_weight_kg', 'records'] },
      { filters, groupBy: ['country'], metrics: ['value_usd', 'records'], top, totalsFromRows: true },
      { filters, groupBy: ['hs'], hsLevel: 4, metrics: ['value_usd', 'net_weight_kg'], top, totalsFromRows: true },
      { filters, groupBy: ['transport_mode'], metrics: ['value_usd', 'records'], totalsFromRows: true },
      { filters, groupBy: ['period', 'flow'], metrics: ['value_usd', 'records'], freq: query.freq ?? 'month', maxRows: 100_000, totalsFromRows: true },
    ]);
    return {
      data: [
        {
          ...officeView(office),
          activity: {
            value_usd: Number(byFlow.totals.value_usd ?? 0),
            records: Number(byFlow.totals.records ?? 0),
            by_flow: byFlow.rows,
            top_countries: await withNames(db, countries.rows),
            top_products: products.rows,
            by_transport_mode: modes.rows,
            series: series.rows,
          },
        },
      ],
      meta: { source: await sourceMeta(db), query: { ...echoFilters(filters), top, freq: query.freq ?? 'month' } },
    };
  },
});
