// The migrator's listing of tables fails with 3F000 or 42P01 when another store's schema or table is
// dropped while it reads the catalogue; that is tried again, any other failure (and a migration's
// own failure, which carries its results) is returned at once.
import { describe, it, expect } from 'vitest';
import type { MigrationResultSet } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate.js';

function scripted(outcomes: MigrationResultSet[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    migrateToLatest: async () => outcomes[Math.min(calls++, outcomes.length - 1)]!,
  };
}

const schemaGone: MigrationResultSet = { error: Object.assign(new Error('schema "t_x" does not exist'), { code: '3F000' }) };
const tableGone: MigrationResultSet = { error: Object.assign(new Error('relation "t_x.probe" does not exist'), { code: '42P01' }) };
const done: MigrationResultSet = { results: [] };

describe('migrateToLatest', () => {
  it('tries again when a schema or a table vanished from the catalogue meanwhile', async () => {
    const m = scripted([schemaGone, tableGone, done]);
    expect(await migrateToLatest(m)).toBe(done);
    expect(m.calls).toBe(3);
  });

  it('returns any other failure at once, and gives up on a schema that stays gone', async () => {
    const other: MigrationResultSet = { error: Object.assign(new Error('syntax error'), { code: '42601' }) };
    const once = scripted([other, done]);
    expect(await migrateToLatest(once)).toBe(other);
    expect(once.calls).toBe(1);
    const always = scripted([schemaGone]);
    expect((await migrateToLatest(always)).error).toBe(schemaGone.error);
    expect(always.calls).toBe(5);
  });

  it('returns a migration that failed on a missing table at once: it ran, and its results say so', async () => {
    const failed: MigrationResultSet = { ...tableGone, results: [{ migrationName: '001', direction: 'Up', status: 'Error' }] };
    const m = scripted([failed, done]);
    expect(await migrateToLatest(m)).toBe(failed);
    expect(m.calls).toBe(1);
  });
});
