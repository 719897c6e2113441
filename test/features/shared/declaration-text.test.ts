// Free text on declaration lists answered from the in-memory copies (company names and the item
// description index) must give the pages the SQL gives and what a brute-force scan of the stored
// records finds: same declarations, same order, each visited once along the cursors; and a batch
// ingested later is found without anything being cleared by hand.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { randomDeclarations, prng } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { parseFilters, type FilterQuery, type Flow } from '../../../src/features/shared/filters.js';
import { listDeclarations, DECLARATION_SORTS, type DeclarationKey, type DeclarationSort } from '../../../src/features/shared/declarations.js';
import { declarationIdsFromCopies } from '../../../src/features/shared/declaration-ids.js';
import { startCubeCache, stopCubeCache } from '../../../src/features/shared/cube-cache.js';
import { keepItemTexts, warmItemTexts } from '../../../src/features/shared/item-texts.js';
import { valueOrderOf } from '../../../src/features/shared/value-order.js';
import { DECLARATION_CUBE } from '../../../src/features/shared/record-cubes.js';
import { foldTurkish } from '../../../src/domain/codes/text.js';
import type { DeclarationInput } from '../../../src/ingest/record.js';
import type { Store } from '../../../src/db/connect.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));
// Mixed case, Turkish letters and punctuation: what the SQL folding has to meet.
const DESCRIPTIONS = ['PAMUKLU TİŞÖRT, ÖRME', 'Çelik boru (dikişsiz)', 'Otomobil yedek parçası', 'ıslak mendil', 'Fındık, kabuksuz', 'goods 1', 'SOĞUK HADDELENMİŞ SAC'];
const WORDS = ['tisort', 'TİŞÖRT', 'orme', 'celik boru', 'dikissiz', 'parcasi', 'islak', 'findik', 'soguk hadde', 'firma 3', 'gmbh', 'partner de', 'tekstil a s', 'zzqx', 'goods', '1'];

/** Random descriptions; every third declaration is worth 100 USD a line, so values tie often. */
function withDescriptions(seed: number, n: number, prefix: string): DeclarationInput[] {
  const r = prng(seed * 13 + 5);
  return randomDeclarations(seed, n, offices, prefix).map((d, k) => {
    const items = d.items.map((i) => ({ ...i, description: r.pick(DESCRIPTIONS), ...(k % 3 === 0 ? { value_usd: 100 } : {}) }));
    const value = items.reduce((a, i) => a + i.value_usd, 0);
    return { ...d, items, invoice_value: value, value_usd: value };
  });
}

interface Stored {
  id: number;
  no: string;
  flow: Flow;
  date: string;
  value: number;
  country: string;
  names: string[];
  descriptions: string[];
  gtips: string[];
}

async function load(store: Store): Promise<Stored[]> {
  const { db } = store;
  const decls = await db.selectFrom('declarations').selectAll().execute();
  const items = await db.selectFrom('declaration_items').select(['declaration_id', 'description', 'gtip']).execute();
  const companies = new Map((await db.selectFrom('companies').select(['id', 'name_folded']).execute()).map((c) => [Number(c.id), c.name_folded]));
  const byDecl = new Map<number, { description: string; gtip: string }[]>();
  for (const i of items) byDecl.set(Number(i.declaration_id), [...(byDecl.get(Number(i.declaration_id)) ?? []), i]);
  return decls.map((d) => ({
    id: Number(d.id), no: d.declaration_no, flow: d.flow, date: String(d.registered_at), value: Number(d.value_usd_cents), country: d.partner_country,
    names: [companies.get(Number(d.company_id)) ?? '', companies.get(Number(d.partner_company_id)) ?? ''],
    descriptions: (byDecl.get(Number(d.id)) ?? []).map((i) => i.description),
    gtips: (byDecl.get(Number(d.id)) ?? []).map((i) => i.gtip),
  }));
}

// The SQL folding of these descriptions, written out: Turkish letters to ASCII, then lower case.
const fold = (s: string) => s.replace(/[İIı]/g, 'i').replace(/[Şş]/g, 's').replace(/[Ğğ]/g, 'g').replace(/[Çç]/g, 'c').replace(/[Öö]/g, 'o').replace(/[Üü]/g, 'u').toLowerCase();

describeEachStore('free text on declaration lists from the in-memory copies', (get) => {
  let rows: Stored[] = [];
  beforeAll(async () => {
    const { store } = get();
    const input = withDescriptions(31, 500, 'Q');
    for (let b = 0; b < 2; b++) await writeBatch(store, input.slice(b * 250, b * 250 + 250), { batchKey: `text-${b}`, source: 'test' });
    rows = await load(store);
  });

  async function walk(spec: { filters: ReturnType<typeof parseFilters>; sort: DeclarationSort }, limit: number): Promise<string[][]> {
    const { db } = get().store;
    const pages: string[][] = [];
    let after: DeclarationKey | null = null;
    for (let guard = 0; guard < 200; guard++) {
      const got = await listDeclarations(db, { ...spec, after, limit });
      const page = got.slice(0, limit);
      pages.push(page.map((r) => r.declaration_no));
      if (got.length <= limit) break;
      const last = page[page.length - 1]!;
      after = { key: spec.sort.endsWith('value_usd') ? last.value_usd_cents : last.registered_at, id: last.id };
    }
    return pages;
  }

  function bruteForce(q: FilterQuery, flow: Flow | null, sort: DeclarationSort): string[] {
    const word = q.q !== undefined ? foldTurkish(q.q) : null;
    // Month bounds are whole months.
    const from = q.from?.length === 7 ? `${q.from}-01` : q.from;
    const to = q.to?.length === 7 ? `${q.to}-31` : q.to;
    const keep = rows.filter((d) =>
      (!flow || d.flow === flow) &&
      (!from || d.date >= from) &&
      (!to || d.date <= to) &&
      (!q.country || d.country === q.country) &&
      (q.min_value_usd === undefined || d.value >= q.min_value_usd * 100) &&
      (!q.hs || d.gtips.some((g) => g.startsWith(q.hs!))) &&
      (!word || d.names.some((n) => n.includes(word)) || d.descriptions.some((t) => fold(t).includes(word))));
    const key = (d: Stored) => (sort.endsWith('value_usd') ? d.value : Number(d.date.replaceAll('-', '')));
    const dir = sort.startsWith('-') ? -1 : 1;
    return keep.sort((a, b) => dir * (key(a) - key(b) || a.id - b.id)).map((d) => d.no);
  }

  it('pages through exactly the declarations the SQL and a brute-force scan find, for random filters with free text', async () => {
    const { store } = get();
    const r = prng(8);
    const specs = Array.from({ length: 48 }, (_, n) => {
      const q: FilterQuery = { q: WORDS[n % WORDS.length]! };
      if (r.next() < 0.4) q.from = r.pick(['2024-02-01', '2024-03-10']);
      if (r.next() < 0.4) q.to = r.pick(['2024-04-30', '2024-05-20']);
      if (r.next() < 0.3) q.country = r.pick(['DE', 'US']);
      if (r.next() < 0.3) q.hs = r.pick(['61', '8703', '080222']);
      const flow = r.pick<Flow | null>(['import', 'export', null]);
      return { q, flow, filters: parseFilters(q, flow), sort: r.pick(DECLARATION_SORTS), limit: r.pick([5, 13, 50]) };
    });
    const fromSql = [];
    for (const s of specs) fromSql.push(await walk(s, s.limit));
    const cache = startCubeCache(store);
    keepItemTexts(store);
    try {
      await warmItemTexts(store.db);
      let nonEmpty = 0;
      for (const [n, s] of specs.entries()) {
        // Answered from the copies, not the SQL.
        expect(declarationIdsFromCopies(store.db, { filters: s.filters, sort: s.sort, after: null, count: 3 }), JSON.stringify(s.q)).not.toBeNull();
        const got = await walk(s, s.limit);
        expect(got, JSON.stringify(s)).toEqual(fromSql[n]);
        const flat = got.flat();
        expect(new Set(flat).size).toBe(flat.length);
        expect(flat, JSON.stringify(s)).toEqual(bruteForce(s.q, s.flow, s.sort));
        if (flat.length) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThan(30);
    } finally {
      stopCubeCache(store.db);
      expect(cache.state()).toBe('off');
    }
  });

  it('gives value-sorted pages, merged from the copy kept in value order, as the SQL and a brute-force scan do', async () => {
    const { store } = get();
    const r = prng(21);
    const specs = Array.from({ length: 40 }, () => {
      const q: FilterQuery = {};
      if (r.next() < 0.5) q.from = r.pick(['2024-01-20', '2024-03']);
      if (r.next() < 0.5) q.to = r.pick(['2024-05-10', '2024-06']);
      if (r.next() < 0.2) q.country = 'DE';
      if (r.next() < 0.2) q.min_value_usd = 20_000;
      if (r.next() < 0.3) q.q = r.pick(WORDS);
      const flow = r.pick<Flow | null>(['import', 'export', null]);
      return { q, flow, filters: parseFilters(q, flow), sort: r.pick<DeclarationSort>(['-value_usd', 'value_usd']), limit: r.pick([3, 9, 40]) };
    });
    const fromSql = [];
    for (const s of specs) fromSql.push(await walk(s, s.limit));
    const cache = startCubeCache(store);
    keepItemTexts(store);
    try {
      await warmItemTexts(store.db);
      const cube = cache.get(DECLARATION_CUBE)!;
      while (!valueOrderOf(cube)) await new Promise((resolve) => setTimeout(resolve, 10));
      for (const [n, s] of specs.entries()) {
        const got = await walk(s, s.limit);
        expect(got, JSON.stringify(s)).toEqual(fromSql[n]);
        expect(got.flat(), JSON.stringify(s)).toEqual(bruteForce(s.q, s.flow, s.sort));
      }
    } finally {
      stopCubeCache(store.db);
    }
  });

  it('finds the declarations of a batch ingested later, within seconds and without clearing anything', async () => {
    const { store } = get();
    startCubeCache(store);
    keepItemTexts(store);
    try {
      await warmItemTexts(store.db);
      const filters = parseFilters({ q: 'kestane' }, null);
      const list = async () => (await listDeclarations(store.db, { filters, sort: '-registered_at', after: null, limit: 100 })).map((d) => d.declaration_no);
      expect(await list()).toEqual([]);
      const batch = withDescriptions(77, 20, 'K').map((d, k) => (k % 4 === 0 ? { ...d, items: d.items.map((i) => ({ ...i, description: 'Kestane şekeri' })) } : d));
      await writeBatch(store, batch, { batchKey: 'text-late', source: 'test' });
      const want = batch.filter((_, k) => k % 4 === 0).map((d) => d.declaration_no).sort();
      // The copies notice the batch within about a second and are read again; meanwhile the store answers.
      const deadline = Date.now() + 20_000;
      let fromCopies = false;
      let got: string[] = [];
      while (Date.now() < deadline && !(fromCopies && got.length)) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        got = (await list()).sort();
        fromCopies = declarationIdsFromCopies(store.db, { filters, sort: '-registered_at', after: null, count: 100 }) !== null;
      }
      expect(fromCopies).toBe(true);
      expect(got).toEqual(want);
    } finally {
      stopCubeCache(store.db);
    }
  }, 30_000);
});
