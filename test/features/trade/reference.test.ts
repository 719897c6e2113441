// Countries, customs offices and code lists over HTTP on both engines.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { seed, harness, sum, type Harness, type RawDecl } from './fixtures.js';
import { COUNTRIES } from '../../../src/reference/countries.js';
import { CUSTOMS_OFFICES } from '../../../src/reference/customs-offices.js';
import { CODE_LIST_NAMES } from '../../../src/reference/code-lists.js';

const cents = (n: number) => Math.round(n * 100);

describeEachStore('trade reference operations', (get) => {
  let h: Harness;
  let decls: RawDecl[];
  beforeAll(async () => {
    decls = await seed(get().store, 33, 300);
    h = await harness(get().store);
  });
  afterAll(() => h.close());

  it('lists every country once across pages, with codes, names and agreements', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.get(`/v1/trade/countries?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((c: { alpha2: string }) => c.alpha2));
      cursor = res.body.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(COUNTRIES.map((c) => c.alpha2));
    const tr = await h.get('/v1/trade/countries?q=almanya');
    expect(tr.body.data.map((c: { alpha2: string }) => c.alpha2)).toEqual(['DE']);
    const de = tr.body.data[0];
    expect(de).toMatchObject({ alpha3: 'DEU', m49: '276', eu: true, region: 'Europe' });
    expect(de.agreements.map((a: { id: string }) => a.id)).toContain('tr-eu-cu');
    const eu = await h.get('/v1/trade/countries?eu=true&limit=100');
    expect(eu.body.data).toHaveLength(27);
    const cu = await h.get('/v1/trade/countries?agreement=tr-eu-cu&date=2024-01-01&limit=100');
    expect(cu.body.data.map((c: { alpha2: string }) => c.alpha2)).toContain('FR');
    expect((await h.get('/v1/trade/countries?region=Atlantis')).body.error.details[0].allowed).toContain('Middle East');
    expect((await h.get('/v1/trade/countries?agreement=nope')).status).toBe(400);
  });

  it('returns one country by alpha-2, alpha-3 or M49 with its trade with Turkey', async () => {
    const us = decls.filter((d) => d.country === 'US');
    for (const code of ['us', 'USA', '840']) {
      const res = await h.get(`/v1/trade/countries/${code}`);
      expect(res.status, code).toBe(200);
      const c = res.body.data[0];
      expect(c.alpha2).toBe('US');
      expect(c.name_tr).toBeTruthy();
      expect(cents(c.trade.exports.value_usd)).toBe(sum(us.filter((d) => d.flow === 'export'), (d) => d.cents));
      expect(c.trade.imports.records).toBe(us.filter((d) => d.flow === 'import').length);
    }
    expect((await h.get('/v1/trade/countries/ZZ')).status).toBe(404);
    expect((await h.get('/v1/trade/countries/999')).status).toBe(404);
    expect((await h.get('/v1/trade/countries/U5A')).status).toBe(400);
    expect((await h.get('/v1/trade/countries/US?from=2024-13')).status).toBe(400);
  });

  it('lists customs offices with activity equal to the raw records, and one office in detail', async () => {
    const res = await h.get('/v1/trade/customs-offices?flow=export');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(CUSTOMS_OFFICES.length);
    for (const o of res.body.data) {
      const mine = decls.filter((d) => d.flow === 'export' && d.office === o.code);
      expect(cents(o.activity.value_usd), o.code).toBe(sum(mine, (d) => d.cents));
      expect(o.activity.records).toBe(mine.length);
    }
    const busiest = res.body.data[0];
    expect(busiest.activity.records).toBeGreaterThan(0);
    const one = await h.get(`/v1/trade/customs-offices/${busiest.code}`);
    expect(one.status).toBe(200);
    const office = one.body.data[0];
    const mine = decls.filter((d) => d.office === busiest.code);
    expect(office.activity.records).toBe(mine.length);
    expect(cents(sum(office.activity.top_countries, (c: { value_usd: number }) => c.value_usd))).toBe(sum(mine, (d) => d.cents));
    expect(office.ports.length).toBeGreaterThan(0);
    expect((await h.get('/v1/trade/customs-offices/999999')).status).toBe(404);
    expect((await h.get('/v1/trade/customs-offices/ABC')).status).toBe(400);
  });

  it('serves every code list and names the lists on a 404', async () => {
    for (const name of CODE_LIST_NAMES) {
      const res = await h.get(`/v1/trade/reference/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const e of res.body.data) {
        expect(typeof e.code).toBe('string');
        expect(typeof e.name).toBe('string');
      }
    }
    const modes = await h.get('/v1/trade/reference/transport-modes');
    expect(modes.body.data.map((m: { code: string }) => m.code)).toEqual(['sea', 'air', 'road', 'rail', 'pipeline', 'post', 'other']);
    const bad = await h.get('/v1/trade/reference/colours');
    expect(bad.status).toBe(404);
    expect(bad.body.error.details[0].allowed).toEqual(CODE_LIST_NAMES);
  });
});
