// Runs SQL composed with Kysely's builders on the analytic store of a row store. The analytic
// tables carry the row store's table and column names, so a query is written once, with the same
// builders the features already use, compiled with the row store's placeholders (DuckDB takes
// both `?` and `$n`): `sql\`…\`.compile(db)` or `db.selectFrom(…).compile()`.
import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Row, Value } from './engine.js';
import { analyticsOf } from './registry.js';

export async function analyticRows(db: Kysely<DB>, compiled: CompiledQuery): Promise<Row[]> {
  const analytics = await analyticsOf(db);
  return analytics.query(compiled.sql, compiled.parameters as Value[]);
}
