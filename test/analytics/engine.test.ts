// Answers follow the data when a table is replaced (as compaction does) or rows are added, and
// the same text is answered anew each time: nothing may keep an answer or a plan bound to old data.
import { it, expect, describe } from 'vitest';
import { Engine } from '../../src/analytics/engine.js';
import { CancelledError, runCancellable } from '../../src/cancel.js';
import { PromiseMemo } from '../../src/features/shared/promise-memo.js';

describe('analytic engine', () => {
  it('answers from the current table after a replace and after appends, for many texts', async () => {
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, readers: 1 });
    try {
      await e.exec('create table t (k VARCHAR, v BIGINT)');
      await e.exec("insert into t values ('a', 1), ('b', 2)");
      const q = 'select sum(v) as s from t where k <> ?';
      expect(await e.query(q, ['z'])).toEqual([{ s: 3 }]);
      await e.exec("create or replace table t as select * from (values ('a', 10), ('c', 30)) x(k, v)");
      expect(await e.query(q, ['z'])).toEqual([{ s: 40 }]);
      expect(await e.query(q, ['a'])).toEqual([{ s: 30 }]);
      await e.write(async (w) => w.run("insert into t values ('d', 5)"));
      expect(await e.query(q, ['a'])).toEqual([{ s: 35 }]);
      for (let i = 0; i < 300; i++) expect(await e.query(`select ${i} + sum(v) as s from t`)).toEqual([{ s: i + 45 }]);
      expect(await e.query(q, ['c'])).toEqual([{ s: 15 }]);
    } finally {
      await e.close();
    }
  });

  it('drops the queued queries of cancelled work and interrupts its running one, but finishes shared work', async () => {
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, readers: 1 });
    try {
      // The one reader is busy with a slow query; behind it wait a cancelled request's query and another's.
      const slow = e.query('select count(*) as n from range(30000000) a where a.range % 7 = 3');
      const gone = new AbortController();
      let abandoned!: Promise<unknown>;
      runCancellable(gone.signal, () => {
        abandoned = e.query('select 1 as x');
      });
      const waiting = e.query('select 2 as x');
      gone.abort();
      await expect(abandoned).rejects.toBeInstanceOf(CancelledError);
      expect(await slow).toEqual([{ n: 4285714 }]);
      expect(await waiting).toEqual([{ x: 2 }]);
      // Work cancelled before it asks is refused at once; work that is not cancelled runs.
      let late!: Promise<unknown>;
      runCancellable(gone.signal, () => {
        late = e.query('select 3 as x');
      });
      await expect(late).rejects.toBeInstanceOf(CancelledError);
      let kept!: Promise<unknown>;
      runCancellable(new AbortController().signal, () => {
        kept = e.query('select 4 as x');
      });
      expect(await kept).toEqual([{ x: 4 }]);
      // A query of cancelled work that is already running is interrupted; the reader serves the next one.
      const leaving = new AbortController();
      let running!: Promise<unknown>;
      runCancellable(leaving.signal, () => {
        running = e.query('select count(*) as n from range(3000000000) a where a.range % 7 = 3');
      });
      const started = performance.now();
      setTimeout(() => leaving.abort(), 50);
      await expect(running).rejects.toBeInstanceOf(CancelledError);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(await e.query('select 6 as x')).toEqual([{ x: 6 }]);
      // A memo's computation is shared: started by a request that has gone, it still runs for the others.
      const memo = new PromiseMemo(60_000, 1 << 20);
      let shared!: Promise<unknown>;
      runCancellable(gone.signal, () => {
        shared = memo.get('k', () => e.query('select 5 as x'));
      });
      expect(await shared).toEqual([{ x: 5 }]);
    } finally {
      await e.close();
    }
  });

  it('runs bulk work on its own thread count and serves on one again after it, also when the work fails', async () => {
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, bulkThreads: 3, readers: 1 });
    const threads = async () => Number((await e.query("select current_setting('threads') as n"))[0]!.n);
    try {
      expect(await threads()).toBe(1);
      // Two bulk tasks at once: the count drops back only when both are done.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const first = e.bulk(() => held);
      expect(await e.bulk(threads)).toBe(3);
      expect(await threads()).toBe(3);
      release();
      await first;
      expect(await threads()).toBe(1);
      await expect(e.bulk(async () => Promise.reject(new Error('load failed')))).rejects.toThrow('load failed');
      expect(await threads()).toBe(1);
    } finally {
      await e.close();
    }
  });
});
