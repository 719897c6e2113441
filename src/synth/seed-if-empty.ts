// First start on an empty store: generate the demo dataset. Filled in by the synthetic generator.
import type { Config } from '../config.js';
import type { Store } from '../db/connect.js';

export async function seedIfEmpty(store: Store, config: Config, log: (msg: string) => void): Promise<boolean> {
  const row = await store.db.selectFrom('declarations').select('id').limit(1).executeTakeFirst();
  if (row || config.seedDeclarations === 0) return false;
  log('empty store: the demo dataset generator is not available yet');
  return false;
}
