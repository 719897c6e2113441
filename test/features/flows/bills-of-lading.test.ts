// Bill-of-lading lists from the store's indexes must be what a brute-force scan of the stored bills
// finds: same bills, same order (issue date, then B/L number, newest first), each visited once along
// the cursors, whichever way the text index is used; a bill written, changed or removed shows at once.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { randomDeclarations, prng } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { PORTS } from '../../../src/reference/ports.js';
import { listBills, parseBillFilter, type BillFilter } from '../../../src/features/flows/bills-of-lading.js';
import { up as buildTextIndex } from '../../../src/db/migrations/041-bill-text-index.js';
import { foldedSql, likePattern } from '../../../src/db/dialect.js';
import { sql } from 'kysely';
import type { Store } from '../../../src/db/connect.js';
import type { DB } from '../../../src/db/schema.js';
import type { Insertable, Kysely } from 'kysely';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));
type Bill = Insertable<DB['bills_of_lading']>;

const TURKISH = ['TRMER', 'TRAMB', 'TRIST'];
// Known ports of several countries, and codes the reference does not know (matched by their first letters).
// XTRKPK, a Turkish land gateway, is a known port whose code does not start with its country.
const FOREIGN = ['DEHAM', 'CNSHA', 'USNYC', 'GBFXT', 'ITGOA', 'DEZZZ', 'QQABC', 'XTRKPK'];
const NAMES = ['Fırat Gıda İth. İhr. A.Ş.', 'ÖZGÜR TEKSTİL SANAYİ', 'Çelik Boru Ltd.', 'Hamburg Trading GmbH', 'Shanghai Textile Co.', 'ıspanaklı Börek A.Ş.', 'SEA SHIPPERS INC'];
// Brackets and wildcards in a text, and in a query (which keeps its letters, digits and spaces).
const GOODS = ['COTTON T-SHIRTS', 'Fındık, kabuksuz', 'STEEL PIPES (SEAMLESS)', 'Otomobil yedek parçası', 'ÖRME KUMAŞ', 'SPARE PARTS [SET] * 2?'];
const VESSELS = ['MV ÖRNEK', 'mv örnek', 'EVER ACE', 'Ever Ace', null];
// Short ones (fewer than three letters once folded) are matched without the trigram index.
const WORDS = ['firat', 'ith ihr', 'ith. ihr', 'ÖZGÜR', 'tekstil', 'celik boru', 'gmbh', 'co.', 'ispanakli', 'cotton', 't-shirts', 'FINDIK', 'seamless', 'parcasi', 'orme', 'zzqx', 'a.s', 'ık', 'e', '2?', '[set]', 't] *', 's [s'];

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

describeEachStore('bill-of-lading lists from the store', (get) => {
  let bills: Bill[] = [];
  beforeAll(async () => {
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
    // A port is of its country in the reference, else of the country its code starts with.
    const inCountry = (port: string) => f.countries.includes(PORTS.find((p) => p.code === port)?.country ?? port.slice(0, 2));
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

  const numbers = async (f: BillFilter, limit = 1000) => (await listBills(get().store, f, null, limit)).map((b) => b.bl_number).sort();

  it('gives the pages of a brute-force scan for random filters, free text and page sizes, reading the text matches, a gateway filter\'s index or several gateways intersected, walking the list with them or scanning', async () => {
    const { store } = get();
    const r = prng(12);
    let nonEmpty = 0;
    let withText = 0;
    let severalGateways = 0;
    let textAndGateway = 0;
    let turkishGateway = 0;
    for (let n = 0; n < 60; n++) {
      const query: Record<string, unknown> = {};
      if (r.next() < 0.5) query.from = r.pick(['2024-02', '2024-01-05', '2024-03-07']);
      if (r.next() < 0.5) query.to = r.pick(['2024-03', '2024-04-10', '2024-02-05']);
      // TRMER,DEHAM: bills at both ends of it.
      if (r.next() < 0.3) query.port = r.pick(['TRMER', 'DEHAM,CNSHA', 'TRIST', 'NLRTM', 'TRMER,DEHAM']);
      if (r.next() < 0.3) query.country = r.pick(['DE', 'CHN', 'US,GB', 'IT', 'FR', 'TR']);
      if (r.next() < 0.3) query.carrier = r.pick(['maeu', 'MSCU,CMDU', 'ZZZZ']);
      if (r.next() < 0.2) query.vessel = r.pick(['mv örnek', 'MV ÖRNEK', 'ever ace', 'NONE']);
      if (r.next() < 0.3) query.company_id = r.int(1, 9);
      if (r.next() < 0.6) query.q = r.pick(WORDS);
      let f: BillFilter;
      try {
        f = parseBillFilter(query, r.pick(['import', 'export'] as const));
      } catch {
        continue; // e.g. `to` before `from`
      }
      const limit = r.pick([1, 7, 50]);
      const sorted = await walk((after, l) => listBills(store, f, after, l), limit);
      const walked = await walk((after, l) => listBills(store, f, after, l, { few: 0, many: 1e9, gatewayRead: 0 }), limit);
      const scanned = await walk((after, l) => listBills(store, f, after, l, { few: 0, many: 0, gatewayRead: 0 }), limit);
      // A carrier, port or country read through its own index, with and without the text matches.
      const driven = await walk((after, l) => listBills(store, f, after, l, undefined, 1e9), limit);
      const drivenWalked = await walk((after, l) => listBills(store, f, after, l, { few: 0, many: 1e9, gatewayRead: 0 }, 1e9), limit);
      const notDriven = await walk((after, l) => listBills(store, f, after, l, undefined, -1, null), limit);
      // No gateway alone, all of them intersected (read only when two or more are given).
      const joined = await walk((after, l) => listBills(store, f, after, l, undefined, -1, { cap: 1e9, each: 1e9 }), limit);
      // The text matches among the smallest gateway's bills, sized alone or for an intersection not taken.
      const matchedAlone = await walk((after, l) => listBills(store, f, after, l, { few: 0, many: 1e9, gatewayRead: 0 }, -1, null), limit);
      const matchedSized = await walk((after, l) => listBills(store, f, after, l, { few: 0, many: 1e9, gatewayRead: 0 }, -1, { cap: -1, each: 1e9 }), limit);
      // A text past MANY tested on the smallest gateway's bills.
      const likeOnGateway = await walk((after, l) => listBills(store, f, after, l, { few: 0, many: 0, gatewayRead: 1e9 }, -1, null), limit);
      // PostgreSQL: every text's matches read from the indexes, or a stretch of one bill a row first.
      const allMatched = await walk((after, l) => listBills(store, f, after, l, { few: 1e9, many: 1e9, gatewayRead: 0, walkFirst: 0 }), limit);
      const shortStretch = await walk((after, l) => listBills(store, f, after, l, { few: 2000, many: 1e9, gatewayRead: 0, walkFirst: 1 }), limit);
      expect(walked, JSON.stringify(query)).toEqual(sorted);
      expect(scanned, JSON.stringify(query)).toEqual(sorted);
      expect(driven, JSON.stringify(query)).toEqual(sorted);
      expect(drivenWalked, JSON.stringify(query)).toEqual(sorted);
      expect(notDriven, JSON.stringify(query)).toEqual(sorted);
      expect(joined, JSON.stringify(query)).toEqual(sorted);
      expect(matchedAlone, JSON.stringify(query)).toEqual(sorted);
      expect(matchedSized, JSON.stringify(query)).toEqual(sorted);
      expect(likeOnGateway, JSON.stringify(query)).toEqual(sorted);
      expect(allMatched, JSON.stringify(query)).toEqual(sorted);
      expect(shortStretch, JSON.stringify(query)).toEqual(sorted);
      const flat = sorted.flat();
      expect(new Set(flat).size).toBe(flat.length);
      // Vessel matching follows the engine's upper(); the other filters are checked here.
      if (!query.vessel) expect(flat, JSON.stringify(query)).toEqual(bruteForce(f));
      if (flat.length) nonEmpty++;
      if (flat.length && f.q) withText++;
      const gateways = [query.port, query.country, query.carrier, query.company_id].filter((v) => v !== undefined).length;
      if (flat.length && gateways >= 2) severalGateways++;
      if (flat.length && gateways && f.q && f.q.length >= 3) textAndGateway++;
      if (flat.length && query.country === 'TR') turkishGateway++;
    }
    expect(nonEmpty).toBeGreaterThan(25);
    expect(withText).toBeGreaterThan(8);
    expect(severalGateways).toBeGreaterThan(3);
    expect(textAndGateway).toBeGreaterThan(3);
    expect(turkishGateway).toBeGreaterThan(0);
  });

  it('matches the texts as folded LIKE does, for every word', async () => {
    const { store } = get();
    for (const word of [...WORDS, 'i', 'sirts', 'a s', 'gida ith', 'borek a s']) {
      const f = parseBillFilter({ q: word }, 'import');
      const like = likePattern(f.q!);
      const cols = ['shipper_name', 'consignee_name', 'goods_description'].map((c) => sql`${foldedSql(sql.ref(c))} like ${like} escape '\\'`);
      const want = await sql<{ bl_number: string }>`select bl_number from bills_of_lading where flow = 'import' and (${sql.join(cols, sql` or `)})`.execute(store.db);
      expect(await numbers(f), word).toEqual(want.rows.map((b) => b.bl_number).sort());
      // Each bill's texts tested (GLOB on SQLite), not the index's matches.
      const scanned = (await listBills(store, f, null, 1000, { few: 0, many: 0, gatewayRead: 0 })).map((b) => b.bl_number).sort();
      expect(scanned, word).toEqual(want.rows.map((b) => b.bl_number).sort());
    }
  });

  it('finds a bill written, changed or removed at once', async () => {
    const { store } = get();
    const f = parseBillFilter({ q: 'kestane' }, 'import');
    expect(await numbers(f)).toEqual([]);
    const late = randomBills(9, 3, 'LATE').map((b) => ({ ...b, flow: 'import' as const, goods_description: 'KESTANE ŞEKERİ' }));
    await writeBills(store, 'bills-late', late);
    expect(await numbers(f)).toEqual(late.map((b) => b.bl_number).sort());
    expect(await numbers(parseBillFilter({ q: 'şekeri' }, 'import'))).toEqual(late.map((b) => b.bl_number).sort());

    await store.db.updateTable('bills_of_lading').set({ goods_description: 'KURU İNCİR' }).where('bl_number', '=', late[0]!.bl_number).execute();
    await store.db.deleteFrom('bills_of_lading').where('bl_number', '=', late[1]!.bl_number).execute();
    expect(await numbers(f)).toEqual([late[2]!.bl_number]);
    expect(await numbers(parseBillFilter({ q: 'kuru incir' }, 'import'))).toEqual([late[0]!.bl_number]);
    // Kept in the brute force's copy as they are now.
    bills = [...bills, { ...late[0]!, goods_description: 'KURU İNCİR' }, late[2]!];
  });

  it('builds the text index for the bills a store already holds', async () => {
    const { store, target } = get();
    if (target.engine === 'sqlite') {
      await sql`drop table bills_of_lading_text`.execute(store.db);
      for (const t of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`bills_of_lading_text_${t}`)}`.execute(store.db);
    } else {
      for (const name of ['shipper', 'consignee', 'goods']) await sql`drop index ${sql.id(`bills_of_lading_${name}_trgm`)}`.execute(store.db);
    }
    // Bills stored before the index existed.
    const older = randomBills(11, 40, 'OLD').map((b) => ({ ...b, flow: 'export' as const, shipper_name: 'Uşak Tekstil A.Ş.' }));
    await store.db.insertInto('bills_of_lading').values(older).execute();
    bills = [...bills, ...older];
    await buildTextIndex(store.db as unknown as Kysely<unknown>, target.engine);
    const f = parseBillFilter({ q: 'tekstil' }, 'export');
    const want = bruteForce(f);
    expect(want.length).toBeGreaterThan(40);
    expect((await listBills(store, f, null, 1000)).map((b) => b.bl_number)).toEqual(want);
    expect((await listBills(store, f, null, 1000, { few: 0, many: 1e9, gatewayRead: 0 })).map((b) => b.bl_number)).toEqual(want);
    if (target.engine === 'postgres') {
      // The planner can use the trigram index for the folded LIKE (sequential scans off, as a large table would have it).
      const plan = await store.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const like = likePattern('tekstil');
        return sql<Record<string, string>>`explain select bl_number from bills_of_lading b where ${foldedSql(sql.ref('b.goods_description'))} like ${like} escape '\\'`.execute(trx);
      });
      expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toContain('bills_of_lading_goods_trgm');
    }
  });

  it('refuses free text with nothing to search for', () => {
    expect(() => parseBillFilter({ q: ' .,- ' }, 'import')).toThrow(/no letters or digits/);
  });
});
