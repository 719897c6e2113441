// `q` on record lists matches the goods descriptions of the lines through `item_texts` (migration
// 043): each line points at its own text, the texts found through the index (FTS5 trigrams on
// SQLite, a LIKE over pg_trgm on PostgreSQL) equal a LIKE over every line's folded description,
// and a store that held lines before the index gets its texts and ids filled.
import { it, expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import { foldedSql, itemTextIdsMatching, likePattern } from '../../src/db/dialect.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { listDeclarations } from '../../src/features/shared/declarations.js';
import { parseFilters } from '../../src/features/shared/filters.js';
import { makeDeclaration } from '../ingest/fixtures.js';
import { prng } from '../helpers/random-records.js';

const WORDS = ['Çelik', 'BORU', 'pamuklu', 'Tişört', 'İplik', 'ışık', 'Ünite', 'valve', '50%_off', 'Gıda'];
const QUERIES = ['celik boru', 'tisort', 'iplik', 'isik', 'unite', 'valv', '50%_', 'pamuk', 'gida', 'zzqx', 'ik'];

describeEachStore('item text index', (get) => {
  async function write(seed: number, n: number, key: string): Promise<void> {
    const r = prng(seed);
    const records = Array.from({ length: n }, (_, i) => {
      const d = makeDeclaration(seed * 1000 + i, seed * 1000 + i, `X${seed}`);
      for (const it of d.items) it.description = `${r.pick(WORDS)} ${r.pick(WORDS)} ${r.int(1, 3)}`;
      return d;
    });
    await writeBatch(get().store, records, { batchKey: key, source: 'test' });
  }

  /** Declarations with a line whose folded description holds `q`, by a LIKE over every line. */
  async function scanned(q: string): Promise<number[]> {
    const r = await sql<{ id: number }>`select distinct declaration_id as id from declaration_items
      where ${foldedSql(sql.ref('description'))} like ${likePattern(q)} escape '\\' order by 1`.execute(get().store.db);
    return r.rows.map((x) => Number(x.id));
  }

  async function indexed(q: string): Promise<number[]> {
    const { store } = get();
    const r = await sql<{ id: number }>`select distinct declaration_id as id from declaration_items
      where text_id in (${itemTextIdsMatching(store.engine, q)}) order by 1`.execute(store.db);
    return r.rows.map((x) => Number(x.id));
  }

  async function expectSameAsScan(): Promise<void> {
    for (const q of QUERIES) expect(await indexed(q), q).toEqual(await scanned(q));
    expect((await indexed('celik')).length).toBeGreaterThan(3);
  }

  async function expectEveryLinePointsAtItsText(): Promise<void> {
    const r = await sql<{ n: number | string }>`select count(*) as n from declaration_items i
      left join item_texts t on t.id = i.text_id where t.description is null or t.description <> i.description`.execute(get().store.db);
    expect(Number(r.rows[0]!.n)).toBe(0);
  }

  it('stores each distinct description once and finds what a scan of the lines finds', async () => {
    await write(1, 60, 'texts-1');
    await write(2, 60, 'texts-2');
    await expectEveryLinePointsAtItsText();
    const { db } = get().store;
    const texts = await db.selectFrom('item_texts').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
    const distinct = await sql<{ n: number | string }>`select count(distinct description) as n from declaration_items`.execute(db);
    expect(Number(texts.n)).toBe(Number(distinct.rows[0]!.n));
    await expectSameAsScan();
  });

  it('finds a declaration by a word of its goods in the record list', async () => {
    const { store } = get();
    const d = makeDeclaration(777, 777, 'Q');
    d.items[0]!.description = 'Paslanmaz ÇELİK vana gövdesi';
    await writeBatch(store, [d], { batchKey: 'texts-q', source: 'test' });
    const page = await listDeclarations(store.db, { filters: parseFilters({ q: 'celik vana' }), sort: '-registered_at', after: null, limit: 10 });
    expect(page.map((p) => p.declaration_no)).toEqual([d.declaration_no]);
    const none = await listDeclarations(store.db, { filters: parseFilters({ q: 'celik vanax' }), sort: '-registered_at', after: null, limit: 10 });
    expect(none).toEqual([]);
  });

  it('answers a list the same whether q is read through its indexes or tested along the order', async () => {
    const { store } = get();
    await write(4, 80, 'texts-4');
    const sorts = ['-registered_at', 'value_usd'] as const;
    for (const q of ['celik', 'boru 2', 'gida', 'muller', 'zzqx']) {
      for (const sort of sorts) {
        const filters = parseFilters({ q, from: '2020-01-01' });
        const drive = await listDeclarations(store.db, { filters, sort, after: null, limit: 500 }, 1e9);
        const walk = await listDeclarations(store.db, { filters, sort, after: null, limit: 500 }, -1);
        expect(drive.map((r) => r.id), `${q} ${sort}`).toEqual(walk.map((r) => r.id));
        if (q === 'celik') expect(drive.length).toBeGreaterThan(5);
        // A page in the middle: the keyset condition and the driven set together.
        if (drive.length > 3) {
          const k = drive[2]!;
          const after = { key: sort === 'value_usd' ? k.value_usd_cents : k.registered_at, id: k.id };
          const rest = await listDeclarations(store.db, { filters, sort, after, limit: 500 }, 1e9);
          expect(rest.map((r) => r.id)).toEqual(drive.slice(3).map((r) => r.id));
        }
      }
    }
  });

  it('is built for the lines a store already holds', async () => {
    const { store } = get();
    await write(3, 40, 'texts-3');
    const db = store.db;
    if (store.engine === 'sqlite') {
      for (const t of ['insert', 'delete']) await sql`drop trigger ${sql.id(`item_texts_text_${t}`)}`.execute(db);
      await sql`drop table item_texts_text`.execute(db);
    }
    await sql`drop index declaration_items_text`.execute(db);
    await sql`alter table declaration_items drop column text_id`.execute(db);
    await sql`drop table item_texts`.execute(db);
    const { up } = await import('../../src/db/migrations/043-item-text-index.js');
    await db.transaction().execute((trx) => up(trx as unknown as Kysely<unknown>, store.engine));
    await expectEveryLinePointsAtItsText();
    await expectSameAsScan();
  });
});
