/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are read loosely; the assertions check their shape */
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { buildWorld, type World } from '../companies/fixture.js';

describeEachStore('supply chain operations', (get) => {
  let t: TestApp;
  let w: World;
  let token: string;
  beforeAll(async () => {
    w = await buildWorld(get().store);
    t = await makeTestApp(get().store);
    token = await t.token(['trade:read']);
  });
  afterAll(async () => t?.close());

  const call = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() as { data: Record<string, any>[]; meta: Record<string, any>; error?: { type: string; message: string } } };
  };

  it('links: exporter → buyer pairs with shipments, value, products and first/last date', async () => {
    const { body } = await call('/v1/supply-chain/links');
    expect(body.data.map((l) => l.value_usd).sort((a, b) => b - a)).toEqual([4000, 4000, 2000, 1000]);
    const ax = body.data.find((l) => l.manufacturer.company_id === w.A && l.buyer.company_id === w.X)!;
    expect(ax).toMatchObject({ shipments: 2, value_usd: 4000, first_date: '2024-01-10', last_date: '2024-02-10', products: [{ hs_code: '610910', value_usd: 4000 }] });
    expect((await call('/v1/supply-chain/links?hs=0802')).body.data.map((l) => [l.manufacturer.company_id, l.buyer.company_id])).toEqual([[w.C, w.Y]]);
    expect((await call(`/v1/supply-chain/links?company_id=${w.X}`)).body.data.map((l) => l.manufacturer.company_id)).toEqual([w.A, w.B]);
    const p1 = await call('/v1/supply-chain/links?limit=3');
    const p2 = await call(`/v1/supply-chain/links?limit=3&cursor=${p1.body.meta.next_cursor}`);
    expect(p2.body.data).toHaveLength(1);
    expect(p2.body.data[0]!.value_usd).toBe(1000);
    expect((await call('/v1/supply-chain/links?country=ZZ')).status).toBe(400);
  });

  it('network: depth bounds, fan-out and node types', async () => {
    const d1 = (await call(`/v1/supply-chain/companies/${w.A}/network?depth=1`)).body;
    expect(d1.data[0]!.nodes.map((n: any) => n.id).sort()).toEqual([w.A, w.X, w.Y, w.Z].sort());
    expect(d1.data[0]!.edges.map((e: any) => [e.source, e.target, e.value_usd])).toEqual([[w.Z, w.A, 5000], [w.A, w.X, 4000], [w.A, w.Y, 1000]]);
    expect(d1.data[0]!.edges[0].weight).toBe(1);
    expect(d1.data[0]!.nodes.find((n: any) => n.id === w.A).type).toBe('turkish_company');
    expect(d1.data[0]!.nodes.find((n: any) => n.id === w.X).type).toBe('foreign_company');
    const d2 = (await call(`/v1/supply-chain/companies/${w.A}/network?depth=2`)).body;
    expect(d2.data[0]!.nodes).toHaveLength(6);
    expect(d2.data[0]!.edges).toHaveLength(5);
    expect(d2.data[0]!.nodes.find((n: any) => n.id === w.B).depth).toBe(2);
    const narrow = (await call(`/v1/supply-chain/companies/${w.A}/network?depth=1&fan_out=1`)).body;
    expect(narrow.data[0]!.nodes.map((n: any) => n.id).sort()).toEqual([w.A, w.Z].sort());
    expect(narrow.meta.truncated).toBe(true);
    expect((await call(`/v1/supply-chain/companies/${w.A}/network?depth=4`)).status).toBe(400);
    expect((await call(`/v1/supply-chain/companies/${w.A}/network?depth=0`)).status).toBe(400);
    expect((await call('/v1/supply-chain/companies/999999/network')).status).toBe(404);
  });

  it('buyers and suppliers with dependency shares and HHI', async () => {
    const b = (await call(`/v1/supply-chain/companies/${w.A}/buyers`)).body;
    expect(b.data.map((x) => [x.company_id, x.dependency_share, x.cumulative_share])).toEqual([[w.X, 0.8, 0.8], [w.Y, 0.2, 1]]);
    expect(b.meta.hhi).toBe(0.68);
    const s = (await call(`/v1/supply-chain/companies/${w.A}/suppliers`)).body;
    expect(s.data.map((x) => [x.company_id, x.dependency_share])).toEqual([[w.Z, 1]]);
    expect(s.meta.hhi).toBe(1);
  });

  it('risk: HHI per dimension, top exposures, score and label', async () => {
    const r = (await call(`/v1/supply-chain/companies/${w.A}/risk`)).body.data[0]!;
    const by = Object.fromEntries(r.dimensions.map((d: any) => [d.dimension, d]));
    expect(by.buyers.hhi).toBe(0.68);
    expect(by.suppliers.hhi).toBe(1);
    expect(by.markets.hhi).toBe(0.42); // CN 0.5, DE 0.4, GB 0.1
    expect(by.routes.hhi).toBe(0.82); // TRMER 0.9, TRALI 0.1
    expect(by.markets.top_exposures[0]).toEqual({ key: 'CN', name: null, share: 0.5 });
    expect(by.buyers.top_exposures[0].key).toBe(String(w.X));
    expect(r.score).toBe(73);
    expect(r.label).toBe('high');
  });

  it('routes: volume, carriers and transit p50/p90', async () => {
    const { body } = await call('/v1/supply-chain/routes');
    expect(body.data[0]).toMatchObject({
      origin_port: 'TRMER', destination_port: 'DEHAM', shipments: 4, transit_days_p50: 13, transit_days_p90: 18.2,
      carriers: [{ carrier: 'MSCU', shipments: 3, share: 0.75 }, { carrier: 'MAEU', shipments: 1, share: 0.25 }],
    });
    expect(body.data[1]).toMatchObject({ origin_port: 'TRALI', destination_port: 'GBFXT', shipments: 1, transit_days_p50: 9 });
    expect((await call('/v1/supply-chain/routes?carrier=CMDU')).body.data.map((r) => r.origin_port)).toEqual(['TRALI']);
    expect((await call('/v1/supply-chain/routes?origin_port=QQQQQ')).status).toBe(400);
  });

  it('one route: detail and monthly series; unknown port 400, no traffic 404', async () => {
    const { status, body } = await call('/v1/supply-chain/routes/TRMER/DEHAM');
    expect(status).toBe(200);
    expect(body.data[0]!.series).toEqual([
      { period: '2024-01', shipments: 1, transit_days_p50: 10 },
      { period: '2024-02', shipments: 1, transit_days_p50: 12 },
      { period: '2024-03', shipments: 2, transit_days_p50: 17 },
    ]);
    expect((await call('/v1/supply-chain/routes/TRMER/QQQQQ')).status).toBe(400);
    expect((await call('/v1/supply-chain/routes/TRMER/GBFXT')).status).toBe(404);
  });

  it('ports with activity, and one port in detail', async () => {
    const ports = (await call('/v1/supply-chain/ports')).body.data;
    expect(ports.map((p) => [p.port, p.value_usd, p.records, p.partners, p.share])).toEqual([
      ['TRMER', 11000, 4, 2, 0.6875],
      ['TRALI', 5000, 2, 1, 0.3125],
    ]);
    const mer = (await call('/v1/supply-chain/ports/TRMER')).body.data[0]!;
    expect(mer.throughput.sort((a: any, b: any) => (a.flow < b.flow ? 1 : -1))).toEqual([
      { flow: 'import', value_usd: 5000, records: 1, net_weight_kg: 100 },
      { flow: 'export', value_usd: 6000, records: 3, net_weight_kg: 300 },
    ]);
    expect(mer.partners[0]).toEqual({ country: 'DE', value_usd: 6000, share: 0.545455 });
    expect(mer.products.map((p: any) => p.hs_code)).toEqual(['6109', '7208']);
    expect(mer.carriers.map((c: any) => [c.carrier, c.shipments])).toEqual([['MSCU', 3], ['MAEU', 1]]);
    expect((await call('/v1/supply-chain/ports/ZZZZZ')).status).toBe(404);
  });

  it('carriers and their share', async () => {
    const data = (await call('/v1/supply-chain/carriers')).body.data;
    expect(data.map((c) => [c.carrier, c.shipments, c.share])).toEqual([['MSCU', 3, 0.6], ['CMDU', 1, 0.2], ['MAEU', 1, 0.2]]);
  });

  it('product flows: Sankey nodes and balanced links, with small nodes folded into "other"', async () => {
    const g = (await call('/v1/supply-chain/products/6109/flows')).body.data[0]!;
    const links = Object.fromEntries(g.links.map((l: any) => [`${l.source}>${l.target}`, l.value_usd]));
    expect(links).toEqual({
      [`exporter:${w.A}>port:TRMER`]: 4000, [`exporter:${w.A}>port:TRALI`]: 1000, [`exporter:${w.B}>port:TRMER`]: 2000,
      'port:TRMER>country:DE': 6000, 'port:TRALI>country:GB': 1000,
      [`country:DE>buyer:${w.X}`]: 6000, [`country:GB>buyer:${w.Y}`]: 1000,
    });
    expect(g.nodes.find((n: any) => n.id === 'port:TRMER').value_usd).toBe(6000);
    const top1 = (await call('/v1/supply-chain/products/6109/flows?top=1')).body.data[0]!;
    expect(top1.nodes.map((n: any) => n.id)).toContain('exporter:other');
    expect((await call('/v1/supply-chain/products/61a9/flows')).status).toBe(400);
  });

  it('alternatives: other Turkish exporters of the product to the market', async () => {
    const data = (await call(`/v1/supply-chain/alternatives?hs=6109&country=DE&company_id=${w.A}`)).body.data;
    expect(data.map((a) => [a.company_id, a.value_usd, a.share])).toEqual([[w.B, 2000, 0.333333]]);
    expect((await call('/v1/supply-chain/alternatives?country=DE')).status).toBe(400);
  });

  it('path: shortest trade path within the hop bound, else 404 naming it', async () => {
    const { status, body } = await call(`/v1/supply-chain/path?from_company=${w.B}&to_company=${w.C}`);
    expect(status).toBe(200);
    expect(body.data.map((s) => s.company_id)).toEqual([w.B, w.X, w.A, w.Y, w.C]);
    expect(body.data[1]!.link).toEqual({ direction: 'buys_from_previous', value_usd: 2000, records: 1 });
    expect(body.data[2]!.link).toEqual({ direction: 'sells_to_previous', value_usd: 4000, records: 2 });
    expect(body.meta.hops).toBe(4);
    const short = await call(`/v1/supply-chain/path?from_company=${w.B}&to_company=${w.C}&max_hops=3`);
    expect(short.status).toBe(404);
    expect(short.body.error!.message).toMatch(/within 3 hops/);
    expect((await call(`/v1/supply-chain/path?from_company=${w.A}&to_company=${w.A}`)).status).toBe(400);
    expect((await call(`/v1/supply-chain/path?from_company=${w.A}&to_company=${w.C}&max_hops=7`)).status).toBe(400);
    expect((await call(`/v1/supply-chain/path?from_company=${w.A}`)).status).toBe(400);
  });
});
