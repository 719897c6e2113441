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
import { LINES_BY_CODE } from '../../analytics/schema.js';
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
  const where = conditions.length ? sql`where ${sql.join([...conditions], sql` and `)}` : sql``;
  return pageIds(db, sql`select d.id from declarations d ${where} order by ${order} limit ${sql.lit(limit)}`);
}

/**
 * Whether a list's page can be found in the lines sorted by code alone: a product asked, in date
 * order, and no filter but those the lines carry with their declaration's keys (flow, dates,
 * partner country).
 */
export function linesAlone(f: Filters, byDate: boolean): boolean {
  return (
    byDate && f.hs.length > 0 && f.q === null && f.companyId === null && f.ports.length === 0 && f.customsOffices.length === 0 &&
    f.transportModes.length === 0 && f.incoterms.length === 0 && f.regimes.length === 0 && f.currencies.length === 0 &&
    f.minValueCents === null && f.maxValueCents === null
  );
}

/**
 * Up to `limit` ids of the declarations with a line `l` of `lines_by_code` meeting the conditions,
 * by date (`desc` or not) then id. Joined to the declarations' copy, DuckDB hashed every
 * declaration of the period to probe with the product's lines (a heading over seven months at 10M:
 * 90 ms of one thread); the lines carry the date, so their declarations are ordered without it
 * (3 ms). The lines of one declaration are neighbours in that order, so the first `spread` ×
 * `limit` lines name the page's declarations unless the product has more lines a declaration than
 * that: their top costs a chapter over a year about half the grouping of all its lines, which
 * answers when they do not.
 */
export async function columnarLinePageIds(db: Kysely<DB>, conditions: readonly RawBuilder<unknown>[], desc: boolean, limit: number, spread = 4): Promise<number[] | null> {
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const where = sql.join([...conditions], sql` and `);
  const lines = limit * spread;
  const first = await pageIds(db, sql`select l.declaration_id as id from ${sql.table(LINES_BY_CODE)} l where ${where}
    order by l.registered_at ${dir}, l.declaration_id ${dir} limit ${sql.lit(lines)}`);
  if (!first) return null;
  const ids = [...new Set(first)];
  if (ids.length >= limit || first.length < lines) return ids.slice(0, limit);
  return pageIds(db, sql`select l.declaration_id as id from ${sql.table(LINES_BY_CODE)} l where ${where}
    group by l.declaration_id, l.registered_at order by l.registered_at ${dir}, l.declaration_id ${dir} limit ${sql.lit(limit)}`);
}

async function pageIds(db: Kysely<DB>, q: RawBuilder<unknown>): Promise<number[] | null> {
  const analytics = await openedAnalytics(db);
  if (!analytics || analytics.state() !== 'ready') return null;
  const rows = await analyticRows(db, q.compile(db));
  return rows.map((r) => Number(r.id));
}
