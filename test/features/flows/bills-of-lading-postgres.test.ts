// PostgreSQL: a word in few bills or none is found through the trigram indexes, not by walking the
// list order testing every bill of the flow (issue 20), whatever the planner estimates; and the
// pages, along the cursors and with filters, are those of a plain filter over all the bills.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'kysely';
import { storeTargets, freshStore } from '../../helpers/stores.js';
import { listBills, parseBillFilter, type BillFilter, type TextPlan } from '../../../src/features/flows/bills-of-lading.js';
import type { Store } from '../../../src/db/connect.js';

const pg = storeTargets().find((t) => t.engine === 'postgres');
// Enough bills that the planner, without statistics of the folded texts, walks the list order.
const BILLS = 40_000;

interface Bill {
  bl_number: string;
  flow: string;
  carrier_scac: string;
  shipper_name: string;
  consignee_name: string;
  goods_description: string;
  shipper_company_id: number | null;
  consignee_company_id: number | null;
  port_of_loading: string;
  issued_at: string;
}

describe.skipIf(!pg)('bill-of-lading free text on PostgreSQL', () => {
  let store: Store;
  let close: () => Promise<void>;
  let bills: Bill[] = [];

  beforeAll(async () => {
    ({ store, close } = await freshStore(pg!));
    // Varied names (so the texts' statistics are not a few common values), `tekstil` in one bill
    // of ten, `kestane` in 8 bills spread over the dates, `zzqx` in none; written in date order,
    // about 60 a day, as a store is filled.
    await sql`insert into bills_of_lading (bl_number, flow, carrier_scac, port_of_loading, port_of_discharge, shipper_name, shipper_company_id,
        consignee_name, consignee_company_id, gross_weight_kg, goods_description, issued_at, source)
      select 'T' || i, case when i % 2 = 0 then 'import' else 'export' end, case when i % 3 = 0 then 'MAEU' else 'MSCU' end,
        case when i % 4 < 2 then 'DEHAM' else 'CNSHA' end, 'TRMER',
        'Firma ' || substr(md5(i::text), 1, 8) || case when i % 10 = 0 then ' Tekstil A.Ş.' else ' Ltd.' end, case when i % 5 = 0 then i % 40 + 1 end,
        'Alıcı ' || substr(md5((i * 7)::text), 1, 8), case when i % 7 = 0 then i % 40 + 1 end, 1000,
        case when i % 5000 = 17 or i % 5000 = 18 then 'KESTANE ŞEKERİ' else 'GOODS ' || substr(md5((i * 13)::text), 1, 5) end,
        date '2024-01-01' + i / 60, 'test'
      from generate_series(1, ${BILLS}) i`.execute(store.db);
    // As migration 041 leaves an existing store: the table analysed, the new indexes' folded
    // texts not, until the next ANALYZE.
    await sql`analyze bills_of_lading`.execute(store.db);
    await sql`delete from pg_statistic where starelid in (select indexrelid from pg_index where indrelid = 'bills_of_lading'::regclass)`.execute(store.db);
    const r = await sql<Bill>`select bl_number, flow, carrier_scac, shipper_name, consignee_name, goods_description, shipper_company_id, consignee_company_id,
      port_of_loading, issued_at::text as issued_at from bills_of_lading`.execute(store.db);
    bills = r.rows.map((b) => ({ ...b, shipper_company_id: b.shipper_company_id === null ? null : Number(b.shipper_company_id), consignee_company_id: b.consignee_company_id === null ? null : Number(b.consignee_company_id) }));
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  const fold = (s: string) => s.replace(/[İIı]/g, 'i').replace(/[Şş]/g, 's').replace(/[Ğğ]/g, 'g').replace(/[Çç]/g, 'c').replace(/[Öö]/g, 'o').replace(/[Üü]/g, 'u').toLowerCase();

  function plain(f: BillFilter): string[] {
    return bills
      .filter((b) =>
        b.flow === f.flow &&
        (!f.ports.length || f.ports.includes(b.port_of_loading) || f.ports.includes('TRMER')) &&
        (!f.carriers.length || f.carriers.includes(b.carrier_scac)) &&
        (f.companyId === null || b.shipper_company_id === f.companyId || b.consignee_company_id === f.companyId) &&
        (!f.q || [b.shipper_name, b.consignee_name, b.goods_description].some((t) => fold(t).includes(f.q!))))
      .sort((a, b) => (a.issued_at < b.issued_at ? 1 : a.issued_at > b.issued_at ? -1 : a.bl_number < b.bl_number ? 1 : a.bl_number > b.bl_number ? -1 : 0))
      .map((b) => b.bl_number);
  }

  /** A page and the bills PostgreSQL read for it (heap rows fetched through indexes or scanned). */
  async function examined(f: BillFilter, limit: number): Promise<{ rows: number; read: number }> {
    return store.db.transaction().execute(async (trx) => {
      // The session's counts not yet reported are in it too: the difference is this page's.
      const counted = async () => {
        const r = await sql<{ n: string }>`select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_xact_user_tables where relid = 'bills_of_lading'::regclass`.execute(trx);
        return Number(r.rows[0]?.n ?? 0);
      };
      const before = await counted();
      const rows = await listBills({ db: trx, engine: 'postgres' }, f, null, limit);
      return { rows: rows.length, read: (await counted()) - before };
    });
  }

  it('reads a stretch of the list and the matches, not every bill of the flow, for a rare or missing word', async () => {
    const limit = 10;
    // The stretches of the list order and the matches read: a few hundred bills.
    const stretch = (limit + 1) * 40;
    for (const [q, found] of [['zzqx', 0], ['kestane', 8]] as const) {
      const { rows, read } = await examined(parseBillFilter({ q }, 'import'), limit);
      expect(rows, q).toBe(found);
      // The flow holds 20,000 bills; walking them reads each.
      expect(read, q).toBeLessThan(stretch + 100);
    }
    // A common word fills its page from the stretch.
    const common = await examined(parseBillFilter({ q: 'tekstil' }, 'import'), limit);
    expect(common.rows).toBe(limit + 1);
    expect(common.read).toBeLessThanOrEqual(stretch);
  });

  it('gives the pages of a plain filter over all the bills, for common, rare and missing words, with filters, along the cursors', async () => {
    const plans: (TextPlan | undefined)[] = [
      undefined,
      // Every word through the bitmaps, or none.
      { few: 1e9, many: 1e9, gatewayRead: 0, walkFirst: 0 },
      { few: 0, many: 1e9, gatewayRead: 0, walkFirst: 0 },
      // A short stretch, then the bitmaps up to a few matches.
      { few: 50, many: 1e9, gatewayRead: 0, walkFirst: 1 },
    ];
    const queries: Record<string, unknown>[] = [];
    for (const q of ['tekstil', 'kestane', 'zzqx', 'ltd', 'şekeri']) {
      queries.push({ q }, { q, carrier: 'MAEU' }, { q, company_id: 11 }, { q, port: 'CNSHA' });
    }
    let pages = 0;
    for (const query of queries) {
      for (const flow of ['import', 'export'] as const) {
        const f = parseBillFilter(query, flow);
        const want = plain(f);
        for (const limit of [7, 50]) {
          const wantPages = [];
          for (let i = 0; i < want.length && i < 4 * limit; i += limit) wantPages.push(want.slice(i, i + limit));
          if (!wantPages.length) wantPages.push([]);
          for (const plan of plans) {
            const got: string[][] = [];
            let after: [string, string] | null = null;
            // The first four pages at most: the cursors of a long list are the same further on.
            for (let n = 0; n < 4; n++) {
              const rows = await listBills(store, f, after, limit, plan);
              const page = rows.slice(0, limit);
              got.push(page.map((b) => b.bl_number));
              pages++;
              if (rows.length <= limit) break;
              const last = page[page.length - 1]!;
              after = [last.issued_at, last.bl_number];
            }
            expect(got, `${JSON.stringify(query)} ${flow} ${limit} ${JSON.stringify(plan)}`).toEqual(wantPages);
          }
        }
      }
    }
    expect(pages).toBeGreaterThan(300);
  }, 120_000);
});
