// Large id sets (the companies a common word names) as tables of the engine's attached in-memory
// database: one table per set, read by every connection, kept within a budget with the least
// recently used dropped first but never within its grace; and a company filter answers the same
// whether its set is read from a table or written into the SQL.
import { it, expect, describe } from 'vitest';
import { Engine } from '../../src/analytics/engine.js';
import { analyticsOf } from '../../src/analytics/registry.js';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { aggregate, companiesMatching, type AggregateSpec } from '../../src/features/shared/aggregate.js';
import { parseFilters } from '../../src/features/shared/filters.js';
import { customsOfficeForPort } from '../../src/reference/customs-offices.js';
import { randomDeclarations } from '../helpers/random-records.js';

describe('id tables of the analytic engine', () => {
  it('makes one table per set, read by every connection, and drops the least recently used past its grace', async () => {
    let now = 0;
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, idTables: { from: 3, budgetIds: 10, graceMs: 1000, now: () => now } });
    try {
      expect(await e.idTable([1, 2])).toBeNull();
      const a = await e.idTable([1, 2, 3, 4]);
      expect(a).toMatch(/^id_sets\.s_[0-9a-f]+$/);
      expect(await e.idTable([1, 2, 3, 4])).toBe(a);
      const b = await e.idTable([5, 6, 7]);
      expect(b).not.toBeNull();
      expect(b).not.toBe(a);
      // Four queries at once run on several reader connections; each sees both tables.
      const sums = await Promise.all([a, b, a, b].map((t) => e.query(`select count(*)::INT as n, sum(id)::INT as s from ${t}`)));
      expect(sums.map((r) => [r[0]!.n, r[0]!.s])).toEqual([[4, 10], [3, 18], [4, 10], [3, 18]]);
      // 7 ids held, 4 more would pass the budget of 10: within the grace nothing is dropped and the
      // set is written into the SQL instead.
      expect(await e.idTable([8, 9, 10, 11])).toBeNull();
      now = 500;
      expect(await e.idTable([5, 6, 7])).toBe(b);
      // Past a's grace (last used at 0), within b's (used at 500): a makes room.
      now = 1200;
      const c = await e.idTable([8, 9, 10, 11]);
      expect(c).not.toBeNull();
      await expect(e.query(`select count(*) from ${a}`)).rejects.toThrow(/does not exist/);
      expect((await e.query(`select count(*)::INT as n from ${b}`))[0]!.n).toBe(3);
      expect((await e.query(`select count(*)::INT as n from ${c}`))[0]!.n).toBe(4);
    } finally {
      await e.close();
    }
  });

  it('gives a company filter the same answers from a table as from the SQL', async () => {
    const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));
    const input = randomDeclarations(23, 300, offices);
    const answers: string[][] = [];
    for (const from of [17, Number.POSITIVE_INFINITY]) {
      const store = await openStore('sqlite::memory:', { analytics: { idTables: { from } } });
      try {
        await migrate(store);
        expect((await writeBatch(store, input, { batchKey: 'ids', source: 'test' })).stored).toBe(300);
        const named = await companiesMatching(store.db, 'a');
        expect(named.ids.length).toBeGreaterThan(16);
        expect(named.table === null).toBe(from === Number.POSITIVE_INFINITY);
        const got: string[] = [];
        for (const q of ['a', 'e', 'ltd']) {
          for (const groupBy of [[], ['company'], ['hs', 'period'], ['partner_company']] as AggregateSpec['groupBy'][]) {
            const res = await aggregate(store.db, { filters: parseFilters({ q }, null), groupBy, metrics: ['value_usd', 'records', 'net_weight_kg'] });
            got.push(JSON.stringify([res.rows, res.totals]));
          }
        }
        const tables = await (await analyticsOf(store.db)).query("select count(*)::INT as n from duckdb_tables() where database_name = 'id_sets'");
        expect(Number(tables[0]!.n) > 0).toBe(from === 17);
        answers.push(got);
      } finally {
        await store.close();
      }
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.some((a) => a.includes('"value_usd"'))).toBe(true);
  });
});
