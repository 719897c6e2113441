import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { parseDateBound } from '../shared/filters.js';
import { DEFAULT_EDITION } from './builtin.js';
import { CodeParams, findCode, parseCode } from './params.js';
import { tradeFigures, tradePartners, tradeTrend, type TradeQuery } from './queries.js';

const Totals = Type.Object({
  value_usd: Type.Number(), net_weight_kg: Type.Number(),
  records: Type.Integer({ description: 'Declarations' }), items: Type.Integer({ description: 'Declaration lines' }),
  unit_value_usd_per_kg: Type.Union([Type.Number(), Type.Null()]),
});
const Partner = Type.Object({
  flow: Type.String(), country: Type.String(), value_usd: Type.Number(), records: Type.Integer(),
  share: Type.Number({ description: 'Of this flow\'s value, 0–1' }),
});
const Point = Type.Object({ period: Type.String({ description: 'YYYY-MM' }), imports_value_usd: Type.Number(), exports_value_usd: Type.Number() });

const TradeView = Type.Object({
  code: Type.String(), from: Type.Union([Type.String(), Type.Null()]), to: Type.Union([Type.String(), Type.Null()]),
  imports: Totals, exports: Totals, balance_usd: Type.Number(), top_partners: Type.Array(Partner), trend: Type.Array(Point),
});

const cents = (c: number) => Math.round(c) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export const getHsCodeTrade = defineOperation({
  method: 'GET',
  url: '/v1/hs-codes/:code/trade',
  operationId: 'getHsCodeTrade',
  tag: 'HS Code and Product',
  summary: 'Trade of this product: imports, exports, top partners and the monthly trend',
  description: 'Everything declared under the code (a prefix: a chapter covers all its lines) between `from` and `to` (inclusive; YYYY-MM-DD or YYYY-MM).',
  scope: 'trade:read',
  params: CodeParams,
  querystring: Type.Object({
    from: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD or YYYY-MM, inclusive' })),
    to: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD or YYYY-MM, inclusive' })),
    top: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Partners per flow' })),
  }, { additionalProperties: false }),
  data: TradeView,
  errors: ['not_found'],
  async handle({ params, query }, { deps }) {
    const db = deps.store.db;
    const code = parseCode(params.code);
    const from = query.from !== undefined ? parseDateBound('from', query.from, false) : null;
    const to = query.to !== undefined ? parseDateBound('to', query.to, true) : null;
    if (from && to && to < from) throw badParam('to', `must not be before from (${query.from})`);
    await findCode(db, DEFAULT_EDITION, code);
    const q: TradeQuery = { prefix: code, from, to };
    const { cells, totals } = await tradeFigures(db, q);
    const partners = tradePartners(cells, query.top ?? 10);
    const trend = tradeTrend(cells);
    const totalOf = (flow: string) => {
      const t = totals.find((x) => x.flow === flow) ?? { value_cents: 0, net_weight_kg: 0, records: 0, items: 0 };
      return {
        value_usd: cents(t.value_cents), net_weight_kg: round3(t.net_weight_kg), records: t.records, items: t.items,
        unit_value_usd_per_kg: t.net_weight_kg > 0 ? round3(t.value_cents / 100 / t.net_weight_kg) : null,
      };
    };
    const imports = totalOf('import');
    const exports = totalOf('export');
    const flowCents = new Map(totals.map((t) => [t.flow, t.value_cents]));
    const months = new Map<number, { imports_value_usd: number; exports_value_usd: number }>();
    for (const p of trend) {
      const m = months.get(p.period) ?? { imports_value_usd: 0, exports_value_usd: 0 };
      if (p.flow === 'import') m.imports_value_usd = cents(p.value_cents);
      else m.exports_value_usd = cents(p.value_cents);
      months.set(p.period, m);
    }
    return {
      data: [{
        code, from, to, imports, exports,
        balance_usd: cents((flowCents.get('export') ?? 0) - (flowCents.get('import') ?? 0)),
        top_partners: partners.map((p) => ({
          flow: p.flow, country: p.country, value_usd: cents(p.value_cents), records: p.records,
          share: round3(p.value_cents / Math.max(1, flowCents.get(p.flow) ?? 0)),
        })),
        trend: [...months].sort((a, b) => a[0] - b[0]).map(([period, v]) => ({
          period: `${String(period).slice(0, 4)}-${String(period).slice(4, 6)}`, ...v,
        })),
      }],
    };
  },
});
