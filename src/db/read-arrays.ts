// Rows as arrays, for the few places that read many rows at once (the analytic store's load).
import { CompiledQuery } from 'kysely';
import type { Store } from './connect.js';

/** Lets requests run between the reads of a long load. */
export const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export type ReadStore = Pick<Store, 'db' | 'engine' | 'sqlite'>;

/**
 * Rows as arrays, in the order of the SELECT list: SQLite hands them over without building an
 * object per row; `?` placeholders on both engines. PostgreSQL rows come back as objects: every
 * selected column needs its own name.
 */
export async function readArrays(store: ReadStore, text: string, params: readonly (string | number)[]): Promise<unknown[][]> {
  if (store.sqlite) return store.sqlite.prepare(text).raw(true).all(...params) as unknown[][];
  let n = 0;
  const res = await store.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text.replace(/\?/g, () => `$${++n}`), [...params]));
  return res.rows.map((r) => Object.values(r));
}
