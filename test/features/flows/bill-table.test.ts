// Bill-of-lading lists answered from the in-memory table must be the lists the SQL gives and what
// a brute-force scan of the stored bills finds: same bills, same order (issue date, then B/L number,
// newest first), each visited once along the cursors; a bill written later shows within seconds.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { randomDeclarations, prng } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { billRows, listBills, parseBillFilter, type BillFilter } from '../../../src/features/flows/bills-of-lading.js';
import { billPage, billTable, forgetBillTables } from '../../../src/features/flows/bill-table.js';
import { foldTurkish } from '../../../src/domain/codes/text.js';
import type { Store } from '../../../src/db/connect.js';
import type { DB } from '../../../src/db/schema.js';
import type { Insertable } from 'kysely';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));
type Bill = Insertable<DB['bills_of_lading']>;

const TURKISH = ['TRMER', 'TRAMB', 'TRIST'];
// Known ports of several countries, and codes the reference does not know (matched by their first letters).
const FOREIGN = ['DEHAM', 'CNSHA', 'USNYC', 'GBFXT', 'ITGOA', 'DEZZZ', 'QQABC'];
const NAMES = ['Fırat Gıda İth. İhr. A.Ş.', 'ÖZGÜR TEKSTİL SANAYİ', 'Çelik Boru Ltd.', 'Hamburg Trading GmbH', 'Shanghai Textile Co.', 'ıspanaklı Börek A.Ş.', 'SEA SHIPPERS INC'];
const GOODS = ['COTTON T-SHIRTS', 'Fındık, kabuksuz', 'STEEL PIPES (SEAMLESS)', 'Otomobil yedek parçası', 'ÖRME KUMAŞ'];
const VESSELS = ['MV ÖRNEK', 'mv örnek', 'EVER ACE', 'Ever Ace', null];
const WORDS = ['firat', 'ith ihr', 'ith. ihr', 'ozgur', 'tekstil', 'celik boru', 'gmbh', 'co.', 'ispanakli', 'cotton', 't-shirts', 'findik', 'seamless', 'parcasi', 'orme', 'zzqx', 'a.s'];

function randomBills(seed: number, n: number, prefix: string): Bill[] {
  const r = prng(seed);
  return Array.from({ length: n }, (_, k) => {
    const flow = r.next() < 0.5 ? 'import' : 'export';
    const tr = r.pick(TURKISH);
    const foreign = r.pick(FOREIGN);
    return {
      // Numbers of different lengths, so ties on a date order them as text (BL9 after BL10).
      bl_number: `${prefix}${r.int(1, 3) === 1 ? '' : 'X'}${k}`,
      flow, carrier_scac: r.pick(['MAEU', 'MSCU', 'CMDU']), vessel: r.pick(VESSELS), voyage: '1W', booking_number: null,
      port_of_loading: flow === 'import' ? foreign : tr, port_of_discharge: flow === 'import' ? tr : foreign,
      shipper_name: r.pick(NAMES), shipper_company_id: r.next() < 0.7 ? r.int(1, 8) : null,
      consignee_name: r.pick(NAMES), consignee_company_id: r.next() < 0.7 ? r.int(1, 8) : null, notify_party: null,
      packages: r.int(1, 50), package_type: 'CT', gross_weight_kg: r.int(100, 20_000), volume_m3: null, goods_description: r.pick(GOODS),
      issued_at: `2024-0${r.int(1, 4)}-${String(r.int(1, 12)).padStart(2, '0')}`, shipped_on_board_at: null, source: 'test',
    };
  });
}

/** Bills are written with declarations, in an ingestion batch, as the seed writes them. */
async function writeBills(store: Store, key: string, bills: Bill[]): Promise<void> {
  const records = randomDeclarations(key.length * 7 + bills.length, 2, offices, `B${key}`);
  await writeBatch(store, records, {
    batchKey: key,
    source: 'test',
    alsoWrite: async (trx) => {
      for (let i = 0; i < bills.length; i += 100) await trx.insertInto('bills_of_lading').values(bills.slice(i, i + 100)).execute();
    },
  });
}

const fold = (s: string) => s.replace(/[İIı]/g, 'i').replace(/[Şş]/g, 's').replace(/[Ğğ]/g, 'g').replace(/[Çç]/g, 'c').replace(/[Öö]/g, 'o').replace(/[Üü]/g, 'u').toLowerCase();

describeEachStore('bill-of-lading lists from the in-memory table', (get) => {
  let bills: Bill[] = [];
  beforeAll(async () => {
    forgetBillTables();
    bills = randomBills(5, 700, 'BL');
    await writeBills(get().store, 'bills-1', bills);
  });

  async function walk(read: (after: [string, string] | null, limit: number) => Promise<{ bl_number: string; issued_at: string }[]>, limit: number): Promise<string[][]> {
    const pages: string[][] = [];
    let after: [string, string] | null = null;
    for (let guard = 0; guard < 500; guard++) {
      const rows = await read(after, limit);
      const page = rows.slice(0, limit);
      pages.push(page.map((b) => b.bl_number));
      if (rows.length <= limit) break;
      const last = page[page.length - 1]!;
      after = [last.issued_at, last.bl_number];
    }
    return pages;
  }

  function bruteForce(f: BillFilter): string[] {
    // Every port here is of the country its code starts with.
    const inCountry = (port: string) => f.countries.includes(port.slice(0, 2));
    return bills
      .filter((b) =>
        b.flow === f.flow &&
        (!f.from || String(b.issued_at) >= f.from) &&
        (!f.to || String(b.issued_at) <= f.to) &&
        (!f.ports.length || f.ports.includes(b.port_of_loading) || f.ports.includes(b.port_of_discharge)) &&
        (!f.countries.length || inCountry(f.flow === 'import' ? b.port_of_loading : b.port_of_discharge)) &&
        (!f.carriers.length || f.carriers.includes(b.carrier_scac)) &&
        (f.companyId === null || b.shipper_company_id === f.companyId || b.consignee_company_id === f.companyId) &&
        (!f.q || [b.shipper_name, b.consignee_name, b.goods_description].some((t) => fold(t).includes(f.q!))))
      .sort((a, b) => (a.issued_at! < b.issued_at! ? 1 : a.issued_at! > b.issued_at! ? -1 : a.bl_number < b.bl_number ? 1 : a.bl_number > b.bl_number ? -1 : 0))
      .map((b) => b.bl_number);
  }

  it('gives the pages of the SQL and of a brute-force scan for random filters, free text and page sizes', async () => {
    const { store } = get();
    const r = prng(12);
    let nonEmpty = 0;
    for (let n = 0; n < 60; n++) {
      const query: Record<string, unknown> = {};
      if (r.next() < 0.5) query.from = r.pick(['2024-02', '2024-01-05', '2024-03-07']);
      if (r.next() < 0.5) query.to = r.pick(['2024-03', '2024-04-10', '2024-02-05']);
      if (r.next() < 0.3) query.port = r.pick(['TRMER', 'DEHAM,CNSHA', 'TRIST', 'NLRTM']);
      if (r.next() < 0.3) query.country = r.pick(['DE', 'CHN', 'US,GB', 'IT', 'FR']);
      if (r.next() < 0.3) query.carrier = r.pick(['maeu', 'MSCU,CMDU', 'ZZZZ']);
      if (r.next() < 0.2) query.vessel = r.pick(['mv örnek', 'MV ÖRNEK', 'ever ace', 'NONE']);
      if (r.next() < 0.3) query.company_id = r.int(1, 9);
      if (r.next() < 0.5) query.q = r.pick(WORDS);
      let f: BillFilter;
      try {
        f = parseBillFilter(query, r.pick(['import', 'export'] as const));
      } catch {
        continue; // e.g. `to` before `from`
      }
      const limit = r.pick([1, 7, 50]);
      const fromSql = await walk((after, l) => listBills(store.db, f, after, l), limit);
      const fromMemory = await walk((after, l) => billRows(store, f, after, l), limit);
      expect(fromMemory, JSON.stringify(query)).toEqual(fromSql);
      const flat = fromMemory.flat();
      expect(new Set(flat).size).toBe(flat.length);
      // Vessel matching follows the engine's upper(): the SQL is its reference.
      if (!query.vessel) expect(flat, JSON.stringify(query)).toEqual(bruteForce(f));
      if (flat.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(25);
  });

  it('is answered by the table, and by the store for a cursor whose bill it does not hold', async () => {
    const { store } = get();
    const t = await billTable(store);
    const f = parseBillFilter({}, 'export');
    expect(billPage(t, f, null, 10)).toHaveLength(10);
    const first = (await billRows(store, f, null, 3))[2]!;
    expect(billPage(t, f, [first.issued_at, first.bl_number], 5)).not.toBeNull();
    const unknown: [string, string] = ['2024-03-01', 'NOT-A-BILL'];
    expect(billPage(t, f, unknown, 5)).toBeNull();
    expect((await billRows(store, f, unknown, 5)).map((b) => b.bl_number)).toEqual((await listBills(store.db, f, unknown, 5)).map((b) => b.bl_number));
    expect(foldTurkish('İTH')).toBe('ith');
  });

  it('answers from the store when the table cannot be read', async () => {
    const { store } = get();
    forgetBillTables();
    const broken = { db: store.db, engine: 'sqlite' as const, sqlite: { prepare: () => { throw new Error('unreadable'); } } } as unknown as Store;
    const f = parseBillFilter({ q: 'tekstil' }, 'export');
    const want = (await listBills(store.db, f, null, 20)).map((b) => b.bl_number);
    expect(want.length).toBeGreaterThan(0);
    expect((await billRows(broken, f, null, 20)).map((b) => b.bl_number)).toEqual(want);
    forgetBillTables();
  });

  it('shows a bill written in a later batch within seconds, without clearing anything', async () => {
    const { store } = get();
    const f = parseBillFilter({ q: 'kestane' }, 'import');
    await billRows(store, f, null, 10); // the table exists before the write
    const late = randomBills(9, 3, 'LATE').map((b) => ({ ...b, flow: 'import' as const, goods_description: 'KESTANE ŞEKERİ' }));
    await writeBills(store, 'bills-late', late);
    const want = late.map((b) => b.bl_number).sort();
    let got: string[] = [];
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      got = (await billRows(store, f, null, 10)).map((b) => b.bl_number).sort();
      if (got.length === want.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(got).toEqual(want);
    bills = [...bills, ...late];
  }, 15_000);
});
