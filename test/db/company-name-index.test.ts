// `q` names companies by a substring of their folded name: the ids found through the name index
// (FTS5 trigrams on SQLite, a LIKE over pg_trgm on PostgreSQL) equal a scan of every name, for
// companies written before and after the index, renamed or removed.
import { it, expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { describeEachStore } from '../helpers/stores.js';
import { companyIdsNamed } from '../../src/db/dialect.js';
import { foldTurkish } from '../../src/domain/codes/text.js';
import { prng } from '../helpers/random-records.js';

const WORDS = ['Uşak', 'Tekstil', 'Gıda', 'Otomotiv', 'Delta', 'İnşaat', 'Kimya', 'Çelik', 'Öz', 'Mobilya', 'Ltd', '%_\\'];

describeEachStore('company name index', (get) => {
  async function ids(q: string): Promise<number[]> {
    const { store } = get();
    const r = await sql<{ id: number }>`select id from (${companyIdsNamed(store.engine, q)}) n order by id`.execute(store.db);
    return r.rows.map((x) => Number(x.id));
  }

  async function scanned(q: string): Promise<number[]> {
    const rows = await get().store.db.selectFrom('companies').select(['id', 'name_folded']).orderBy('id').execute();
    return rows.filter((r) => r.name_folded.includes(q)).map((r) => Number(r.id));
  }

  async function addCompanies(seed: number, n: number): Promise<void> {
    const r = prng(seed);
    const rows = Array.from({ length: n }, (_, i) => {
      const name = `${r.pick(WORDS)} ${r.pick(WORDS)} ${r.pick(WORDS)} ${seed}-${i}`;
      return { name, name_folded: foldTurkish(name), aliases: '[]', roles: '', country: r.pick(['TR', 'DE', 'CN']), created_at: new Date().toISOString() };
    });
    await get().store.db.insertInto('companies').values(rows).execute();
  }

  async function expectSameAsScan(): Promise<void> {
    for (const w of [...WORDS, 'usak tekstil', 'gida ', 'ek', 'zzqx', '7-1']) {
      const q = foldTurkish(w) || w;
      expect(await ids(q), q).toEqual(await scanned(q));
    }
  }

  it('finds what a scan of the folded names finds, as companies are written, renamed and removed', async () => {
    await addCompanies(1, 300);
    expect((await ids('tekstil')).length).toBeGreaterThan(20);
    await expectSameAsScan();
    const { db } = get().store;
    const [a, b] = await db.selectFrom('companies').select('id').orderBy('id').limit(2).execute();
    await db.updateTable('companies').set({ name: 'Kestane Şekeri A.Ş.', name_folded: foldTurkish('Kestane Şekeri A.Ş.') }).where('id', '=', a!.id).execute();
    await db.deleteFrom('companies').where('id', '=', b!.id).execute();
    expect(await ids('kestane seker')).toEqual([Number(a!.id)]);
    await expectSameAsScan();
  });

  it('is built for the companies a store already holds', async () => {
    const { store } = get();
    if (store.engine === 'sqlite') {
      await sql`drop table companies_name_text`.execute(store.db);
      for (const t of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`companies_name_text_${t}`)}`.execute(store.db);
    } else {
      await sql`drop index companies_name_folded_trgm`.execute(store.db);
    }
    await addCompanies(2, 100);
    const { up } = await import('../../src/db/migrations/042-company-name-index.js');
    await up(store.db as unknown as Kysely<unknown>, store.engine);
    await expectSameAsScan();
  });
});
