// PostgreSQL bulk writes through COPY: cells that CSV must quote (commas, quotes, line breaks),
// empty strings kept apart from NULL, conflicts skipped and RETURNING answered through the staging
// table, ON CONFLICT DO UPDATE applied to stored rows, and a rolled-back transaction leaving nothing.
import { it, expect } from 'vitest';
import { sql } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import { insertNew, insertRows } from '../../src/ingest/bulk.js';
import { copyClient } from '../../src/ingest/pg-copy.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { verifyRollups } from '../../src/analytics/verify.js';
import { makeDeclarations } from './fixtures.js';

describeEachStore('bulk writes', (get) => {
  it('goes through COPY on PostgreSQL inside a transaction, and only there', async (ctx) => {
    const { store } = get();
    if (store.engine !== 'postgres') return ctx.skip();
    expect(await copyClient(store.db, store)).toBeNull();
    await store.db.transaction().execute(async (trx) => {
      const client = await copyClient(trx, store);
      expect(client).not.toBeNull();
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
      expect((client as unknown as { processID: number }).processID).toBe(pid);
    });
  });

  it('stores awkward text exactly, skips conflicts and returns the new rows', async () => {
    const { store } = get();
    await sql`create table copy_probe (id integer primary key, name text, note text)`.execute(store.db);
    const awkward = ['plain', 'with, comma', 'with "quotes"', 'line\nbreak', '', 'back\\slash', 'tab\there', 'İstanbul Şişli ğüö'];
    const rows = Array.from({ length: 400 }, (_, i) => [i, awkward[i % awkward.length]!, i % 3 === 0 ? null : `n${i}`]);
    await store.db.transaction().execute((trx) => insertRows(trx, store, { table: 'copy_probe', columns: ['id', 'name', 'note'] }, rows));
    const stored = await store.db.selectFrom('copy_probe' as never).select(['id', 'name', 'note'] as never).orderBy('id' as never).execute();
    expect(stored.map((r: Record<string, unknown>) => [Number(r.id), r.name, r.note])).toEqual(rows);

    // Half of these ids exist: skipped, and RETURNING names only the new ones.
    const more = Array.from({ length: 400 }, (_, i) => [200 + i, `again ${i}`, null]);
    const ids = await store.db.transaction().execute((trx) => insertNew(trx, store, { table: 'copy_probe', columns: ['id', 'name', 'note'], key: 'id' }, more));
    expect(ids.filter((x) => x !== null)).toHaveLength(200);
    expect(ids.slice(0, 200).every((x) => x === null)).toBe(true);
    await sql`drop table copy_probe`.execute(store.db);
  });

  it('adds to stored rows through ON CONFLICT DO UPDATE and leaves nothing after a rollback', async () => {
    const { store } = get();
    await sql`create table delta_probe (k text primary key, n bigint not null, v bigint not null)`.execute(store.db);
    const first = Array.from({ length: 300 }, (_, i) => [`k${i}`, 1, i]);
    const suffix = 'on conflict (k) do update set n = delta_probe.n + excluded.n, v = delta_probe.v + excluded.v';
    await store.db.transaction().execute((trx) => insertRows(trx, store, { table: 'delta_probe', columns: ['k', 'n', 'v'], suffix }, first));
    // Twice in one transaction: the staging table is reused.
    await store.db.transaction().execute(async (trx) => {
      await insertRows(trx, store, { table: 'delta_probe', columns: ['k', 'n', 'v'], suffix }, first);
      await insertRows(trx, store, { table: 'delta_probe', columns: ['k', 'n', 'v'], suffix }, first.slice(0, 150));
    });
    await expect(
      store.db.transaction().execute(async (trx) => {
        await insertRows(trx, store, { table: 'delta_probe', columns: ['k', 'n', 'v'], suffix }, first);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const sums = await sql<{ n: string; v: string }>`select sum(n) as n, sum(v) as v from delta_probe`.execute(store.db);
    const v = first.reduce((a, r) => a + (r[2] as number), 0);
    const vHalf = first.slice(0, 150).reduce((a, r) => a + (r[2] as number), 0);
    expect(Number(sums.rows[0]!.n)).toBe(300 * 2 + 150);
    expect(Number(sums.rows[0]!.v)).toBe(2 * v + vHalf);
    await sql`drop table delta_probe`.execute(store.db);
  });

  it('writes a batch whose rollups equal a recomputation, and a replayed one as duplicates', async () => {
    const { store } = get();
    const decls = makeDeclarations(600, 0, 'CPY');
    const a = await writeBatch(store, decls.slice(0, 400), { batchKey: 'copy-a', source: 'test' });
    expect(a.stored).toBe(400);
    const b = await writeBatch(store, decls.slice(200), { batchKey: 'copy-b', source: 'test' });
    expect(b).toMatchObject({ stored: 200, duplicates: 200 });
    expect((await verifyRollups(store)).ok).toBe(true);
  });
});
