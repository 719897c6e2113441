import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { aggregate } from '../shared/aggregate.js';
import { FilterParams, parseFilters } from '../shared/filters.js';
import { share } from '../../domain/stats/index.js';
import { periodsOf } from './periods.js';
import { asDownload, FreqParam, ratio, resolveWindow, round2, statsMeta, withWindow } from './params.js';

const COLUMNS = ['period', 'country', 'exports_usd', 'imports_usd', 'balance_usd', 'trade_volume_usd', 'coverage_ratio'];

export const getTradeBalance = defineOperation({
  method: 'GET',
  url: '/v1/statistics/balance',
  operationId: 'getTradeBalance',
  tag: 'Trade Statistics',
  summary: 'Trade balance series, overall or per partner',
  description:
    'Exports, imports, balance (exports − imports) and coverage ratio (exports / imports) per period at `freq`, every period of the window ' +
    'present (zeros where nothing traded). Without `country` one overall series (`country` null); with `country` one series per listed ' +
    'partner, in the order given. Default window: all months with data.',
  scope: 'trade:read',
  querystring: Type.Object({ ...FilterParams, freq: FreqParam, format: FormatParam }, { additionalProperties: false }),
  data: Type.Object({
    period: Type.String(),
    country: Type.Union([Type.String(), Type.Null()]),
    exports_usd: Type.Number(),
    imports_usd: Type.Number(),
    balance_usd: Type.Number(),
    trade_volume_usd: Type.Number(),
    coverage_ratio: Type.Union([Type.Number(), Type.Null()]),
  }),
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const freq = query.freq ?? 'month';
    const base = parseFilters(query);
    const w = await resolveWindow(db, base, 'all');
    const f = withWindow(base, w);
    const perPartner = f.countries.length > 0;
    const res = await aggregate(db, { filters: f, groupBy: perPartner ? ['country', 'period', 'flow'] : ['period', 'flow'], metrics: ['value_usd'], freq, maxRows: 1_000_000 });
    const value = new Map(res.rows.map((r) => [`${r.country ?? ''}|${r.period}|${r.flow}`, Number(r.value_usd)]));
    const data = (perPartner ? f.countries : [null]).flatMap((country) =>
      periodsOf(w, freq).map((period) => {
        const exp = value.get(`${country ?? ''}|${period}|export`) ?? 0;
        const imp = value.get(`${country ?? ''}|${period}|import`) ?? 0;
        return { period, country, exports_usd: exp, imports_usd: imp, balance_usd: round2(exp - imp), trade_volume_usd: round2(exp + imp), coverage_ratio: ratio(share(exp, imp)) };
      }),
    );
    if (wantsDownload(req)) return asDownload(data, COLUMNS, 'trade-balance');
    return { data, meta: await statsMeta(db, f, { freq }) };
  },
});
