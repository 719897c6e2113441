// The id of each distinct goods description in `item_texts` (migration 043), for the lines of a
// batch: the known texts are read by their text, the new ones added (skipping any another writer
// added meanwhile) and read back. Lines repeat a few descriptions many times, so this costs a
// statement per thousand distinct texts, not per line.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { insertRows, type BulkTarget } from './bulk.js';

// Texts per lookup statement: well inside both engines' bound-parameter limits.
const PER_READ = 1_000;

export async function itemTextIds(trx: Kysely<DB>, target: BulkTarget, texts: Iterable<string>): Promise<Map<string, number>> {
  const distinct = [...new Set(texts)];
  const ids = await storedIds(trx, distinct);
  // Only the texts not stored yet are written: most of a batch's texts are known, and a write that
  // conflicts costs PostgreSQL's direct COPY its fast path for the rest of the transaction.
  const missing = distinct.filter((t) => !ids.has(t));
  if (!missing.length) return ids;
  await insertRows(trx, target, { table: 'item_texts', columns: ['description'], suffix: 'on conflict (description) do nothing' }, missing.map((t) => [t]));
  for (const [t, id] of await storedIds(trx, missing)) ids.set(t, id);
  return ids;
}

async function storedIds(trx: Kysely<DB>, texts: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let k = 0; k < texts.length; k += PER_READ) {
    const chunk = texts.slice(k, k + PER_READ);
    const rows = await sql<{ id: number | string; description: string }>`select id, description from item_texts where description in (${sql.join(chunk)})`.execute(trx);
    for (const r of rows.rows) ids.set(r.description, Number(r.id));
  }
  return ids;
}
