import { it, expect } from 'vitest';
import { sql } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import type { Store } from '../../src/db/connect.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { analyticsOf } from '../../src/analytics/registry.js';
import { verifyRollups } from '../../src/analytics/verify.js';
import { mulberry32 } from '../domain/codes/prng.js';
import { makeDeclaration, makeDeclarations } from './fixtures.js';

async function totals(store: Store) {
  const d = await store.db
    .selectFrom('declarations')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(value_usd_cents), 0)`.as('cents')])
    .executeTakeFirstOrThrow();
  const i = await store.db.selectFrom('declaration_items').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const [r] = await (await analyticsOf(store.db)).query('select coalesce(sum(records), 0) as n, coalesce(sum(value_usd_cents), 0) as cents from rollup_declarations_monthly');
  if (!r) throw new Error('no rollup sums');
  return { declarations: Number(d.n), cents: Number(d.cents), items: Number(i.n), rollupRecords: Number(r.n), rollupCents: Number(r.cents) };
}

describeEachStore('ingest writer', (get) => {
  it('stores valid rows, rejects broken ones with their reasons, and keeps rollups equal to the records', async () => {
    const { store } = get();
    const records: unknown[] = makeDeclarations(40, 0, 'W');
    const bad = structuredClone(makeDeclaration(1000, 1000, 'W')) as unknown as Record<string, unknown>;
    bad.port = 'NOPE';
    records.splice(5, 0, bad, { declaration_no: 'W-JUNK' }, 'not an object');
    const res = await writeBatch(store, records, { batchKey: 'writer-1', source: 'test' });
    expect(res.stored).toBe(40);
    expect(res.duplicates).toBe(0);
    expect(new Set(res.rejected.map((r) => r.index))).toEqual(new Set([5, 6, 7]));
    expect(res.rejected.find((r) => r.index === 5)).toMatchObject({ declaration_no: 'W00001000', field: 'port' });
    expect(res.rejected.filter((r) => r.index === 6).map((r) => r.field)).toContain('flow');
    const t = await totals(store);
    expect(t.declarations).toBe(40);
    expect(t.rollupRecords).toBe(40);
    expect(t.rollupCents).toBe(t.cents);
    expect((await verifyRollups(store)).ok).toBe(true);
  });

  it('is idempotent: the same batch key replays, the same rows under a new key are duplicates', async () => {
    const { store } = get();
    const records = makeDeclarations(30, 100, 'I');
    const first = await writeBatch(store, records, { batchKey: 'idem-1', source: 'test' });
    const before = await totals(store);
    const again = await writeBatch(store, records, { batchKey: 'idem-1', source: 'test' });
    expect(again).toEqual({ ...first, replayed: true });
    const renamed = await writeBatch(store, [...records, records[0]!], { batchKey: 'idem-2', source: 'test' });
    expect(renamed.stored).toBe(0);
    expect(renamed.duplicates).toBe(31);
    expect(await totals(store)).toEqual(before);
    expect((await verifyRollups(store)).ok).toBe(true);
  });

  it('computes rollups by hand for a two-item declaration with one HS6 twice', async () => {
    const { store } = get();
    const d = makeDeclaration(1, 1, 'H');
    d.flow = 'export';
    d.regime = '1000';
    d.registered_at = '2023-03-15';
    d.country_of_destination = 'IQ';
    d.port = 'XTRKPK';
    d.customs_office = '220101';
    d.transport_mode = 'road';
    d.incoterm = null;
    d.items = [
      { line_no: 1, gtip: '7208.39.00.00.00', description: 'a', quantity: 10, quantity_unit: 'kg', net_weight_kg: 10, gross_weight_kg: 11, value_usd: 100.1 },
      { line_no: 2, gtip: '720839000011', description: 'b', quantity: 5, quantity_unit: 'kg', net_weight_kg: 5, gross_weight_kg: 6, value_usd: 0.2 },
    ];
    d.value_usd = 100.3;
    d.net_weight_kg = 15;
    d.gross_weight_kg = 17;
    const res = await writeBatch(store, [d], { batchKey: 'hand-1', source: 'test' });
    expect(res.stored).toBe(1);
    const analytics = await analyticsOf(store.db);
    const [row] = await analytics.query("select * from rollup_items_monthly where period = 202303 and hs6 = '720839' and port = 'XTRKPK'");
    if (!row) throw new Error('no rollup row');
    expect(row).toMatchObject({ flow: 'export', partner_country: 'IQ', customs_office: '220101', transport_mode: 'road' });
    expect(Number(row.records)).toBe(1);
    expect(Number(row.value_usd_cents)).toBe(10030);
    expect(Number(row.net_weight_kg)).toBe(15);
    expect(Number(row.quantity)).toBe(15);
    const [decl] = await analytics.query("select * from rollup_declarations_monthly where period = 202303 and port = 'XTRKPK'");
    if (!decl) throw new Error('no rollup row');
    expect(decl.incoterm).toBe('');
    expect(Number(decl.records)).toBe(1);
    expect(Number(decl.gross_weight_kg)).toBe(17);
  });

  it('counts first lines per HS depth whatever the line order, for short and long declarations', async () => {
    const { store } = get();
    // Codes sharing 2, 4 and 6 digits, lines given out of order: the first line of a code in
    // line order takes the count, which verify recomputes with window functions in SQL.
    const codes = ['720839000000', '720839000011', '720851000000', '721000000000', '610910000011', '720839000012'];
    const records = [3, 7, 20, 40].map((lines, k) => {
      const d = makeDeclaration(500 + k, 500 + k, 'O');
      const base = d.items[0]!;
      const items = Array.from({ length: lines }, (_, n) => ({
        ...base, line_no: n + 1, gtip: codes[(n * 5 + k) % codes.length]!, value_usd: 1 + n, net_weight_kg: 1, gross_weight_kg: 2,
      }));
      d.items = items.reverse();
      d.value_usd = items.reduce((a, i) => a + i.value_usd, 0);
      d.net_weight_kg = lines;
      d.gross_weight_kg = 2 * lines;
      return d;
    });
    const res = await writeBatch(store, records, { batchKey: 'order-1', source: 'test' });
    expect(res.stored).toBe(4);
    expect(await verifyRollups(store)).toMatchObject({ ok: true, differences: [] });
  });

  it('resolves companies: one row per VKN and per foreign country + folded name', async () => {
    const { store } = get();
    const a = makeDeclaration(1, 1, 'C');
    const b = makeDeclaration(2, 2, 'C');
    b.company = { ...a.company, name: 'Another spelling of the same VKN' };
    a.partner = { name: 'ÇELİK Trading', country: 'DE' };
    b.partner = { name: 'celik trading', country: 'DE' };
    await writeBatch(store, [a], { batchKey: 'co-1', source: 'test' });
    await writeBatch(store, [b], { batchKey: 'co-2', source: 'test' });
    const rows = await store.db.selectFrom('declarations').select(['company_id', 'partner_company_id']).where('declaration_no', 'in', ['C00000001', 'C00000002']).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.company_id).toBe(rows[1]!.company_id);
    expect(rows[0]!.partner_company_id).toBe(rows[1]!.partner_company_id);
  });

  it('keeps verify clean after random batches, and verify catches a tampered rollup', async () => {
    const { store } = get();
    const rand = mulberry32(7);
    let next = 10_000;
    for (let b = 0; b < 8; b++) {
      const fresh = makeDeclarations(1 + Math.floor(rand() * 60), next, 'R');
      next += fresh.length;
      // Mix in rows already stored, to exercise the duplicate path alongside new rows.
      const old = makeDeclarations(Math.floor(rand() * 10), 10_000 + Math.floor(rand() * 20), 'R');
      await writeBatch(store, [...fresh, ...old], { batchKey: `rand-${b}`, source: 'random' });
    }
    expect(await verifyRollups(store)).toMatchObject({ ok: true, differences: [] });

    const analytics = await analyticsOf(store.db);
    await analytics.execute('update rollup_items_monthly set value_usd_cents = value_usd_cents + 1 where period = (select min(period) from rollup_items_monthly)');
    await analytics.execute('delete from rollup_company_monthly where period = (select max(period) from rollup_company_monthly)');
    // A month no declaration is registered in: verify compares month by month, and must still look there.
    await analytics.execute('insert into rollup_country_monthly select * replace (199001 as period) from rollup_country_monthly where records > 0 limit 1');
    const report = await verifyRollups(store);
    expect(report.ok).toBe(false);
    expect(report.differences.some((d) => d.table === 'rollup_items_monthly' && d.kind === 'different' && d.measures?.value_usd_cents)).toBe(true);
    expect(report.differences.some((d) => d.table === 'rollup_company_monthly' && d.kind === 'missing')).toBe(true);
    expect(report.differences).toContainEqual(expect.objectContaining({ table: 'rollup_country_monthly', kind: 'extra', key: expect.objectContaining({ period: 199001 }) }));
  });
});
