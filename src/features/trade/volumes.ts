// GET /v1/trade/volumes — total volumes by flow for a period. Header figures (value, weight,
// declarations) and item quantities are read in two aggregate calls, so each one can be answered
// from its own rollup instead of joining the item lines of every declaration.
import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { FilterParams, parseFilters, echoFilters, type Flow } from '../shared/filters.js';
import { aggregate } from '../shared/aggregate.js';
import { sourceMeta } from '../shared/source-meta.js';
import { FlowParam } from './params.js';
import { round2 } from './enrich.js';

const VolumeRow = Type.Object({
  flow: Type.Unsafe<Flow>({ type: 'string', enum: ['import', 'export'] }),
  value_usd: Type.Number(),
  net_weight_kg: Type.Number(),
  quantity: Type.Number({ description: 'Sum of item quantities in their own units' }),
  records: Type.Integer({ description: 'Declarations' }),
  share: Type.Union([Type.Number(), Type.Null()], { description: 'Share of the value of both flows' }),
});

export const tradeVolumes = defineOperation({
  method: 'GET',
  url: '/v1/trade/volumes',
  operationId: 'tradeVolumes',
  tag: 'Trade Data',
  summary: 'Total volumes by flow for a period: value, weight, quantity, declarations',
  description: 'One row per flow (both rows always present, zero when nothing matches); `meta.balance_usd` is exports minus imports and `meta.total_usd` their sum.',
  scope: 'trade:read',
  download: true,
  querystring: Type.Object({ ...FilterParams, flow: FlowParam, format: FormatParam }, { additionalProperties: false }),
  data: VolumeRow,
  async handle({ query }, { deps, req }) {
    const filters = parseFilters(query, query.flow ?? null);
    const db = deps.store.db;
    const [main, qty] = await Promise.all([
      aggregate(db, { filters, groupBy: ['flow'], metrics: ['value_usd', 'net_weight_kg', 'records'] }),
      aggregate(db, { filters, groupBy: ['flow'], metrics: ['quantity'] }),
    ]);
    const flows: Flow[] = query.flow ? [query.flow] : ['import', 'export'];
    const total = flows.reduce((s, f) => s + Number(main.rows.find((r) => r.flow === f)?.value_usd ?? 0), 0);
    const rows = flows.map((flow) => {
      const m = main.rows.find((r) => r.flow === flow);
      const value = Number(m?.value_usd ?? 0);
      return {
        flow,
        value_usd: value,
        net_weight_kg: Number(m?.net_weight_kg ?? 0),
        quantity: Number(qty.rows.find((r) => r.flow === flow)?.quantity ?? 0),
        records: Number(m?.records ?? 0),
        share: total > 0 ? Math.round((value / total) * 1e6) / 1e6 : null,
      };
    });
    if (wantsDownload(req)) {
      return { columns: ['flow', 'value_usd', 'net_weight_kg', 'quantity', 'records', 'share'], rows: (async function* () { yield* rows; })(), filename: 'trade-volumes' };
    }
    const exp = rows.find((r) => r.flow === 'export')?.value_usd ?? 0;
    const imp = rows.find((r) => r.flow === 'import')?.value_usd ?? 0;
    return {
      data: rows,
      meta: {
        ...(query.flow ? {} : { balance_usd: round2(exp - imp), total_usd: round2(exp + imp) }),
        source: await sourceMeta(db),
        query: echoFilters(filters),
      },
    };
  },
});
