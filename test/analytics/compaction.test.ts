// Batches append their own sums to the pre-aggregations; the months they touched are recorded and
// later compacted one month at a time: rows that share a key become one, the sums do not move,
// and months no batch touched are left as they are. A whole load commits as it goes, and one that
// stopped before writing its batch ids is started again from empty tables.
import { it, expect, describe, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../src/analytics/engine.js';
import { PENDING_COMPACTION, monthOrder, schemaStatements } from '../../src/analytics/schema.js';
import { compactPending } from '../../src/analytics/sync.js';
import { analyticsOf } from '../../src/analytics/registry.js';
import { verifyAnalytics } from '../../src/analytics/verify.js';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { ROLLUPS } from '../../src/ingest/rollups.js';
import { makeDeclarations } from '../ingest/fixtures.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compaction-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Rows of the rollups stored out of their month's order (monthOrder): each row against the one
 * stored before it in the same month, by position in the table.
 */
async function outOfOrder(analytics: { query: Engine['query'] }): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const def of ROLLUPS) {
    const cols = monthOrder(def.keys).split(', ');
    const prev = cols.map((c) => `lag(${c}) over (partition by period order by rowid) as p_${c}`);
    // Lexicographic: the first column that differs decides.
    const before = cols.map((c, i) => `(${[...cols.slice(0, i).map((x) => `${x} = p_${x}`), `${c} < p_${c}`].join(' and ')})`).join(' or ');
    const r = await analytics.query(`select count(*) as n from (select ${cols.join(', ')}, ${prev.join(', ')} from ${def.table}) where ${before}`);
    out[def.table] = Number(r[0]!.n);
  }
  return out;
}
const none = () => Object.fromEntries(ROLLUPS.map((d) => [d.table, 0]));

describe('compaction of the analytic store', () => {
  it('compacts the pending months only, keeping every sum', async () => {
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, readers: 1 });
    try {
      await e.exec('create table t (flow VARCHAR, period INTEGER, k VARCHAR, n BIGINT, w DOUBLE)');
      await e.exec(`create table ${PENDING_COMPACTION} (period INTEGER primary key)`);
      await e.exec(`insert into t values ('import', 202401, 'a', 1, 0.5), ('import', 202401, 'a', 2, 1.5), ('export', 202401, 'a', 4, 1),
        ('import', 202402, 'a', 1, 1), ('import', 202402, 'a', 1, 1), ('import', 202403, 'b', 7, 2), ('import', 202403, 'b', 3, 2)`);
      await e.exec(`insert into ${PENDING_COMPACTION} values (202401), (202403)`);
      const table = { table: 't', keys: ['flow', 'period', 'k'], measures: ['n', 'w'] };
      expect(await compactPending(e, [table])).toBe(2);
      const rows = await e.query('select flow, period, k, n, w from t order by period, flow, n');
      expect(rows).toEqual([
        { flow: 'export', period: 202401, k: 'a', n: 4, w: 1 },
        { flow: 'import', period: 202401, k: 'a', n: 3, w: 2 },
        // Not pending: its two rows stay two rows.
        { flow: 'import', period: 202402, k: 'a', n: 1, w: 1 },
        { flow: 'import', period: 202402, k: 'a', n: 1, w: 1 },
        { flow: 'import', period: 202403, k: 'b', n: 10, w: 4 },
      ]);
      expect(await e.query(`select * from ${PENDING_COMPACTION}`)).toEqual([]);
      expect(await compactPending(e, [table])).toBe(0);
    } finally {
      await e.close();
    }
  });

  it('keeps the least and greatest value of measures that are extremes, summing the others', async () => {
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, readers: 1 });
    try {
      await e.exec('create table t (flow VARCHAR, period INTEGER, k VARCHAR, value_usd_cents BIGINT, first_day INTEGER, last_day INTEGER)');
      await e.exec(`create table ${PENDING_COMPACTION} (period INTEGER primary key)`);
      // Three batches' rows of one key (days 12-20, 3-9, 15-28) and one of another.
      await e.exec(`insert into t values ('export', 202401, 'a', 5, 12, 20), ('export', 202401, 'a', 7, 3, 9), ('export', 202401, 'a', 1, 15, 28),
        ('export', 202401, 'b', 2, 6, 6)`);
      await e.exec(`insert into ${PENDING_COMPACTION} values (202401)`);
      const table = { table: 't', keys: ['flow', 'period', 'k'], measures: ['value_usd_cents', 'first_day', 'last_day'], extremes: { first_day: 'min', last_day: 'max' } as const };
      expect(await compactPending(e, [table])).toBe(1);
      expect(await e.query('select k, value_usd_cents, first_day, last_day from t order by k')).toEqual([
        { k: 'a', value_usd_cents: 13, first_day: 3, last_day: 28 },
        { k: 'b', value_usd_cents: 2, first_day: 6, last_day: 6 },
      ]);
    } finally {
      await e.close();
    }
  });

  it('records the months batches touch and compacts them once enough declarations arrived, answers unchanged', async () => {
    // Every schema statement is idempotent: a file of the same layout gains the pending table when opened.
    expect(schemaStatements().some((s) => s.includes(PENDING_COMPACTION))).toBe(true);
    const store = await openStore(`sqlite:${path.join(dir, 'rows.sqlite')}`, {
      analytics: { path: path.join(dir, 'a.duckdb'), loadWholeFrom: 1_000_000, compactAfter: 100, waitMs: 60_000 },
    });
    try {
      await migrate(store);
      const analytics = await analyticsOf(store.db);
      const duplicates = async () => {
        let n = 0;
        for (const def of ROLLUPS) {
          const r = await analytics.query(`select count(*) - count(distinct (${def.keys.join(', ')})) as n from ${def.table}`);
          n += Number(r[0]!.n);
        }
        return n;
      };
      await writeBatch(store, makeDeclarations(40, 0, 'C'), { batchKey: 'c1', source: 'test' });
      await writeBatch(store, makeDeclarations(40, 40, 'C'), { batchKey: 'c2', source: 'test' });
      const pending = await analytics.query(`select count(*) as n from ${PENDING_COMPACTION}`);
      expect(Number(pending[0]!.n)).toBeGreaterThan(0);
      expect(await duplicates()).toBeGreaterThan(0);
      // The third batch crosses compactAfter (120 ≥ 100): its months and the earlier ones are compacted.
      await writeBatch(store, makeDeclarations(40, 80, 'C'), { batchKey: 'c3', source: 'test' });
      let left = 1;
      // Compaction runs in the background: a loaded machine may take seconds.
      for (const end = Date.now() + 60_000; Date.now() < end && left > 0; ) {
        await new Promise((r) => setTimeout(r, 50));
        left = Number((await analytics.query(`select count(*) as n from ${PENDING_COMPACTION}`))[0]!.n);
      }
      expect(left).toBe(0);
      expect(await duplicates()).toBe(0);
      // Every compacted month is stored in order: a country's rows of a month sit together.
      expect(await outOfOrder(analytics)).toEqual(none());
      expect((await verifyAnalytics(store.db, analytics)).every((c) => c.differences === 0)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('loads whole again, without doubling anything, a store whose load stopped before its batch ids were written', async () => {
    const rows = `sqlite:${path.join(dir, 'rows-load.sqlite')}`;
    const file = path.join(dir, 'load.duckdb');
    const open = () => openStore(rows, { analytics: { path: file, loadWholeFrom: 10, waitMs: 60_000 } });
    const first = await open();
    await migrate(first);
    await writeBatch(first, makeDeclarations(50, 0, 'L'), { batchKey: 'l1', source: 'test' });
    await first.close();
    // Written by another process while no server ran: a new server loads it whole.
    const second = await open();
    const count = async (a: Awaited<ReturnType<typeof analyticsOf>>) => Number((await a.query('select count(*) as n from declarations'))[0]!.n);
    expect(await count(await analyticsOf(second.db))).toBe(50);
    await second.close();
    // The load's records and sums are there, its batch ids are not: as if it stopped just before the end.
    const e = await Engine.open({ path: file, memoryLimitMb: 256, threads: 1, readers: 1 });
    await e.exec('delete from synced_batches');
    await e.close();
    const third = await open();
    try {
      const analytics = await analyticsOf(third.db);
      expect(await count(analytics)).toBe(50);
      expect(analytics.size()).toBe(50);
      // A whole load writes each month in order.
      expect(await outOfOrder(analytics)).toEqual(none());
      expect((await verifyAnalytics(third.db, analytics)).every((c) => c.differences === 0)).toBe(true);
    } finally {
      await third.close();
    }
  });
});
