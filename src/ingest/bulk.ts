// Multi-row INSERTs sent as pre-built SQL text, bypassing Kysely's per-query compilation, which
// costs more than the insert itself at tens of thousands of rows per second. The SQL is the
// portable subset both engines accept (INSERT … VALUES …, ON CONFLICT, RETURNING); only the
// placeholder style differs.
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Statement } from 'better-sqlite3';
import type { Engine, Store } from '../db/connect.js';

/** Where rows go: an engine name, or a store whose SQLite connection can reuse prepared statements. */
export type BulkTarget = Engine | Pick<Store, 'engine' | 'sqlite'>;

// Prepared statements per SQLite connection and SQL text: preparing a 1,000-row INSERT costs more
// than running it, and a load runs the same few texts thousands of times.
const prepared = new WeakMap<object, Map<string, Statement>>();

export type SqlValue = string | number | null;

// SQLite allows 32766 bound parameters per statement, PostgreSQL 65535; stay well below both.
const MAX_PARAMS = 30_000;
const MAX_ROWS = 1_000;

export interface InsertSpec {
  table: string;
  columns: readonly string[];
  /** Appended after VALUES: an ON CONFLICT clause and/or RETURNING. */
  suffix?: string;
}

/** Inserts rows (arrays in `columns` order) in chunks; returns any RETURNING rows, chunk by chunk. */
export async function insertRows<R = Record<string, unknown>>(
  db: Kysely<DB>,
  target: BulkTarget,
  spec: InsertSpec,
  rows: readonly (readonly SqlValue[])[],
): Promise<R[]> {
  const engine = typeof target === 'string' ? target : target.engine;
  const raw = typeof target === 'string' ? undefined : target.sqlite;
  const out: R[] = [];
  const width = spec.columns.length;
  const perChunk = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / width)));
  const head = `insert into ${spec.table} (${spec.columns.join(', ')}) values `;
  let cachedN = -1;
  let cachedSql = '';
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    if (chunk.length !== cachedN) {
      cachedN = chunk.length;
      cachedSql = head + valuesList(engine, chunk.length, width) + (spec.suffix ? ` ${spec.suffix}` : '');
    }
    const params: SqlValue[] = new Array(chunk.length * width);
    let k = 0;
    for (const row of chunk) for (let c = 0; c < width; c++) params[k++] = row[c] ?? null;
    if (raw) {
      // Same connection Kysely's transaction runs on, so these writes are inside it.
      let cache = prepared.get(raw);
      if (!cache) prepared.set(raw, (cache = new Map()));
      let stmt = cache.get(cachedSql);
      if (!stmt) cache.set(cachedSql, (stmt = raw.prepare(cachedSql)));
      if (stmt.reader) for (const r of stmt.all(params) as R[]) out.push(r);
      else stmt.run(params);
      continue;
    }
    const res = await db.executeQuery<R>(CompiledQuery.raw(cachedSql, params));
    for (const r of res.rows) out.push(r);
  }
  return out;
}

function valuesList(engine: Engine, n: number, width: number): string {
  const groups: string[] = new Array(n);
  let p = 1;
  for (let i = 0; i < n; i++) {
    const cells: string[] = new Array(width);
    for (let c = 0; c < width; c++) cells[c] = engine === 'sqlite' ? '?' : `$${p++}`;
    groups[i] = `(${cells.join(',')})`;
  }
  return groups.join(',');
}

/** `ON CONFLICT (keys) DO UPDATE SET m = table.m + excluded.m, …`: applies additive deltas. */
export function addOnConflict(table: string, keys: readonly string[], measures: readonly string[]): string {
  return `on conflict (${keys.join(', ')}) do update set ${measures.map((m) => `${m} = ${table}.${m} + excluded.${m}`).join(', ')}`;
}
