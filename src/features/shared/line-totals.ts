// Item lines and their net weight per flow for the trade of a product, from the analytic store's
// line totals by product and month (the HS rollups count declarations and sum values but keep no
// line count).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticRows } from '../../analytics/query.js';

export type LinesPerFlow = Map<string, { lines: number; weight: number }>;

/** Lines and net weight per flow of the codes under `prefix` (at most 6 digits), in months `from`–`to` (YYYYMM, inclusive). */
export async function linesUnder(db: Kysely<DB>, prefix: string, from: number | null, to: number | null): Promise<LinesPerFlow> {
  const where = [sql`hs6 >= ${prefix}`, sql`hs6 < ${prefix + '\uffff'}`];
  if (from !== null) where.push(sql`period >= ${from}`);
  if (to !== null) where.push(sql`period <= ${to}`);
  const rows = await analyticRows(db, sql`select flow, sum(lines) as lines, sum(net_weight_kg) as weight from agg_lines_monthly
    where ${sql.join(where, sql` and `)} group by flow`.compile(db));
  const out: LinesPerFlow = new Map([['import', { lines: 0, weight: 0 }], ['export', { lines: 0, weight: 0 }]]);
  for (const r of rows) out.set(String(r.flow), { lines: Number(r.lines ?? 0), weight: Number(r.weight ?? 0) });
  return out;
}
