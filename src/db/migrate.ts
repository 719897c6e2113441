// Applies the migrations in migrations/ in order, each once, recorded in kysely_migration.
import { sql, Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Store } from './connect.js';
import * as m001 from './migrations/001-initial.js';
import * as m002 from './migrations/002-rollups.js';
import * as m004 from './migrations/004-shipments.js';
import * as m005 from './migrations/005-trade-records-order.js';
import * as m007 from './migrations/007-rollup-lattice.js';
import * as m008 from './migrations/008-gateway-rollup.js';
import * as m009 from './migrations/009-missing-rollups.js';
import * as m010 from './migrations/010-trading-pair-indexes.js';
import * as m011 from './migrations/011-shipment-list-indexes.js';
import * as m012 from './migrations/012-declaration-batches.js';
import * as m020 from './migrations/020-tariff-lines.js';
import * as m030 from './migrations/030-company-identity.js';
import * as m031 from './migrations/031-bulk-export-leases.js';
import * as m032 from './migrations/032-webhook-outbox.js';
import * as m040 from './migrations/040-rollups-derived.js';
import * as m041 from './migrations/041-bill-text-index.js';
import * as m042 from './migrations/042-company-name-index.js';
import * as m043 from './migrations/043-item-text-index.js';
import * as m043b from './migrations/043-list-filter-indexes.js';
import * as m044 from './migrations/044-company-name-vocabulary.js';
import { restoreDeferredIndexes } from '../ingest/bulk-indexes.js';
import { restorePgDeferredIndexes } from '../ingest/pg-indexes.js';
import { withStartLock } from './start-lock.js';

type EngineMigration = { up(db: Parameters<Migration['up']>[0], engine: Store['engine']): Promise<void> };

const MIGRATIONS: Record<string, EngineMigration> = {
  '001-initial': m001,
  '002-rollups': m002,
  '004-shipments': m004,
  '005-trade-records-order': m005,
  '007-rollup-lattice': m007,
  '008-gateway-rollup': m008,
  '009-missing-rollups': m009,
  '010-trading-pair-indexes': m010,
  '011-shipment-list-indexes': m011,
  '012-declaration-batches': m012,
  '020-tariff-lines': m020,
  '030-company-identity': m030,
  '031-bulk-export-leases': m031,
  '032-webhook-outbox': m032,
  '040-rollups-derived': m040,
  '041-bill-text-index': m041,
  '042-company-name-index': m042,
  '043-item-text-index': m043,
  '043-list-filter-indexes': m043b,
  '044-company-name-vocabulary': m044,
};

/**
 * Applies the pending migrations under the store's start lock (src/db/start-lock.ts): a process
 * that finds another migrating waits for it, then finds nothing left to do.
 */
export function migrate(store: Store): Promise<string[]> {
  return withStartLock(store, () => migrateNow(store));
}

async function migrateNow(store: Store): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) {
        // Kysely runs SQLite migrations outside a transaction; SQLite's DDL is transactional, so
        // each migration gets one: a process stopped mid-migration leaves no half-made tables.
        out[name] = { up: (db) => (store.engine === 'sqlite' ? db.transaction().execute((trx) => m.up(trx, store.engine)) : m.up(db, store.engine)) };
      }
      return out;
    },
  };
  // Families add migrations in parallel; a store may have applied 004 before 003 lands.
  // On PostgreSQL the migration tables live in the store's own schema: Kysely otherwise finds
  // another schema's lock table on the search path and skips creating its own.
  const schema = store.engine === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(store.db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db: store.db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrateToLatest(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // A seed or file load into an empty store that was killed while it deferred index builds
  // (src/ingest/bulk-indexes.ts) left its committed batches without some secondary indexes:
  // build them now.
  restoreDeferredIndexes(store);
  await restorePgDeferredIndexes(store);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// Kysely's migrator looks for its tables through the introspector, which lists the tables of every
// schema in the database, asking for each schema's privileges and each column's sequence by name:
// a schema or table another store drops meanwhile (stores sharing one database, tests running side
// by side) fails that listing with 3F000 or 42P01 although nothing is wrong with this store. The
// listing is read-only and runs before any migration, so such a failure (no migration results) is
// tried again; a migration's own failure comes with its results and is returned at once.
const CATALOGUE_RACES = new Set(['3F000', '42P01']);

export async function migrateToLatest(migrator: Pick<Migrator, 'migrateToLatest'>): Promise<Awaited<ReturnType<Migrator['migrateToLatest']>>> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await migrator.migrateToLatest();
    const code = (outcome.error as { code?: unknown } | undefined)?.code;
    const listing = outcome.results === undefined && typeof code === 'string' && CATALOGUE_RACES.has(code);
    if (!listing || attempt >= 5) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}
