// The engine keeps a prepared statement per reader connection and SQL text: answers must follow the
// data when a table is replaced (as compaction does) or rows are added, and a full cache must
// still answer every text.
import { it, expect, describe } from 'vitest';
import { Engine } from '../../src/analytics/engine.js';

describe('analytic engine', () => {
  it('answers from the current table through kept statements, after a replace and past the cache size', async () => {
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
      // More distinct texts than the cache holds: the oldest are dropped, each still answers.
      for (let i = 0; i < 300; i++) expect(await e.query(`select ${i} + sum(v) as s from t`)).toEqual([{ s: i + 45 }]);
      expect(await e.query(q, ['c'])).toEqual([{ s: 15 }]);
    } finally {
      await e.close();
    }
  });
});
