// The pairs' products by month kept a second time sorted by trading pair: filled in pair order,
// appended to by batches, sorted again with the days combined as least and greatest (not summed),
// and as many keys as its source at every step.
import { it, expect, describe } from 'vitest';
import { Engine } from '../../src/analytics/engine.js';
import { PAIR_PRODUCTS_BY_MONTH, PAIR_PRODUCTS_BY_PAIR, pairKey, schemaStatements } from '../../src/analytics/schema.js';
import { fillSorted, insertSorted, needsSorting, sortAgain } from '../../src/analytics/sorted.js';
import { outOfOrder } from '../helpers/row-order.js';

// Rows over 61 traders (ids past 2^21, where a pair no longer fits a double) and 37 partners, months and codes;
// a key repeats with other days, as a month of batches leaves it before compaction.
const rows = (n: number, from = 0) => `select case when i % 3 = 0 then 'import' else 'export' end as flow, 202401 + (i % 5) as period,
  3000000 + (i * 7919) % 61 as company_id, case when i % 11 = 0 then 0 else 500 + (i * 104729) % 37 end as partner_company_id,
  lpad(((i * 31) % 17)::VARCHAR, 6, '0') as hs6, i as value_usd_cents, 1 + (i * 13) % 28 as first_day, 1 + (i * 13) % 28 + (i % 3) as last_day
  from range(${from}, ${from + n}) t(i)`;

/** Per pair, flow and month: value, first and last day, from the copy and from its source. */
async function sums(e: Engine) {
  const q = (t: string) => e.query(`select company_id, partner_company_id, flow, period, sum(value_usd_cents)::BIGINT as v, min(first_day) as f, max(last_day) as l,
    count(distinct hs6) as codes from ${t} group by all order by all`);
  return { have: await q(PAIR_PRODUCTS_BY_PAIR.table), want: await q(PAIR_PRODUCTS_BY_MONTH) };
}

describe('the pairs’ products sorted by pair', () => {
  it('are filled in pair order, appended to, and sorted again with days as least and greatest', async () => {
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, readers: 1 });
    try {
      for (const s of schemaStatements()) await e.exec(s);
      await e.exec(`insert into ${PAIR_PRODUCTS_BY_MONTH} ${rows(3_000)}`);
      await fillSorted(e, PAIR_PRODUCTS_BY_PAIR, 400);
      expect(await outOfOrder(e, PAIR_PRODUCTS_BY_PAIR.table, 'pair')).toBe(0);
      let s = await sums(e);
      expect(s.have).toEqual(s.want);
      // The pair column is the pair: exact past 2^53 (company ids past 2^21).
      const [one] = await e.query(`select pair::VARCHAR as pair, company_id, partner_company_id from ${PAIR_PRODUCTS_BY_PAIR.table} where partner_company_id <> 0 limit 1`);
      expect(one!.pair).toBe(String(pairKey(Number(one!.company_id), Number(one!.partner_company_id))));
      expect(Number(one!.company_id) * 2 ** 32).toBeGreaterThan(Number.MAX_SAFE_INTEGER);

      // A batch's rows through SQL, at the end: past both thresholds (200,000 rows, a tenth of the table).
      await e.write(async (w) => {
        await w.run(`create temp table delta as ${rows(205_000, 1_000)}`);
        await insertSorted(w, { table: PAIR_PRODUCTS_BY_MONTH }, 'delta');
        await w.run(`insert into ${PAIR_PRODUCTS_BY_MONTH} select * from delta`);
        await w.run('drop table delta');
      });
      expect(await outOfOrder(e, PAIR_PRODUCTS_BY_PAIR.table, 'pair')).toBeGreaterThan(0);
      expect(await needsSorting(e, PAIR_PRODUCTS_BY_PAIR)).toBe(true);
      s = await sums(e);
      expect(s.have).toEqual(s.want);

      await sortAgain(e, PAIR_PRODUCTS_BY_PAIR, 50_000);
      expect(await outOfOrder(e, PAIR_PRODUCTS_BY_PAIR.table, 'pair')).toBe(0);
      expect(await needsSorting(e, PAIR_PRODUCTS_BY_PAIR)).toBe(false);
      s = await sums(e);
      expect(s.have).toEqual(s.want);
      // One row per key; a day summed rather than combined would pass 31.
      const keys = PAIR_PRODUCTS_BY_PAIR.source.keys.join(', ');
      const [d] = await e.query(`select count(*) - count(distinct (${keys})) as dupes, max(last_day) as last from ${PAIR_PRODUCTS_BY_PAIR.table}`);
      expect(Number(d!.dupes)).toBe(0);
      expect(Number(d!.last)).toBeLessThanOrEqual(31);
    } finally {
      await e.close();
    }
  });
});
