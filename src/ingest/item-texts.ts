// The id of each distinct goods description in `item_texts` (migration 043), for the lines of a
// batch: the texts new to the store are added (skipping any another writer added meanwhile), then
// all are read back by their text. Lines repeat a few descriptions many times, so this costs a
// statement per thousand distinct texts, not per line.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { insertRows, type BulkTarget } from './bulk.js';

// Texts per lookup statement: well inside both engines' bound-parameter limits.
const PER_READ = 1_000;

export async function itemTextIds(trx: Kysely<DB>, target: BulkTarget, texts: Iterable<string>): Promise<Map<string, number>> {
  const distinct = [...new Set(texts)];
  const ids = new Map<string, number>();
  if (!distinct.length) return ids;
  await insertRows(trx, target, { table: 'item_texts', columns: ['description'], suffix: 'on conflict (description) do nothing' }, distinct.map((t) => [t]));
  for (let k = 0; k < distinct.length; k += PER_READ) {
    const chunk = distinct.slice(k, k + PER_READ);
    const rows = await sql<{ id: number | string; description: string }>`select id, description from item_texts where description in (${sql.join(chunk)})`.execute(trx);
    for (const r of rows.rows) ids.set(r.description, Number(r.id));
  }
  return ids;
}
