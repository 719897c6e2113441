// Two ways a filtered declaration page is found without scanning every declaration of its period
// in the analytic store: a product's page in date order from the lines sorted by code alone, and a
// text too common to pass to the columns tested in the row store among the first declarations of
// the other filters. Each must give the page the row store gives, and what a plain scan of the
// stored records in JavaScript says.
import { it, expect } from 'vitest';
import { sql } from 'kysely';
import { describeEachStore } from '../../helpers/stores.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { analyticsOf } from '../../../src/analytics/registry.js';
import { listDeclarations, textAmongFirst, DECLARATION_SORTS, type DeclarationSort } from '../../../src/features/shared/declarations.js';
import { columnarLinePageIds } from '../../../src/features/shared/columnar-pages.js';
import { parseFilters } from '../../../src/features/shared/filters.js';
import { foldTurkish } from '../../../src/domain/codes/text.js';
import { makeDeclaration } from '../../ingest/fixtures.js';

interface Stored {
  id: number;
  flow: string;
  registered_at: string;
  value_usd_cents: number;
  port: string;
  partner_country: string;
  names: string[];
  lines: { gtip: string; description: string }[];
}

describeEachStore('declaration pages from the lines alone and common text among the first', (get) => {
  /** Every stored declaration with its lines and both parties' names, read back from the row store. */
  async function stored(): Promise<Stored[]> {
    const { store } = get();
    const heads = await sql<Record<string, unknown>>`select d.id, d.flow, d.registered_at, d.value_usd_cents, d.port, d.partner_country,
      c.name as company_name, p.name as partner_name from declarations d
      left join companies c on c.id = d.company_id left join companies p on p.id = d.partner_company_id`.execute(store.db);
    const lines = await sql<{ declaration_id: number | string; gtip: string; description: string }>`select declaration_id, gtip, description from declaration_items`.execute(store.db);
    const byId = new Map<number, Stored>();
    for (const h of heads.rows) {
      byId.set(Number(h.id), {
        id: Number(h.id), flow: String(h.flow), registered_at: String(h.registered_at), value_usd_cents: Number(h.value_usd_cents),
        port: String(h.port), partner_country: String(h.partner_country),
        names: [h.company_name, h.partner_name].filter((n): n is string => typeof n === 'string').map((n) => foldTurkish(n)), lines: [],
      });
    }
    for (const l of lines.rows) byId.get(Number(l.declaration_id))!.lines.push({ gtip: l.gtip, description: foldTurkish(l.description) });
    return [...byId.values()];
  }

  /** The ids in the list's order: the sort key, then the id, both ascending or both descending. */
  function inOrder(rows: Stored[], sort: DeclarationSort): number[] {
    const key = (r: Stored) => (sort.endsWith('value_usd') ? r.value_usd_cents : r.registered_at);
    const sign = sort.startsWith('-') ? -1 : 1;
    return [...rows].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id)).map((r) => r.id);
  }

  it('finds a product\'s page in date order from the lines sorted by code alone', async () => {
    const { store } = get();
    const records = Array.from({ length: 300 }, (_, i) => makeDeclaration(3000 + i, 3000 + i, 'L'));
    await writeBatch(store, records, { batchKey: 'lines-alone', source: 'test' });
    await (await analyticsOf(store.db)).catchUp();
    const all = await stored();
    const queries: Record<string, string>[] = [
      { hs: '61' }, { hs: '847130' }, { hs: '61,8471', country: 'DE' }, { hs: '8471', flow: 'export', from: '2024-03-01', to: '2024-09-30' },
      // Day bounds within months: the lines' dates, not only their months.
      { hs: '61', from: '2024-02-10', to: '2024-08-15' }, { hs: '87', country: 'DE,IT', flow: 'import' }, { hs: '99' },
    ];
    let nonEmpty = 0;
    for (const q of queries) {
      const { flow, ...rest } = q;
      const filters = parseFilters(rest, (flow as 'export' | 'import' | undefined) ?? null);
      const match = all.filter((r) =>
        (!filters.flow || r.flow === filters.flow) && (!filters.from || r.registered_at >= filters.from) && (!filters.to || r.registered_at <= filters.to) &&
        (!filters.countries.length || filters.countries.includes(r.partner_country)) &&
        r.lines.some((l) => filters.hs.some((h) => l.gtip.startsWith(h))));
      for (const sort of ['-registered_at', 'registered_at'] as const) {
        const label = `${JSON.stringify(q)} ${sort}`;
        const input = { filters, sort, after: null, limit: 30 };
        const columns = await listDeclarations(store.db, input);
        expect(columns.map((r) => r.id), label).toEqual(inOrder(match, sort).slice(0, 31));
        expect(columns, label).toEqual(await listDeclarations(store.db, input, undefined, undefined, false));
        if (columns.length) nonEmpty++;
        if (columns.length > 6) {
          const k = columns[5]!;
          const next = await listDeclarations(store.db, { ...input, after: { key: k.registered_at, id: k.id }, limit: 3 });
          expect(next.map((r) => r.id), `${label} after`).toEqual(columns.slice(6, 10).map((r) => r.id));
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(8);
    // The lines' query itself: a declaration with two lines of the product is one row of the page.
    const sixtyOne = all.filter((r) => r.lines.some((l) => l.gtip.startsWith('61')));
    expect(sixtyOne.some((r) => r.lines.filter((l) => l.gtip.startsWith('61')).length > 1)).toBe(true);
    const chapter = sql`l.gtip >= '61' and l.gtip < '62'`;
    expect(await columnarLinePageIds(store.db, [chapter], true, 500)).toEqual(inOrder(sixtyOne, '-registered_at'));
    // From the top of the lines, and grouped when a declaration's lines crowd the top: as many
    // lines as declarations hold fewer declarations, since some declarations have two.
    for (const [limit, spread] of [[10, 4], [10, 1], [sixtyOne.length, 1], [sixtyOne.length - 3, 1]] as const) {
      expect(await columnarLinePageIds(store.db, [chapter], false, limit, spread), `${limit} ${spread}`).toEqual(inOrder(sixtyOne, 'registered_at').slice(0, limit));
    }
  });

  it('tests a text too common for the columns among the first declarations of the other filters', async () => {
    const { store } = get();
    const records = Array.from({ length: 300 }, (_, i) => makeDeclaration(6000 + i, 6000 + i, 'X'));
    await writeBatch(store, records, { batchKey: 'common-text', source: 'test' });
    await (await analyticsOf(store.db)).catchUp();
    const all = await stored();
    const named = (r: Stored, q: string) => r.names.some((n) => n.includes(q)) || r.lines.some((l) => l.description.includes(q));
    const queries: Record<string, string>[] = [
      { q: 'goods 3', port: 'TRIST' }, { q: 'goods 2', hs: '61' }, { q: 'muller', country: 'DE', flow: 'export' },
      { q: 'tekstil', port: 'XTRKPK' }, { q: 'goods 3', customs_office: '340105' }, { q: 'nothing like it', port: 'TRIST' },
    ];
    let nonEmpty = 0;
    for (const q of queries) {
      const { flow, ...rest } = q;
      const filters = parseFilters(rest, (flow as 'export' | undefined) ?? null);
      for (const sort of DECLARATION_SORTS) {
        const label = `${JSON.stringify(q)} ${sort}`;
        const input = { filters, sort, after: null, limit: 20 };
        // A text cap of 0: every text naming a line is too common to pass as a set.
        const tested = await listDeclarations(store.db, input, undefined, undefined, true, 0);
        expect(tested, label).toEqual(await listDeclarations(store.db, input, undefined, undefined, false));
        if (tested.length) nonEmpty++;
        if (tested.length > 6) {
          const k = tested[5]!;
          const after = { key: sort.endsWith('value_usd') ? k.value_usd_cents : k.registered_at, id: k.id };
          const next = await listDeclarations(store.db, { ...input, after, limit: 3 }, undefined, undefined, true, 0);
          expect(next.map((r) => r.id), `${label} after`).toEqual(tested.slice(6, 10).map((r) => r.id));
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(12);
    // The test in the row store, against a scan: the first of the order that the text names.
    const ordered = inOrder(all, '-value_usd');
    const want = ordered.filter((id) => named(all.find((r) => r.id === id)!, 'goods 3'));
    expect(want.length).toBeGreaterThan(5);
    expect(await textAmongFirst(store.db, 'goods 3', ordered, 5, true)).toEqual(want.slice(0, 5));
    expect(await textAmongFirst(store.db, 'anadolu', ordered, 5, true)).toEqual(ordered.slice(0, 5));
    // Cut off with fewer than a page among them: the walk must answer. Not cut off: all there are.
    const head = ordered.slice(0, 40);
    const inHead = head.filter((id) => want.includes(id));
    expect(await textAmongFirst(store.db, 'goods 3', head, inHead.length + 1, true)).toBeNull();
    expect(await textAmongFirst(store.db, 'goods 3', head, inHead.length + 1, false)).toEqual(inHead);
    expect(await textAmongFirst(store.db, 'goods 3', [], 5, true)).toEqual([]);
  });
});
