// Summary, breakdowns (by partner country, product, port, customs office) and the time series of
// one flow: thin routes over aggregate(), with shares and, when from and to name a period, the
// change against the previous period of the same length.
import { Type, type TProperties } from 'typebox';
import { defineOperation, FormatParam, type Operation } from '../../http/operation.js';
import { FilterParams, parseFilters, echoFilters, type Filters } from '../shared/filters.js';
import { aggregate, formatPeriod, type AggRow, type Dim, type Freq, type Metric } from '../shared/aggregate.js';
import { sourceMeta } from '../shared/source-meta.js';
import {
  AggSortParam, FreqParam, HsLevelParam, TopParam, aggSort, answer, change, hsLevelOf, previousPeriod, withComparison,
} from './params.js';
import { countryName, hsDescription, officeLabel, portLabel } from './describe.js';
import type { FlowSpec } from './flow.js';

const N = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const MetricFields = {
  value_usd: Type.Number(),
  net_weight_kg: Type.Number(),
  records: Type.Integer({ description: 'Declarations' }),
  unit_value_usd_per_kg: N(Type.Number()),
  share: N(Type.Number({ description: 'Of the filtered total value' })),
  value_usd_prev: Type.Optional(Type.Number({ description: 'Value in the previous period of the same length (with from and to)' })),
  change: Type.Optional(N(Type.Number({ description: 'Change of value against the previous period, as a fraction; null when that was 0' }))),
};
const METRICS: Metric[] = ['value_usd', 'net_weight_kg', 'records', 'unit_value_usd_per_kg'];

// --- summary -----------------------------------------------------------------------------------

export function summaryOp(fs: FlowSpec): Operation {
  const data = Type.Object({
    flow: Type.String(),
    value_usd: Type.Number(),
    net_weight_kg: Type.Number(),
    records: Type.Integer({ description: 'Declarations' }),
    unit_value_usd_per_kg: N(Type.Number()),
    companies: Type.Integer({ description: `Distinct Turkish ${fs.traders}` }),
    partner_companies: Type.Integer({ description: `Distinct foreign ${fs.partners}` }),
    [fs.traders]: Type.Integer({ description: 'Same as companies' }),
    [fs.partners]: Type.Integer({ description: 'Same as partner_companies' }),
    customs_duty_usd: Type.Number(),
    additional_duty_usd: Type.Number(),
    vat_usd: Type.Number(),
    previous_from: Type.Optional(Type.String()),
    previous_to: Type.Optional(Type.String()),
    value_usd_prev: Type.Optional(Type.Number()),
    records_prev: Type.Optional(Type.Integer()),
    change: Type.Optional(N(Type.Number({ description: 'Change of value against the previous period of the same length' }))),
  });
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/summary`,
    operationId: `get${fs.noun}Summary`,
    tag: fs.tag,
    summary: `Totals of ${fs.flow}s for any filter: value, weight, records, ${fs.traders}, ${fs.partners}`,
    description: 'One row. With both `from` and `to`, also the value of the previous period of the same length and the change.',
    scope: 'trade:read',
    download: true,
    querystring: Type.Object({ ...FilterParams, format: FormatParam }, { additionalProperties: false }),
    data,
    async handle({ query }, { deps, req }) {
      const filters = parseFilters(query, fs.flow);
      const db = deps.store.db;
      const prev = previousPeriod(filters);
      // Header figures and distinct traders apart: each can then come from the rollup that holds it.
      const [cur, parties, before, source] = await Promise.all([
        aggregate(db, { filters, groupBy: [], metrics: [...METRICS, 'customs_duty_usd', 'additional_duty_usd', 'vat_usd'] }),
        aggregate(db, { filters, groupBy: [], metrics: ['companies', 'partner_companies'] }),
        prev ? aggregate(db, { filters: { ...filters, ...prev }, groupBy: [], metrics: ['value_usd', 'records'] }) : null,
        sourceMeta(db),
      ]);
      const t: AggRow = { ...cur.totals, companies: parties.totals.companies ?? 0, partner_companies: parties.totals.partner_companies ?? 0 };
      const row: Record<string, unknown> = {
        flow: fs.flow,
        value_usd: t.value_usd,
        net_weight_kg: t.net_weight_kg,
        records: t.records,
        unit_value_usd_per_kg: t.unit_value_usd_per_kg,
        companies: t.companies,
        partner_companies: t.partner_companies,
        [fs.traders]: t.companies,
        [fs.partners]: t.partner_companies,
        customs_duty_usd: t.customs_duty_usd,
        additional_duty_usd: t.additional_duty_usd,
        vat_usd: t.vat_usd,
      };
      if (prev && before) {
        Object.assign(row, {
          previous_from: prev.from, previous_to: prev.to, value_usd_prev: before.totals.value_usd, records_prev: before.totals.records,
          change: change(Number(t.value_usd), Number(before.totals.value_usd)),
        });
      }
      return answer(req, [row], Object.keys(data.properties), `${fs.prefix}-summary`, { source, query: echoFilters(filters), aggregate_source: cur.source });
    },
  });
}

// --- breakdowns --------------------------------------------------------------------------------

interface BreakdownDef {
  path: string;
  operationId: string;
  summary: string;
  dim: Dim;
  keyFields: TProperties;
  label(row: AggRow): Record<string, unknown>;
  key(row: AggRow): string;
  extraMetrics?: Metric[];
  extraFields?: TProperties;
  hsLevel?: boolean;
}

export function breakdownOp(fs: FlowSpec, def: BreakdownDef): Operation {
  const data = Type.Object({ ...def.keyFields, ...MetricFields, ...(def.extraFields ?? {}) });
  const query = {
    ...FilterParams,
    ...(def.hsLevel ? { hs_level: HsLevelParam } : {}),
    top: TopParam(null),
    sort: AggSortParam,
    format: FormatParam,
  };
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/${def.path}`,
    operationId: def.operationId,
    tag: fs.tag,
    summary: def.summary,
    description:
      'One row per group with value, weight, declarations, unit value and share of the filtered total; sorted by value unless `sort` says otherwise. ' +
      'With both `from` and `to`, `value_usd_prev` and `change` compare with the previous period of the same length. At most 1000 groups (`meta.truncated`).',
    scope: 'trade:read',
    download: true,
    querystring: Type.Object(query, { additionalProperties: false }),
    data,
    async handle({ query: q }, { deps, req }) {
      const filters = parseFilters(q, fs.flow);
      const hsLevel = def.hsLevel ? hsLevelOf((q as { hs_level?: string }).hs_level) : undefined;
      const db = deps.store.db;
      const top = (q as { top?: number }).top ?? null;
      const spec = {
        filters, groupBy: [def.dim], metrics: [...METRICS, ...(def.extraMetrics ?? [])], hsLevel, top,
        sort: aggSort((q as { sort?: Parameters<typeof aggSort>[0] }).sort), maxRows: 1000,
      };
      const [res, source] = await Promise.all([withComparison(db, spec, def.key), sourceMeta(db)]);
      const rows = res.rows.map((r) => ({ ...r, ...def.label(r) }));
      return answer(req, rows, Object.keys(data.properties), `${fs.prefix}-${def.path}`, {
        source, query: { ...echoFilters(filters), ...(hsLevel ? { hs_level: hsLevel } : {}), ...(top ? { top } : {}) },
        totals: res.totals, truncated: res.truncated, aggregate_source: res.source,
        ...(res.previous ? { previous_period: res.previous.period, previous_totals: res.previous.totals } : {}),
      });
    },
  });
}

export function byCountryOp(fs: FlowSpec): Operation {
  return breakdownOp(fs, {
    path: `by-${fs.countryRole}`,
    operationId: `get${fs.plural}By${fs.countryRole === 'origin' ? 'Origin' : 'Destination'}`,
    summary: `Breakdown of ${fs.flow}s by country of ${fs.countryRole}, with shares`,
    dim: 'country',
    keyFields: { country: Type.String({ description: 'Alpha-2' }), country_name: N(Type.String()) },
    label: (r) => countryName(r.country as string | null),
    key: (r) => String(r.country),
  });
}

export function byProductOp(fs: FlowSpec): Operation {
  return breakdownOp(fs, {
    path: 'by-product',
    operationId: `get${fs.plural}ByProduct`,
    summary: `Breakdown of ${fs.flow}s by HS code at hs_level`,
    dim: 'hs',
    hsLevel: true,
    keyFields: { hs_code: Type.String(), description_en: N(Type.String()), description_tr: N(Type.String()) },
    extraMetrics: ['quantity'],
    extraFields: { quantity: Type.Number({ description: 'Sum of item quantities (units may differ within a group above 12 digits)' }) },
    label: (r) => hsDescription(String(r.hs_code)),
    key: (r) => String(r.hs_code),
  });
}

export function byPortOp(fs: FlowSpec): Operation {
  return breakdownOp(fs, {
    path: 'by-port',
    operationId: `get${fs.plural}ByPort`,
    summary: `Breakdown of ${fs.flow}s by port or border gate of ${fs.flow === 'import' ? 'entry' : 'exit'}`,
    dim: 'port',
    keyFields: { port: Type.String(), port_name: N(Type.String()), port_kind: N(Type.String()), port_country: N(Type.String()) },
    label: (r) => portLabel(r.port as string | null),
    key: (r) => String(r.port),
  });
}

export function byCustomsOfficeOp(fs: FlowSpec): Operation {
  return breakdownOp(fs, {
    path: 'by-customs-office',
    operationId: `get${fs.plural}ByCustomsOffice`,
    summary: `Breakdown of ${fs.flow}s by customs office`,
    dim: 'customs_office',
    keyFields: { customs_office: Type.String(), customs_office_name: N(Type.String()), customs_office_city: N(Type.String()) },
    label: (r) => officeLabel(r.customs_office as string | null),
    key: (r) => String(r.customs_office),
  });
}

// --- time series -------------------------------------------------------------------------------

/** Every period key (as aggregate formats them) from the first to the last, inclusive. */
export function periodRange(first: string, last: string, freq: Freq): string[] {
  const toIndex = (p: string) => {
    const y = Number(p.slice(0, 4));
    if (freq === 'year') return y;
    if (freq === 'quarter') return y * 4 + Number(p.slice(6)) - 1;
    return y * 12 + Number(p.slice(5, 7)) - 1;
  };
  const fmt = (i: number) =>
    freq === 'year' ? formatPeriod(i, 'year')
      : freq === 'quarter' ? formatPeriod(Math.floor(i / 4) * 10 + (i % 4) + 1, 'quarter')
        : formatPeriod(Math.floor(i / 12) * 100 + (i % 12) + 1, 'month');
  const out: string[] = [];
  for (let i = toIndex(first); i <= toIndex(last); i++) out.push(fmt(i));
  return out;
}

export function periodKey(date: string, freq: Freq): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  if (freq === 'year') return formatPeriod(y, 'year');
  if (freq === 'quarter') return formatPeriod(y * 10 + Math.floor((m - 1) / 3) + 1, 'quarter');
  return formatPeriod(y * 100 + m, 'month');
}

export function timeSeriesOp(fs: FlowSpec): Operation {
  const data = Type.Object({
    period: Type.String({ description: 'YYYY-MM, YYYY-Qn or YYYY' }),
    value_usd: Type.Number(),
    net_weight_kg: Type.Number(),
    records: Type.Integer(),
    unit_value_usd_per_kg: N(Type.Number()),
    share: N(Type.Number()),
  });
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/time-series`,
    operationId: `get${fs.noun}TimeSeries`,
    tag: fs.tag,
    summary: `Series of ${fs.flow}s at freq for any filter`,
    description: 'One row per period, oldest first; periods without records between `from` and `to` (or between the first and last period found) are present with zeros.',
    scope: 'trade:read',
    download: true,
    querystring: Type.Object({ ...FilterParams, freq: FreqParam, format: FormatParam }, { additionalProperties: false }),
    data,
    async handle({ query }, { deps, req }) {
      const filters = parseFilters(query, fs.flow);
      const freq = query.freq ?? 'month';
      const db = deps.store.db;
      const [res, source] = await Promise.all([aggregate(db, { filters, groupBy: ['period'], metrics: METRICS, freq }), sourceMeta(db)]);
      const rows = zeroFill(res.rows, filters, freq);
      return answer(req, rows, Object.keys(data.properties), `${fs.prefix}-time-series`, {
        source, query: { ...echoFilters(filters), freq }, totals: res.totals, aggregate_source: res.source,
      });
    },
  });
}

export function zeroFill(rows: AggRow[], filters: Pick<Filters, 'from' | 'to'>, freq: Freq): AggRow[] {
  const found = rows.map((r) => String(r.period)).sort();
  const first = filters.from ? periodKey(filters.from, freq) : found[0];
  const last = filters.to ? periodKey(filters.to, freq) : found[found.length - 1];
  if (!first || !last) return rows;
  const byPeriod = new Map(rows.map((r) => [String(r.period), r]));
  return periodRange(first, last, freq).map(
    (p) => byPeriod.get(p) ?? { period: p, value_usd: 0, net_weight_kg: 0, records: 0, unit_value_usd_per_kg: null, share: 0 },
  );
}
