// A ranking's first groups summed alone (bounded-top.ts) must be the first groups of the full
// ranking, ties and order included, whatever the keys' buckets share: random heavy-tailed tables,
// with few buckets so that large and small groups collide, against the ranking summed in the test.
import { it, expect, describe, beforeAll, afterAll } from 'vitest';
import { sql, Kysely, DummyDriver, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { Engine } from '../../../src/analytics/engine.js';
import { topCandidates } from '../../../src/features/shared/bounded-top.js';
import { prng } from '../../helpers/random-records.js';

const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('a ranking bounded by its largest rows and its buckets', () => {
  let e: Engine;
  beforeAll(async () => {
    e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, readers: 1 });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('keeps exactly the first n groups of the full ranking', async () => {
    const r = prng(11);
    for (let round = 0; round < 12; round++) {
      const rows: [number, number, number, number][] = [];
      const groups = r.pick([5, 40, 300]);
      for (let i = 0; i < r.pick([50, 400, 2000]); i++) {
        // Heavy-tailed values, many equal ones (ties), some zero; a month column to filter by.
        const v = r.next() < 0.2 ? r.pick([0, 100, 100, 500]) : Math.floor(1000 / (1 + r.next() * 40) ** 2) * 17;
        rows.push([1 + Math.floor(r.next() ** 2 * groups), 1 + Math.floor(r.next() * 4), 1 + Math.floor(r.next() * 6), v]);
      }
      await e.exec('create or replace table t (a BIGINT, b BIGINT, m INTEGER, v BIGINT)');
      await e.exec(`insert into t values ${rows.map((x) => `(${x.join(', ')})`).join(', ')}`);
      for (const n of [1, 2, 5, 17, 60]) {
        const buckets = r.pick([1, 2, 3, 8, 64]);
        const months = r.pick([6, 3]);
        const where = [sql`m <= ${sql.lit(months)}`];
        const cond = topCandidates([sql.ref('a'), sql.ref('b')], sql.ref('v'), sql`t`, where, n, buckets);
        const q = sql`select a, b, sum(v) as s from t where ${sql.join([...where, cond], sql` and `)} group by a, b order by s desc, a, b limit ${sql.lit(n)}`.compile(compiler);
        const got = (await e.query(q.sql, q.parameters as (string | number)[])).map((x) => [Number(x.a), Number(x.b), Number(x.s)]);
        const sums = new Map<string, [number, number, number]>();
        for (const [a, b, m, v] of rows) {
          if (m > months) continue;
          const g = sums.get(`${a}|${b}`) ?? [a, b, 0];
          g[2] += v;
          sums.set(`${a}|${b}`, g);
        }
        const want = [...sums.values()].sort((x, y) => y[2] - x[2] || x[0] - y[0] || x[1] - y[1]).slice(0, n);
        expect(got, `round ${round} n ${n} buckets ${buckets}`).toEqual(want);
      }
    }
  });
});
