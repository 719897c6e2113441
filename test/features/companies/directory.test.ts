import { describe, it, expect } from 'vitest';
import { openStore } from '../../../src/db/connect.js';
import { migrate } from '../../../src/db/migrate.js';
import { forgetDirectory, getDirectory } from '../../../src/features/companies/directory.js';
import { companyNames } from '../../../src/features/companies/queries.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { randomDeclarations } from '../../helpers/random-records.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));
const later = (minutes: number) => Date.now() + minutes * 60_000;
const settle = () => new Promise((r) => setTimeout(r, 100));

describe('company directory refresh', () => {
  it('an aged directory is rebuilt, behind the current one, only when declarations were added since', async () => {
    const store = await openStore('sqlite::memory:');
    await migrate(store);
    try {
      await writeBatch(store, randomDeclarations(5, 40, offices, 'A'), { batchKey: 'dir-a', source: 'test' });
      const first = await getDirectory(store.db, Date.now());
      // Past the maximum age with nothing added: the same directory, no rebuild.
      expect(await getDirectory(store.db, later(11))).toBe(first);
      await settle();
      expect(await getDirectory(store.db, later(11))).toBe(first);
      // The same companies trade again: their trade sizes grew, the companies table did not change.
      await writeBatch(store, randomDeclarations(5, 40, offices, 'B'), { batchKey: 'dir-b', source: 'test' });
      expect(await getDirectory(store.db, later(22))).toBe(first);
      await settle();
      const rebuilt = await getDirectory(store.db, later(22));
      expect(rebuilt).not.toBe(first);
      expect(rebuilt.fingerprint).toBe(first.fingerprint);
      const size = (d: typeof first) => d.entries.reduce((a, e) => a + e.trade_value_usd, 0);
      expect(size(rebuilt)).toBeGreaterThan(size(first));
    } finally {
      await store.close();
    }
  });

  it('lends its names to companyNames, which reads from the store only the companies it lacks', async () => {
    const store = await openStore('sqlite::memory:');
    await migrate(store);
    try {
      await writeBatch(store, randomDeclarations(5, 40, offices, 'A'), { batchKey: 'names-a', source: 'test' });
      const fromStore = async (ids: number[]) => {
        const rows = await store.db.selectFrom('companies').select(['id', 'name', 'country', 'city']).where('id', 'in', ids).execute();
        return new Map(rows.map((r) => [Number(r.id), { name: r.name, country: r.country, city: r.city }]));
      };
      const dir = await getDirectory(store.db);
      const ids = dir.entries.map((e) => e.id);
      // Every name lent: the directory's own entries are what is read (one is marked to tell).
      expect(await companyNames(store.db, ids)).toEqual(await fromStore(ids));
      const marked = dir.byId.get(ids[0]!)!;
      const name = marked.name;
      marked.name = 'lent by the directory';
      expect((await companyNames(store.db, [ids[0]!])).get(ids[0]!)!.name).toBe('lent by the directory');
      marked.name = name;
      // Companies added after the directory was built are read from the store.
      await writeBatch(store, randomDeclarations(9, 40, offices, 'Z'), { batchKey: 'names-z', source: 'test' });
      const all = (await store.db.selectFrom('companies').select('id').execute()).map((r) => Number(r.id));
      expect(all.length).toBeGreaterThan(ids.length);
      expect(await companyNames(store.db, [...all, 0, -1])).toEqual(await fromStore(all));
      forgetDirectory(store.db);
      marked.name = 'lent by the directory';
      expect(await companyNames(store.db, all)).toEqual(await fromStore(all));
    } finally {
      await store.close();
    }
  });
});
