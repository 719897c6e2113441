/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are read loosely; the assertions check their shape */
// A search by name and product asks the analytic store only about the names it found: its answer
// is the search by name alone, kept to the companies every trader of the product includes.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { randomDeclarations } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { companiesTrading } from '../../../src/features/shared/aggregate.js';
import { parseFilters } from '../../../src/features/shared/filters.js';
import { getDirectory } from '../../../src/features/companies/directory.js';
import { analyticsOf } from '../../../src/analytics/registry.js';
import { firstTraders } from '../../../src/features/companies/traders.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

describeEachStore('company search by name and product', (get) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // Few declarations for 12 firms and 24 partners: each trades a few of the products only.
    const res = await writeBatch(get().store, randomDeclarations(5, 30, offices, 'SH'), { batchKey: 'search-hs', source: 'test' });
    expect(res.rejected).toEqual([]);
    t = await makeTestApp(get().store);
    token = await t.token(['companies:read']);
  });
  afterAll(async () => t?.close());

  const call = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Record<string, any>[]; meta: Record<string, any> };
  };

  it('keeps the hits of the search by name whose companies traded the product, in their order', async () => {
    // The directory's chapters are current: a search by chapter reads them.
    const { db } = get().store;
    expect((await getDirectory(db)).chapters.version).toBe((await analyticsOf(db)).version());
    let narrowed = 0;
    for (const base of ['q=Firma', 'q=Partner', 'q=Firma%20Tekstil', 'q=Partnr', 'q=Partner&country=DE', 'q=Firma&role=exporter']) {
      const named = await call(`/v1/companies?${base}&limit=1000`);
      for (const hs of ['61', '6109', '610910', '87', '0802', '61,87', '8517120000']) {
        const traders = new Set(await companiesTrading(get().store.db, parseFilters({ hs })));
        const expected = named.data.filter((c) => traders.has(c.company_id));
        const got = await call(`/v1/companies?${base}&hs=${hs}&limit=1000`);
        expect(got.data, `${base}&hs=${hs}`).toEqual(expected);
        expect(got.meta.total).toBe(expected.length);
        if (expected.length > 0 && expected.length < named.data.length) narrowed++;
      }
    }
    // The product filter removed some names and kept others in many of these searches.
    expect(narrowed).toBeGreaterThan(10);
  });

  it('without q, keeps the directory order of every trader of the product', async () => {
    const all = await call('/v1/companies?limit=1000');
    for (const hs of ['61', '0802', '61,87', '6109', '610910', '8517120000', '61,8708']) {
      const traders = new Set(await companiesTrading(get().store.db, parseFilters({ hs })));
      const got = await call(`/v1/companies?hs=${hs}&limit=1000`);
      expect(got.data).toEqual(all.data.filter((c) => traders.has(c.company_id)));
      expect(got.data.length).toBeGreaterThan(0);
      expect(got.data.length).toBeLessThan(all.data.length);
    }
  });

  it('finds the first traders in order over rounds of any size', async () => {
    const { db } = get().store;
    const ids = (await getDirectory(db)).columns.id;
    for (const hs of ['6109', '87', '0802']) {
      const traders = new Set(await companiesTrading(db, parseFilters({ hs })));
      const odd = (i: number) => i % 2 === 1;
      const all = [...ids.keys()].filter((i) => odd(i) && traders.has(ids[i]!));
      expect(all.length).toBeGreaterThan(2);
      for (const [limit, round] of [[1000, 1], [1000, 2], [1000, 5000], [2, 1], [all.length - 1, 3]] as const) {
        expect(await firstTraders(db, parseFilters({ hs }), ids, odd, limit, round), `${hs} ${limit} ${round}`).toEqual(all.slice(0, limit));
      }
    }
  });

  // Last in the file: it adds a declaration.
  it('a chapter first traded after the directory was built is found', async () => {
    expect((await call('/v1/companies?hs=09')).data).toEqual([]);
    expect((await call('/v1/companies?q=Firma&hs=09')).data).toEqual([]);
    const [first] = randomDeclarations(6, 1, offices, 'SHX');
    const coffee = { ...first!, items: first!.items.map((i) => ({ ...i, gtip: '090111000000' })) };
    expect((await writeBatch(get().store, [coffee], { batchKey: 'search-hs-more', source: 'test' })).rejected).toEqual([]);
    const traders = new Set(await companiesTrading(get().store.db, parseFilters({ hs: '09' })));
    expect(traders.size).toBeGreaterThan(0);
    expect(new Set((await call('/v1/companies?hs=09')).data.map((c) => c.company_id))).toEqual(traders);
    const named = (await call('/v1/companies?q=Firma&hs=09')).data.map((c) => c.company_id);
    expect(named.length).toBe(1);
    expect(traders.has(named[0])).toBe(true);
  });
});
