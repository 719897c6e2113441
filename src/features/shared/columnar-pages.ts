// The ids of a page of a declaration list, found in the analytic store's copy of the declarations.
// SQLite keeps no statistics: a list whose filters are each common but rare together (a busy
// customs office, a chapter, a country) started from one filter's index and sorted every row of
// it in the period, seconds at 10M declarations, on a thread that other reads wait for. The
// columnar copy tests all the filter columns together and keeps only the top of the order. The
// rows themselves are then read from the row store by primary key, so the page shows the records
// as stored, with their names and texts.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticRows } from '../../analytics/query.js';
import { openedAnalytics } from '../../analytics/registry.js';
import type { Filters } from './filters.js';

/**
 * Whether a list is answered from the columns: free text or a filter beyond the flow and the
 * period (those alone walk the row store's date or value index and stop at a page), and a page,
 * not a download. Free text whose declarations are common overall but rare in the flow and months
 * asked made the row store's walk test millions of rows (7.4 s at 10M declarations for a country's
 * name in imports over seven months); the columns test them all at once.
 */
export function columnarList(f: Filters, limit: number): boolean {
  if (limit > 1000) return false;
  return (
    f.q !== null || f.hs.length > 0 || f.countries.length > 0 || f.ports.length > 0 || f.customsOffices.length > 0 || f.transportModes.length > 0 ||
    f.incoterms.length > 0 || f.regimes.length > 0 || f.currencies.length > 0 || f.companyId !== null ||
    f.minValueCents !== null || f.maxValueCents !== null
  );
}

/**
 * Up to `limit` ids of declarations `d` meeting the conditions, in the order given, from the
 * analytic store; null when it is not open or still being built (the row store answers then).
 * A batch another process committed reaches the copy within about a second (the store's poll);
 * this process's own batches before their commit returns.
 */
export async function columnarPageIds(
  db: Kysely<DB>,
  conditions: readonly RawBuilder<unknown>[],
  order: RawBuilder<unknown>,
  limit: number,
): Promise<number[] | null> {
  const analytics = await openedAnalytics(db);
  if (!analytics || analytics.state() !== 'ready') return null;
  const where = conditions.length ? sql`where ${sql.join([...conditions], sql` and `)}` : sql``;
  const q = sql`select d.id from declarations d ${where} order by ${order} limit ${sql.lit(limit)}`;
  const rows = await analyticRows(db, q.compile(db));
  return rows.map((r) => Number(r.id));
}
