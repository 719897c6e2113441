import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation } from '../../http/operation.js';
import { badParam } from '../../http/errors.js';
import { normalizeHsPrefix } from '../../domain/codes/hs-code.js';
import type { AggRow, AggregateResult, AggregateSpec, Dim } from '../shared/aggregate.js';
import { aggregateAll } from '../shared/aggregate-all.js';
import { echoFilters, parseFilters, type Filters } from '../shared/filters.js';
import { memo } from '../companies/cache.js';
import { companyNames } from '../companies/queries.js';
import { FromTo, Nullable, portName } from './params.js';

const STAGES = ['exporter', 'port', 'country', 'buyer'] as const;
type Stage = (typeof STAGES)[number];

export const getProductFlows = defineOperation({
  method: 'GET',
  url: '/v1/supply-chain/products/:hs/flows',
  operationId: 'getProductFlows',
  tag: 'Supply Chain',
  summary: 'Who makes it → through which ports → where → who buys it (Sankey-ready)',
  description:
    'Exports of the product: nodes are Turkish exporters, Turkish ports of exit, destination countries and foreign buyers; links carry ' +
    'value in USD between consecutive stages. Each stage keeps its `top` largest nodes and folds the rest into one “other” node, so ' +
    'the value entering and leaving every middle node balances. One element in `data`: `{ nodes, links }`.',
  scope: 'trade:read',
  params: Type.Object({ hs: Type.String({ maxLength: 20, description: 'HS/GTİP prefix, 2–12 digits' }) }),
  querystring: Type.Object({ country: Type.Optional(Type.String({ maxLength: 200 })), ...FromTo, top: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })) }, { additionalProperties: false }),
  data: Type.Object({
    nodes: Type.Array(Type.Object({ id: Type.String(), stage: Type.String(), key: Nullable(Type.String()), label: Type.String(), value_usd: Type.Number() })),
    links: Type.Array(Type.Object({ source: Type.String(), target: Type.String(), value_usd: Type.Number() })),
  }),
  async handle({ params, query }, { deps }) {
    const db = deps.store.db;
    const hs = normalizeHsPrefix(params.hs);
    if (!hs) throw badParam('hs', `"${params.hs}" is not an HS/GTİP prefix of 2–12 digits`);
    const filters = parseFilters({ hs, country: query.country, from: query.from, to: query.to }, 'export');
    const top = query.top ?? 10;
    // The three groupings are thousands of rows each, too many for the aggregate cache: the answer,
    // a few dozen nodes and links, is remembered instead, as other graph answers are.
    const data = await memo(db, `flows:${JSON.stringify([hs, query.country, query.from, query.to, top])}`, () => productFlows(db, filters, top));
    return { data: [data.graph], meta: { query: echoFilters(filters), total_value_usd: data.total } };
  },
});

type Grouping = Omit<AggregateSpec, 'filters'>;

async function productFlows(db: Kysely<DB>, filters: Filters, top: number) {
  const spec = (groupBy: Dim[], more: Partial<Grouping> = {}): Grouping => ({ groupBy, metrics: ['value_usd'], maxRows: 500_000, ...more });
  // Groupings that read the same source share one query (aggregateAll); the rest run side by side.
  const run = async (specs: Grouping[]) => aggregateAll(db, specs.map((s) => ({ ...s, filters })));
  // Exporter × port and country × buyer are the two large groupings: only the kept exporters' and
  // buyers' rows are asked for, and what the others carry is the rest of each port's and country's
  // total, worked out in cents.
  const [exporters, b, buyers] = (await run([spec(['company'], { top }), spec(['port', 'country']), spec(['partner_company'], { top: top + 1 })])) as [AggregateResult, AggregateResult, AggregateResult];
  const keptExporters = exporters.rows.map((r) => Number(r.company_id));
  const keptBuyers = buyers.rows.map((r) => Number(r.partner_company_id ?? 0)).filter((id) => id > 0).slice(0, top);
  const none = { rows: [] as AggRow[] } as AggregateResult;
  const second = [
    keptExporters.length ? spec(['company', 'port'], { only: { dim: 'company', values: keptExporters } }) : null,
    keptBuyers.length ? spec(['country', 'partner_company'], { only: { dim: 'partner_company', values: keptBuyers } }) : null,
  ];
  const found = await run(second.filter((x): x is Grouping => x !== null));
  const exporterPort = second[0] ? found.shift()! : none;
  const countryBuyer = second[1] ? found.shift()! : none;
  const cents = (r: AggRow) => Math.round(Number(r.value_usd) * 100);
  const rest = (rows: AggRow[], field: 'port' | 'country', kept: AggRow[], other: Record<string, number | null>) => {
    const left = new Map<string, number>();
    for (const r of rows) left.set(String(r[field]), (left.get(String(r[field])) ?? 0) + cents(r));
    for (const r of kept) left.set(String(r[field]), (left.get(String(r[field])) ?? 0) - cents(r));
    return [...left].filter(([, v]) => v > 0).map(([k, v]) => ({ [field]: k, ...other, value_usd: v / 100 }) as AggRow);
  };
  const a = [...exporterPort.rows, ...rest(b.rows, 'port', exporterPort.rows, { company_id: 0 })];
  const c = [...countryBuyer.rows, ...rest(b.rows, 'country', countryBuyer.rows, { partner_company_id: 0 })];
  const kept: Record<Stage, Set<string>> = {
    exporter: new Set(keptExporters.map(String)),
    port: keep(b.rows, 'port', top),
    country: keep(b.rows, 'country', top),
    buyer: new Set(keptBuyers.map(String)),
  };
  const nodeId = (stage: Stage, key: string) => (kept[stage].has(key) ? `${stage}:${key}` : `${stage}:other`);
  const links = new Map<string, number>();
  const nodeValue = new Map<string, number>();
  const link = (rows: AggRow[], from: Stage, to: Stage) => {
    for (const r of rows) {
      const s = nodeId(from, keyOf[from](r));
      const t = nodeId(to, keyOf[to](r));
      const v = Number(r.value_usd);
      links.set(`${s}>${t}`, (links.get(`${s}>${t}`) ?? 0) + v);
      if (from === 'exporter') nodeValue.set(s, (nodeValue.get(s) ?? 0) + v);
      nodeValue.set(t, (nodeValue.get(t) ?? 0) + v);
    }
  };
  link(a, 'exporter', 'port');
  link(b.rows, 'port', 'country');
  link(c, 'country', 'buyer');
  const names = await companyNames(db, [...kept.exporter, ...kept.buyer].map(Number));
  const label = (stage: Stage, key: string | null) => {
    if (key === null) return stage === 'buyer' ? 'Other or unknown buyers' : `Other ${stage}s`;
    if (stage === 'port') return portName(key).name ?? key;
    if (stage === 'country') return key;
    return names.get(Number(key))?.name ?? key;
  };
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const nodes = [...nodeValue.entries()].map(([id, v]) => {
    const [stage, key] = id.split(':') as [Stage, string];
    const k = key === 'other' ? null : key;
    return { id, stage, key: k, label: label(stage, k), value_usd: r2(v) };
  });
  nodes.sort((x, y) => STAGES.indexOf(x.stage as Stage) - STAGES.indexOf(y.stage as Stage) || y.value_usd - x.value_usd);
  const data = [...links.entries()].map(([k, v]) => {
    const [source, target] = k.split('>') as [string, string];
    return { source, target, value_usd: r2(v) };
  });
  return { graph: { nodes, links: data.sort((x, y) => y.value_usd - x.value_usd) }, total: Number(exporters.totals.value_usd ?? 0) };
}

const keyOf: Record<Stage, (r: AggRow) => string> = {
  exporter: (r) => String(r.company_id),
  port: (r) => String(r.port),
  country: (r) => String(r.country),
  buyer: (r) => String(r.partner_company_id ?? 0),
};

/** The `top` keys of a stage by value (an unknown company, 0, is never kept). */
function keep(rows: AggRow[], stage: Stage, top: number): Set<string> {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(keyOf[stage](r), (sums.get(keyOf[stage](r)) ?? 0) + Number(r.value_usd));
  return new Set([...sums.entries()].filter(([k]) => k !== '0').sort((x, y) => y[1] - x[1]).slice(0, top).map(([k]) => k));
}
