// Destination analytics (exports) in one call: value, growth against the previous period of the
// same length, share of all exports, top products, exporters, buyers and ports, and the monthly
// series. Without from/to the window is the last twelve months of data.
import { Type } from 'typebox';
import { defineOperation, FormatParam, type Operation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { resolveCountry } from '../../reference/countries.js';
import { FilterParams, parseFilters, echoFilters, parseDateBound, type Filters } from '../shared/filters.js';
import type { AggRow, AggregateSpec, Metric } from '../shared/aggregate.js';
import { aggregateAll } from '../shared/aggregate-all.js';
import { totalsTogether } from '../shared/totals-together.js';
import { sourceMeta } from '../shared/source-meta.js';
import { HsLevelParam, TopParam, answer, change, companiesById, hsLevelOf, previousPeriod } from './params.js';
import { hsDescription, portLabel } from './describe.js';
import { zeroFill } from './breakdowns.js';
import type { FlowSpec } from './flow.js';

const N = Type.Union([Type.Number(), Type.Null()]);
const NS = Type.Union([Type.String(), Type.Null()]);
const NI = Type.Union([Type.Integer(), Type.Null()]);
const Group = (keys: Record<string, ReturnType<typeof Type.String> | typeof NS | typeof NI>) =>
  Type.Array(Type.Object({ ...keys, value_usd: Type.Number(), records: Type.Integer(), share: N }));

const { country: _country, ...FiltersWithoutCountry } = FilterParams;

/** The default window: the twelve whole months ending with the last month that has data. */
export function lastTwelveMonths(coverageTo: string | null): { from: string; to: string } | null {
  if (!coverageTo) return null;
  const y = Number(coverageTo.slice(0, 4));
  const m = Number(coverageTo.slice(5, 7));
  const start = new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 7);
  return { from: parseDateBound('from', start, false), to: parseDateBound('to', coverageTo.slice(0, 7), true) };
}

export function destinationOp(fs: FlowSpec): Operation {
  const data = Type.Object({
    country: Type.String(),
    name_en: Type.String(),
    name_tr: Type.String(),
    from: NS,
    to: NS,
    previous_from: NS,
    previous_to: NS,
    value_usd: Type.Number(),
    value_usd_prev: N,
    growth: { ...N, description: 'Change of value against the previous period of the same length, as a fraction' },
    share: { ...N, description: `Of all ${fs.flow}s in the period (same filters, every country)` },
    net_weight_kg: Type.Number(),
    records: Type.Integer(),
    [fs.traders]: Type.Integer(),
    [fs.partners]: Type.Integer(),
    top_products: Group({ hs_code: Type.String(), description_en: NS }),
    [`top_${fs.traders}`]: Group({ company_id: NI, name: NS }),
    [`top_${fs.partners}`]: Group({ partner_company_id: NI, name: NS }),
    ports: Group({ port: Type.String(), port_name: NS }),
    series: Type.Array(Type.Object({ period: Type.String(), value_usd: Type.Number(), records: Type.Integer() })),
  });
  const role = fs.countryRole === 'destination' ? 'destinations' : 'origins';
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/${role}/:country`,
    operationId: `get${fs.noun}${fs.countryRole === 'destination' ? 'Destination' : 'Origin'}`,
    tag: fs.tag,
    summary: `${fs.countryRole === 'destination' ? 'Destination' : 'Origin'} analytics: value, growth, share, top products, ${fs.traders}, ${fs.partners}, ports`,
    description:
      'One row. `country` in the path takes alpha-2, alpha-3 or M49. The other common filters narrow everything (e.g. `hs`). ' +
      'Without `from`/`to`, the last twelve months with data; growth compares with the previous period of the same length.',
    scope: 'trade:read',
    download: true,
    params: Type.Object({ country: Type.String({ minLength: 1, maxLength: 10 }) }),
    querystring: Type.Object({ ...FiltersWithoutCountry, hs_level: HsLevelParam, top: TopParam(10), format: FormatParam }, { additionalProperties: false }),
    data,
    async handle({ params, query }, { deps, req }) {
      const country = resolveCountry(params.country);
      if (!country) throw badParam('country', `unknown country code "${params.country}" (use ISO alpha-2, alpha-3 or M49)`);
      const db = deps.store.db;
      const source = await sourceMeta(db);
      const base = parseFilters(query, fs.flow);
      const window = base.from || base.to ? { from: base.from, to: base.to } : (lastTwelveMonths(source.coverage.to) ?? { from: null, to: null });
      const all: Filters = { ...base, ...window };
      const filters: Filters = { ...all, countries: [country.alpha2] };
      const prev = previousPeriod(filters);
      const top = query.top ?? 10;
      const hsLevel = hsLevelOf(query.hs_level);
      const metrics: Metric[] = ['value_usd', 'records'];
      // The previous period's totals and every country's value over the window: one read of
      // their span when it is whole months (totalsTogether).
      const worldSpec = { filters: all, groupBy: [], metrics: ['value_usd'] } satisfies AggregateSpec;
      const [[cur, parties, products, traders, partners, ports, series], [world, before = null]] = await Promise.all([
        aggregateAll(db, [
          { filters, groupBy: [], metrics: ['value_usd', 'net_weight_kg', 'records'] },
          { filters, groupBy: [], metrics: ['companies', 'partner_companies'] },
          { filters, groupBy: ['hs'], hsLevel, metrics, top, totalsFromRows: true },
          { filters, groupBy: ['company'], metrics, top, totalsFromRows: true },
          { filters, groupBy: ['partner_company'], metrics, top, totalsFromRows: true },
          { filters, groupBy: ['port'], metrics, top, totalsFromRows: true },
          { filters, groupBy: ['period'], metrics, freq: 'month', totalsFromRows: true },
        ]),
        totalsTogether(db, prev ? [worldSpec, { filters: { ...filters, ...prev }, groupBy: [], metrics }] : [worldSpec]),
      ]);
      const names = await companiesById(db, [...traders.rows.map((r) => Number(r.company_id)), ...partners.rows.map((r) => Number(r.partner_company_id ?? 0))]);
      const pick = (r: AggRow) => ({ value_usd: r.value_usd, records: r.records, share: r.share });
      const value = Number(cur.totals.value_usd ?? 0);
      const worldValue = Number(world!.totals.value_usd ?? 0);
      const prevValue = before ? Number(before.totals.value_usd ?? 0) : null;
      const row = {
        country: country.alpha2,
        name_en: country.name_en,
        name_tr: country.name_tr,
        from: filters.from,
        to: filters.to,
        previous_from: prev?.from ?? null,
        previous_to: prev?.to ?? null,
        value_usd: value,
        value_usd_prev: prevValue,
        growth: prevValue === null ? null : change(value, prevValue),
        share: worldValue > 0 ? Math.round((value / worldValue) * 1e6) / 1e6 : null,
        net_weight_kg: cur.totals.net_weight_kg,
        records: cur.totals.records,
        [fs.traders]: parties.totals.companies,
        [fs.partners]: parties.totals.partner_companies,
        top_products: products.rows.map((r) => ({ hs_code: r.hs_code, description_en: hsDescription(String(r.hs_code)).description_en, ...pick(r) })),
        [`top_${fs.traders}`]: traders.rows.map((r) => ({ company_id: r.company_id, name: names.get(Number(r.company_id))?.name ?? null, ...pick(r) })),
        [`top_${fs.partners}`]: partners.rows.map((r) => ({ partner_company_id: r.partner_company_id, name: names.get(Number(r.partner_company_id ?? 0))?.name ?? null, ...pick(r) })),
        ports: ports.rows.map((r) => ({ port: r.port, port_name: portLabel(r.port as string | null).port_name, ...pick(r) })),
        series: zeroFill(series.rows, filters, 'month').map((r) => ({ period: r.period, value_usd: r.value_usd, records: r.records })),
      };
      return answer(req, [row], Object.keys(data.properties), `${fs.prefix}-${role}-${country.alpha2}`, {
        source, query: { ...echoFilters(filters), hs_level: hsLevel, top },
      });
    },
  });
}
