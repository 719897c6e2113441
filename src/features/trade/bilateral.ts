// GET /v1/trade/bilateral/{country} — Turkey ↔ one country in one answer: both flows, the balance,
// the leading products and companies each way, the ports used and the monthly series. Every part
// is one call of the aggregate engine with the country filter set.
import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { FilterParams, parseFilters, echoFilters, type Filters, type Flow } from '../shared/filters.js';
import { aggregate, type AggregateResult, type AggregateSpec } from '../shared/aggregate.js';
import { aggregateAll } from '../shared/aggregate-all.js';
import { sourceMeta } from '../shared/source-meta.js';
import { PORT_BY_CODE } from '../../reference/ports.js';
import { COUNTRY_BY_ALPHA2 } from '../../reference/countries.js';
import { FreqParam, HsLevelParam } from './cube-params.js';
import { CountryPath, countryFromPath } from './params.js';
import { round2, withNames } from './enrich.js';

const { country: _country, ...FiltersWithoutCountry } = FilterParams;
const List = Type.Array(Type.Object({}, { additionalProperties: true }));
const FlowTotals = Type.Object({ value_usd: Type.Number(), net_weight_kg: Type.Number(), records: Type.Integer() });

const Bilateral = Type.Object({
  country: Type.Object({ alpha2: Type.String(), alpha3: Type.String(), m49: Type.String(), name_en: Type.String(), name_tr: Type.String(), region: Type.String(), eu: Type.Boolean() }),
  exports: FlowTotals,
  imports: FlowTotals,
  balance_usd: Type.Number({ description: 'Turkish exports minus imports' }),
  total_trade_usd: Type.Number(),
  top_export_products: List,
  top_import_products: List,
  ports: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Turkish ports and gates used, with value each way' }),
  top_exporters: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Turkish companies exporting to the country' }),
  top_importers: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Turkish companies importing from the country' }),
  series: Type.Array(Type.Object({ period: Type.String(), exports_usd: Type.Number(), imports_usd: Type.Number(), balance_usd: Type.Number() })),
});

const flowTotalsSpec = (filters: Filters): AggregateSpec => ({ filters, groupBy: ['flow'], metrics: ['value_usd', 'net_weight_kg', 'records'], totalsFromRows: true });

export async function flowTotals(db: Parameters<typeof aggregate>[0], filters: Filters) {
  return totalsByFlow(await aggregate(db, flowTotalsSpec(filters)));
}

function totalsByFlow(r: AggregateResult) {
  const of = (flow: Flow) => {
    const row = r.rows.find((x) => x.flow === flow);
    return { value_usd: Number(row?.value_usd ?? 0), net_weight_kg: Number(row?.net_weight_kg ?? 0), records: Number(row?.records ?? 0) };
  };
  const exports = of('export');
  const imports = of('import');
  return { exports, imports, balance_usd: round2(exports.value_usd - imports.value_usd), total_trade_usd: round2(exports.value_usd + imports.value_usd) };
}

export const tradeBilateral = defineOperation({
  method: 'GET',
  url: '/v1/trade/bilateral/:country',
  operationId: 'tradeBilateral',
  tag: 'Trade Data',
  summary: 'Turkey ↔ one country: exports, imports, balance, products both ways, ports, companies, series',
  description:
    'The country may be given as alpha-2, alpha-3 or M49; a malformed code is a 400, an unknown one a 404. The common filters other than ' +
    '`country` narrow every part. `top` (default 10) bounds the product, port and company lists; `hs_level` (default 4) sets the product depth; ' +
    '`freq` (default month) the series.',
  scope: 'trade:read',
  errors: ['not_found'],
  params: CountryPath,
  querystring: Type.Object(
    { ...FiltersWithoutCountry, top: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), hs_level: HsLevelParam, freq: FreqParam },
    { additionalProperties: false },
  ),
  data: Bilateral,
  async handle({ params, query }, { deps }) {
    const country = countryFromPath(params.country);
    const filters: Filters = { ...parseFilters(query), countries: [country.alpha2] };
    const top = query.top ?? 10;
    const hsLevel = Number(query.hs_level ?? 4);
    const freq = query.freq ?? 'month';
    const db = deps.store.db;
    const exp: Filters = { ...filters, flow: 'export' };
    const imp: Filters = { ...filters, flow: 'import' };
    const byCompany = (f: Filters): AggregateSpec => ({ filters: f, groupBy: ['company'], metrics: ['value_usd'], top });
    const [byFlow, expProducts, impProducts, ports, exporters, importers, series] = await aggregateAll(db, [
      flowTotalsSpec(filters),
      { filters: exp, groupBy: ['hs'], hsLevel, metrics: ['value_usd', 'net_weight_kg'], top, totalsFromRows: true },
      { filters: imp, groupBy: ['hs'], hsLevel, metrics: ['value_usd', 'net_weight_kg'], top, totalsFromRows: true },
      { filters, groupBy: ['port', 'flow'], metrics: ['value_usd', 'records'], maxRows: 10_000, totalsFromRows: true },
      byCompany(exp),
      byCompany(imp),
      { filters, groupBy: ['period', 'flow'], metrics: ['value_usd'], freq, maxRows: 100_000 },
    ]);
    const totals = totalsByFlow(byFlow);
    const portMap = new Map<string, { port: string; port_name: string | null; exports_usd: number; imports_usd: number; records: number }>();
    for (const r of ports.rows) {
      const code = String(r.port);
      const p = portMap.get(code) ?? { port: code, port_name: PORT_BY_CODE.get(code)?.name ?? null, exports_usd: 0, imports_usd: 0, records: 0 };
      if (r.flow === 'export') p.exports_usd = Number(r.value_usd);
      else p.imports_usd = Number(r.value_usd);
      p.records += Number(r.records);
      portMap.set(code, p);
    }
    const portList = [...portMap.values()]
      .sort((a, b) => b.exports_usd + b.imports_usd - (a.exports_usd + a.imports_usd) || (a.port < b.port ? -1 : 1))
      .slice(0, top);
    const periods = new Map<string, { period: string; exports_usd: number; imports_usd: number; balance_usd: number }>();
    for (const r of series.rows) {
      const key = String(r.period);
      const p = periods.get(key) ?? { period: key, exports_usd: 0, imports_usd: 0, balance_usd: 0 };
      if (r.flow === 'export') p.exports_usd = Number(r.value_usd);
      else p.imports_usd = Number(r.value_usd);
      p.balance_usd = round2(p.exports_usd - p.imports_usd);
      periods.set(key, p);
    }
    const c = COUNTRY_BY_ALPHA2.get(country.alpha2)!;
    return {
      data: [
        {
          country: { alpha2: c.alpha2, alpha3: c.alpha3, m49: c.m49, name_en: c.name_en, name_tr: c.name_tr, region: c.region, eu: c.eu },
          ...totals,
          top_export_products: expProducts.rows,
          top_import_products: impProducts.rows,
          ports: portList,
          top_exporters: await withNames(db, exporters.rows),
          top_importers: await withNames(db, importers.rows),
          series: [...periods.values()].sort((a, b) => (a.period < b.period ? -1 : 1)),
        },
      ],
      meta: { source: await sourceMeta(db), query: { ...echoFilters(filters), top, hs_level: hsLevel, freq } },
    };
  },
});
