import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { FilterParams, parseFilters, type Filters } from '../shared/filters.js';
import { shareSeries } from '../../domain/stats/index.js';
import { asDownload, FlowParam, FreqParam, loadSeries, ratio, resolveWindow, statsMeta, withWindow } from './params.js';

const OF = ['country', 'product'] as const;
type Of = (typeof OF)[number];
const COLUMNS = ['period', 'value_usd', 'total_usd', 'share'];

/** The whole the part is measured against: the same filters without the part's own dimension. */
export function wholeOf(f: Filters, of: Of): Filters {
  return of === 'country' ? { ...f, countries: [] } : { ...f, hs: [] };
}

export const getMarketShare = defineOperation({
  method: 'GET',
  url: '/v1/statistics/market-share',
  operationId: 'getMarketShare',
  tag: 'Trade Statistics',
  summary: "A partner's or product's share over time",
  description:
    'Share of the slice in its whole, period by period. `of=country` (the default when `country` is given): the partner(s) in `country` ' +
    'against all partners, with the other filters (flow, hs, port…) applied to both. `of=product`: the HS prefix(es) in `hs` against all ' +
    'products. Several codes count together. Without `flow`, exports and imports together. Default window: all months with data.',
  scope: 'trade:read',
  querystring: Type.Object(
    {
      ...FilterParams,
      flow: FlowParam,
      freq: FreqParam,
      of: Type.Optional(Type.Unsafe<Of>({ type: 'string', enum: [...OF], description: 'whose share: country (partner) or product (hs)' })),
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ period: Type.String(), value_usd: Type.Number(), total_usd: Type.Number(), share: Type.Union([Type.Number(), Type.Null()]) }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const freq = query.freq ?? 'month';
    const base = parseFilters(query, query.flow ?? null);
    const of: Of = query.of ?? (base.countries.length ? 'country' : 'product');
    if (of === 'country' && !base.countries.length) throw badParam('country', 'required: the partner(s) whose share is wanted');
    if (of === 'product' && !base.hs.length) throw badParam('hs', 'required (or give country): the product(s) whose share is wanted');
    const f = withWindow(base, await resolveWindow(db, base, 'all'));
    const [part, whole] = await Promise.all([loadSeries(db, f, freq), loadSeries(db, wholeOf(f, of), freq)]);
    const shares = shareSeries(part.values, whole.values);
    const data = part.periods.map((period, i) => ({ period, value_usd: part.values[i] ?? 0, total_usd: whole.values[i] ?? 0, share: ratio(shares[i] ?? null) }));
    if (wantsDownload(req)) return asDownload(data, COLUMNS, 'market-share');
    return { data, meta: await statsMeta(db, f, { freq, of }) };
  },
});
