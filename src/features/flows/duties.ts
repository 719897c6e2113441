// Customs duty, additional duty and VAT assessed, for any filter, optionally by one group: a thin
// route over aggregate().
import { Type } from 'typebox';
import { defineOperation, FormatParam, type Operation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { FilterParams, parseFilters, echoFilters } from '../shared/filters.js';
import { aggregate, type AggRow, type Dim } from '../shared/aggregate.js';
import { sourceMeta } from '../shared/source-meta.js';
import { FreqParam, HsLevelParam, TopParam, answer, hsLevelOf } from './params.js';
import type { FlowSpec } from './flow.js';

export const DUTY_GROUPS = ['country', 'hs', 'customs_office', 'port', 'period', 'transport_mode'] as const;
type DutyGroup = (typeof DUTY_GROUPS)[number];

const N = Type.Union([Type.Number(), Type.Null()]);
const OptS = Type.Optional(Type.String());

export function dutyRow(r: AggRow): AggRow {
  const value = Number(r.value_usd ?? 0);
  const duty = Number(r.customs_duty_usd ?? 0) + Number(r.additional_duty_usd ?? 0);
  const total = Math.round((duty + Number(r.vat_usd ?? 0)) * 100) / 100;
  return { ...r, total_taxes_usd: total, effective_duty_rate: value > 0 ? Math.round((duty / value) * 1e6) / 1e6 : null };
}

export function dutiesOp(fs: FlowSpec): Operation {
  const data = Type.Object({
    country: OptS, hs_code: OptS, customs_office: OptS, port: OptS, period: OptS, transport_mode: OptS,
    value_usd: Type.Number({ description: 'Customs value of the goods' }),
    customs_duty_usd: Type.Number(),
    additional_duty_usd: Type.Number(),
    vat_usd: Type.Number(),
    total_taxes_usd: Type.Number({ description: 'Customs duty + additional duty + VAT' }),
    effective_duty_rate: { ...N, description: '(customs duty + additional duty) / value' },
    share: Type.Optional(N),
  });
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/duties`,
    operationId: `get${fs.noun}Duties`,
    tag: fs.tag,
    summary: `Customs duty, additional duty and VAT assessed on ${fs.flow}s, for any filter`,
    description: 'One total row, or with `group_by` one row per country, hs (at `hs_level`), customs_office, port, period (at `freq`) or transport_mode, largest value first (periods in time order).',
    scope: 'trade:read',
    download: true,
    querystring: Type.Object(
      {
        ...FilterParams,
        group_by: Type.Optional(Type.Unsafe<DutyGroup>({ type: 'string', enum: [...DUTY_GROUPS] })),
        hs_level: HsLevelParam,
        freq: FreqParam,
        top: TopParam(null),
        format: FormatParam,
      },
      { additionalProperties: false },
    ),
    data,
    async handle({ query }, { deps, req }) {
      const filters = parseFilters(query, fs.flow);
      if (query.hs_level !== undefined && query.group_by !== 'hs') throw badParam('hs_level', 'applies only with group_by=hs');
      if (query.freq !== undefined && query.group_by !== 'period') throw badParam('freq', 'applies only with group_by=period');
      const groupBy: Dim[] = query.group_by ? [query.group_by] : [];
      const hsLevel = query.group_by === 'hs' ? hsLevelOf(query.hs_level) : undefined;
      const db = deps.store.db;
      const [res, source] = await Promise.all([
        aggregate(db, {
          filters, groupBy, metrics: ['value_usd', 'customs_duty_usd', 'additional_duty_usd', 'vat_usd'], hsLevel, freq: query.freq,
          top: query.top ?? null, maxRows: 1000,
        }),
        sourceMeta(db),
      ]);
      const rows = (groupBy.length ? res.rows : [res.totals]).map(dutyRow);
      return answer(req, rows, Object.keys(data.properties), `${fs.prefix}-duties`, {
        source, query: { ...echoFilters(filters), ...(query.group_by ? { group_by: query.group_by } : {}) }, totals: dutyRow(res.totals),
        truncated: res.truncated, aggregate_source: res.source,
      });
    },
  });
}
