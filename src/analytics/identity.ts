// Which row store an analytic file was derived from: a random id kept in the row store's settings,
// made by the first process that asks. Batch ids start at 1 in every store, so without it a file
// derived from one store would take another store's batches as applied.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const KEY = 'analytics.row_store_id';

export async function rowStoreId(db: Kysely<DB>): Promise<string> {
  const read = () => db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const found = await read();
  if (found) return found.value;
  // Two processes starting together: the first insert wins, both then read the same value.
  await db.insertInto('settings').values({ key: KEY, value: randomUUID() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return (await read())!.value;
}
