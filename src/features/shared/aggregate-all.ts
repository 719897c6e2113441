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
  for (const group of [...byKey.values()].flatMap((g) => oneDepth(specs, g))) {
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
    if (parts.length) parts[0] = [...parts[0]!, ...uncounted].sort((a, b) => a - b);
    else parts.push(uncounted);
    for (const part of parts) {
      // Grouping sets need a grouping; totals alone are one query each anyway.
      if (part.length > 1 && part.some((i) => specs[i]!.groupBy.length)) together.push(part);
      else alone.push(...part.map((i) => [i]));
    }
  }
  return [...together, ...alone];
}

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
  if (spec.metrics.includes('companies') || spec.metrics.includes('partner_companies')) return null;
  if (spec.groupBy.length && !valueFromRows(spec)) {
    // Its totals come from the query's grand total, which must be read as its own totals query would be.
    const totals = planAggregate(ungroupedOf(spec));
    if (totals.source?.table !== plan.source.table || totals.headerFigures !== plan.headerFigures || totals.recordsColumn !== plan.recordsColumn) return null;
  }
  return JSON.stringify([spec.filters, plan.source.table, plan.headerFigures]);
}

async function answerTogether(db: Kysely<DB>, plan: Plan, members: Member[]): Promise<AggregateResult[]> {
  const first = members[0]!.spec;
  const qIds: QCompanies = first.filters.q ? await companiesMatching(db, first.filters.q) : null;
  const metrics = [...new Set(members.flatMap((m) => m.spec.metrics))];
  // The period and product expressions of the members grouping by them (one of each: oneDepth).
  const freq = members.find((m) => m.spec.groupBy.includes('period'))?.spec.freq;
  const hsLevel = members.find((m) => m.spec.groupBy.includes('hs'))?.spec.hsLevel;
  const p = pieces({ ...first, metrics, freq, hsLevel }, plan, qIds);
  // Every dimension any member groups by, once, as column k<j>.
  const dims: Dim[] = [...new Set(members.flatMap((m) => m.spec.groupBy))];
  const k = (d: Dim) => sql.id(`k${dims.indexOf(d)}`);
  // GROUPING_ID sets bit (n-1-j) when dimension j is not among a row's grouping.
  const maskOf = (groupBy: readonly Dim[]) => dims.reduce((m, d, j) => (groupBy.includes(d) ? m : m | (1 << (dims.length - 1 - j))), 0);
  const needsTotal = members.some((m) => !m.spec.groupBy.length || !valueFromRows(m.spec));
  const sets = new Map<number, Dim[]>();
  for (const m of members) if (m.spec.groupBy.length) sets.set(maskOf(m.spec.groupBy), m.spec.groupBy);
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
    ranks.push(sql`row_number() over (partition by _set order by ${order}) as ${sql.id(`_rn${i}`)}`);
    keep.push(sql`(_set = ${sql.lit(maskOf(s.groupBy))} and ${sql.id(`_rn${i}`)} <= ${sql.lit(rowLimit(s))})`);
  });
  const windows = [...ranks, sql`count(*) over (partition by _set) as _groups`, sql`sum(value_cents) over (partition by _set) as _t_value_cents`];
  const query = sql`select * from (select *, ${sql.join(windows)} from (${inner}) grouped) ranked where ${sql.join(keep, sql` or `)}`;
  const rows = await analyticRows(db, query.compile(db));

  const total = rows.find((r) => Number(r._set) === totalMask) ?? {};
  return members.map((m, i) => {
    const s = m.spec;
    // An ungrouped sum is one row, of nulls when nothing matched: toRow reads both as zeros.
    if (!s.groupBy.length) return finish(s, [total], {}, plan.source!.table);
    const mask = maskOf(s.groupBy);
    const rank = `_rn${i}`;
    const mine = rows
      .filter((r) => Number(r._set) === mask && Number(r[rank]) <= rowLimit(s))
      .sort((a, b) => Number(a[rank]) - Number(b[rank]))
      .map((r) => {
        const named: Record<string, unknown> = { ...r };
        s.groupBy.forEach((d, j) => (named[`g${j}`] = r[`k${dims.indexOf(d)}`]));
        return named;
      });
    return finish(s, mine, total, plan.source!.table);
  });
}
