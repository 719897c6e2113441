// PostgreSQL bulk writes through COPY: cells that CSV must quote (commas, quotes, line breaks),
// empty strings kept apart from NULL, conflicts skipped and RETURNING answered through the staging
// table, ON CONFLICT DO UPDATE applied to stored rows, and a rolled-back transaction leaving nothing.
// Rows that conflict with nothing go straight into their table, ids taken from its sequence.
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
    // The long ones (multi-byte letters and doubled quotes) make the COPY's buffers fill mid-row.
    const awkward = [
      'plain', 'with, comma', 'with "quotes"', 'line\nbreak', '', 'back\\slash', 'tab\there', 'İstanbul Şişli ğüö',
      'ş"'.repeat(40_000), 'x'.repeat(300_000), 'short "quoted", ascii', 'short "quoted" then ş', `${'a'.repeat(63)}"`,
    ];
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

  it('copies rows that conflict with nothing straight into the table, and answers RETURNING with the stored ids', async (ctx) => {
    const { store } = get();
    if (store.engine !== 'postgres') return ctx.skip();
    await sql`create table direct_probe (id bigint generated by default as identity primary key, k text not null unique, v integer)`.execute(store.db);
    const stagingTables = async (trx: typeof store.db) =>
      Number((await sql<{ n: string }>`select count(*) as n from pg_class where relnamespace = pg_my_temp_schema() and relname like 'tradeapi_stage_%'`.execute(trx)).rows[0]!.n);
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => [`k${from + i}`, from + i]);
    const byKey = async () => new Map((await sql<{ id: string; k: string }>`select id, k from direct_probe`.execute(store.db)).rows.map((r) => [r.k, Number(r.id)]));

    const first = await store.db.transaction().execute(async (trx) => {
      const ids = await insertNew(trx, store, { table: 'direct_probe', columns: ['k', 'v'], key: 'k' }, rows(0, 300));
      const returned = await insertRows<{ id: string; k: string }>(trx, store, { table: 'direct_probe', columns: ['k', 'v'], suffix: 'returning id, k' }, rows(300, 200));
      // Neither needed a staging table.
      expect(await stagingTables(trx)).toBe(0);
      return { ids, returned };
    });
    const stored = await byKey();
    expect(stored.size).toBe(500);
    expect(first.ids).toEqual(rows(0, 300).map((r) => stored.get(r[0] as string)));
    expect(first.returned.map((r) => [r.k, Number(r.id)])).toEqual(rows(300, 200).map((r) => [r[0], stored.get(r[0] as string)]));

    // A conflict with a stored row, then one inside the rows themselves: the staging way, same result as an INSERT.
    const second = await store.db.transaction().execute(async (trx) => {
      const again = await insertNew(trx, store, { table: 'direct_probe', columns: ['k', 'v'], key: 'k' }, [...rows(450, 100), ...rows(550, 100)]);
      expect(await stagingTables(trx)).toBe(1);
      return again;
    });
    expect(second.slice(0, 50).every((id) => id === null)).toBe(true);
    expect(second.slice(50).every((id) => id !== null)).toBe(true);
    const twice = await store.db.transaction().execute((trx) =>
      insertNew(trx, store, { table: 'direct_probe', columns: ['k', 'v'], key: 'k' }, [...rows(700, 150), ...rows(700, 1)]),
    );
    expect(twice.filter((id) => id !== null)).toHaveLength(151);
    expect((await byKey()).size).toBe(500 + 150 + 150);

    // Without ON CONFLICT a duplicate fails the insert, as it would an INSERT, and the transaction with it.
    await expect(
      store.db.transaction().execute((trx) => insertRows(trx, store, { table: 'direct_probe', columns: ['k', 'v'], suffix: 'returning id' }, [...rows(900, 150), ...rows(0, 1)])),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await byKey()).size).toBe(800);
    await sql`drop table direct_probe`.execute(store.db);

    // An id that no sequence gives out is left to the table's default, through staging.
    await sql`create table noseq_probe (id bigint primary key default (1000 + floor(random() * 1e12))::bigint, k text not null unique)`.execute(store.db);
    const made = await store.db.transaction().execute((trx) =>
      insertRows<{ id: string; k: string }>(trx, store, { table: 'noseq_probe', columns: ['k'], suffix: 'returning id, k' }, Array.from({ length: 150 }, (_, i) => [`n${i}`])),
    );
    const kept = new Map((await sql<{ id: string; k: string }>`select id, k from noseq_probe`.execute(store.db)).rows.map((r) => [r.k, String(r.id)]));
    expect(made).toHaveLength(150);
    expect(made.every((r) => kept.get(r.k) === String(r.id))).toBe(true);
    await sql`drop table noseq_probe`.execute(store.db);
  });
});
