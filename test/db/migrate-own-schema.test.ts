// Migrating one store's schema looks at that schema only. Another store in the same database that
// alters or drops its tables meanwhile (another test file, another tenant's migration) must not
// fail it: a listing of every schema's tables reads a column in one catalogue snapshot and looks
// it up by name afterwards, and fails when it is gone by then.
import { describe, it, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, dropSchema } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('migrate on PostgreSQL, beside other stores of the same database', () => {
  it('succeeds while another schema’s tables change under it', async () => {
    const other = `mo_${randomBytes(5).toString('hex')}`;
    const churn = new pg.Client({ connectionString: pgUrl });
    await churn.connect();
    await churn.query(`create schema ${other}; create table ${other}.churn (id int)`);
    let stop = false;
    let changes = 0;
    const churning = (async () => {
      while (!stop) {
        await churn.query(`alter table ${other}.churn add column c${changes % 8} int`);
        await churn.query(`alter table ${other}.churn drop column c${changes % 8}`);
        changes++;
      }
    })();
    const own: string[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const schema = `mo_${randomBytes(5).toString('hex')}`;
        own.push(schema);
        const store = await openStore(pgUrl!, { schema, poolSize: 2 });
        try {
          expect((await migrate(store)).length).toBeGreaterThan(10);
          expect(await migrate(store)).toEqual([]);
        } finally {
          await store.close();
        }
      }
      expect(changes).toBeGreaterThan(10);
    } finally {
      stop = true;
      await churning;
      await churn.end();
      for (const schema of [...own, other]) await dropSchema(pgUrl!, schema);
    }
  }, 120_000);
});
