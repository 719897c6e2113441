// A declaration list is answered one of two ways for `hs` and for `q`: through the matching lines'
// (or names') own indexes and sorted, when they are few, or by walking the list's order and testing
// each declaration. Both must give the same pages, in every sort, with any other filter and after
// a cursor; a plain scan of the records in JavaScript says what the page must be.
import { it, expect } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { columnarText, listDeclarations, periodShare, rareInList, rareTogether, DECLARATION_SORTS, type DeclarationRow } from '../../../src/features/shared/declarations.js';
import { parseFilters } from '../../../src/features/shared/filters.js';
import { sql } from 'kysely';
import { columnarPageIds } from '../../../src/features/shared/columnar-pages.js';
import { analyticsOf } from '../../../src/analytics/registry.js';
import { makeDeclaration } from '../../ingest/fixtures.js';
import { foldTurkish } from '../../../src/domain/codes/text.js';
import type { DeclarationInput } from '../../../src/ingest/record.js';

describeEachStore('declaration list plans', (get) => {
  it('gives the same pages through the indexes and along the order, for hs, q and the gateway filters', async () => {
    const { store } = get();
    const records = Array.from({ length: 240 }, (_, i) => makeDeclaration(5000 + i, 5000 + i, 'P'));
    await writeBatch(store, records, { batchKey: 'plans-1', source: 'test' });
    const queries: Record<string, string>[] = [
      { hs: '61' }, { hs: '8703' }, { hs: '847130' }, { hs: '720839000000' }, { hs: '61,8471' }, { hs: '99' },
      { hs: '87', port: 'TRIST' }, { hs: '61', customs_office: '220101', flow: 'export' }, { port: 'XTRKPK', country: 'DE' },
      { q: 'goods 2' }, { q: 'muller', hs: '8703' }, { q: 'acme', customs_office: '340105' },
      // Shorter than a trigram: the goods descriptions are tested one by one (a GLOB on SQLite).
      { q: 'ds' }, { q: 'ds', hs: '61' },
    ];
    let nonEmpty = 0;
    for (const q of queries) {
      const { flow, ...rest } = q;
      const filters = parseFilters({ ...rest, from: '2000-01-01' }, (flow as 'export' | undefined) ?? null);
      for (const sort of DECLARATION_SORTS) {
        const input = { filters, sort, after: null, limit: 1000 };
        const drive = await listDeclarations(store.db, input, 1e9, undefined, false);
        const walk = await listDeclarations(store.db, input, -1, undefined, false);
        // q and hs each past `few`: the pair's count decides (here the smaller set is read).
        const together = await listDeclarations(store.db, input, -1, 1e9, false);
        const label = `${JSON.stringify(q)} ${sort}`;
        expect(drive.map((r) => r.id), label).toEqual(walk.map((r) => r.id));
        expect(together.map((r) => r.id), label).toEqual(walk.map((r) => r.id));
        expect(drive.map((r) => r.declaration_no).sort(), label).toEqual(expected(records, q));
        expect(ordered(drive, sort), label).toBe(true);
        if (drive.length) nonEmpty++;
        if (drive.length > 4) {
          const k = drive[3]!;
          const after = { key: sort.endsWith('value_usd') ? k.value_usd_cents : k.registered_at, id: k.id };
          for (const few of [1e9, -1]) {
            const rest2 = await listDeclarations(store.db, { ...input, after, limit: 2 }, few, undefined, false);
            expect(rest2.map((r) => r.id), `${label} after`).toEqual(drive.slice(4, 7).map((r) => r.id));
          }
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it('finds a filtered page in the analytic columns with the same rows as the row store plans', async () => {
    const { store } = get();
    const records = Array.from({ length: 300 }, (_, i) => makeDeclaration(7000 + i, 7000 + i, 'C'));
    await writeBatch(store, records, { batchKey: 'plans-columns', source: 'test' });
    await (await analyticsOf(store.db)).catchUp();
    const company = (await store.db.selectFrom('declarations').select('company_id').where('declaration_no', '=', 'C00007003').executeTakeFirstOrThrow()).company_id;
    const queries: Record<string, string | number>[] = [
      { hs: '61' }, { hs: '847130' }, { hs: '61,8471', country: 'DE' }, { port: 'TRIST', flow: 'export' }, { customs_office: '220101', hs: '87' },
      { country: 'DE', transport_mode: 'sea' }, { incoterm: 'FOB', min_value_usd: 20000 }, { max_value_usd: 15000, currency: 'USD' },
      { company_id: Number(company) }, { company_id: Number(company), hs: '61' }, { regime: '4000', to: '2024-06-30' }, { hs: '99' },
      // The product's lines are narrowed to the flow, months and countries in the lines' own copy.
      { hs: '8471', flow: 'export', from: '2024-03-01', to: '2024-09-30' }, { hs: '61', country: 'DE', to: '2024-08-31' },
      // Free text with other filters: the named companies and the lines' descriptions, as sets.
      { q: 'acme', customs_office: '340105' }, { q: 'goods 2', hs: '61' }, { q: 'muller', country: 'DE', flow: 'export' },
      { q: 'tekstil', port: 'TRIST' }, { q: 'nothing like it', port: 'TRIST' }, { q: 'acme' }, { q: 'goods 2', flow: 'export' },
    ];
    let nonEmpty = 0;
    for (const q of queries) {
      const { flow, ...rest } = q;
      const filters = parseFilters({ from: '2000-01-01', ...rest }, (flow as 'export' | undefined) ?? null);
      for (const sort of DECLARATION_SORTS) {
        const label = `${JSON.stringify(q)} ${sort}`;
        const input = { filters, sort, after: null, limit: 40 };
        const rows = await listDeclarations(store.db, input, undefined, undefined, false);
        const columns = await listDeclarations(store.db, input);
        expect(columns, label).toEqual(rows);
        expect(ordered(columns, sort), label).toBe(true);
        if (columns.length) nonEmpty++;
        if (columns.length > 6) {
          const k = columns[5]!;
          const after = { key: sort.endsWith('value_usd') ? k.value_usd_cents : k.registered_at, id: k.id };
          const next = await listDeclarations(store.db, { ...input, after, limit: 3 });
          expect(next.map((r) => r.id), `${label} after`).toEqual(columns.slice(6, 10).map((r) => r.id));
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(30);
    // Free text went to the columns while its lines were few, and stays in the row store past that.
    expect(await columnarText(store.db, 'goods 2')).not.toBeNull();
    expect(await columnarText(store.db, 'goods', 10)).toBeNull();
    // The pages above came from the columns, not from the row store's fallback.
    const ids = await columnarPageIds(store.db, [sql`d.partner_country = 'DE'`], sql`d.id desc`, 5);
    const de = records.filter((r) => r.partner?.country === 'DE').length;
    expect(ids?.length).toBe(Math.min(5, de));
    // A batch committed by this process is in the next page at once (applied before the commit returns).
    const fresh = { ...makeDeclaration(9999, 9999, 'C'), registered_at: '2024-12-31' };
    await writeBatch(store, [fresh], { batchKey: 'plans-columns-2', source: 'test' });
    const hs = fresh.items[0]!.gtip.slice(0, 4);
    const [first] = await listDeclarations(store.db, { filters: parseFilters({ hs }, null), sort: '-registered_at', after: null, limit: 5 });
    expect(first?.declaration_no).toBe(fresh.declaration_no);
  });

  it('reads the smaller of q and hs when the two together are rare, and walks the order when they are common', async () => {
    const { store } = get();
    // 'muller' names a few companies' declarations and 8703 a few lines: together, a walk would test nearly every row.
    const rare = await rareTogether(store.db, 'muller', ['8703'], 1001, 1e9);
    expect(rare.qFew !== rare.hsFew).toBe(true);
    // A letter in nearly every name and a chapter on many lines: a page fills within a few rows.
    expect(await rareTogether(store.db, 'e', ['8'], 2, 1e9)).toEqual({ qFew: false, hsFew: false });
    // Past `many`, nothing is read whole.
    expect(await rareTogether(store.db, 'muller', ['8703'], 1001, 0)).toEqual({ qFew: false, hsFew: false });
    // Common together, but a walk along the value index passes every declaration to find the few of
    // a short period in them: the smaller set is read.
    const short = await rareTogether(store.db, 'e', ['8'], 2, 1e9, 1e-4);
    expect(short.qFew !== short.hsFew).toBe(true);
  });

  it('counts the share of its flow\'s declarations a list period holds from the pre-aggregations', async () => {
    const { store } = get();
    await (await analyticsOf(store.db)).catchUp();
    const count = async (where: string) => Number((await sql<{ n: number }>`select count(*) as n from declarations where ${sql.raw(where)}`.execute(store.db)).rows[0]!.n);
    // Of the flow's declarations: the value index the walk follows leads with the flow.
    const exports = await count(`flow = 'export'`);
    const month = await count(`flow = 'export' and registered_at >= '2024-03-01' and registered_at <= '2024-03-31'`);
    expect(month).toBeGreaterThan(0);
    expect(exports).toBeLessThan(await count('1 = 1'));
    expect(await periodShare(store.db, parseFilters({ from: '2024-03', to: '2024-03' }, 'export'))).toBeCloseTo(month / exports, 9);
    expect(await periodShare(store.db, parseFilters({}, 'export'))).toBe(1);
    expect(await periodShare(store.db, parseFilters({}, null))).toBe(1);
  });

  it('reads the lines of a product rare among the declarations the list walks, counted by the pre-aggregations', async () => {
    const { store } = get();
    await (await analyticsOf(store.db)).catchUp();
    const filters = (q: Record<string, string>) => parseFilters({ ...q, from: '2000-01-01' });
    expect(await rareInList(store.db, filters({ hs: '8703' }), 1001, 1e9)).toBe(true);
    // A chapter on many lines: the walk fills a page within a few rows.
    expect(await rareInList(store.db, filters({ hs: '61' }), 2, 1e9)).toBe(false);
    expect(await rareInList(store.db, filters({ hs: '8703' }), 1001, 0)).toBe(false);
    // Two prefixes: the pre-aggregations cannot count their declarations once each, so the walk stays.
    expect(await rareInList(store.db, filters({ hs: '8703,61' }), 1001, 1e9)).toBe(false);
  });

  /** The declaration numbers a list must return, sorted: the written records, filtered here. */
  function expected(records: DeclarationInput[], q: Record<string, string>): string[] {
    return records.filter((r) => {
      if (q.flow && r.flow !== q.flow) return false;
      if (q.port && r.port !== q.port) return false;
      if (q.customs_office && r.customs_office !== q.customs_office) return false;
      if (q.country && r.partner?.country !== q.country) return false;
      if (q.hs && !r.items.some((it) => q.hs!.split(',').some((p) => it.gtip.startsWith(p)))) return false;
      if (q.q) {
        const names = [r.company.name, r.partner?.name ?? ''].map((n) => foldTurkish(n));
        if (!r.items.some((it) => it.description.toLowerCase().includes(q.q!)) && !names.some((n) => n.includes(q.q!))) return false;
      }
      return true;
    }).map((r) => r.declaration_no).sort();
  }

  /** Rows in the list's order: the sort key, then the id, both ascending or both descending. */
  function ordered(rows: DeclarationRow[], sort: string): boolean {
    const key = (r: DeclarationRow) => (sort.endsWith('value_usd') ? r.value_usd_cents : r.registered_at);
    const sign = sort.startsWith('-') ? -1 : 1;
    return rows.every((r, i) => {
      if (i === 0) return true;
      const p = rows[i - 1]!;
      const a = key(p), b = key(r);
      const c = a < b ? -1 : a > b ? 1 : p.id - r.id;
      return c * sign < 0;
    });
  }
});
