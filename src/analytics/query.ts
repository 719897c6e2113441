// Runs SQL composed with Kysely's builders on the analytic store of a row store. The analytic
// tables carry the row store's table and column names, so a query is written once, with the same
// builders the features already use, compiled with the row store's placeholders (DuckDB takes
// both `?` and `$n`): `sql\`…\`.compile(db)` or `db.selectFrom(…).compile()`.
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Row, Value } from './engine.js';
import { analyticsOf } from './registry.js';

export async function analyticRows(db: Kysely<DB>, compiled: CompiledQuery): Promise<Row[]> {
  const analytics = await analyticsOf(db);
  return analytics.query(compiled.sql, compiled.parameters as Value[]);
}

/** A query of the tracked shipments' copy (`shipments` in the analytic store), current with the row store. */
export async function analyticShipmentRows(db: Kysely<DB>, compiled: CompiledQuery): Promise<Row[]> {
  const analytics = await analyticsOf(db);
  return analytics.queryShipments(compiled.sql, compiled.parameters as Value[]);
}

// Up to this many ids are written into the SQL as a list; more go as the engine's table of them
// (id-tables.ts) or, without one, as one text parameter that the engine splits into a set. A
// common word names tens of thousands of companies, and DuckDB plans a literal list of 40,000 ids
// for a minute (measured at 1M declarations) where the set is joined in about 0.2 s.
const INLINE_IDS = 16;

/** Whether `idSet` writes these ids into the SQL (the engine can then skip row groups by them). */
export const inlineIds = (ids: readonly number[]): boolean => ids.length <= INLINE_IDS;

/** Ids for a query, with the engine's table holding them when it made one (`idTable`). */
export interface IdList {
  ids: readonly number[];
  table: string | null;
}

/** The ids with the analytic store's table of them when the set is large (see IdTables). */
export async function idList(db: Kysely<DB>, ids: readonly number[]): Promise<IdList> {
  return { ids, table: await (await analyticsOf(db)).idTable(ids) };
}

/** A set of ids for `x in <set>` in an analytic query (empty: a set matching nothing). */
export function idSet(ids: readonly number[] | IdList): RawBuilder<unknown> {
  if (!Array.isArray(ids)) {
    const list = ids as IdList;
    // A short list stays in the SQL, where the engine can skip row groups by it.
    if (list.table && list.ids.length > INLINE_IDS) return sql`(select id from ${sql.raw(list.table)})`;
    return idSet(list.ids);
  }
  if (!ids.length) return sql`(null)`;
  if (ids.length <= INLINE_IDS) return sql`(${sql.raw(ids.map((id) => Math.trunc(id)).join(', '))})`;
  return sql`(select unnest(string_split(${ids.map((id) => Math.trunc(id)).join(',')}, ',')::BIGINT[]))`;
}
