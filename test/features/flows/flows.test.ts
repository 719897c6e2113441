// Import Data and Export Data over HTTP on a generated dataset: every list walks each matching
// record exactly once (also while a batch lands mid-walk), downloads hold exactly the matching
// records, and every summary, breakdown, series and ranking equals a brute-force computation
// over the raw rows.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { randomDeclarations, prng } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { invalidateSourceMeta } from '../../../src/features/shared/source-meta.js';
import { quantile } from '../../../src/domain/stats/quantiles.js';
import type { DeclarationInput } from '../../../src/ingest/record.js';
import type { Store } from '../../../src/db/connect.js';
import { companiesMatching } from '../../../src/features/shared/aggregate.js';
import { foldTurkish } from '../../../src/domain/codes/text.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));
const FOREIGN_PORT: Record<string, string> = { DE: 'DEHAM', CN: 'CNSHA', US: 'USNYC', GB: 'GBFXT', IQ: 'IQUQR', RU: 'RULED' };

interface Item { gtip: string; value: number; weight: number; qty: number; duty: number; addDuty: number; vat: number; description: string }
interface Decl {
  id: number; no: string; flow: 'import' | 'export'; date: string; country: string; port: string; office: string; company: number;
  partner: number; value: number; weight: number; bl: string | null; items: Item[];
}

/** Sea declarations get a bill of lading; imports carry duties; some items a Turkish description. */
function dataset(seed: number, n: number, prefix: string): DeclarationInput[] {
  const r = prng(seed * 7 + 1);
  return randomDeclarations(seed, n, offices, prefix).map((d, k) => ({
    ...d,
    bl_number: d.transport_mode === 'sea' ? `BL${prefix}${seed}X${k}` : null,
    vessel: d.transport_mode === 'sea' ? 'MV ÖRNEK' : null,
    items: d.items.map((it) => ({
      ...it,
      description: r.next() < 0.2 ? 'Pamuklu tişört, örme' : it.description,
      ...(d.flow === 'import' ? { customs_duty_usd: Math.round(it.value_usd * 12) / 100, vat_usd: Math.round(it.value_usd * 20) / 100, additional_duty_usd: r.next() < 0.3 ? 5 : 0 } : {}),
    })),
  }));
}

async function insertBills(store: Store, records: DeclarationInput[]): Promise<void> {
  for (const d of records) {
    if (!d.bl_number) continue;
    const foreign = FOREIGN_PORT[d.partner.country] ?? 'DEHAM';
    await store.db.insertInto('bills_of_lading').values({
      bl_number: d.bl_number, flow: d.flow, carrier_scac: d.partner.country === 'CN' ? 'MSCU' : 'MAEU', vessel: 'MV ÖRNEK', voyage: '12E',
      booking_number: null, port_of_loading: d.flow === 'import' ? foreign : d.port, port_of_discharge: d.flow === 'import' ? d.port : foreign,
      shipper_name: d.flow === 'import' ? d.partner.name : d.company.name, shipper_company_id: null,
      consignee_name: d.flow === 'import' ? d.company.name : d.partner.name, consignee_company_id: null, notify_party: null,
      packages: 10, package_type: 'CT', gross_weight_kg: d.gross_weight_kg, volume_m3: null, goods_description: 'Textiles',
      issued_at: d.registered_at, shipped_on_board_at: d.registered_at, source: 'test',
    }).execute();
    await store.db.insertInto('containers').values({ container_no: 'MSCU1234565', bl_number: d.bl_number, iso_type: '45G1', seal_no: 'S1', gross_weight_kg: 1000 }).execute();
  }
}

async function load(store: Store): Promise<Decl[]> {
  const rows = await store.db.selectFrom('declarations').selectAll().execute();
  const items = await store.db.selectFrom('declaration_items').selectAll().execute();
  const by = new Map<number, Item[]>();
  for (const i of items) {
    const list = by.get(Number(i.declaration_id)) ?? [];
    list.push({
      gtip: i.gtip, value: Number(i.value_usd_cents), weight: Number(i.net_weight_kg), qty: Number(i.quantity), duty: Number(i.customs_duty_usd_cents),
      addDuty: Number(i.additional_duty_usd_cents), vat: Number(i.vat_usd_cents), description: i.description,
    });
    by.set(Number(i.declaration_id), list);
  }
  return rows.map((d) => ({
    id: Number(d.id), no: d.declaration_no, flow: d.flow, date: String(d.registered_at), country: d.partner_country, port: d.port,
    office: d.customs_office, company: Number(d.company_id), partner: Number(d.partner_company_id), value: Number(d.value_usd_cents),
    weight: Number(d.net_weight_kg), bl: d.bl_number, items: by.get(Number(d.id)) ?? [],
  }));
}

const cents = (usd: unknown) => Math.round(Number(usd) * 100);
const close = (a: unknown, b: number) => expect(Number(a)).toBeCloseTo(b, 2);

describeEachStore('import and export data', (get) => {
  let t: TestApp;
  let auth: { authorization: string };
  let decls: Decl[] = [];
  const call = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
  const ok = async (url: string) => {
    const res = await call(url);
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    return res.json() as { data: Record<string, unknown>[]; meta: Record<string, unknown> };
  };

  beforeAll(async () => {
    const { store } = get();
    const input = dataset(5, 400, 'F');
    await writeBatch(store, input.slice(0, 200), { batchKey: 'flows-1', source: 'test' });
    await writeBatch(store, input.slice(200), { batchKey: 'flows-2', source: 'test' });
    await insertBills(store, input);
    invalidateSourceMeta(store.db);
    decls = await load(store);
    t = await makeTestApp(store);
    auth = { authorization: `Bearer ${await t.token(['trade:read'])}` };
  });
  afterAll(() => t.close());

  const imports = () => decls.filter((d) => d.flow === 'import');
  const exportsOf = () => decls.filter((d) => d.flow === 'export');

  async function walk(url: string, limit: number, between?: (page: number) => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 1000; page++) {
      const body = await ok(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.meta.count).toBe(body.data.length);
      expect(body.data.length).toBeLessThanOrEqual(limit);
      seen.push(...body.data.map((d) => String(d.declaration_no)));
      cursor = body.meta.next_cursor as string | null;
      if (!cursor) return seen;
      await between?.(page);
    }
    throw new Error('did not end');
  }

  it('pages through every matching declaration exactly once, in order, for every sort', async () => {
    const expected = imports().map((d) => d.no).sort();
    for (const sort of ['-registered_at', 'registered_at', '-value_usd', 'value_usd']) {
      const seen = await walk(`/v1/imports/declarations?sort=${sort}`, 17);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual(expected);
      const byNo = new Map(decls.map((d) => [d.no, d]));
      const keys = seen.map((n) => (sort.endsWith('value_usd') ? byNo.get(n)!.value : byNo.get(n)!.date));
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted);
    }
  });

  it('applies random combinations of filters exactly like a brute-force scan', async () => {
    const r = prng(99);
    for (let k = 0; k < 30; k++) {
      const flow = r.next() < 0.5 ? 'import' : 'export';
      const params: string[] = [];
      let keep = (d: Decl) => d.flow === flow;
      const and = (f: (d: Decl) => boolean) => { const prev = keep; keep = (d) => prev(d) && f(d); };
      if (r.next() < 0.5) { const c = r.pick(['DE', 'DEU', '276', 'CN', 'US']); const a2 = c === 'CN' ? 'CN' : c === 'US' ? 'US' : 'DE'; params.push(`country=${c}`); and((d) => d.country === a2); }
      if (r.next() < 0.5) { const h = r.pick(['61', '6109.10', '8703', '08 02']); const p = h.replace(/[ .]/g, ''); params.push(`hs=${encodeURIComponent(h)}`); and((d) => d.items.some((i) => i.gtip.startsWith(p))); }
      if (r.next() < 0.5) { const from = `2024-0${r.int(1, 3)}-${String(r.int(1, 28)).padStart(2, '0')}`; params.push(`from=${from}`); and((d) => d.date >= from); }
      if (r.next() < 0.4) { params.push('to=2024-04'); and((d) => d.date <= '2024-04-30'); }
      if (r.next() < 0.3) { params.push('port=TRMER'); and((d) => d.port === 'TRMER'); }
      if (r.next() < 0.5) { const p = r.pick(decls); const c = r.next() < 0.5 ? p.company : p.partner; params.push(`company_id=${c}`); and((d) => d.company === c || d.partner === c); }
      if (r.next() < 0.3) { params.push('min_value_usd=20000'); and((d) => d.value >= 2_000_000); }
      if (r.next() < 0.3) { params.push(`q=${encodeURIComponent('TİŞÖRT')}`); and((d) => d.items.some((i) => i.description.includes('tişört'))); }
      const url = `/v1/${flow}s/declarations?${params.join('&')}`;
      const seen = await walk(url, 23);
      expect([...seen].sort(), url).toEqual(decls.filter(keep).map((d) => d.no).sort());
    }
  });

  it('never repeats or skips a record while new records are ingested between pages', async () => {
    const { store } = get();
    const before = new Set(imports().map((d) => d.no));
    for (const sort of ['-registered_at', 'value_usd']) {
      const seen = await walk(`/v1/imports/declarations?sort=${sort}`, 25, async (page) => {
        if (page !== 1) return;
        const batch = dataset(100 + sort.length, 60, `M${sort.length}`);
        await writeBatch(store, batch, { batchKey: `mid-walk-${sort}`, source: 'test' });
        await insertBills(store, batch);
      });
      expect(new Set(seen).size).toBe(seen.length);
      for (const no of before) expect(seen).toContain(no);
    }
    invalidateSourceMeta(store.db);
    decls = await load(store);
  });

  it('streams exactly the matching records as NDJSON and CSV', async () => {
    const expected = exportsOf().filter((d) => d.country === 'DE').map((d) => d.no).sort();
    const nd = await call('/v1/exports/declarations?country=DE&format=ndjson');
    expect(nd.statusCode).toBe(200);
    expect(nd.headers['content-type']).toMatch(/ndjson/);
    const lines = nd.body.trim().split('\n').map((l) => JSON.parse(l) as { declaration_no: string; partner_country: string });
    expect(lines.map((l) => l.declaration_no).sort()).toEqual(expected);
    const csv = await call('/v1/exports/declarations?country=DE', { accept: 'text/csv' });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = csv.body.trim().split('\n');
    expect(rows[0]!.split(',')[0]).toBe('declaration_no');
    expect(rows.slice(1).map((l) => l.split(',')[0]).sort()).toEqual(expected);
  });

  it('returns one declaration with parties, items, duties, bill of lading and containers', async () => {
    const d = imports().find((x) => x.bl && x.items.length > 1)!;
    const body = await ok(`/v1/imports/declarations/${d.no}`);
    const v = body.data[0]!;
    expect(v).toMatchObject({ declaration_no: d.no, flow: 'import', partner_country: d.country, port: d.port, bl_number: d.bl, company_id: d.company });
    expect(v.company_name).toMatch(/^Firma/);
    expect(v.company_tax_number).toMatch(/^\d{10}$/);
    expect(v.partner_name).toMatch(/^Partner/);
    expect(v.port_name).toBeTruthy();
    expect(cents(v.value_usd)).toBe(d.value);
    expect(cents(v.customs_duty_usd)).toBe(d.items.reduce((s, i) => s + i.duty, 0));
    const items = v.items as Record<string, unknown>[];
    expect(items).toHaveLength(d.items.length);
    for (const i of items) {
      expect(i.gtip).toMatch(/^\d{12}$/);
      expect(i.hs6).toBe(String(i.gtip).slice(0, 6));
    }
    expect(v.containers).toEqual([{ container_no: 'MSCU1234565', iso_type: '45G1', seal_no: 'S1', gross_weight_kg: 1000 }]);
    expect(v.bill_of_lading).toMatchObject({ bl_number: d.bl, carrier_scac: expect.any(String), port_of_discharge: d.port });
    expect(v.source).toBe('test');
    expect(v.estimated).toEqual([]);
    expect((body.meta.source as { datasets: string[] }).datasets).toContain('test');

    const itemsRes = await ok(`/v1/imports/declarations/${d.no}/items`);
    expect(itemsRes.data.map((i) => i.line_no)).toEqual(d.items.map((_, k) => k + 1));
  });

  it('answers 404 for an unknown number and for the other flow\'s number', async () => {
    const exp = exportsOf()[0]!;
    for (const url of ['/v1/imports/declarations/NOPE-1', `/v1/imports/declarations/${exp.no}`, `/v1/imports/declarations/${exp.no}/items`]) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.type).toBe('not_found');
    }
    expect((await call(`/v1/exports/declarations/${exp.no}`)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for impossible parameters', async () => {
    const cases: [string, string, string[]?][] = [
      ['/v1/imports/declarations?sort=price', 'sort', ['-registered_at', 'registered_at', '-value_usd', 'value_usd']],
      ['/v1/imports/declarations?country=XX', 'country'],
      ['/v1/exports/declarations?from=2024-05&to=2024-04', 'to'],
      ['/v1/imports/declarations?hs=61ab', 'hs'],
      ['/v1/imports/declarations?cursor=garbage', 'cursor'],
      ['/v1/imports/declarations?transport_mode=boat', 'transport_mode'],
      ['/v1/imports/declarations?unknown=1', 'unknown'],
      ['/v1/imports/by-product?hs_level=5', 'hs_level'],
      ['/v1/imports/time-series?freq=week', 'freq'],
      ['/v1/imports/top-importers?top=0', 'top'],
      ['/v1/exports/top-buyers?top=1001', 'top'],
      ['/v1/exports/destinations/ZZ', 'country'],
      ['/v1/imports/duties?group_by=carrier', 'group_by'],
      ['/v1/imports/duties?freq=month', 'freq'],
      ['/v1/imports/bills-of-lading?country=QQQ', 'country'],
      ['/v1/imports/bills-of-lading?from=2024-13', 'from'],
    ];
    for (const [url, field, allowed] of cases) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(400);
      const err = res.json().error;
      expect(err.type).toBe('validation_error');
      expect(JSON.stringify(err.details), url).toContain(field);
      if (allowed) expect(err.details[0].allowed).toEqual(allowed);
    }
    // A cursor of another sort is refused instead of silently restarting.
    const first = await ok('/v1/imports/declarations?limit=2&sort=value_usd');
    const res = await call(`/v1/imports/declarations?limit=2&sort=-registered_at&cursor=${first.meta.next_cursor}`);
    expect(res.statusCode).toBe(400);
  });

  it('searches bills of lading by foreign country and carrier, and returns one with containers', async () => {
    const withBl = imports().filter((d) => d.bl);
    const cn = withBl.filter((d) => d.country === 'CN').map((d) => d.bl).sort();
    const body = await ok('/v1/imports/bills-of-lading?country=CHN&limit=1000');
    expect(body.data.map((b) => b.bl_number).sort()).toEqual(cn);
    for (const b of body.data) expect(b.port_of_loading).toBe('CNSHA');
    const byCarrier = await ok('/v1/imports/bills-of-lading?carrier=maeu&limit=1000');
    expect(byCarrier.data.length).toBe(withBl.filter((d) => d.country !== 'CN').length);
    // Paging visits each bill once.
    let cursor: string | null = null;
    const seen: string[] = [];
    do {
      const page = await ok(`/v1/exports/bills-of-lading?limit=9${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((b) => String(b.bl_number)));
      cursor = page.meta.next_cursor as string | null;
    } while (cursor);
    expect(seen.sort()).toEqual(exportsOf().filter((d) => d.bl).map((d) => d.bl).sort());

    const one = await ok(`/v1/imports/bills-of-lading/${withBl[0]!.bl}`);
    expect(one.data[0]).toMatchObject({ bl_number: withBl[0]!.bl, flow: 'import', containers: [{ container_no: 'MSCU1234565' }] });
    expect((await call(`/v1/exports/bills-of-lading/${withBl[0]!.bl}`)).statusCode).toBe(404);
    expect((await call('/v1/imports/bills-of-lading/NOPE')).statusCode).toBe(404);
  });

  it('joins shipments with their bill of lading', async () => {
    const body = await ok('/v1/imports/shipments?transport_mode=sea&limit=1000');
    const sea = imports().filter((d) => d.port !== 'XTRKPK');
    expect(body.data.length).toBe(sea.length);
    for (const s of body.data) {
      expect(s.bl_number).toBeTruthy();
      expect(s.port_of_discharge).toBe(s.port);
      expect(s.containers_count).toBe(1);
      expect(s.carrier_name).toBeTruthy();
    }
    const road = await ok('/v1/imports/shipments?transport_mode=road&limit=3');
    for (const s of road.data) expect(s.bl_number).toBeNull();
  });

  it('summary equals brute-force totals for random filters', async () => {
    const specs: [string, (d: Decl) => boolean][] = [
      ['', () => true],
      ['country=DE,CN', (d) => ['DE', 'CN'].includes(d.country)],
      ['from=2024-02&to=2024-04', (d) => d.date >= '2024-02-01' && d.date <= '2024-04-30'],
      ['from=2024-02-10&to=2024-05-03&port=TRALI', (d) => d.date >= '2024-02-10' && d.date <= '2024-05-03' && d.port === 'TRALI'],
    ];
    for (const flow of ['import', 'export'] as const) {
      for (const [q, keep] of specs) {
        const body = await ok(`/v1/${flow}s/summary?${q}`);
        const rows = decls.filter((d) => d.flow === flow && keep(d));
        const s = body.data[0]!;
        expect(cents(s.value_usd), q).toBe(rows.reduce((a, d) => a + d.value, 0));
        close(s.net_weight_kg, rows.reduce((a, d) => a + d.weight, 0));
        expect(s.records).toBe(rows.length);
        expect(s.companies).toBe(new Set(rows.map((d) => d.company)).size);
        expect(s.partner_companies).toBe(new Set(rows.map((d) => d.partner)).size);
        expect(s[flow === 'import' ? 'importers' : 'exporters']).toBe(s.companies);
        expect(s[flow === 'import' ? 'suppliers' : 'buyers']).toBe(s.partner_companies);
        if (flow === 'import') expect(cents(s.customs_duty_usd)).toBe(rows.reduce((a, d) => a + d.items.reduce((b, i) => b + i.duty, 0), 0));
      }
    }
    // The previous period of the same length: Feb–Apr compares with Nov–Jan.
    const s = (await ok('/v1/imports/summary?from=2024-02&to=2024-04')).data[0]!;
    expect(s).toMatchObject({ previous_from: '2023-11-01', previous_to: '2024-01-31' });
    const prev = imports().filter((d) => d.date <= '2024-01-31').reduce((a, d) => a + d.value, 0);
    expect(cents(s.value_usd_prev)).toBe(prev);
    close(s.change, (cents(s.value_usd) - prev) / prev);
  });

  it('breakdowns by country, port and customs office equal brute-force groups, with shares and change', async () => {
    const cases: [string, keyof Decl, string][] = [['imports/by-origin', 'country', 'country'], ['exports/by-destination', 'country', 'country'], ['exports/by-port', 'port', 'port'], ['imports/by-customs-office', 'office', 'customs_office']];
    for (const [path, field, key] of cases) {
      const flow = path.startsWith('imports') ? 'import' : 'export';
      const body = await ok(`/v1/${path}?from=2024-04&to=2024-06`);
      const cur = decls.filter((d) => d.flow === flow && d.date >= '2024-04-01');
      const prev = decls.filter((d) => d.flow === flow && d.date < '2024-04-01' && d.date >= '2024-01-01');
      const total = cur.reduce((a, d) => a + d.value, 0);
      const groups = new Map<string, { value: number; n: number }>();
      for (const d of cur) {
        const g = groups.get(String(d[field])) ?? { value: 0, n: 0 };
        g.value += d.value;
        g.n++;
        groups.set(String(d[field]), g);
      }
      expect(body.data.length, path).toBe(groups.size);
      const values = body.data.map((r) => Number(r.value_usd));
      expect(values).toEqual([...values].sort((a, b) => b - a));
      for (const r of body.data) {
        const g = groups.get(String(r[key]))!;
        expect(cents(r.value_usd)).toBe(g.value);
        expect(r.records).toBe(g.n);
        close(r.share, g.value / total);
        const p = prev.filter((d) => String(d[field]) === r[key]).reduce((a, d) => a + d.value, 0);
        expect(cents(r.value_usd_prev)).toBe(p);
        if (p > 0) close(r.change, (g.value - p) / p);
        else expect(r.change).toBeNull();
      }
      // The previous period's totals are the whole period's, however few groups the page shows.
      const one = await ok(`/v1/${path}?from=2024-04&to=2024-06&top=1`);
      expect(one.data.length, path).toBe(1);
      expect(new Set(prev.map((d) => String(d[field]))).size, path).toBeGreaterThan(1);
      const previous = (one.meta as { previous_totals: { value_usd: number; records: number } }).previous_totals;
      expect(cents(previous.value_usd), path).toBe(prev.reduce((a, d) => a + d.value, 0));
      expect(previous.records, path).toBe(prev.length);
    }
    const ports = await ok('/v1/exports/by-port');
    expect(ports.data.find((r) => r.port === 'TRMER')).toMatchObject({ port_name: expect.any(String), port_kind: 'sea' });
    expect(ports.data[0]).not.toHaveProperty('change');
    const top = await ok('/v1/imports/by-origin?top=2');
    expect(top.data).toHaveLength(2);
  });

  it('breakdown by product equals brute-force item sums at hs_level', async () => {
    for (const level of [2, 4, 8, 10, 12]) {
      const body = await ok(`/v1/exports/by-product?hs_level=${level}&country=DE`);
      const groups = new Map<string, { value: number; qty: number; decl: Set<number> }>();
      for (const d of exportsOf().filter((x) => x.country === 'DE')) {
        for (const i of d.items) {
          const k = i.gtip.slice(0, level);
          const g = groups.get(k) ?? { value: 0, qty: 0, decl: new Set() };
          g.value += i.value;
          g.qty += i.qty;
          g.decl.add(d.id);
          groups.set(k, g);
        }
      }
      expect(body.data.length).toBe(groups.size);
      for (const r of body.data) {
        const g = groups.get(String(r.hs_code))!;
        expect(String(r.hs_code)).toHaveLength(level);
        expect(cents(r.value_usd)).toBe(g.value);
        close(r.quantity, g.qty);
        expect(r.records).toBe(g.decl.size);
      }
    }
    // The previous period (Jan–Mar for Apr–Jun) of each product shown, with an hs filter shorter
    // than hs_level, longer than it, or none.
    for (const [level, hs] of [[6, '61'], [2, '6109'], [12, null], [4, null]] as const) {
      const path = `/v1/exports/by-product?hs_level=${level}&from=2024-04&to=2024-06&top=3${hs ? `&hs=${hs}` : ''}`;
      const body = await ok(path);
      expect(body.data.length, path).toBeGreaterThan(0);
      const lines = exportsOf()
        .filter((d) => d.date >= '2024-01-01' && d.date < '2024-04-01')
        .flatMap((d) => d.items)
        .filter((i) => !hs || i.gtip.startsWith(hs));
      for (const r of body.data) {
        const p = lines.filter((i) => i.gtip.startsWith(String(r.hs_code))).reduce((a, i) => a + i.value, 0);
        expect(cents(r.value_usd_prev), `${path} ${r.hs_code}`).toBe(p);
      }
      if (hs) expect(cents((body.meta as { previous_totals: { value_usd: number } }).previous_totals.value_usd), path).toBe(lines.reduce((a, i) => a + i.value, 0));
      // The whole previous period's totals: the lines' figures under a product filter, the
      // declarations' own weights without one.
      const before = exportsOf().filter((d) => d.date >= '2024-01-01' && d.date < '2024-04-01' && (!hs || d.items.some((i) => i.gtip.startsWith(hs))));
      const t = (body.meta as { previous_totals: Record<string, number> }).previous_totals;
      expect(cents(t.value_usd), path).toBe(lines.reduce((a, i) => a + i.value, 0));
      close(t.net_weight_kg, hs ? lines.reduce((a, i) => a + i.weight, 0) : before.reduce((a, d) => a + d.weight, 0));
      close(t.quantity, lines.reduce((a, i) => a + i.qty, 0));
      expect(t.records, path).toBe(before.length);
    }
    const chapters = await ok('/v1/exports/by-product?hs_level=2');
    expect(chapters.data.find((r) => r.hs_code === '61')?.description_en).toBeTruthy();
  });

  it('time series is zero-filled between from and to and sums to the total', async () => {
    const body = await ok('/v1/imports/time-series?from=2023-11&to=2024-08');
    expect(body.data.map((r) => r.period)).toEqual(['2023-11', '2023-12', '2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06', '2024-07', '2024-08']);
    for (const r of body.data) {
      const rows = imports().filter((d) => d.date.startsWith(String(r.period)));
      expect(cents(r.value_usd)).toBe(rows.reduce((a, d) => a + d.value, 0));
      expect(r.records).toBe(rows.length);
    }
    const q = await ok('/v1/exports/time-series?freq=quarter&hs=61');
    expect(q.data.map((r) => r.period)).toEqual(['2024-Q1', '2024-Q2']);
    const sum = exportsOf().flatMap((d) => d.items).filter((i) => i.gtip.startsWith('61')).reduce((a, i) => a + i.value, 0);
    expect(q.data.reduce((a, r) => a + cents(r.value_usd), 0)).toBe(sum);
  });

  it('rankings of traders and partners equal brute-force rankings, with names', async () => {
    for (const [path, flow, field] of [['imports/top-importers', 'import', 'company'], ['imports/top-suppliers', 'import', 'partner'], ['exports/top-exporters', 'export', 'company'], ['exports/top-buyers', 'export', 'partner']] as const) {
      const body = await ok(`/v1/${path}?top=3&hs=61&from=2024-01&to=2024-06`);
      const sums = new Map<number, number>();
      for (const d of decls.filter((x) => x.flow === flow)) {
        const v = d.items.filter((i) => i.gtip.startsWith('61')).reduce((a, i) => a + i.value, 0);
        if (d.items.some((i) => i.gtip.startsWith('61'))) sums.set(d[field], (sums.get(d[field]) ?? 0) + v);
      }
      const expected = [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
      expect(body.data.map((r) => cents(r.value_usd)), path).toEqual(expected.map((e) => e[1]));
      expect(body.data.map((r) => r.rank)).toEqual([1, 2, 3]);
      const idField = field === 'company' ? 'company_id' : 'partner_company_id';
      expect(body.data.map((r) => r[idField])).toEqual(expected.map((e) => e[0]));
      for (const r of body.data) expect(r.name).toMatch(field === 'company' ? /^Firma/ : /^Partner/);
      if (field === 'partner') for (const r of body.data) expect(r.country).toMatch(/^[A-Z]{2}$/);
      // The previous period of the same length (Oct–Mar), for each ranked group only.
      const later = await ok(`/v1/${path}?top=4&from=2024-04&to=2024-09`);
      expect(later.data.length, path).toBeGreaterThan(0);
      for (const r of later.data) {
        const p = decls.filter((d) => d.flow === flow && d[field] === r[idField] && d.date >= '2023-10-01' && d.date <= '2024-03-31').reduce((a, d) => a + d.value, 0);
        expect(cents(r.value_usd_prev), `${path} ${r[idField]}`).toBe(p);
        if (p > 0) close(r.change, (cents(r.value_usd) - p) / p);
        else expect(r.change).toBeNull();
      }
    }
    expect((await ok('/v1/exports/top-exporters')).data.length).toBeLessThanOrEqual(10);
    const bottom = await ok('/v1/exports/top-exporters?sort=value_usd&top=2');
    expect(Number(bottom.data[0]!.value_usd)).toBeLessThanOrEqual(Number(bottom.data[1]!.value_usd));
  });

  it('statistics rankings give each group its brute-force value in the previous and year-ago windows', async () => {
    const r = prng(41);
    // Around the data (January to June 2024): previous and year-ago windows apart (one and two
    // months), touching (six), overlapping (nine) and the same (twelve).
    const windows: [string, string][] = [['2024-06', '2024-06'], ['2024-05', '2024-06'], ['2024-07', '2024-12'], ['2025-01', '2025-06'], ['2024-04', '2024-12'], ['2024-03', '2024-08'], ['2024-03', '2024-10'], ['2024-07', '2025-06']];
    const shift = (ym: string, months: number) => {
      const i = Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1 + months;
      return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    };
    const length = (w: [string, string]) => (Number(w[1].slice(0, 4)) - Number(w[0].slice(0, 4))) * 12 + Number(w[1].slice(5, 7)) - Number(w[0].slice(5, 7)) + 1;
    for (let k = 0; k < 40; k++) {
      const w = windows[k % windows.length]!;
      const dim = r.next() < 0.6 ? 'products' : 'partners';
      const level = r.pick([2, 4, 6, 12]);
      const params = [`from=${w[0]}`, `to=${w[1]}`, 'top=4', ...(dim === 'products' ? [`hs_level=${level}`] : [])];
      const flow = r.pick<'import' | 'export' | null>(['import', 'export', null]);
      if (flow) params.push(`flow=${flow}`);
      let keep = (d: Decl) => !flow || d.flow === flow;
      const and = (f: (d: Decl) => boolean) => { const prev = keep; keep = (d) => prev(d) && f(d); };
      if (r.next() < 0.3) { const c = r.pick(['DE', 'CN', 'US']); params.push(`country=${c}`); and((d) => d.country === c); }
      if (r.next() < 0.3) { params.push('port=TRMER'); and((d) => d.port === 'TRMER'); }
      if (r.next() < 0.4) {
        const word = `Firma ${r.int(1, 9)}`;
        const ids = new Set((await companiesMatching(get().store.db, foldTurkish(word))).ids);
        params.push(`q=${encodeURIComponent(word)}`);
        and((d) => ids.has(d.company) || ids.has(d.partner));
      }
      const hs = r.next() < 0.4 ? r.pick(['61', '8703', '0802']) : '';
      if (hs) params.push(`hs=${hs}`);
      // Cents of each group in a window: the matching lines' values, by code or partner country.
      const sums = (from: string, to: string) => {
        const out = new Map<string, number>();
        for (const d of decls.filter((x) => keep(x) && x.date >= `${from}-01` && x.date <= `${to}-31`)) {
          for (const i of d.items.filter((x) => x.gtip.startsWith(hs))) {
            const key = dim === 'products' ? i.gtip.slice(0, level) : d.country;
            out.set(key, (out.get(key) ?? 0) + i.value);
          }
        }
        return out;
      };
      const total = (m: Map<string, number>) => [...m.values()].reduce((a, v) => a + v, 0);
      const months = length(w);
      const prev = sums(shift(w[0], -months), shift(w[0], -1));
      const ago = sums(shift(w[0], -12), shift(w[1], -12));
      const now = sums(w[0], w[1]);
      const url = `/v1/statistics/${dim}?${params.join('&')}`;
      const body = await ok(url);
      const keyField = dim === 'products' ? 'hs_code' : 'country';
      expect(body.data.length, url).toBe(Math.min(4, [...now.values()].filter((v) => v > 0).length));
      for (const row of body.data) {
        const key = String(row[keyField]);
        expect(cents(row.value_usd), `${url} ${key}`).toBe(now.get(key));
        expect(cents(row.previous_value_usd), `${url} ${key}`).toBe(prev.get(key) ?? 0);
        expect(cents(row.year_ago_value_usd), `${url} ${key}`).toBe(ago.get(key) ?? 0);
      }
      const totals = body.meta.totals as Record<string, unknown>;
      expect([cents(totals.value_usd), cents(totals.previous_value_usd), cents(totals.year_ago_value_usd)], url).toEqual([total(now), total(prev), total(ago)]);
    }
  });

  it('unit values give percentiles of the item lines per HS and partner', async () => {
    const body = await ok('/v1/imports/unit-values?hs=6109&hs_level=6');
    const lines = imports().flatMap((d) => d.items.filter((i) => i.gtip.startsWith('6109')).map((i) => ({ ...i, country: d.country, hs: i.gtip.slice(0, 6) })));
    const keys = new Set(lines.map((l) => `${l.hs}|${l.country}`));
    expect(body.data.length).toBe(keys.size);
    for (const r of body.data) {
      const g = lines.filter((l) => l.hs === r.hs_code && l.country === r.country);
      expect(r.lines).toBe(g.length);
      expect(cents(r.value_usd)).toBe(g.reduce((a, l) => a + l.value, 0));
      const perKg = g.map((l) => l.value / 100 / l.weight);
      for (const [name, p] of [['p10', 0.1], ['median', 0.5], ['p90', 0.9]] as const) close(r[`usd_per_kg_${name}`], quantile(perKg, p)!);
      close(r.usd_per_unit_median, quantile(g.map((l) => l.value / 100 / l.qty), 0.5)!);
      expect(r.quantity_unit).toBe('kg');
      expect(Number(r.usd_per_kg_p10)).toBeLessThanOrEqual(Number(r.usd_per_kg_p90));
    }
  });

  it('duties equal the brute-force sums of assessed duties, in total and by group', async () => {
    const total = (await ok('/v1/imports/duties')).data[0]!;
    const items = imports().flatMap((d) => d.items);
    expect(cents(total.customs_duty_usd)).toBe(items.reduce((a, i) => a + i.duty, 0));
    expect(cents(total.additional_duty_usd)).toBe(items.reduce((a, i) => a + i.addDuty, 0));
    expect(cents(total.vat_usd)).toBe(items.reduce((a, i) => a + i.vat, 0));
    close(total.total_taxes_usd, Number(total.customs_duty_usd) + Number(total.additional_duty_usd) + Number(total.vat_usd));
    const byCountry = await ok('/v1/imports/duties?group_by=country');
    for (const r of byCountry.data) {
      const rows = imports().filter((d) => d.country === r.country);
      expect(cents(r.customs_duty_usd)).toBe(rows.reduce((a, d) => a + d.items.reduce((b, i) => b + i.duty, 0), 0));
    }
    const monthly = await ok('/v1/imports/duties?group_by=period&freq=quarter');
    expect(monthly.data.map((r) => r.period).sort()).toEqual(['2024-Q1', '2024-Q2']);
  });

  it('destination analytics answer value, growth, share and the tops in one call', async () => {
    for (const code of ['DE', 'DEU', '276']) {
      const body = await ok(`/v1/exports/destinations/${code}?from=2024-04&to=2024-06&top=3`);
      const v = body.data[0]!;
      const cur = exportsOf().filter((d) => d.country === 'DE' && d.date >= '2024-04-01');
      const prev = exportsOf().filter((d) => d.country === 'DE' && d.date < '2024-04-01');
      const all = exportsOf().filter((d) => d.date >= '2024-04-01').reduce((a, d) => a + d.value, 0);
      const value = cur.reduce((a, d) => a + d.value, 0);
      const p = prev.reduce((a, d) => a + d.value, 0);
      expect(v).toMatchObject({ country: 'DE', name_en: 'Germany', from: '2024-04-01', to: '2024-06-30', previous_from: '2024-01-01', previous_to: '2024-03-31' });
      expect(cents(v.value_usd)).toBe(value);
      expect(cents(v.value_usd_prev)).toBe(p);
      close(v.growth, (value - p) / p);
      close(v.share, value / all);
      expect(v.records).toBe(cur.length);
      expect(v.buyers).toBe(new Set(cur.map((d) => d.partner)).size);
      expect((v.top_products as unknown[]).length).toBeLessThanOrEqual(3);
      expect((v.top_exporters as { name: string }[])[0]!.name).toMatch(/^Firma/);
      expect((v.top_buyers as { name: string }[])[0]!.name).toMatch(/^Partner/);
      expect((v.ports as { port: string }[]).map((x) => x.port).sort()).toEqual([...new Set(cur.map((d) => d.port))].sort());
      expect((v.series as { period: string }[]).map((x) => x.period)).toEqual(['2024-04', '2024-05', '2024-06']);
    }
    // Without dates: the last twelve months with data.
    const def = (await ok('/v1/exports/destinations/US')).data[0]!;
    expect(def.to).toMatch(/^2024-0[56]-3[01]$/);
  });

  it('aggregates download as CSV and NDJSON with the same rows', async () => {
    const json = await ok('/v1/imports/by-origin');
    const nd = await call('/v1/imports/by-origin?format=ndjson');
    const rows = nd.body.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => r.country)).toEqual(json.data.map((r) => r.country));
    const csv = await call('/v1/imports/top-suppliers?format=csv');
    expect(csv.body.split('\n')[0]).toMatch(/^rank,partner_company_id,name/);
  });
});
