// Supply-chain links are a ranking of exporter → buyer pairs: every page, along the cursors, must be
// the brute-force ranking of the stored export declarations (pairs with a known buyer, by value,
// ties by ids), with shares of the whole filtered total, and each pair's products and first and
// last date those of its declarations with a matching line.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { randomDeclarations, prng } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { edgesTouching, type Edge } from '../../../src/features/supply-chain/queries.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

interface Decl { flow: string; date: string; country: string; port: string; company: number; partner: number | null; value: number; items: { gtip: string; value: number }[] }

describeEachStore('supply-chain links, page by page', (get) => {
  let t: TestApp;
  let auth: Record<string, string>;
  const decls: Decl[] = [];
  beforeAll(async () => {
    const { store } = get();
    const input = randomDeclarations(29, 500, offices, 'L');
    for (let b = 0; b < 2; b++) await writeBatch(store, input.slice(b * 250, b * 250 + 250), { batchKey: `links-${b}`, source: 'test' });
    const items = await store.db.selectFrom('declaration_items').select(['declaration_id', 'gtip', 'value_usd_cents']).execute();
    const lines = new Map<number, { gtip: string; value: number }[]>();
    for (const i of items) lines.set(Number(i.declaration_id), [...(lines.get(Number(i.declaration_id)) ?? []), { gtip: i.gtip, value: Number(i.value_usd_cents) }]);
    for (const d of await store.db.selectFrom('declarations').selectAll().execute()) {
      decls.push({
        flow: d.flow, date: String(d.registered_at), country: d.partner_country, port: d.port, company: Number(d.company_id),
        partner: d.partner_company_id === null ? null : Number(d.partner_company_id), value: Number(d.value_usd_cents), items: lines.get(Number(d.id)) ?? [],
      });
    }
    t = await makeTestApp(store);
    auth = { authorization: `Bearer ${await t.token(['trade:read'])}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  // A bound is a month or a day.
  const inRange = (d: Decl, q: { from?: string; to?: string }) => (!q.from || d.date >= q.from) && (!q.to || d.date <= (q.to.length > 7 ? q.to : `${q.to}-31`));

  function ranking(q: { from?: string; to?: string; hs?: string; country?: string }) {
    const kept = decls.filter((d) => d.flow === 'export' && inRange(d, q) && (!q.country || d.country === q.country));
    const pairs = new Map<string, { company: number; partner: number; value: number; records: number }>();
    let total = 0;
    for (const d of kept) {
      // With a product filter, values are those of the matching item lines.
      const value = q.hs ? d.items.filter((i) => i.gtip.startsWith(q.hs!)).reduce((a, i) => a + i.value, 0) : d.value;
      if (q.hs && !d.items.some((i) => i.gtip.startsWith(q.hs!))) continue;
      total += value;
      if (d.partner === null) continue;
      const k = `${d.company}|${d.partner}`;
      const p = pairs.get(k) ?? { company: d.company, partner: d.partner, value: 0, records: 0 };
      p.value += value;
      p.records++;
      pairs.set(k, p);
    }
    const list = [...pairs.values()].sort((a, b) => b.value - a.value || a.company - b.company || a.partner - b.partner);
    return { list, total };
  }

  // A pair's HS6 codes by the value of its matching lines (ties in code order, at most ten) and the
  // first and last date of its declarations holding one, over the period and product (not the country).
  function details(q: { from?: string; to?: string; hs?: string }, company: number, partner: number) {
    const codes = new Map<string, number>();
    const dates: string[] = [];
    for (const d of decls) {
      if (d.flow !== 'export' || d.company !== company || d.partner !== partner || !inRange(d, q)) continue;
      const lines = d.items.filter((i) => !q.hs || i.gtip.startsWith(q.hs));
      if (!lines.length) continue;
      dates.push(d.date);
      for (const i of lines) codes.set(i.gtip.slice(0, 6), (codes.get(i.gtip.slice(0, 6)) ?? 0) + i.value);
    }
    dates.sort();
    const products = [...codes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10).map(([hs_code, value]) => ({ hs_code, value }));
    return { products, first: dates[0] ?? null, last: dates.at(-1) ?? null };
  }

  type Seen = { company: number; partner: number; value: number; records: number; share: number | null; details: ReturnType<typeof details> };

  async function walk(qs: URLSearchParams, limit: number) {
    const seen: Seen[] = [];
    let cursor: string | null = null;
    // A page says how many pairs there are only when it read them all: the last one always does.
    const totals: (number | undefined)[] = [];
    for (let n = 0; n < 500; n++) {
      const params = new URLSearchParams(qs);
      params.set('limit', String(limit));
      if (cursor) params.set('cursor', cursor);
      const res = await t.app.inject({ method: 'GET', url: `/v1/supply-chain/links?${params}`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      type Link = {
        manufacturer: { company_id: number }; buyer: { company_id: number }; value_usd: number; shipments: number; share: number | null;
        products: { hs_code: string; value_usd: number }[]; first_date: string | null; last_date: string | null;
      };
      const body = res.json() as { data: Link[]; meta: { next_cursor: string | null; total?: number } };
      totals.push(body.meta.total);
      for (const l of body.data) {
        seen.push({
          company: l.manufacturer.company_id, partner: l.buyer.company_id, value: Math.round(l.value_usd * 100), records: l.shipments, share: l.share,
          details: { products: l.products.map((p) => ({ hs_code: p.hs_code, value: Math.round(p.value_usd * 100) })), first: l.first_date, last: l.last_date },
        });
      }
      cursor = body.meta.next_cursor;
      if (!cursor) break;
    }
    return { seen, totals };
  }

  async function check(seed: number) {
    const r = prng(seed);
    for (let n = 0; n < 10; n++) {
      const q: { from?: string; to?: string; hs?: string; country?: string } = {};
      // Day bounds read whole months and the days at either end apart; a prefix past six digits, the lines.
      if (r.next() < 0.6) q.from = r.pick(['2024-01', '2024-02', '2024-03', '2024-02-11']);
      if (r.next() < 0.6) q.to = r.pick(['2024-04', '2024-06', '2024-05-17']);
      if (r.next() < 0.3) q.hs = r.pick(['61', '6109', '87', '610910', '87032319']);
      if (r.next() < 0.3) q.country = r.pick(['DE', 'US', 'CN']);
      const want = ranking(q);
      const limit = r.pick([1, 3, 7, 50]);
      const got = await walk(new URLSearchParams(q as Record<string, string>), limit);
      const label = `${JSON.stringify(q)} limit ${limit}`;
      expect(got.totals.at(-1), label).toBe(want.list.length);
      for (const t of got.totals) if (t !== undefined) expect(t, label).toBe(want.list.length);
      expect(got.seen.map(({ share: _s, details: _d, ...p }) => p), label).toEqual(want.list);
      for (const [i, p] of got.seen.entries()) expect(p.share, label).toBeCloseTo(want.list[i]!.value / want.total, 5);
      for (const p of got.seen) expect(p.details, `${label} ${p.company}→${p.partner}`).toEqual(details(q, p.company, p.partner));
    }
  }

  it('visits the brute-force ranking once along the cursors, from SQL', async () => {
    await check(3);
  });

  // Product flows by brute force: each stage keeps its `top` nodes by value, the rest fold into "other".
  function sankey(hs: string, from: string | null, to: string | null, top: number) {
    const rows = decls
      .filter((d) => d.flow === 'export' && (!from || d.date >= from) && (!to || d.date <= `${to}-31`))
      .map((d) => ({ ...d, v: d.items.filter((i) => i.gtip.startsWith(hs)).reduce((a, i) => a + i.value, 0), any: d.items.some((i) => i.gtip.startsWith(hs)) }))
      .filter((d) => d.any);
    const keys = { exporter: (d: (typeof rows)[number]) => String(d.company), port: (d: (typeof rows)[number]) => d.port, country: (d: (typeof rows)[number]) => d.country, buyer: (d: (typeof rows)[number]) => String(d.partner ?? 0) };
    const kept = Object.fromEntries(Object.entries(keys).map(([stage, k]) => {
      const sums = new Map<string, number>();
      for (const d of rows) sums.set(k(d), (sums.get(k(d)) ?? 0) + d.v);
      return [stage, new Set([...sums].filter(([x]) => x !== '0').sort((x, y) => y[1] - x[1]).slice(0, top).map(([x]) => x))];
    })) as Record<keyof typeof keys, Set<string>>;
    const node = (stage: keyof typeof keys, d: (typeof rows)[number]) => (kept[stage].has(keys[stage](d)) ? `${stage}:${keys[stage](d)}` : `${stage}:other`);
    const links = new Map<string, number>();
    for (const d of rows) {
      for (const [a, b] of [['exporter', 'port'], ['port', 'country'], ['country', 'buyer']] as const) {
        const k = `${node(a, d)}>${node(b, d)}`;
        links.set(k, (links.get(k) ?? 0) + d.v);
      }
    }
    return Object.fromEntries([...links].map(([k, v]) => [k, v / 100]));
  }

  async function checkFlows(seed: number) {
    const r = prng(seed);
    for (let n = 0; n < 8; n++) {
      const hs = r.pick(['61', '6109', '87', '8703']);
      const from = r.pick([null, '2024-01', '2024-02']);
      const to = r.pick([null, '2024-04', '2024-06']);
      const top = r.pick([1, 2, 3, 10]);
      const qs = new URLSearchParams({ top: String(top), ...(from ? { from } : {}), ...(to ? { to } : {}) });
      const res = await t.app.inject({ method: 'GET', url: `/v1/supply-chain/products/${hs}/flows?${qs}`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      const g = (res.json() as { data: [{ links: { source: string; target: string; value_usd: number }[] }] }).data[0];
      const got = Object.fromEntries(g.links.map((l) => [`${l.source}>${l.target}`, l.value_usd]));
      const want = sankey(hs, from, to, top);
      expect(Object.keys(got).sort(), `${hs} ${qs}`).toEqual(Object.keys(want).sort());
      for (const [k, v] of Object.entries(want)) expect(got[k], `${hs} ${qs} ${k}`).toBeCloseTo(v, 2);
    }
  }

  it('folds product flows as a brute-force Sankey does', async () => {
    await checkFlows(9);
  });

  it('reads the trading pairs around companies as a brute-force scan finds them', async () => {
    const ids = [...new Set(decls.map((d) => d.company))].slice(0, 3);
    for (const range of [{ from: null, to: null }, { from: '2024-02-01', to: '2024-04-30' }, { from: '2024-01-15', to: null }]) {
      const got = (await edgesTouching(get().store.db, ids, range)).map((e: Edge) => `${e.flow}|${e.company_id}|${e.partner_company_id}|${e.records}|${e.value_cents}`).sort();
      const want = new Map<string, { n: number; v: number }>();
      for (const d of decls) {
        if (d.partner === null || !(ids.includes(d.company) || ids.includes(d.partner))) continue;
        if ((range.from && d.date < range.from) || (range.to && d.date > range.to)) continue;
        const k = `${d.flow}|${d.company}|${d.partner}`;
        const w = want.get(k) ?? { n: 0, v: 0 };
        w.n++;
        w.v += d.value;
        want.set(k, w);
      }
      expect(got, JSON.stringify(range)).toEqual([...want].map(([k, w]) => `${k}|${w.n}|${w.v}`).sort());
    }
  });

  it('refuses a cursor that is not one of this list', async () => {
    const bad = Buffer.from(JSON.stringify([-4, 1, 2])).toString('base64url');
    expect((await t.app.inject({ method: 'GET', url: `/v1/supply-chain/links?cursor=${bad}`, headers: auth })).statusCode).toBe(400);
    const gone = Buffer.from(JSON.stringify([0, 999999, 999998])).toString('base64url');
    expect((await t.app.inject({ method: 'GET', url: `/v1/supply-chain/links?cursor=${gone}`, headers: auth })).statusCode).toBe(400);
  });
});
