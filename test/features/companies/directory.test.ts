import { describe, it, expect } from 'vitest';
import { openStore } from '../../../src/db/connect.js';
import { migrate } from '../../../src/db/migrate.js';
import { getDirectory } from '../../../src/features/companies/directory.js';

describe('company directory refresh', () => {
  it('an aged directory keeps answering while its replacement is built', async () => {
    const store = await openStore('sqlite::memory:');
    await migrate(store);
    try {
      const first = await getDirectory(store.db, 0);
      const later = Date.now() + 11 * 60_000;
      // Past the maximum age: the current directory comes back at once, the rebuild runs behind it.
      expect(await getDirectory(store.db, later)).toBe(first);
      await new Promise((r) => setTimeout(r, 50));
      const rebuilt = await getDirectory(store.db, Date.now());
      expect(rebuilt).not.toBe(first);
      expect(rebuilt.fingerprint).toBe(first.fingerprint);
    } finally {
      await store.close();
    }
  });
});
