import { describe, it, expect } from 'vitest';
import { openStore } from '../../../src/db/connect.js';
import { migrate } from '../../../src/db/migrate.js';
import { getDirectory } from '../../../src/features/companies/directory.js';
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
      const size = (d: typeof first) => d.columns.value.reduce((a, v) => a + v, 0);
      expect(size(rebuilt)).toBeGreaterThan(size(first));
    } finally {
      await store.close();
    }
  });
});
