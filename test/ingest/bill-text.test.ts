// SQLite: a large insert of bills fills their text index with one statement instead of its
// trigger (src/ingest/bill-text.ts). Afterwards every bill has its text, the trigger is back as it
// was, a search finds what the folded LIKE finds, and a batch that fails leaves the trigger in place.
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { sql } from 'kysely';
import { freshStore } from '../helpers/stores.js';
import type { Store } from '../../src/db/connect.js';
import { seedStore } from '../../src/synth/seed.js';
import { deferBillText } from '../../src/ingest/bill-text.js';
import { foldedSql, textIndexPhrase } from '../../src/db/dialect.js';

const textMatch = (q: string) => textIndexPhrase('sqlite', q)!;

const PERIOD = { from: { year: 2024, month: 1, period: 202401 }, to: { year: 2024, month: 6, period: 202406 } };

function trigger(store: Store): string | undefined {
  return (store.sqlite!.prepare(`select sql from sqlite_master where type = 'trigger' and name = 'bills_of_lading_text_insert'`).get() as { sql: string } | undefined)?.sql;
}

function count(store: Store, table: string): number {
  return Number((store.sqlite!.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
}

describe('bill texts indexed after a large insert (SQLite)', () => {
  let store: Store;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ store, close } = await freshStore({ engine: 'sqlite', url: 'sqlite::memory:' }));
  });
  afterEach(() => close());

  it('a seed batch of thousands of bills leaves every bill searchable and the trigger as it was', async () => {
    const before = trigger(store);
    expect(before).toBeDefined();
    await seedStore(store, { seed: 5, declarations: 3_000, ...PERIOD, batchSize: 3_000 });
    const bills = count(store, 'bills_of_lading');
    expect(bills).toBeGreaterThan(1_000); // large enough for the deferred path
    expect(count(store, 'bills_of_lading_text')).toBe(bills);
    expect(trigger(store)).toBe(before);
    let found = 0;
    for (const q of ['gida', 'tekstil', 'ltd', 'ith']) {
      const like = await sql<{ n: number }>`select count(*) as n from bills_of_lading where ${foldedSql(sql.ref('goods_description'))} like ${`%${q}%`}`.execute(store.db);
      const fts = await sql<{ n: number }>`select count(*) as n from bills_of_lading_text where bills_of_lading_text match ${`goods : ${textMatch(q)}`}`.execute(store.db);
      expect(Number(fts.rows[0]!.n)).toBe(Number(like.rows[0]!.n));
      found += Number(like.rows[0]!.n);
    }
    expect(found).toBeGreaterThan(0);
    // Bills written one at a time afterwards go through the trigger again.
    const one = sql`insert into bills_of_lading (bl_number, flow, carrier_scac, port_of_loading, port_of_discharge, shipper_name, consignee_name, gross_weight_kg, goods_description, issued_at, source)
      values ('TESTBL1', 'export', 'MSCU', 'TRMER', 'DEHAM', 'Örnek İhracat', 'Buyer GmbH', 1, 'Zeytinyağı ŞİŞE', '2024-02-01', 'test')`;
    await one.execute(store.db);
    expect(count(store, 'bills_of_lading_text')).toBe(bills + 1);
    const hit = await sql<{ n: number }>`select count(*) as n from bills_of_lading_text where bills_of_lading_text match ${`goods : ${textMatch('zeytinyagi sise')}`}`.execute(store.db);
    expect(Number(hit.rows[0]!.n)).toBe(1);
  });

  it('a batch that fails after dropping the trigger gets it back with the rollback', () => {
    const before = trigger(store);
    const raw = store.sqlite!;
    expect(() =>
      raw.transaction(() => {
        deferBillText(store, 5_000);
        expect(trigger(store)).toBeUndefined();
        throw new Error('batch failed');
      })(),
    ).toThrow('batch failed');
    expect(trigger(store)).toBe(before);
  });

  it('small inserts keep the trigger', () => {
    const raw = store.sqlite!;
    raw.transaction(() => {
      const restore = deferBillText(store, 10);
      expect(trigger(store)).toBeDefined();
      restore();
    })();
  });
});
