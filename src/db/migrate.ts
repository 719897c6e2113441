// Applies the migrations in migrations/ in order, each once, recorded in kysely_migration.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Store } from './connect.js';
import * as m001 from './migrations/001-initial.js';

type EngineMigration = { up(db: Parameters<Migration['up']>[0], engine: Store['engine']): Promise<void> };

const MIGRATIONS: Record<string, EngineMigration> = {
  '001-initial': m001,
};

export async function migrate(store: Store): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (db) => m.up(db, store.engine) };
      return out;
    },
  };
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
