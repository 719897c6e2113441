// The first groups of a ranking by summed value, without summing every group. A window of a year
// holds about a million exporter → buyer pairs at 10M declarations, nearly one row each, and
// grouping them all is a hash table of a million keys for the sake of the first hundred.
//
// Values are never negative (ingestion refuses them), so a group's sum is at least the sum of any
// of its rows, and at most the sum of the bucket its key hashes to:
// - the n-th largest group is at least `t`, the n-th largest of the groups' sums over the 64n
//   largest rows alone (0 when these hold fewer than n groups: the largest pairs trade every
//   month, and a year's 208 largest rows held 33 pairs);
// - a group summing to `t` or more lies in a bucket summing to `t` or more.
// So the groups of the buckets that reach `t` hold every group that can rank among the first n,
// and those few are summed exactly, in the same order and with the same ties as a full ranking:
// a group left out sums to less than `t`, so less than the n-th of those kept.
import { sql, type RawBuilder } from 'kysely';

/** Largest `top` ranked this way: the bound is read from the 64·top largest rows. */
export const BOUNDED_TOP_MAX = 2_000;

/**
 * Buckets of the hashed keys. At 10M declarations a year's 1.5M pairs share 32,768 buckets (about
 * 45 a bucket), and the buckets reaching the bound hold a few thousand pairs: a ranking of eight
 * months 145 -> 85 ms of one thread, of twelve 265 -> 121 ms. With 4,096 buckets too many reach
 * it (twelve months: 470 ms); with 262,144 the buckets cost nearly what the pairs do (166 ms).
 */
const BUCKETS = 1 << 15;

/**
 * The condition on a grouped query (`groups`, the grouping's expressions) keeping only the rows of
 * the groups that can be among its first `n` by the sum of `value`, over the rows of `from` that
 * `where` keeps (and some other groups of their buckets).
 */
export function topCandidates(
  groups: readonly RawBuilder<unknown>[],
  value: RawBuilder<unknown>,
  from: RawBuilder<unknown>,
  where: readonly RawBuilder<unknown>[],
  n: number,
  buckets = BUCKETS,
): RawBuilder<unknown> {
  const names = groups.map((_, i) => sql.id(`c${i}`));
  const keys = sql.join(names);
  const rows = sql`select ${sql.join(groups.map((g, i) => sql`${g} as ${names[i]!}`))}, ${value} as v from ${from}${where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``}`;
  // The outer query keeps the rows of those buckets: its groups are then the groups kept.
  return sql`hash(${sql.join(groups)}) % ${sql.lit(buckets)} in (
    with r as (${rows}),
      t as (select coalesce((select v from (select sum(v) as v from (select ${keys}, v from r order by v desc limit ${sql.lit(64 * n)}) largest group by ${keys}) g
        order by v desc limit 1 offset ${sql.lit(n - 1)}), 0) as t)
    select hash(${keys}) % ${sql.lit(buckets)} as b from r group by b having sum(v) >= (select t from t))`;
}
