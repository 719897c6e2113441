// Declaration lists found through the in-memory record copies must be the lists the SQL gives:
// the same declarations, in the same order, page after page along the cursors.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { randomDeclarations, prng } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { parseFilters, type FilterQuery, type Flow } from '../../../src/features/shared/filters.js';
import { listDeclarations, DECLARATION_SORTS, type DeclarationKey, type DeclarationSort } from '../../../src/features/shared/declarations.js';
import { startCubeCache, stopCubeCache } from '../../../src/features/shared/cube-cache.js';
import { invalidateAggregates } from '../../../src/features/shared/aggregate.js';
import { itemLines, unitValueRows } from '../../../src/features/flows/unit-values.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

describeEachStore('declaration lists from the in-memory copies', (get) => {
  let companyIds: number[] = [];
  beforeAll(async () => {
    const { store } = get();
    const input = randomDeclarations(21, 400, offices);
    for (let b = 0; b < 2; b++) await writeBatch(store, input.slice(b * 200, b * 200 + 200), { batchKey: `list-${b}`, source: 'test' });
    companyIds = (await store.db.selectFrom('declarations').select('company_id').distinct().execute()).map((r) => Number(r.company_id));
  });

  async function walk(spec: { filters: ReturnType<typeof parseFilters>; sort: DeclarationSort }, limit: number): Promise<string[][]> {
    const { db } = get().store;
    const pages: string[][] = [];
    let after: DeclarationKey | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const rows = await listDeclarations(db, { ...spec, after, limit });
      const page = rows.slice(0, limit);
      pages.push(page.map((r) => r.declaration_no));
      if (rows.length <= limit) break;
      const last = page[page.length - 1]!;
      after = { key: spec.sort.endsWith('value_usd') ? last.value_usd_cents : last.registered_at, id: last.id };
    }
    return pages;
  }

  it('gives the same pages as the SQL for random filters, sorts and page sizes', async () => {
    const r = prng(3);
    const specs = Array.from({ length: 40 }, () => {
      const q: FilterQuery = {};
      if (r.next() < 0.5) q.from = r.pick(['2024-01', '2024-02-10', '2024-03']);
      if (r.next() < 0.5) q.to = r.pick(['2024-04', '2024-05-20']);
      if (r.next() < 0.3) q.hs = r.pick(['61', '6109', '870323191000', '87,08']);
      if (r.next() < 0.3) q.country = r.pick(['DE', 'US,GB']);
      if (r.next() < 0.2) q.port = r.pick(['TRMER', 'XTRKPK']);
      if (r.next() < 0.2) q.regime = r.pick(['4000', '1000']);
      if (r.next() < 0.2) q.currency = 'EUR';
      if (r.next() < 0.2) q.min_value_usd = 20_000;
      if (r.next() < 0.1) q.max_value_usd = 60_000;
      if (r.next() < 0.2) q.company_id = r.pick(companyIds);
      return { filters: parseFilters(q, r.pick<Flow | null>(['import', 'export', null])), sort: r.pick(DECLARATION_SORTS), limit: r.pick([7, 50]) };
    });
    const fromSql = [];
    for (const s of specs) fromSql.push(await walk(s, s.limit));
    const cache = startCubeCache(get().store);
    try {
      await cache.refresh();
      expect(cache.state()).toBe('ready');
      let nonEmpty = 0;
      for (const [n, s] of specs.entries()) {
        const got = await walk(s, s.limit);
        expect(got, JSON.stringify(s)).toEqual(fromSql[n]);
        if (got[0]!.length) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThan(20);
    } finally {
      stopCubeCache(get().store.db);
    }
  });

  it('gives the unit values of the SQL item lines from the line copy', async () => {
    const { db } = get().store;
    const r = prng(4);
    const specs = Array.from({ length: 25 }, () => {
      const q: FilterQuery = {};
      if (r.next() < 0.5) q.from = r.pick(['2024-01', '2024-02-10']);
      if (r.next() < 0.5) q.hs = r.pick(['61', '6109', '87', '8703231910']);
      if (r.next() < 0.3) q.country = r.pick(['DE', 'US,GB']);
      if (r.next() < 0.2) q.min_value_usd = 20_000;
      if (r.next() < 0.2) q.company_id = r.pick(companyIds);
      if (r.next() < 0.2) q.q = r.pick(['a', 'ltd', 'zzqx']);
      return { filters: parseFilters(q, r.pick<Flow | null>(['import', 'export'])), level: r.pick([4, 6, 12]) };
    });
    const table = (lines: Awaited<ReturnType<typeof itemLines>>) => unitValueRows(lines).sort((a, b) => a.hs_code.localeCompare(b.hs_code) || a.country.localeCompare(b.country));
    invalidateAggregates();
    const fromSql = [];
    for (const s of specs) fromSql.push(table(await itemLines(db, s.filters, s.level, 100_000)));
    const cache = startCubeCache(get().store);
    try {
      await cache.refresh();
      invalidateAggregates();
      for (const [n, s] of specs.entries()) expect(table(await itemLines(db, s.filters, s.level, 100_000)), JSON.stringify(s)).toEqual(fromSql[n]);
      expect(fromSql.filter((t) => t.length > 0).length).toBeGreaterThan(10);
    } finally {
      stopCubeCache(db);
      invalidateAggregates();
    }
  });
});
