// Engine-specific SQL fragments, so query files stay portable. Only connect.ts and this file branch
// on the engine.
import { sql, type ColumnDefinitionBuilder, type RawBuilder, type Expression } from 'kysely';
import type { Engine } from './connect.js';

/** Auto-increasing integer primary key: monotonic on both engines (keyset pagination relies on it). */
export function idColumn(engine: Engine): ['integer' | 'bigint', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return engine === 'sqlite'
    ? ['integer', (c) => c.primaryKey().autoIncrement()]
    : ['bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity()];
}

/** Current time as an ISO-8601 UTC string, computed in the application so both engines agree. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Case-sensitive prefix match usable by an index on both engines. */
export function startsWith(column: Expression<string | null>, prefix: string): RawBuilder<boolean> {
  // `>= p AND < p+\uffff` uses a b-tree index on both engines, unlike LIKE with collations.
  return sql<boolean>`(${column} >= ${prefix} and ${column} < ${prefix + '\uffff'})`;
}
