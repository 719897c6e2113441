// Slow analytic queries are reported like the row store's, marked as analytic; fast ones are not.
import { it, expect } from 'vitest';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { analyticsOf } from '../../src/analytics/registry.js';

it('reports analytic queries slower than the limit, with their SQL', async () => {
  const slow: { ms: number; sql: string }[] = [];
  const store = await openStore('sqlite::memory:', { slowQueryMs: 50, onSlowQuery: (ms, sql) => slow.push({ ms, sql }) });
  try {
    await migrate(store);
    const analytics = await analyticsOf(store.db);
    await analytics.query('select 1 as one');
    expect(slow.filter((s) => s.sql.startsWith('analytic:'))).toEqual([]);
    // Counting ten million distinct hashes takes well over 50 ms on any machine.
    await analytics.query('select count(distinct hash(i)) as n from range(10000000) t(i)');
    const reported = slow.filter((s) => s.sql.startsWith('analytic:'));
    expect(reported).toHaveLength(1);
    expect(reported[0]!.sql).toContain('range(10000000)');
    expect(reported[0]!.ms).toBeGreaterThanOrEqual(50);
  } finally {
    await store.close();
  }
});
