// Several aggregates of one answer (a country profile's totals, products, traders, ports and
// months) answered together: those that read the same source with the same filters become one
// query grouped by GROUPING SETS, so the engine filters the rows once and sums them by every
// grouping in the same pass; the rest run as `aggregate` runs them. A profile with `q` read the
// company rollup once per breakdown, each time resolving the same companies.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticRows } from '../../analytics/query.js';
import {
  aggregate, companiesMatching, finish, orderExpr, pieces, planAggregate, rowLimit, ungroupedOf, valueFromRows,
  type AggregateResult, type AggregateSpec, type Dim, type Plan, type QCompanies,
} from './aggregate.js';

interface Member {
  index: number;
  spec: AggregateSpec;
}

/** An answer for each spec, null for null. */
export type Answers<T extends readonly (AggregateSpec | null)[]> = { -readonly [K in keyof T]: T[K] extends AggregateSpec ? AggregateResult : AggregateResult | null };

/** The answers of `specs` in their order (null for null), each as `aggregate` gives it. */
export async function aggregateAll<T extends readonly (AggregateSpec | null)[] | []>(db: Kysely<DB>, specs: T): Promise<Answers<T>> {
  const out: Promise<AggregateResult | null>[] = specs.map(() => Promise.resolve(null));
  for (const group of groupSpecs(specs)) {
    const members = group.map((index) => ({ index, spec: specs[index]! }));
    if (members.length === 1) {
      out[group[0]!] = aggregate(db, members[0]!.spec);
      continue;
    }
    // The members that count declarations share one records column (see groupSpecs): that plan's.
    const plans = members.map((m) => planAggregate(m.spec));
    const answers = answerTogether(db, plans.find((p) => p.recordsColumn !== null) ?? plans[0]!, members);
    members.forEach((m, i) => (out[m.index] = answers.then((a) => a[i]!)));
  }
  return (await Promise.all(out)) as Answers<T>;
}

/** Which specs are answered by one query: groups of indexes (a group of one runs alone). */
export function groupSpecs(specs: readonly (AggregateSpec | null)[]): number[][] {
  const byKey = new Map<string, number[]>();
  const alone: number[][] = [];
  const plans = specs.map((spec) => (spec ? planAggregate(spec) : null));
  specs.forEach((spec, index) => {
    if (!spec) return;
    const key = setKey(spec, plans[index]!);
    if (key === null) alone.push([index]);
    else byKey.set(key, [...(byKey.get(key) ?? []), index]);
  });
  const together: number[][] = [];
  for (const group of [...byKey.values()].flatMap((g) => oneFlow(specs, g)).flatMap((g) => oneDepth(specs, g))) {
    // Members that count declarations must count them from the same column (a product's depth
    // decides which); those that do not count them join the first such set ('by flow with
    // declarations' and 'top countries by value' of a company profile are one query, not three).
    const byRecords = new Map<string, number[]>();
    const uncounted: number[] = [];
    for (const i of group) {
      const column = plans[i]!.recordsColumn;
      if (column === null) uncounted.push(i);
      else byRecords.set(column, [...(byRecords.get(column) ?? []), i]);
    }
    const parts = [...byRecords.values()];
    // Traders counted join a part grouping by trader (or partner) alone, whose groups they count.
    const hosts = (part: number[], i: number) => tradersOf(specs[i]!).every((d) => part.some((j) => specs[j]!.groupBy.length === 1 && specs[j]!.groupBy[0] === d));
    for (const i of uncounted.filter((i) => counted(specs[i]!))) {
      const host = parts.find((part) => hosts(part, i)) ?? (hosts(uncounted, i) ? uncounted : null);
      if (host && host !== uncounted) host.push(i);
      else if (!host) alone.push([i]);
    }
    const rest = uncounted.filter((i) => !counted(specs[i]!) || (!parts.some((part) => part.includes(i)) && hosts(uncounted, i)));
    if (parts.length) parts[0] = [...parts[0]!, ...rest];
    else parts.push(rest);
    parts.forEach((part) => part.sort((a, b) => a - b));
    for (const part of parts) {
      // Grouping sets need a grouping; totals alone are one query each anyway.
      if (part.length > 1 && part.some((i) => specs[i]!.groupBy.length)) together.push(part);
      else alone.push(...part.map((i) => [i]));
    }
  }
  return [...together, ...alone];
}

/**
 * The members of a group (the same filters but perhaps the flow) split so that one query of both
 * flows answers each part: the members naming one flow are read from it by grouping by flow too
 * (a country's top export and import products are one query, not two), when their totals come
 * from their rows (a per-flow window) and no member naming no flow groups by the same dimensions
 * and flow, whose windows span both flows. Any other member naming a flow is read with its flow's.
 */
function oneFlow(specs: readonly (AggregateSpec | null)[], group: number[]): number[][] {
  const flowOf = (i: number) => specs[i]!.filters.flow ?? null;
  if (new Set(group.map(flowOf)).size === 1) return [group];
  const plain = new Set(group.filter((i) => flowOf(i) === null).map((i) => dimSet(specs[i]!.groupBy)));
  const shared = group.filter((i) => flowOf(i) === null || (perFlow(specs[i]!) && !plain.has(dimSet([...specs[i]!.groupBy, 'flow']))));
  const byFlow = new Map<string, number[]>();
  for (const i of group) if (!shared.includes(i)) byFlow.set(flowOf(i)!, [...(byFlow.get(flowOf(i)!) ?? []), i]);
  return [shared, ...byFlow.values()];
}

/**
 * A spec of trader counts alone (`companies`, `partner_companies`, no groups): a query grouping by
 * trader (partner) over the same rows has as many groups as there are traders (partners but 0,
 * the rollups' missing partner), so it is answered by counting them (`count(distinct company_id)`
 * was a query of its own).
 */
const counted = (s: AggregateSpec) =>
  !s.groupBy.length && s.metrics.length > 0 && s.metrics.every((m) => m === 'companies' || m === 'partner_companies');
const tradersOf = (s: AggregateSpec): Dim[] => [...(s.metrics.includes('companies') ? ['company' as const] : []), ...(s.metrics.includes('partner_companies') ? ['partner_company' as const] : [])];

/** A member naming a flow that a query of both flows answers (see oneFlow). */
const perFlow = (s: AggregateSpec) => !!s.filters.flow && s.groupBy.length > 0 && !s.groupBy.includes('flow') && valueFromRows(s);
const dimSet = (dims: readonly Dim[]) => [...new Set(dims)].sort().join(',');

/**
 * The members of a group split so that in each part the members grouping by period read it at one
 * frequency and those grouping by product at one depth: a shared query has one expression for
 * each. Members not grouping by them join any part (a country's top products at four digits and
 * its top traders are one query).
 */
function oneDepth(specs: readonly (AggregateSpec | null)[], group: number[]): number[][] {
  const parts: { freq?: string; level?: number; members: number[] }[] = [];
  for (const i of group) {
    const s = specs[i]!;
    const freq = s.groupBy.includes('period') ? (s.freq ?? 'month') : undefined;
    const level = s.groupBy.includes('hs') ? (s.hsLevel ?? 6) : undefined;
    const part = parts.find((p) => (!freq || !p.freq || p.freq === freq) && (!level || !p.level || p.level === level));
    if (!part) parts.push({ freq, level, members: [i] });
    else {
      part.freq ??= freq;
      part.level ??= level;
      part.members.push(i);
    }
  }
  return parts.map((p) => p.members);
}

/**
 * Specs with the same key are answered by one query: the same filters on the same source, read
 * the same way (header or line figures; the records column is matched in groupSpecs, the month
 * and code depth of the groupings in oneDepth).
 * Null: the spec runs alone (raw records, parts split by month, traders counted, restricted groups,
 * or totals a grouped spec cannot take from the shared query).
 */
function setKey(spec: AggregateSpec, plan: Plan): string | null {
  if (!plan.source || spec.all || spec.partnerKnown || spec.only) return null;
  if (!counted(spec) && (spec.metrics.includes('companies') || spec.metrics.includes('partner_companies'))) return null;
  if (spec.groupBy.length && !valueFromRows(spec)) {
    // Its totals come from the query's grand total, which must be read as its own totals query would be.
    const totals = planAggregate(ungroupedOf(spec));
    if (totals.source?.table !== plan.source.table || totals.headerFigures !== plan.headerFigures || totals.recordsColumn !== plan.recordsColumn) return null;
  }
  // The flow is matched in oneFlow.
  return JSON.stringify([{ ...spec.filters, flow: null }, plan.source.table, plan.headerFigures]);
}

async function answerTogether(db: Kysely<DB>, plan: Plan, members: Member[]): Promise<AggregateResult[]> {
  // Members naming different flows: one query of both, those naming one read per flow (oneFlow).
  const split = new Set(members.map((m) => m.spec.filters.flow ?? null)).size > 1;
  const byFlow = (s: AggregateSpec) => split && perFlow(s);
  const first = split ? { ...members[0]!.spec, filters: { ...members[0]!.spec.filters, flow: null } } : members[0]!.spec;
  const qIds: QCompanies = first.filters.q ? await companiesMatching(db, first.filters.q) : null;
  const metrics = [...new Set(members.flatMap((m) => m.spec.metrics))];
  // The period and product expressions of the members grouping by them (one of each: oneDepth).
  const freq = members.find((m) => m.spec.groupBy.includes('period'))?.spec.freq;
  const hsLevel = members.find((m) => m.spec.groupBy.includes('hs'))?.spec.hsLevel;
  const p = pieces({ ...first, metrics, freq, hsLevel }, plan, qIds);
  // Every dimension any member groups by, once, as column k<j>.
  const countedDims = [...new Set(members.filter((m) => counted(m.spec)).flatMap((m) => tradersOf(m.spec)))];
  const dims: Dim[] = [...new Set([...members.flatMap((m) => m.spec.groupBy), ...countedDims, ...(split ? ['flow' as const] : [])])];
  const setOf = (s: AggregateSpec): Dim[] => (byFlow(s) ? [...s.groupBy, 'flow'] : s.groupBy);
  const k = (d: Dim) => sql.id(`k${dims.indexOf(d)}`);
  // GROUPING_ID sets bit (n-1-j) when dimension j is not among a row's grouping.
  const maskOf = (groupBy: readonly Dim[]) => dims.reduce((m, d, j) => (groupBy.includes(d) ? m : m | (1 << (dims.length - 1 - j))), 0);
  const needsTotal = members.some((m) => !counted(m.spec) && (!m.spec.groupBy.length || !valueFromRows(m.spec)));
  const sets = new Map<number, Dim[]>();
  for (const m of members) if (m.spec.groupBy.length) sets.set(maskOf(setOf(m.spec)), setOf(m.spec));
  // A set by trader alone that no member ranks keeps one row, which carries the count.
  const unranked = countedDims.filter((d) => !sets.has(maskOf([d])));
  for (const d of countedDims) sets.set(maskOf([d]), [d]);
  // The sets read per flow rank, count and total each flow apart (no member naming no flow shares them: oneFlow).
  const flowMasks = [...new Set(members.filter((m) => byFlow(m.spec)).map((m) => maskOf(setOf(m.spec))))];
  const part = flowMasks.length ? sql`_set, case when _set in (${sql.join(flowMasks.map((x) => sql.lit(x)))}) then ${k('flow')} end` : sql`_set`;
  const totalMask = maskOf([]);
  const groupingSets = [...sets.values()].map((g) => sql`(${sql.join(g.map((d) => p.dimExpr(d)))})`);
  if (needsTotal) groupingSets.push(sql`()`);

  const inner = sql`select grouping_id(${sql.join(dims.map((d) => p.dimExpr(d)))}) as _set,
      ${sql.join([...dims.map((d) => sql`${p.dimExpr(d)} as ${k(d)}`), ...p.measures])}
    from ${p.from} ${p.where.length ? sql`where ${sql.join(p.where, sql` and `)}` : sql``}
    group by grouping sets (${sql.join(groupingSets)})`;
  const ranks: RawBuilder<unknown>[] = [];
  const keep: RawBuilder<unknown>[] = needsTotal ? [sql`_set = ${sql.lit(totalMask)}`] : [];
  members.forEach((m, i) => {
    const s = m.spec;
    if (!s.groupBy.length) return;
    const order = orderExpr(s, (j) => k(s.groupBy[j]!)) ?? sql`1`;
    const flow = byFlow(s) ? sql` and ${k('flow')} = ${sql.lit(s.filters.flow)}` : sql``;
    ranks.push(sql`row_number() over (partition by ${part} order by ${order}) as ${sql.id(`_rn${i}`)}`);
    keep.push(sql`(_set = ${sql.lit(maskOf(setOf(s)))}${flow} and ${sql.id(`_rn${i}`)} <= ${sql.lit(rowLimit(s))})`);
  });
  // The traders counted: the groups of the set by trader alone (every row of it carries the count).
  const traderCounts = countedDims.map((d) => sql`count(${d === 'company' ? k(d) : sql`nullif(${k(d)}, 0)`}) over (partition by _set) as ${sql.id(`_n_${d}`)}`);
  for (const d of unranked) {
    traderCounts.push(sql`row_number() over (partition by _set) as ${sql.id(`_c_${d}`)}`);
    keep.push(sql`(_set = ${sql.lit(maskOf([d]))} and ${sql.id(`_c_${d}`)} = 1)`);
  }
  const windows = [...ranks, ...traderCounts, sql`count(*) over (partition by ${part}) as _groups`, sql`sum(value_cents) over (partition by ${part}) as _t_value_cents`];
  const query = sql`select * from (select *, ${sql.join(windows)} from (${inner}) grouped) ranked where ${sql.join(keep, sql` or `)}`;
  const rows = await analyticRows(db, query.compile(db));

  const total = rows.find((r) => Number(r._set) === totalMask) ?? {};
  return members.map((m, i) => {
    const s = m.spec;
    if (counted(s)) {
      const n = (d: Dim) => Number(rows.find((r) => Number(r._set) === maskOf([d]))?.[`_n_${d}`] ?? 0);
      return finish(s, [{ companies: n('company'), partner_companies: n('partner_company') }], {}, plan.source!.table);
    }
    // An ungrouped sum is one row, of nulls when nothing matched: toRow reads both as zeros.
    if (!s.groupBy.length) return finish(s, [total], {}, plan.source!.table);
    const mask = maskOf(setOf(s));
    const rank = `_rn${i}`;
    const flow = byFlow(s) ? `k${dims.indexOf('flow')}` : null;
    const mine = rows
      .filter((r) => Number(r._set) === mask && (flow === null || r[flow] === s.filters.flow) && Number(r[rank]) <= rowLimit(s))
      .sort((a, b) => Number(a[rank]) - Number(b[rank]))
      .map((r) => {
        const named: Record<string, unknown> = { ...r };
        s.groupBy.forEach((d, j) => (named[`g${j}`] = r[`k${dims.indexOf(d)}`]));
        return named;
      });
    // Read per flow, its totals are its rows' windows alone (the total row spans both flows).
    return finish(s, mine, flow === null ? total : {}, plan.source!.table);
  });
}
