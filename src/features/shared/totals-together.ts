// Totals of several windows and partner countries in one read. A destination asks the country's
// totals over the previous period and every country's value over its window: two queries of
// neighbouring months of rollups that both hold the partner country. When the windows are whole
// months forming one span and the filters differ only in months and countries, one query reads
// the span for every country the specs share and sums each spec's measures under a condition on
// the month and its countries: the rows each adds up are those it read alone (`within` in `pieces`).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticRows, inlineIds } from '../../analytics/query.js';
import { aggregate, companiesMatching, finish, pieces, planAggregate, type AggregateResult, type AggregateSpec, type Metric } from './aggregate.js';
import { monthAligned, periodOf } from './filters.js';
import { formsOneSpan, spanOf } from './windowed.js';

/** Metrics summed from integers (cents, credited declarations): the same sum on every source that holds them. */
const EXACT_ANYWHERE = new Set<Metric>(['value_usd', 'records']);

/** The answers of ungrouped specs, in their order, as `aggregate` gives each: from one query when they allow it. */
export async function totalsTogether(db: Kysely<DB>, specs: readonly AggregateSpec[]): Promise<AggregateResult[]> {
  return (await totalsInOneRead(db, specs)) ?? Promise.all(specs.map((s) => aggregate(db, s)));
}

/** Ungrouped sums over whole months, with nothing counted distinct (traders). */
const answersTogether = (s: AggregateSpec) =>
  !s.groupBy.length && !s.only && !s.partnerKnown && !s.all && !s.valueRows && !!s.filters.from && !!s.filters.to && monthAligned(s.filters) &&
  !s.metrics.includes('companies') && !s.metrics.includes('partner_companies');

/** `totalsTogether` from one query, or null when the specs do not allow it. */
export async function totalsInOneRead(db: Kysely<DB>, specs: readonly AggregateSpec[]): Promise<AggregateResult[] | null> {
  if (specs.length < 2 || !specs.every(answersTogether)) return null;
  const windows = specs.map((s) => ({ from: s.filters.from!, to: s.filters.to! }));
  if (!formsOneSpan(windows)) return null;
  const rest = (s: AggregateSpec) => JSON.stringify({ ...s.filters, from: null, to: null, countries: null });
  if (new Set(specs.map(rest)).size > 1) return null;
  const f = specs[0]!.filters;
  // One set of countries for all is a filter of the read; different ones are each spec's condition.
  const oneSet = new Set(specs.map((s) => JSON.stringify(s.filters.countries))).size === 1;
  const filters = {
    ...f,
    ...spanOf(windows),
    countries: oneSet ? f.countries : [],
  };
  const qIds = f.q ? await companiesMatching(db, f.q) : null;
  const many = f.companyId === null && qIds !== null && !inlineIds(qIds.ids);
  const metrics = [...new Set(specs.flatMap((s) => s.metrics))];
  // Grouping by country makes the planner pick a source that holds it.
  const plan = planAggregate({ filters, groupBy: oneSet ? [] : ['country'], metrics }, many);
  if (!plan.source) return null;
  const alone = specs.map((s) => planAggregate(s, many));
  // A raw read of every country would cost more than the queries it replaces; a sum of fractions
  // (weights, duties) is the same only from the source the spec reads alone, read the same way.
  const same = (s: AggregateSpec, i: number) =>
    alone[i]!.source !== null && alone[i]!.headerFigures === plan.headerFigures && (s.metrics.every((m) => EXACT_ANYWHERE.has(m)) || alone[i]!.source!.table === plan.source!.table);
  if (!specs.every(same)) return null;
  const parts = specs.map((s) => pieces({ ...s, filters }, plan, qIds, { from: periodOf(s.filters.from!), to: periodOf(s.filters.to!), countries: oneSet ? undefined : s.filters.countries }));
  const { from, where } = parts[0]!;
  const select = parts.flatMap((p, i) => [...p.sums].map(([name, e]) => sql`${e} as ${sql.id(`_${i}_${name}`)}`));
  const query = sql`select ${sql.join(select)} from ${from}${where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``}`;
  const [row = {}] = await analyticRows(db, query.compile(db));
  return specs.map((s, i) => {
    const own: Record<string, unknown> = {};
    for (const k in row) if (k.startsWith(`_${i}_`)) own[k.slice(`_${i}_`.length)] = row[k];
    return finish(s, [own], {}, alone[i]!.source!.table);
  });
}
