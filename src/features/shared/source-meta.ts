// meta.source of the contract: which dataset answered, the period it covers and when it was last
// refreshed. Cached briefly: it changes only when a batch is ingested.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';

export interface SourceMeta {
  datasets: string[];
  coverage: { from: string | null; to: string | null };
  last_refresh: string | null;
}

const TTL_MS = 10_000;
// Dropped when this process commits a batch; another process's batch shows within TTL_MS.
const CACHED = stateKey<{ at: number; value: SourceMeta | null }>({
  name: 'source meta',
  create: () => ({ at: 0, value: null }),
  changed: (c) => (c.value = null),
});

export async function sourceMeta(db: Kysely<DB>): Promise<SourceMeta> {
  const cached = stateOf(db).get(CACHED);
  if (cached.value && Date.now() - cached.at < TTL_MS) return cached.value;
  const [range, sources, last] = await Promise.all([
    // Two queries, not one: each of min and max alone is read from the end of the date index.
    Promise.all([
      db.selectFrom('declarations').select((eb) => eb.fn.min('registered_at').as('lo')).executeTakeFirst(),
      db.selectFrom('declarations').select((eb) => eb.fn.max('registered_at').as('hi')).executeTakeFirst(),
    ]).then(([a, b]) => ({ lo: a?.lo, hi: b?.hi })),
    db.selectFrom('ingest_batches').select('source').distinct().execute(),
    db.selectFrom('ingest_batches').select((eb) => eb.fn.max('finished_at').as('at')).executeTakeFirst(),
  ]);
  const value: SourceMeta = {
    datasets: sources.map((s) => s.source).sort(),
    coverage: { from: range?.lo ? String(range.lo) : null, to: range?.hi ? String(range.hi) : null },
    last_refresh: last?.at ? String(last.at) : null,
  };
  cached.at = Date.now();
  cached.value = value;
  return value;
}

export function invalidateSourceMeta(db: Kysely<DB>): void {
  const cached = stateOf(db).peek(CACHED);
  if (cached) cached.value = null;
}
