/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are read loosely; the assertions check their shape */
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { buildWorld, decl, NAMES, type World } from './fixture.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { vkn } from '../../helpers/random-records.js';

describeEachStore('company and buyer operations', (get) => {
  let t: TestApp;
  let w: World;
  let token: string;
  beforeAll(async () => {
    w = await buildWorld(get().store);
    t = await makeTestApp(get().store);
    token = await t.token(['companies:read']);
  });
  afterAll(async () => t?.close());

  const call = async (url: string, tok = token) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok}` } });
    return { status: res.statusCode, body: res.json() as { data: Record<string, any>[]; meta: Record<string, any>; error?: { type: string } } };
  };

  it('search folds Turkish letters, normalises legal forms and tolerates typos', async () => {
    for (const q of ['yilmaz tekstil', 'YILMAZ TEKSTİL SAN. VE TİC. AŞ', 'Yilmza Tekstil']) {
      const { status, body } = await call(`/v1/companies?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body.data[0]!.company_id).toBe(w.A);
      expect(body.data[0]!.trade_value_usd).toBe(10000);
    }
  });

  it('search without q ranks by trade size and filters by country, city, role, hs and sector', async () => {
    const all = await call('/v1/companies?limit=100');
    // Trade size: A 10,000; X 6,000; Y 5,000; Z 5,000; C 4,000; B 2,000 (ties by id).
    expect(all.body.data.map((c) => c.company_id)).toEqual([w.A, w.X, ...[w.Y, w.Z].sort((a, b) => a - b), w.C, w.B]);
    expect((await call('/v1/companies?country=DEU')).body.data.map((c) => c.company_id)).toEqual([w.X]);
    expect((await call(`/v1/companies?city=${encodeURIComponent('izmir')}`)).body.data.map((c) => c.company_id)).toEqual([w.C]);
    expect((await call('/v1/companies?role=supplier')).body.data.map((c) => c.company_id)).toEqual([w.Z]);
    expect((await call('/v1/companies?hs=6109&role=exporter')).body.data.map((c) => c.company_id)).toEqual([w.A, w.B]);
    // Partners of the product's trade count as its traders too; a chapter nobody traded has none.
    expect((await call('/v1/companies?hs=6109&country=DE')).body.data.map((c) => c.company_id)).toEqual([w.X]);
    expect((await call('/v1/companies?hs=01')).body.data).toEqual([]);
    expect((await call('/v1/companies?sector=nothing')).body.data).toEqual([]);
    expect((await call('/v1/companies?role=broker')).status).toBe(400);
    expect((await call('/v1/companies?country=XX')).status).toBe(400);
  });

  it('search pages with a cursor without repeats', async () => {
    const seen: number[] = [];
    let url = '/v1/companies?limit=4';
    for (;;) {
      const { body } = await call(url);
      seen.push(...body.data.map((c) => c.company_id as number));
      if (!body.meta.next_cursor) break;
      url = `/v1/companies?limit=4&cursor=${body.meta.next_cursor}`;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });

  it('profile: names, tax number, location, roles, trade span and totals; 404 and 400', async () => {
    const { status, body } = await call(`/v1/companies/${w.A}`);
    expect(status).toBe(200);
    const p = body.data[0]!;
    expect(p.name).toBe(NAMES.A);
    expect(p.tax_number).toBe(vkn(1));
    expect(p.tax_number_kind).toBe('vkn');
    expect(p.city).toBe('İstanbul');
    expect(p.roles.sort()).toEqual(['exporter', 'importer']);
    expect(p.first_trade_date).toBe('2024-01-10');
    expect(p.last_trade_date).toBe('2024-02-15');
    expect(p.totals).toEqual({ import: { value_usd: 5000, records: 1 }, export: { value_usd: 5000, records: 3 } });
    expect(p.top_partner_countries[0]).toEqual({ country: 'CN', value_usd: 5000, share: 0.5 });
    expect((await call('/v1/companies/999999')).status).toBe(404);
    expect((await call('/v1/companies/abc')).status).toBe(400);
  });

  it('trade history: every month with import and export values', async () => {
    const { body } = await call(`/v1/companies/${w.A}/trade-history`);
    expect(body.data).toEqual([
      { period: '2024-01', import_value_usd: 5000, export_value_usd: 1000, import_records: 1, export_records: 1 },
      { period: '2024-02', import_value_usd: 0, export_value_usd: 4000, import_records: 0, export_records: 2 },
    ]);
  });

  it('customers and suppliers from either side, with shares and first/last shipment', async () => {
    const cust = (await call(`/v1/companies/${w.A}/customers`)).body.data;
    expect(cust.map((c) => [c.company_id, c.value_usd, c.share, c.records, c.first_shipment_date, c.last_shipment_date])).toEqual([
      [w.X, 4000, 0.8, 2, '2024-01-10', '2024-02-10'],
      [w.Y, 1000, 0.2, 1, '2024-02-15', '2024-02-15'],
    ]);
    expect(cust[0]!.name).toBe(NAMES.X);
    const sup = (await call(`/v1/companies/${w.A}/suppliers`)).body.data;
    expect(sup.map((c) => [c.company_id, c.share])).toEqual([[w.Z, 1]]);
    // A foreign buyer's suppliers are the Turkish exporters selling to it.
    const xs = (await call(`/v1/companies/${w.X}/suppliers`)).body.data;
    expect(xs.map((c) => [c.company_id, c.value_usd, c.share])).toEqual([[w.A, 4000, 0.666667], [w.B, 2000, 0.333333]]);
    expect((await call(`/v1/companies/${w.X}/customers`)).body.data).toEqual([]);
    const paged = await call(`/v1/companies/${w.A}/customers?limit=1`);
    const next = await call(`/v1/companies/${w.A}/customers?limit=1&cursor=${paged.body.meta.next_cursor}`);
    expect(next.body.data.map((c) => c.company_id)).toEqual([w.Y]);
    expect(next.body.meta.next_cursor).toBeNull();
    expect((await call(`/v1/companies/${w.A}/customers?from=2024-02-01`)).body.data.map((c) => c.value_usd)).toEqual([3000, 1000]);
    expect((await call(`/v1/companies/${w.A}/customers?from=2024-03&to=2024-01`)).status).toBe(400);
  });

  it('products and markets by flow', async () => {
    const products = (await call(`/v1/companies/${w.A}/products?flow=export&hs_level=4`)).body.data;
    expect(products).toEqual([{ hs_code: '6109', flow: 'export', value_usd: 5000, net_weight_kg: 300, records: 3, share: 1 }]);
    const markets = (await call(`/v1/companies/${w.A}/markets`)).body.data;
    expect(markets.map((m) => [m.flow, m.country, m.value_usd, m.share])).toEqual([
      ['export', 'DE', 4000, 0.8],
      ['export', 'GB', 1000, 0.2],
      ['import', 'CN', 5000, 1],
    ]);
    expect((await call(`/v1/companies/${w.A}/products?hs_level=5`)).status).toBe(400);
  });

  it('declarations newest first, keyset-paged, and as CSV', async () => {
    const first = await call(`/v1/companies/${w.A}/declarations?limit=3`);
    expect(first.body.data.map((d) => d.declaration_no)).toEqual(['FX-3', 'FX-2', 'FX-6']);
    const rest = await call(`/v1/companies/${w.A}/declarations?limit=3&cursor=${first.body.meta.next_cursor}`);
    expect(rest.body.data.map((d) => d.declaration_no)).toEqual(['FX-1']);
    expect(rest.body.meta.next_cursor).toBeNull();
    const x = await call(`/v1/companies/${w.X}/declarations?flow=export`);
    expect(x.body.data.map((d) => d.declaration_no)).toEqual(['FX-4', 'FX-2', 'FX-1']);
    const csv = await t.app.inject({ method: 'GET', url: `/v1/companies/${w.A}/declarations?format=csv`, headers: { authorization: `Bearer ${token}` } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.trim().split('\n')).toHaveLength(5);
  });

  it('contacts need contacts:read (403 without, never blanked) and every read is audited', async () => {
    const denied = await call(`/v1/companies/${w.X}/contacts`);
    expect(denied.status).toBe(403);
    expect(denied.body.data).toEqual([]);
    const k = await t.key(['contacts:read']);
    const tokRes = await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: k.api_key, api_secret: k.api_secret } });
    const tok = (tokRes.json() as { data: [{ access_token: string }] }).data[0].access_token;
    const ok = await call(`/v1/companies/${w.X}/contacts`, tok);
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((c) => c.full_name)).toEqual(['Anna Schmidt', 'Jonas Weber']);
    expect(ok.body.data[0]!.email).toBe('anna@example.de');
    const audit = await get().store.db.selectFrom('audit_log').selectAll().where('action', '=', 'contacts.read').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.key_id).toBe(k.key_id);
    expect(audit[0]!.target_id).toBe(String(w.X));
    expect(Date.now() - Date.parse(String(audit[0]!.at))).toBeLessThan(60_000);
    const admin = await t.token(['admin']);
    const log = await call('/v1/admin/audit-log?action=contacts.read', admin);
    expect(log.body.data.map((e) => e.target_id)).toEqual([String(w.X)]);
    expect((await call('/v1/companies/999999/contacts', tok)).status).toBe(404);
  });

  it('competitors: same HS6 into the same markets, scored by overlap', async () => {
    const { body } = await call(`/v1/companies/${w.A}/competitors?flow=export`);
    // A's pairs: 610910|DE $4,000 and 610910|GB $1,000; B serves 610910|DE only → 0.8. C sells 0802.
    expect(body.data.map((c) => [c.company_id, c.overlap_score, c.shared_pairs, c.shared_value_usd])).toEqual([[w.B, 0.8, 1, 2000]]);
    expect(body.data[0]!.top_shared).toEqual([{ hs_code: '610910', country: 'DE' }]);
  });

  it('buyers of a product in a market, ranked, with the Turkish suppliers counted', async () => {
    const de = (await call('/v1/buyers?hs=6109&country=DE')).body.data;
    expect(de.map((b) => [b.company_id, b.value_usd, b.turkish_suppliers, b.share])).toEqual([[w.X, 6000, 2, 1]]);
    const all = (await call('/v1/buyers?hs=61.09')).body.data;
    expect(all.map((b) => [b.rank, b.company_id, b.value_usd])).toEqual([[1, w.X, 6000], [2, w.Y, 1000]]);
    expect((await call('/v1/buyers?country=DE')).status).toBe(400);
    expect((await call('/v1/buyers?hs=61a9')).status).toBe(400);
  });

  it('match: exact VKN wins, variants match, outsiders do not; 101 inputs is a 400', async () => {
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/companies/match', headers: { authorization: `Bearer ${token}` }, payload });
    const res = await post({
      inputs: [
        { name: 'Completely Different Name', tax_number: vkn(2) },
        { name: 'YILMAZ TEKSTIL SAN. VE TIC. A.S.', country: 'TR' },
        { name: 'Hamburger Textilhandel', country: 'DE' },
        { name: 'Ozturk Makina Sanayi A.S.' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: Record<string, any>[] }).data;
    expect(data[0]!.best).toMatchObject({ company_id: w.B, reason: 'exact_tax_number', score: 1 });
    expect(data[0]!.matched).toBe(true);
    expect(data[1]!.best.company_id).toBe(w.A);
    expect(data[1]!.matched).toBe(true);
    expect(data[2]!.best.company_id).toBe(w.X);
    expect(data[2]!.matched).toBe(true);
    expect(data[3]!.matched).toBe(false);
    const many = await post({ inputs: Array.from({ length: 101 }, (_, i) => ({ name: `Firma ${i}` })) });
    expect(many.statusCode).toBe(400);
    expect((await post({ inputs: Array.from({ length: 100 }, (_, i) => ({ name: `Firma ${i}` })) })).statusCode).toBe(200);
    expect((await post({ inputs: [{ name: 'x', country: 'QQ' }] })).statusCode).toBe(400);
    expect((await post({ inputs: [] })).statusCode).toBe(400);
    // Inputs seen before (remembered) and repeated within a request answer like new ones, each in its place.
    const mixed = [
      { name: 'Hamburger Textilhandel', country: 'DE' },
      { name: 'Yilmaz Tekstil' },
      { name: 'Hamburger Textilhandel', country: 'DE' },
      { name: 'Ozturk Makina Sanayi A.S.' },
      { name: 'Yilmaz Tekstil' },
    ];
    const again = (await post({ inputs: mixed })).json() as { data: Record<string, any>[] };
    const alone = await Promise.all(mixed.map(async (i) => ((await post({ inputs: [i], candidates: 3 })).json() as { data: Record<string, any>[] }).data[0]!));
    expect(again.data.map((d) => d.index)).toEqual([0, 1, 2, 3, 4]);
    expect(again.data.map(({ index: _i, ...d }) => d)).toEqual(alone.map(({ index: _i, ...d }) => d));
    expect(again.data[0]!.best.company_id).toBe(w.X);
    expect(again.data[1]!.best?.company_id).not.toBe(w.X);
  });

  // Last in the file: it adds a declaration to the shared world.
  it('a remembered search with hs follows the traders of the product when they change', async () => {
    const before = (await call('/v1/companies?hs=6109&role=exporter')).body.data.map((c) => c.company_id);
    expect(before).toEqual([w.A, w.B]);
    await writeBatch(get().store, [decl('9', 'export', 'C', 'X', '610910000011', 500, '2024-04-10', 'TRMER')], { batchKey: 'fixture-more', source: 'test' });
    const after = (await call('/v1/companies?hs=6109&role=exporter')).body.data.map((c) => c.company_id);
    expect([...after].sort((a, b) => a - b)).toEqual([w.A, w.B, w.C].sort((a, b) => a - b));
  });
});
