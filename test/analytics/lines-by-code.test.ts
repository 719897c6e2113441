// The item lines sorted by code (lines_by_code): filled in code order from the lines and their
// declarations, appended to by batches, sorted again range by range with every line kept; checked
// by verify, and what a product's trade reads.
import { it, expect, describe, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../src/analytics/engine.js';
import { appendLinesByCode, fillLinesByCode, linesNeedSorting, sortLinesAgain } from '../../src/analytics/lines-by-code.js';
import { LINES_BY_CODE, schemaStatements } from '../../src/analytics/schema.js';
import { analyticsOf } from '../../src/analytics/registry.js';
import { verifyAnalytics } from '../../src/analytics/verify.js';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { tradeCells } from '../../src/features/hs-codes/queries.js';
import { makeDeclarations } from '../ingest/fixtures.js';
import { outOfOrder } from '../helpers/row-order.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lines-by-code-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Declarations `from`..`from + n` with three lines each, codes spread over 9,973 values in no order.
async function addRecords(e: Engine, declarations: string, items: string, from: number, n: number): Promise<void> {
  await e.exec(`insert into ${declarations} (id, flow, period, registered_at, partner_country, value_usd_cents)
    select i, case when i % 2 = 0 then 'export' else 'import' end, 202401 + (i % 12), '2024-' || lpad((1 + i % 12)::VARCHAR, 2, '0') || '-15',
      case when i % 3 = 0 then 'DE' else 'CN' end, 300 from range(${from}, ${from + n}) t(i)`);
  await e.exec(`insert into ${items} (declaration_id, line_no, gtip, hs6, quantity, quantity_unit, net_weight_kg, value_usd_cents)
    select i, l, lpad(((i * 31 + l * 7) % 9973)::VARCHAR, 12, '0'), lpad(((i * 31 + l * 7) % 9973)::VARCHAR, 12, '0')[1:6], 1, 'kg', 2.5, 100
    from range(${from}, ${from + n}) t(i), range(1, 4) s(l)`);
}

/** Per (flow, month, country, code): lines, declarations and value, from the copy and from the lines with their declarations. */
async function sums(e: Engine) {
  const q = (from: string) => e.query(`select flow, period, partner_country, gtip, count(*) as n, count(distinct declaration_id) as d, sum(value_usd_cents)::BIGINT as v
    from ${from} group by all order by all`);
  return {
    have: await q(LINES_BY_CODE),
    want: await q('(select i.*, d.flow, d.period, d.partner_country from declaration_items i join declarations d on d.id = i.declaration_id)'),
  };
}

describe('lines sorted by code', () => {
  it('are filled in code order, appended to by batches, and sorted again range by range with every line kept', async () => {
    const e = await Engine.open({ path: ':memory:', memoryLimitMb: 256, threads: 1, readers: 1 });
    try {
      for (const s of schemaStatements()) await e.exec(s);
      await addRecords(e, 'declarations', 'declaration_items', 0, 2_000);
      // Ranges of about 700 lines: several, each appended after the one before.
      await fillLinesByCode(e, 700);
      let { have, want } = await sums(e);
      expect(have).toEqual(want);
      expect(await outOfOrder(e, LINES_BY_CODE, 'gtip')).toBe(0);
      expect(await linesNeedSorting(e)).toBe(false);

      // A batch past both thresholds (200,000 lines, a tenth of the table), staged as a batch is.
      await e.write(async (w) => {
        await w.run('create temp table stage_d as select * from declarations limit 0');
        await w.run('create temp table stage_i as select * from declaration_items limit 0');
      });
      await addRecords(e, 'stage_d', 'stage_i', 10_000, 70_000);
      await e.write(async (w) => {
        await appendLinesByCode(w, { declarations: 'stage_d', items: 'stage_i' });
        await w.run('insert into declarations select * from stage_d');
        await w.run('insert into declaration_items select * from stage_i');
      });
      ({ have, want } = await sums(e));
      expect(have).toEqual(want);
      expect(await outOfOrder(e, LINES_BY_CODE, 'gtip')).toBeGreaterThan(0);
      expect(await linesNeedSorting(e)).toBe(true);

      await sortLinesAgain(e, 50_000);
      ({ have, want } = await sums(e));
      expect(have).toEqual(want);
      expect(Number((await e.query(`select count(*) as n from ${LINES_BY_CODE}`))[0]!.n)).toBe(3 * 72_000);
      expect(await outOfOrder(e, LINES_BY_CODE, 'gtip')).toBe(0);
      expect(await linesNeedSorting(e)).toBe(false);
    } finally {
      await e.close();
    }
  });

  it('hold a loaded store and its later batches; a product trade reads them; verify finds a lost line', async () => {
    const store = await openStore(`sqlite:${path.join(dir, 'rows.sqlite')}`, { analytics: { path: path.join(dir, 'a.duckdb'), loadWholeFrom: 10 } });
    try {
      await migrate(store);
      // The first batch is loaded whole (fillLinesByCode), the second applied as a batch (appendLinesByCode).
      await writeBatch(store, makeDeclarations(60, 0, 'C'), { batchKey: 'c1', source: 'test' });
      const analytics = await analyticsOf(store.db);
      await analytics.catchUp();
      await writeBatch(store, makeDeclarations(40, 60, 'C'), { batchKey: 'c2', source: 'test' });
      await analytics.catchUp();
      expect((await verifyAnalytics(store.db, analytics)).filter((c) => c.differences > 0)).toEqual([]);

      const [code] = await analytics.query('select gtip from declaration_items group by gtip order by count(*) desc, gtip limit 1');
      const gtip = String(code!.gtip);
      const cells = await tradeCells(store.db, { prefix: gtip, from: null, to: null });
      const raw = await analytics.query(`select count(*) as n, count(distinct i.declaration_id) as d, sum(i.value_usd_cents) as v
        from declaration_items i join declarations d on d.id = i.declaration_id where i.gtip = ?`, [gtip]);
      expect(cells.reduce((a, c) => a + c.items, 0)).toBe(Number(raw[0]!.n));
      expect(cells.reduce((a, c) => a + c.records, 0)).toBe(Number(raw[0]!.d));
      expect(cells.reduce((a, c) => a + c.value_cents, 0)).toBe(Number(raw[0]!.v));
      expect(Number(raw[0]!.n)).toBeGreaterThan(1);

      await analytics.execute(`delete from ${LINES_BY_CODE} where rowid = (select min(rowid) from ${LINES_BY_CODE} where gtip = '${gtip}')`);
      // The product's trade is read from the copy: the lost line is missing from it.
      const after = await tradeCells(store.db, { prefix: gtip, from: null, to: null });
      expect(after.reduce((a, c) => a + c.items, 0)).toBe(Number(raw[0]!.n) - 1);
      const check = (await verifyAnalytics(store.db, analytics)).find((c) => c.table === LINES_BY_CODE)!;
      expect(check.differences).toBe(1);
      expect(check.examples[0]).toContain(gtip);
    } finally {
      await store.close();
    }
  });
});
