// The pair queries read a trading pair through its own index range; these check them against the
// wider reads they replace, on declarations with several lines, repeated codes and date ranges.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { vkn } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import type { DeclarationInput } from '../../../src/ingest/record.js';
import { edgeRows, edgesAlong, edgesTouching } from '../../../src/features/supply-chain/queries.js';
import { byPairReadsLess, pairDetails } from '../../../src/features/supply-chain/pair-details.js';
import { tradeSpan } from '../../../src/features/companies/queries.js';
import { tradePath } from '../../../src/features/supply-chain/params.js';
import { analyticsOf } from '../../../src/analytics/registry.js';
import { verifyAnalytics } from '../../../src/analytics/verify.js';
import { PAIR_PRODUCTS_BY_MONTH } from '../../../src/analytics/schema.js';

const TR = { T1: 11, T2: 12 } as const;
const FOREIGN = { F1: 'DE', F2: 'FR' } as const;

function decl(no: string, flow: 'import' | 'export', tr: keyof typeof TR, partner: keyof typeof FOREIGN, date: string, lines: [string, number][]): DeclarationInput {
  const usd = lines.reduce((t, [, v]) => t + v, 0);
  return {
    declaration_no: `PQ-${no}`,
    flow,
    regime: flow === 'export' ? '1000' : '4000',
    registered_at: date,
    customs_office: customsOfficeForPort('TRMER')!.code,
    company: { tax_number: vkn(TR[tr]), name: `Pair ${tr} A.Ş.`, country: 'TR', city: 'Mersin' },
    partner: { name: `Pair ${partner} GmbH`, country: FOREIGN[partner] },
    incoterm: 'FOB',
    currency: 'USD',
    invoice_value: usd,
    value_usd: usd,
    transport_mode: 'sea',
    port: 'TRMER',
    net_weight_kg: 10 * lines.length,
    gross_weight_kg: 11 * lines.length,
    items: lines.map(([gtip, v], i) => ({ line_no: i + 1, gtip, description: 'goods', quantity: 1, quantity_unit: 'kg', net_weight_kg: 10, gross_weight_kg: 11, value_usd: v })),
  };
}

// T1→F1: three declarations, two lines of the same HS6 in one; T1→F2 and T2→F1 one each; F2→T1 an import.
const DECLARATIONS = [
  decl('1', 'export', 'T1', 'F1', '2024-01-05', [['610910000011', 100], ['620342000000', 50]]),
  decl('2', 'export', 'T1', 'F1', '2024-02-20', [['610910000011', 30], ['610910000019', 70]]),
  decl('3', 'export', 'T1', 'F1', '2024-03-31', [['620342000000', 200]]),
  decl('4', 'export', 'T1', 'F2', '2024-02-01', [['610910000011', 40]]),
  decl('5', 'export', 'T2', 'F1', '2024-01-15', [['620342000000', 60], ['610910000011', 60]]),
  decl('6', 'import', 'T1', 'F2', '2024-03-01', [['720839000000', 500]]),
];

describeEachStore('trading-pair queries', (get) => {
  const ids = {} as Record<keyof typeof TR | keyof typeof FOREIGN, number>;
  beforeAll(async () => {
    const { store } = get();
    const res = await writeBatch(store, DECLARATIONS, { batchKey: 'pair-queries', source: 'test' });
    expect(res.rejected).toEqual([]);
    for (const r of await store.db.selectFrom('companies').select(['id', 'name']).execute()) {
      const key = r.name.split(' ')[1] as keyof typeof ids;
      ids[key] = Number(r.id);
    }
  });

  const pairs = () => [
    { company_id: ids.T1, partner_company_id: ids.F1 },
    { company_id: ids.T1, partner_company_id: ids.F2 },
    { company_id: ids.T2, partner_company_id: ids.F1 },
  ];

  it('pair details: products by value (ties in code order) and first/last date of the declarations with a matching line', async () => {
    const db = get().store.db;
    const all = await pairDetails(db, 'export', pairs(), { from: null, to: null }, []);
    expect(all.get(`${ids.T1}|${ids.F1}`)).toEqual({
      first: '2024-01-05',
      last: '2024-03-31',
      products: [{ hs_code: '620342', value_cents: 25_000 }, { hs_code: '610910', value_cents: 20_000 }],
    });
    expect(all.get(`${ids.T2}|${ids.F1}`)!.products).toEqual([{ hs_code: '610910', value_cents: 6_000 }, { hs_code: '620342', value_cents: 6_000 }]);
    const shirts = await pairDetails(db, 'export', pairs(), { from: '2024-01-16', to: '2024-03-31' }, ['6109']);
    expect(shirts.get(`${ids.T1}|${ids.F1}`)).toEqual({ first: '2024-02-20', last: '2024-02-20', products: [{ hs_code: '610910', value_cents: 10_000 }] });
    expect(shirts.get(`${ids.T1}|${ids.F2}`)).toEqual({ first: '2024-02-01', last: '2024-02-01', products: [{ hs_code: '610910', value_cents: 4_000 }] });
    expect(shirts.has(`${ids.T2}|${ids.F1}`)).toBe(false);
    // The same over whole months (products from the company sides, dates of the declarations with such a line).
    const shirtMonths = await pairDetails(db, 'export', pairs(), { from: '2024-02-01', to: '2024-03-31' }, ['6109']);
    expect(shirtMonths.get(`${ids.T1}|${ids.F1}`)).toEqual({ first: '2024-02-20', last: '2024-02-20', products: [{ hs_code: '610910', value_cents: 10_000 }] });
    expect(shirtMonths.get(`${ids.T1}|${ids.F2}`)).toEqual({ first: '2024-02-01', last: '2024-02-01', products: [{ hs_code: '610910', value_cents: 4_000 }] });
    expect(shirtMonths.has(`${ids.T2}|${ids.F1}`)).toBe(false);
    const trousers = await pairDetails(db, 'export', pairs(), { from: null, to: null }, ['620342']);
    expect(trousers.get(`${ids.T1}|${ids.F1}`)).toEqual({ first: '2024-01-05', last: '2024-03-31', products: [{ hs_code: '620342', value_cents: 25_000 }] });
    // Whole months without a product, a bound inside a month, and an import pair: as the records say.
    const months = await pairDetails(db, 'export', pairs(), { from: '2024-02-01', to: '2024-03-31' }, []);
    expect(months.get(`${ids.T1}|${ids.F1}`)).toEqual({ first: '2024-02-20', last: '2024-03-31', products: [{ hs_code: '620342', value_cents: 20_000 }, { hs_code: '610910', value_cents: 10_000 }] });
    expect(months.get(`${ids.T1}|${ids.F2}`)).toEqual({ first: '2024-02-01', last: '2024-02-01', products: [{ hs_code: '610910', value_cents: 4_000 }] });
    expect(months.has(`${ids.T2}|${ids.F1}`)).toBe(false);
    const days = await pairDetails(db, 'export', pairs(), { from: '2024-02-01', to: '2024-03-30' }, []);
    expect(days.get(`${ids.T1}|${ids.F1}`)).toEqual({ first: '2024-02-20', last: '2024-02-20', products: [{ hs_code: '610910', value_cents: 10_000 }] });
    expect(await pairDetails(db, 'import', [{ company_id: ids.T1, partner_company_id: ids.F2 }], { from: '2024-03-01', to: '2024-03-31' }, [])).toEqual(
      new Map([[`${ids.T1}|${ids.F2}`, { first: '2024-03-01', last: '2024-03-01', products: [{ hs_code: '720839', value_cents: 50_000 }] }]]),
    );
    // Pairs not asked for are left out, and the import is not an export pair.
    const one = await pairDetails(db, 'export', [{ company_id: ids.T1, partner_company_id: ids.F2 }], { from: null, to: null }, []);
    expect([...one.keys()]).toEqual([`${ids.T1}|${ids.F2}`]);
  });

  it('pair details from the copy sorted by pair, from the months and as chosen agree; the choice follows the measured costs', async () => {
    const db = get().store.db;
    const ranges = [{ from: null, to: null }, { from: '2024-02-01', to: '2024-03-31' }, { from: '2024-01-01', to: '2024-01-31' }, { from: '2024-01-16', to: '2024-03-31' }];
    for (const range of ranges) {
      for (const hs of [[], ['6109'], ['620342']]) {
        const label = JSON.stringify([range, hs]);
        const byPair = await pairDetails(db, 'export', pairs(), range, hs, 'pair');
        expect(byPair.size, label).toBeGreaterThan(0);
        expect(await pairDetails(db, 'export', pairs(), range, hs, 'months'), label).toEqual(byPair);
        expect(await pairDetails(db, 'export', pairs(), range, hs), label).toEqual(byPair);
      }
    }
    // The cases measured (see byPairReadsLess): 10M rows over 36 months, then 1M.
    expect(byPairReadsLess(9, 21_255_226, 3, 36)).toBe(false);
    expect(byPairReadsLess(7, 21_255_226, 12, 36)).toBe(true);
    expect(byPairReadsLess(8, 21_255_226, 10, 36)).toBe(true);
    expect(byPairReadsLess(30, 21_255_226, 6, 36)).toBe(false);
    expect(byPairReadsLess(2, 21_255_226, 3, 36)).toBe(false);
    expect(byPairReadsLess(172, 21_255_226, 12, 36)).toBe(false);
    expect(byPairReadsLess(17, 2_216_475, 12, 36)).toBe(false);
    expect(byPairReadsLess(1, 2_216_475, 36, 36)).toBe(true);
    expect(byPairReadsLess(3, 40, 3, 3)).toBe(false);
  });

  it('edges along a path are the edges of the path nodes between consecutive ones', async () => {
    const db = get().store.db;
    const path = [ids.F1, ids.T1, ids.F2];
    // Whole months read the company sides; a day range the declarations.
    for (const range of [{ from: null, to: null }, { from: '2024-02-01', to: '2024-03-31' }, { from: '2024-02-01', to: '2024-03-01' }]) {
      const along = await edgesAlong(db, path, range);
      const consecutive = (a: number, b: number) => path.some((id, i) => i > 0 && ((path[i - 1] === a && id === b) || (path[i - 1] === b && id === a)));
      const touching = (await edgesTouching(db, path, range)).filter((e) => consecutive(e.company_id, e.partner_company_id));
      const key = (e: { flow: string; company_id: number; partner_company_id: number }) => `${e.flow}|${e.company_id}|${e.partner_company_id}`;
      expect(along.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(touching.sort((a, b) => key(a).localeCompare(key(b))));
    }
    // A trader and its partner in different lists of the sides' reads: the pair once, as with one list.
    const key = (e: { flow: string; company_id: number; partner_company_id: number }) => `${e.flow}|${e.company_id}|${e.partner_company_id}`;
    const spread = [ids.T1, ...Array.from({ length: 15 }, (_, i) => 900_000 + i), ids.F1, ids.F2, ids.T2];
    const once = await edgesTouching(db, [ids.T1, ids.F1, ids.F2, ids.T2], { from: null, to: null });
    expect((await edgesTouching(db, spread, { from: null, to: null })).sort((a, b) => key(a).localeCompare(key(b)))).toEqual(once.sort((a, b) => key(a).localeCompare(key(b))));
    expect(once).toHaveLength(4);
    const all = await edgesAlong(db, path, { from: null, to: null });
    expect(all.find((e) => e.flow === 'import')).toEqual({ flow: 'import', company_id: ids.T1, partner_company_id: ids.F2, records: 1, value_cents: 50_000 });
    expect(all.find((e) => e.flow === 'export' && e.partner_company_id === ids.F1)).toMatchObject({ records: 3, value_cents: 45_000 });
  });

  it('costs a frontier by the rows of its companies on either side, over the range', async () => {
    const db = get().store.db;
    const all = { from: null, to: null };
    // T1: one row per month, partner, flow and HS6 it traded (two codes in January, the two lines
    // of one HS6 in February as one row, one in March, one to F2, one import from F2).
    expect(await edgeRows(db, [ids.T1], all)).toBe(6);
    expect(await edgeRows(db, [ids.T1], { from: '2024-01-01', to: '2024-01-31' })).toBe(2);
    expect(await edgeRows(db, [ids.T2], all)).toBe(2);
    // F1 as the partner of four declarations, six rows; two companies are summed.
    expect(await edgeRows(db, [ids.F1], all)).toBe(6);
    expect(await edgeRows(db, [ids.T2, ids.F1], all)).toBe(8);
    expect(await edgeRows(db, [987_654], all)).toBe(0);
    // Too many to count, or days inside a month: costed by their number alone.
    expect(await edgeRows(db, Array.from({ length: 17 }, (_, i) => i + 1), all)).toBe(17_000);
    expect(await edgeRows(db, [ids.T1], { from: '2024-01-02', to: null })).toBe(1_000);
  });

  it('a trade path grows from the end whose edges cost fewer rows', async () => {
    const db = get().store.db;
    // T1 (6 rows) and T2 (2 rows) both sell to F1. From T2's end the path is found after visiting
    // T1, T2 and F1; from T1's end (as a count of companies, a tie, would choose) F2 is visited too.
    for (const [from, to] of [[ids.T1, ids.T2], [ids.T2, ids.T1]] as const) {
      const r = await tradePath(db, from, to, 4, 100, { from: null, to: null });
      expect(r.path).toEqual([from, ids.F1, to]);
      expect(r.visited).toBe(3);
    }
  });

  it('trade span: first and last date on either side', async () => {
    const db = get().store.db;
    expect(await tradeSpan(db, ids.T1)).toEqual({ first: '2024-01-05', last: '2024-03-31' });
    expect(await tradeSpan(db, ids.F2)).toEqual({ first: '2024-02-01', last: '2024-03-01' });
    expect(await tradeSpan(db, 987_654)).toEqual({ first: null, last: null });
  });

  // Last: it adds a batch. Until its month is compacted, a key of the pairs by product and month
  // has a row per batch, whose days are combined as the least and the greatest.
  it('pair details over two batches of one key, and verify against the records (a wrong day found)', async () => {
    const { store } = get();
    await writeBatch(store, [decl('7', 'export', 'T1', 'F1', '2024-01-25', [['610910000011', 10]])], { batchKey: 'pair-queries-2', source: 'test' });
    const january = await pairDetails(store.db, 'export', [{ company_id: ids.T1, partner_company_id: ids.F1 }], { from: '2024-01-01', to: '2024-01-31' }, []);
    expect(january.get(`${ids.T1}|${ids.F1}`)).toEqual({ first: '2024-01-05', last: '2024-01-25', products: [{ hs_code: '610910', value_cents: 11_000 }, { hs_code: '620342', value_cents: 5_000 }] });
    const analytics = await analyticsOf(store.db);
    const check = async () => (await verifyAnalytics(store.db, analytics)).find((c) => c.table === PAIR_PRODUCTS_BY_MONTH);
    expect(await check()).toMatchObject({ differences: 0 });
    const tamper = (by: number) => analytics.execute(`update ${PAIR_PRODUCTS_BY_MONTH} set last_day = last_day + ${by} where period = 202401 and hs6 = '620342'`);
    await tamper(1);
    try {
      expect((await check())?.differences).toBeGreaterThan(0);
    } finally {
      await tamper(-1);
    }
  });
});
