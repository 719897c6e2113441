// Every store-touching suite runs once per engine: SQLite always, PostgreSQL when TEST_DATABASE_URL
// names a server (CI sets it). Each suite gets its own PostgreSQL schema, so files run in parallel.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, beforeAll, afterAll } from 'vitest';
import { openStore, dropSchema, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';

export interface StoreTarget {
  engine: 'sqlite' | 'postgres';
  url: string;
}

const pgUrl = process.env.TEST_DATABASE_URL;
// TEST_SQLITE_READERS=N runs the SQLite suites on a file with N reader threads (as a server on a
// file does) instead of in memory, where every query shares the one connection.
const sqliteReaders = Number(process.env.TEST_SQLITE_READERS ?? 0);
let warned = false;
// Company sets named by `q` get a table of the analytic engine from this size on (1,000 in a
// server): the small test datasets' sets are far smaller, and the exactness suites should read
// them through the tables too.
const TEST_ID_TABLES = { from: 17 };

export function storeTargets(): StoreTarget[] {
  const targets: StoreTarget[] = [{ engine: 'sqlite', url: 'sqlite::memory:' }];
  if (pgUrl) targets.push({ engine: 'postgres', url: pgUrl });
  else if (!warned) {
    warned = true;
    console.warn('TEST_DATABASE_URL is not set: the PostgreSQL runs of the store suites are skipped');
  }
  return targets;
}

export interface StoreHandle {
  store: Store;
  target: StoreTarget;
}

/** Opens a fresh, migrated store of the target's engine; the returned close() removes it. */
export async function freshStore(target: StoreTarget): Promise<{ store: Store; close(): Promise<void> }> {
  if (target.engine === 'sqlite' && sqliteReaders > 0) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-test-'));
    const store = await openStore(`sqlite:${path.join(dir, 'store.sqlite')}`, { sqliteReaders, analytics: { idTables: TEST_ID_TABLES } });
    await migrate(store);
    return {
      store,
      async close() {
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (target.engine === 'sqlite') {
    const store = await openStore(target.url, { analytics: { idTables: TEST_ID_TABLES } });
    await migrate(store);
    return { store, close: () => store.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = await openStore(target.url, { schema, poolSize: 4, analytics: { idTables: TEST_ID_TABLES } });
  await migrate(store);
  return {
    store,
    async close() {
      await store.close();
      await dropSchema(target.url, schema);
    },
  };
}

/** describe() once per engine, with a fresh migrated store for the block. */
export function describeEachStore(title: string, body: (get: () => StoreHandle) => void): void {
  for (const target of storeTargets()) {
    describe(`${title} [${target.engine}]`, () => {
      let handle: StoreHandle | undefined;
      let close: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const fresh = await freshStore(target);
        handle = { store: fresh.store, target };
        close = fresh.close;
      });
      afterAll(async () => {
        await close?.();
      });
      body(() => {
        if (!handle) throw new Error('store not ready');
        return handle;
      });
    });
  }
}
