// A bill search `q` matches a bill when any of its folded shipper, consignee or goods texts contains
// it. On PostgreSQL that is one LIKE over the three folded texts joined (migration 045, one trigram
// index): it must find exactly the bills the LIKEs over each text find, also where a query would
// span the end of one text and the start of the next, or where a text holds the separator itself.
import { it, expect } from 'vitest';
import { sql, type Insertable, type Kysely } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import { prng } from '../helpers/random-records.js';
import { anyContainsFolded, foldedSql, likePattern } from '../../src/db/dialect.js';
import { listBills, parseBillFilter } from '../../src/features/flows/bills-of-lading.js';
import { up as joinTexts, BILL_TEXT_COLUMNS } from '../../src/db/migrations/045-bill-text-joined-index.js';
import { foldTurkish } from '../../src/domain/codes/text.js';
import type { DB } from '../../src/db/schema.js';

type Bill = Insertable<DB['bills_of_lading']>;

function bill(n: string, shipper: string, consignee: string, goods: string): Bill {
  return {
    bl_number: n, flow: 'import', carrier_scac: 'MSCU', vessel: null, voyage: '1W', booking_number: null, port_of_loading: 'DEHAM', port_of_discharge: 'TRMER',
    shipper_name: shipper, shipper_company_id: null, consignee_name: consignee, consignee_company_id: null, notify_party: null,
    packages: 1, package_type: 'CT', gross_weight_kg: 1, volume_m3: null, goods_description: goods, issued_at: '2024-03-01', shipped_on_board_at: null, source: 'test',
  };
}

// Texts whose ends and starts would run together if joined by a space or by nothing, texts holding
// separators of their own, and Turkish letters that fold.
const TRICKY: [string, string, string][] = [
  ['Alfa Tekstil LTD', 'DELTA GmbH', 'Cotton yarn'],
  ['Alfa Tekstil', 'LTD DELTA', 'YARN|COTTON'],
  ['ÇELİK A.Ş.', 'Şişe Cam', 'BORU | VANA'],
  ['Uşak|Deri', 'Ege\nTarım', 'İĞNE\tİPLİK'],
  ['abc', 'def', 'ghi'],
  ['ab', 'cd', 'ef'],
  ['x', 'y', 'z'],
];
const QUERIES = [
  'ltd delta', 'ltd', 'delta', 'tekstil ltd', 'gmbh cotton', 'yarn cotton', 'cotton', 'yarn', 'as sise', 'a s', 'sise cam', 'boru vana', 'cam boru',
  'usak deri', 'ege tarim', 'igne iplik', 'deri ege', 'tarim igne', 'abc def', 'abcdef', 'c d', 'cdef', 'bcd', 'abc', 'ghi', 'ab cd', 'abcd', 'x y', 'y z', 'xy', 'z',
];

describeEachStore('bill search over the joined texts', (get) => {
  /** The bills of `q` as the LIKEs over each folded text find them. */
  async function eachText(q: string): Promise<string[]> {
    const cols = ['shipper_name', 'consignee_name', 'goods_description'].map((c) => sql`${foldedSql(sql.ref(c))} like ${likePattern(q)} escape '\\'`);
    const r = await sql<{ bl_number: string }>`select bl_number from bills_of_lading where flow = 'import' and (${sql.join(cols, sql` or `)}) order by 1`.execute(get().store.db);
    return r.rows.map((b) => b.bl_number);
  }

  const searched = async (q: string) => (await listBills(get().store, parseBillFilter({ q }, 'import'), null, 10_000)).map((b) => b.bl_number).sort();

  it('finds the bills of the texts one by one, never a match across two texts', async () => {
    const { store } = get();
    await store.db.insertInto('bills_of_lading').values(TRICKY.map(([s, c, g], i) => bill(`T${i}`, s, c, g))).execute();
    for (const raw of QUERIES) {
      const q = foldTurkish(raw);
      expect(await searched(q), q).toEqual(await eachText(q));
    }
    // Spanning two texts of T0, T4 or T6, these would match them in a join by a space or by nothing.
    const spanning: [string, string[]][] = [['ltd delta', ['T1']], ['gmbh cotton', []], ['abc def', []], ['abcdef', []], ['c d', []], ['cdef', []], ['x y', []], ['xy', []]];
    for (const [q, want] of spanning) expect(await searched(q), q).toEqual(want);
    // A text's own separators stay in the stored folded text, which a query (letters, digits, spaces) does not span.
    expect(await searched('yarn cotton')).toEqual([]);
    expect(await searched('cotton')).toEqual(['T0', 'T1']);
    expect(await searched('abc')).toEqual(['T4']);
  });

  it('finds the same bills as the texts one by one on random texts and queries cut from them', async () => {
    const { store } = get();
    const r = prng(45);
    const alphabet = ['a', 'b', 'ı', 'İ', 'ş', 'Ç', ' ', ' ', '|', '-', '.', '\n', '1'];
    const text = () => Array.from({ length: r.int(0, 8) }, () => r.pick(alphabet)).join('');
    const bills = Array.from({ length: 300 }, (_, i) => bill(`R${i}`, text(), text(), text()));
    await store.db.insertInto('bills_of_lading').values(bills).execute();
    let found = 0;
    for (let k = 0; k < 150; k++) {
      // A query cut from a bill's texts as they would be joined, so that many span two of them.
      const b = r.pick(bills);
      const whole = `${b.shipper_name} ${b.consignee_name} ${b.goods_description}`;
      const at = r.int(0, whole.length);
      const q = foldTurkish(whole.slice(at, at + r.int(1, 6)));
      if (!q) continue;
      const want = await eachText(q);
      found += want.length;
      expect(await searched(q), JSON.stringify(q)).toEqual(want);
    }
    expect(found).toBeGreaterThan(100);
  });

  it('reads the one trigram index on PostgreSQL, built again for the bills a store holds', async () => {
    const { store, target } = get();
    if (target.engine !== 'postgres') return;
    const names = async () => (await sql<{ n: string }>`select indexname as n from pg_indexes where schemaname = current_schema() and tablename = 'bills_of_lading' and indexname like '%trgm' order by 1`.execute(store.db)).rows.map((x) => x.n);
    expect(await names()).toEqual(['bills_of_lading_text_trgm']);
    await sql`drop index bills_of_lading_text_trgm`.execute(store.db);
    // A load killed with the old indexes dropped left them in its record: they leave it, the rest stays.
    const record = [{ table: 'bills_of_lading', name: 'bills_of_lading_goods_trgm', sql: 'x' }, { table: 'bills_of_lading', name: 'bills_of_lading_carrier', sql: 'y' }];
    await store.db.insertInto('settings').values({ key: 'load.deferred_indexes', value: JSON.stringify(record) }).execute();
    await store.db.transaction().execute((trx) => joinTexts(trx as unknown as Kysely<unknown>, 'postgres'));
    expect(await names()).toEqual(['bills_of_lading_text_trgm']);
    const left = await store.db.selectFrom('settings').select('value').where('key', '=', 'load.deferred_indexes').executeTakeFirstOrThrow();
    expect(JSON.parse(left.value)).toEqual([record[1]]);
    await store.db.deleteFrom('settings').where('key', '=', 'load.deferred_indexes').execute();
    // The search's LIKE is the index's expression (sequential scans off, as a large table would have it).
    const plan = await store.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const where = anyContainsFolded('postgres', BILL_TEXT_COLUMNS.map((c) => sql.ref(`b.${c}`)), 'tekstil');
      return sql<Record<string, string>>`explain select bl_number from bills_of_lading b where ${where}`.execute(trx);
    });
    expect(plan.rows.map((x) => Object.values(x)[0]).join('\n')).toContain('Bitmap Index Scan on bills_of_lading_text_trgm');
    expect(await searched('alfa tekstil')).toEqual(['T0', 'T1']);
  });
});
