// First start on an empty store: generate the demo dataset (config.seedDeclarations declarations
// with seed config.seedValue over the default period), so every endpoint has data to show.
import type { Config } from '../config.js';
import type { Store } from '../db/connect.js';
import { defaultPeriod } from './calendar.js';
import { seedStore } from './seed.js';

export async function seedIfEmpty(store: Store, config: Config, log: (msg: string) => void, today: Date = new Date()): Promise<boolean> {
  const row = await store.db.selectFrom('declarations').select('id').limit(1).executeTakeFirst();
  if (row || config.seedDeclarations === 0) return false;
  const { from, to } = defaultPeriod(today);
  log(`empty store: generating the demo dataset (${config.seedDeclarations} declarations, seed ${config.seedValue}); set SEED_DECLARATIONS=0 to skip`);
  const s = await seedStore(store, { seed: config.seedValue, declarations: config.seedDeclarations, from, to });
  log(`demo dataset ready in ${(s.ms / 1000).toFixed(1)} s: ${s.declarations} declarations, ${s.companies} companies, ${s.shipments} shipments`);
  return true;
}
