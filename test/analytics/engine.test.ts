// Answers follow the data when a table is replaced (as compaction does) or rows are added, and
// the same text is answered anew each time: nothing may keep an answer or a plan bound to old data.
import { it, expect, describe } from 'vitest';
import { Engine } from '../../src/analytics/engine.js';

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
