import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { notFound } from '../../http/errors.js';
import { PORT_BY_CODE } from '../../reference/ports.js';
import { CARRIER_BY_CODE } from '../../reference/carriers.js';
import { aggregate } from '../shared/aggregate.js';
import { aggregateAll } from '../shared/aggregate-all.js';
import { echoFilters, parseFilters } from '../shared/filters.js';
import { sourceMeta } from '../shared/source-meta.js';
import { arrayDownload } from '../companies/download.js';
import { memo } from '../companies/cache.js';
import { FlowParam, FromTo, Nullable, PortCode, dateRange, portName } from './params.js';
import { carrierSummaries } from './shipment-summaries.js';

const PortActivity = Type.Object({
  port: Type.String(),
  name: Nullable(Type.String()),
  country: Nullable(Type.String()),
  kind: Nullable(Type.String()),
  value_usd: Type.Number(),
  records: Type.Integer(),
  net_weight_kg: Type.Number(),
  partners: Type.Integer({ description: 'Distinct partner countries' }),
  share: Nullable(Type.Number()),
});

export const listPorts = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/ports',
  operationId: 'listSupplyChainPorts',
  tag: 'Supply Chain',
  summary: 'Turkish ports and border gates with activity: value, declarations, partner countries',
  description: 'Ranked by value; `flow` limits to imports or exports, `country` to partner countries.',
  scope: 'trade:read',
  querystring: Type.Object(
    { flow: FlowParam, country: Type.Optional(Type.String({ maxLength: 200 })), transport_mode: Type.Optional(Type.String({ maxLength: 100 })), ...FromTo, format: FormatParam },
    { additionalProperties: false },
  ),
  data: PortActivity,
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const filters = parseFilters({ country: query.country, transport_mode: query.transport_mode, from: query.from, to: query.to }, query.flow ?? null);
    // The port × country grouping (thousands of rows) is past what the aggregate cache keeps: the
    // answer, one row per port, is remembered instead.
    const data = await memo(db, `ports:${JSON.stringify(filters)}`, async () => {
      const [byPort, byPortCountry] = await Promise.all([
        aggregate(db, { filters, groupBy: ['port'], metrics: ['value_usd', 'records', 'net_weight_kg'], maxRows: 10_000, totalsFromRows: true }),
        aggregate(db, { filters, groupBy: ['port', 'country'], metrics: ['value_usd'], maxRows: 200_000 }),
      ]);
      const partners = new Map<string, number>();
      for (const r of byPortCountry.rows) partners.set(String(r.port), (partners.get(String(r.port)) ?? 0) + 1);
      return byPort.rows.map((r) => ({
        port: String(r.port),
        ...portName(String(r.port)),
        value_usd: Number(r.value_usd),
        records: Number(r.records),
        net_weight_kg: Number(r.net_weight_kg),
        partners: partners.get(String(r.port)) ?? 0,
        share: r.share === null ? null : Number(r.share),
      }));
    });
    if (wantsDownload(req)) return arrayDownload(data, Object.keys(PortActivity.properties), 'ports');
    return { data, meta: { query: echoFilters(filters), source: await sourceMeta(db) } };
  },
});

const Ranked = (key: string) => Type.Array(Type.Object({ [key]: Type.String(), value_usd: Type.Number(), share: Nullable(Type.Number()) }));

export const getPort = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/ports/:locode',
  operationId: 'getSupplyChainPort',
  tag: 'Supply Chain',
  summary: 'One port: throughput, partners, products, carriers',
  description: 'Throughput by flow from declarations; top partner countries and HS4 products by value; carriers from tracked shipments calling at the port. Unknown code: 404.',
  scope: 'trade:read',
  params: Type.Object({ locode: PortCode }),
  querystring: Type.Object({ ...FromTo }, { additionalProperties: false }),
  data: Type.Object({
    port: Type.String(),
    name: Nullable(Type.String()),
    country: Nullable(Type.String()),
    kind: Nullable(Type.String()),
    throughput: Type.Array(Type.Object({ flow: Type.String(), value_usd: Type.Number(), records: Type.Integer(), net_weight_kg: Type.Number() })),
    partners: Ranked('country'),
    products: Ranked('hs_code'),
    carriers: Type.Array(Type.Object({ carrier: Type.String(), name: Nullable(Type.String()), shipments: Type.Integer(), share: Type.Number() })),
  }),
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const db = deps.store.db;
    const code = params.locode.trim().toUpperCase();
    if (!PORT_BY_CODE.has(code)) throw notFound('Port', params.locode);
    const range = dateRange(query);
    const filters = parseFilters({ port: code, from: query.from, to: query.to });
    const [[flows, partners, products], carriers] = await Promise.all([
      aggregateAll(db, [
        { filters, groupBy: ['flow'], metrics: ['value_usd', 'records', 'net_weight_kg'], totalsFromRows: true },
        { filters, groupBy: ['country'], metrics: ['value_usd'], top: 10 },
        { filters, groupBy: ['hs'], hsLevel: 4, metrics: ['value_usd'], top: 10 },
      ]),
      carrierSummaries(db, { port: code, range }).then((c) =>
        c.carriers.map((x) => ({ carrier: x.carrier, name: CARRIER_BY_CODE.get(x.carrier)?.name ?? null, shipments: x.shipments, share: x.share })),
      ),
    ]);
    return {
      data: [
        {
          port: code,
          ...portName(code),
          throughput: flows.rows.map((r) => ({ flow: String(r.flow), value_usd: Number(r.value_usd), records: Number(r.records), net_weight_kg: Number(r.net_weight_kg) })),
          partners: partners.rows.map((r) => ({ country: String(r.country), value_usd: Number(r.value_usd), share: r.share === null ? null : Number(r.share) })),
          products: products.rows.map((r) => ({ hs_code: String(r.hs_code), value_usd: Number(r.value_usd), share: r.share === null ? null : Number(r.share) })),
          carriers,
        },
      ],
      meta: { query: range, source: await sourceMeta(db) },
    };
  },
});
