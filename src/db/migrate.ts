// Applies the migrations in migrations/ in order, each once, recorded in kysely_migration.
import { sql, Migrator, type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider, type TableMetadata } from 'kysely';
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
import * as m045 from './migrations/045-unread-indexes.js';
import * as m046 from './migrations/046-bill-walk-index.js';
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
  '045-unread-indexes': m045,
  '046-bill-walk-index': m046,
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
  const db = schema ? ownSchemaOnly(store.db, schema) : store.db;
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // A seed or file load into an empty store that was killed while it deferred index builds
  // (src/ingest/bulk-indexes.ts) left its committed batches without some secondary indexes:
  // build them now.
  restoreDeferredIndexes(store);
  await restorePgDeferredIndexes(store);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// Kysely's migrator looks for its own tables through the introspector, whose PostgreSQL listing
// reads every table of every schema in the database and asks each column's sequence by name: that
// takes a lock on each of those tables (a migration waits behind another store's long transaction)
// and fails when another store drops or alters a table meanwhile (stores sharing one database,
// test files side by side: 3F000, 42P01, 42703). The migrator is given the store's Kysely with an
// introspector that lists the store's own schema only, from information_schema, which locks nothing.
function ownSchemaOnly<D>(db: Kysely<D>, schema: string): Kysely<D> {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; type: string }>`select table_name as name, table_type as type from information_schema.tables where table_schema = ${schema}`.execute(db);
    return rows.map((r) => ({ name: r.name, schema, isView: r.type === 'VIEW', columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
