// A SQLite file store with reader threads: reads outside a transaction are answered by the
// readers (they neither wait for an open transaction nor hold up the event loop), writes and
// everything inside a transaction stay on the writing connection, and a committed write is seen
// by the next read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStore, type Store } from '../../src/db/connect.js';
import { CancelledError, runCancellable } from '../../src/cancel.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-readers-'));
let store: Store;

async function count(): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from things`.execute(store.db);
  return r.rows[0]!.n;
}

beforeAll(async () => {
  store = await openStore(`sqlite:${path.join(dir, 'r.sqlite')}`, { sqliteReaders: 2 });
  await sql`create table things (id integer primary key, name text not null)`.execute(store.db);
  await sql`insert into things (name) values ('a'), ('b')`.execute(store.db);
});

afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite reader threads', () => {
  it('answers a read while a transaction is open, with the last committed state', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const wrote = new Promise<void>((r) => (inserted = r));
    const tx = store.db.transaction().execute(async (t) => {
      await sql`insert into things (name) values ('c')`.execute(t);
      // Inside the transaction its own write is seen.
      const inside = await sql<{ n: number }>`select count(*) as n from things`.execute(t);
      expect(inside.rows[0]!.n).toBe(3);
      inserted();
      await held;
    });
    await wrote;
    // On the one connection this read would wait for the commit (and then count 3).
    expect(await count()).toBe(2);
    release();
    await tx;
    expect(await count()).toBe(3);
  });

  it('skips a read whose request has gone while it waited for a reader thread', async () => {
    const slow = () => sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`.execute(store.db);
    // Both reader threads busy; behind them a read of a request that leaves, and one of a request that stays.
    const busy = [slow(), slow()];
    const gone = new AbortController();
    let abandoned!: Promise<unknown>;
    runCancellable(gone.signal, () => {
      abandoned = sql`select name from things`.execute(store.db);
    });
    let kept!: Promise<unknown>;
    runCancellable(new AbortController().signal, () => {
      kept = count();
    });
    // Left once its read is in the pool's queue (the busy reads take longer than this).
    await new Promise((r) => setTimeout(r, 50));
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(CancelledError);
    expect((await Promise.all(busy)).map((r) => r.rows[0]!.n)).toEqual([3_000_000, 3_000_000]);
    expect(await kept).toBeGreaterThan(0);
    // A read asked after its request has gone is refused at once.
    let late!: Promise<unknown>;
    runCancellable(gone.signal, () => {
      late = count();
    });
    await expect(late).rejects.toBeInstanceOf(CancelledError);
  });

  it('sends writes, insert … returning among them, to the writing connection', async () => {
    const r = await sql<{ id: number; name: string }>`insert into things (name) values ('d') returning id, name`.execute(store.db);
    expect(r.rows).toEqual([{ id: expect.any(Number), name: 'd' }]);
    const back = await store.db
      .selectFrom('things' as never)
      .select(['name' as never])
      .where('id' as never, '=', r.rows[0]!.id as never)
      .execute();
    expect(back).toEqual([{ name: 'd' }]);
  });

  it('rolls a failed transaction back and gives the writing connection back', async () => {
    const before = await count();
    await expect(
      store.db.transaction().execute(async (t) => {
        await sql`insert into things (name) values ('gone')`.execute(t);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await count()).toBe(before);
    // A writer still held would make this wait for ever.
    await sql`insert into things (name) values ('e')`.execute(store.db);
    expect(await count()).toBe(before + 1);
  });

  it('keeps the event loop turning during a long read', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const r = await sql<{ n: number }>`with recursive s(i) as (select 1 union all select i + 1 from s where i < 3000000) select count(*) as n from s`.execute(store.db);
    clearInterval(timer);
    expect(r.rows[0]!.n).toBe(3_000_000);
    expect(ticks).toBeGreaterThan(0);
  });

  it('reports a failing read and keeps answering', async () => {
    // With the driver's code kept: the error mapping tells a busy store (503) from a bug by it.
    await expect(sql`select * from no_such_table`.execute(store.db)).rejects.toMatchObject({ message: expect.stringMatching(/no such table/), code: 'SQLITE_ERROR' });
    expect(await count()).toBeGreaterThan(0);
  });

  it('reads many at once, each with its own parameters', async () => {
    const names = await Promise.all(Array.from({ length: 40 }, (_, i) => sql<{ v: number }>`select ${i} * 2 as v`.execute(store.db)));
    expect(names.map((r) => r.rows[0]!.v)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });
});
