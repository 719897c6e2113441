// Every operation of the family over HTTP, on SQLite and PostgreSQL, with the built-in nomenclature.
import { analyticsOf } from '../../../src/analytics/registry.js';
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';

// Response bodies are checked field by field below; typing every shape here would only restate the schemas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface Body { status: string; code: number; data: Array<Record<string, any>>; meta: Record<string, any>; error?: { type: string; details: Array<{ field: string; allowed?: string[] }> } }

describeEachStore('HS Code and Product operations', (get) => {
  let t: TestApp;
  let auth: { authorization: string };
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as Body };
  };

  beforeAll(async () => {
    t = await makeTestApp(get().store);
    auth = { authorization: `Bearer ${await t.token(['trade:read'])}` };
  });
  afterAll(() => t.close());

  it('returns one GTİP line with its path from the section down, dots or not', async () => {
    for (const code of ['610910000011', '6109.10.00.00.11', '6109 10 00 00 11']) {
      const { status, body } = await call('GET', `/v1/hs-codes/${encodeURIComponent(code)}`);
      expect(status).toBe(200);
      const [c] = body.data;
      expect(c).toMatchObject({ code: '610910000011', code_formatted: '6109.10.00.00.11', level: 12, level_name: 'gtip', parent: '610910', section: 'XI' });
      expect(c!.path.map((p: { level: string; code: string }) => `${p.level}:${p.code}`)).toEqual([
        'section:XI', 'chapter:61', 'heading:6109', 'subheading:610910', 'gtip:610910000011',
      ]);
      expect(c!.description_tr).toBe('Erkek pamuklu tişört');
    }
  });

  it('answers 400 naming code for a malformed code and 404 for an unknown well-formed one', async () => {
    for (const bad of ['61O9', '610', '1234567', 'abc', '6109101']) {
      const { status, body } = await call('GET', `/v1/hs-codes/${bad}`);
      expect(status, bad).toBe(400);
      expect(body.error!.details[0]!.field).toBe('code');
    }
    expect((await call('GET', '/v1/hs-codes/610910999999')).status).toBe(404);
    expect((await call('GET', '/v1/hs-codes/610910999999/tariffs')).status).toBe(404);
    expect((await call('GET', '/v1/hs-codes/6109/tariffs')).status).toBe(400); // tariffs need 6+ digits
  });

  it('lists children one level down, chapter → headings → subheadings → lines', async () => {
    const heading = (await call('GET', '/v1/hs-codes/6109/children')).body.data.map((c) => c.code);
    expect(heading).toEqual(['610910', '610990']);
    const sub = (await call('GET', '/v1/hs-codes/610910/children')).body.data;
    expect(sub.map((c) => c.code)).toEqual(['610910000011', '610910000012']);
    expect(sub.every((c) => c.has_children === false && c.level === 12)).toBe(true);
    const chapter = (await call('GET', '/v1/hs-codes/61/children')).body.data;
    expect(chapter.length).toBeGreaterThan(0);
    expect(chapter.every((c) => c.level === 4 && c.code.startsWith('61') && c.has_children)).toBe(true);
  });

  it('ranks a word search: the exact product first, in English and in Turkish, with its path', async () => {
    const en = (await call('GET', '/v1/hs-codes?q=men%27s%20cotton%20t-shirts&level=12')).body;
    expect(en.data[0]!.code).toBe('610910000011');
    expect(en.data[0]!.score).toBeGreaterThan(en.data[1]!.score - 1e-9);
    expect(en.data[0]!.path[0].level).toBe('section');
    const tr = (await call('GET', `/v1/hs-codes?q=${encodeURIComponent('kadın pamuklu tişört')}`)).body;
    expect(tr.data[0]!.code).toBe('610910000012');
    expect(tr.data[0]!.matched_terms.length).toBeGreaterThan(0);
    // Folding: the same words typed without Turkish letters find the same line.
    const folded = (await call('GET', '/v1/hs-codes?q=kadin%20pamuklu%20tisort')).body;
    expect(folded.data[0]!.code).toBe('610910000012');
    const scores = tr.data.map((d) => d.score as number);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('lists by code prefix in code order, pages without repeats, and honours level', async () => {
    const first = (await call('GET', '/v1/hs-codes?hs=61&limit=3')).body;
    expect(first.data.map((d) => d.code)).toEqual([...first.data.map((d) => d.code)].sort());
    expect(first.data[0]!.code).toBe('61');
    const seen = new Set<string>(first.data.map((d) => d.code));
    let cursor = first.meta.next_cursor as string | null;
    while (cursor) {
      const next = (await call('GET', `/v1/hs-codes?hs=61&limit=3&cursor=${cursor}`)).body;
      for (const d of next.data) {
        expect(seen.has(d.code)).toBe(false);
        seen.add(d.code);
      }
      cursor = next.meta.next_cursor;
    }
    const all = (await call('GET', '/v1/hs-codes?hs=61&limit=1000')).body.data.map((d) => d.code);
    expect([...seen].sort()).toEqual(all);
    const sixes = (await call('GET', '/v1/hs-codes?q=6109&level=6')).body.data.map((d) => d.code);
    expect(sixes).toEqual(['610910', '610990']);
    expect((await call('GET', '/v1/hs-codes?hs=61x')).status).toBe(400);
    const badLevel = await call('GET', '/v1/hs-codes?level=5');
    expect(badLevel.status).toBe(400);
  });

  it('streams the whole search as CSV', async () => {
    const res = await t.app.inject({ url: '/v1/hs-codes?hs=6109&format=csv', headers: auth });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]!.startsWith('code,code_formatted')).toBe(true);
    expect(lines.length - 1).toBe(6); // 6109, two subheadings, three lines
  });

  it('gives the duty for each origin group without origin, and one row with it', async () => {
    const groups = (await call('GET', '/v1/hs-codes/610910000011/tariffs?date=2024-03-01')).body.data;
    const eu = groups.find((g) => g.origin_group === 'tr-eu-cu')!;
    expect(eu.origins).toContain('DE');
    expect(eu.customs_duty).toMatchObject({ rate_pct: 0, mfn_pct: 12, regime: 'customs_union', proof_of_origin: 'A.TR' });
    const mfn = groups.find((g) => g.origin_group === 'mfn-igv8')!;
    expect(mfn.origins).toEqual(expect.arrayContaining(['CN', 'US']));
    expect(mfn.customs_duty.rate_pct).toBe(12);
    expect(mfn.additional_duty.rate_pct).toBe(30);
    expect(mfn.anti_dumping).toEqual([expect.objectContaining({ origins: ['CN'], basis: 'specific', rate: 2.5, rate_unit: 'USD/kg' })]);
    expect(groups.some((g) => g.origin_group === 'tr-efta')).toBe(true);
    // Each country is in exactly one group.
    const all = groups.flatMap((g) => g.origins as string[]);
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain('TR');

    const one = (await call('GET', '/v1/hs-codes/6109.10.00.00.11/tariffs?origin=CHN&date=2024-03-01')).body.data;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ origin_group: 'CN', igv_group: 8, vat: { rate_pct: 10 } });
    const old = (await call('GET', '/v1/hs-codes/610910000011/tariffs?origin=CN&date=2023-01-01')).body.data[0]!;
    expect(old.vat.rate_pct).toBe(8);
    const unknown = await call('GET', '/v1/hs-codes/610910000011/tariffs?origin=XX');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.details[0]!.field).toBe('origin');
    const early = await call('GET', '/v1/hs-codes/610910000011/tariffs?date=2010-01-01');
    expect(early.status).toBe(400);
    expect(early.body.error!.details[0]!.field).toBe('date');
  });

  it('lists regulations covering the code, filtered by flow and partner', async () => {
    const toys = await call('GET', '/v1/hs-codes?hs=9503&level=12&limit=1');
    const code = toys.body.data[0]!.code as string;
    const regs = (await call('GET', `/v1/hs-codes/${code}/regulations?date=2024-01-01`)).body.data;
    expect(regs.map((r) => r.id)).toContain('tareks-toys');
    expect(regs.every((r) => code.startsWith(r.hs_prefix))).toBe(true);
    const exportsOnly = (await call('GET', `/v1/hs-codes/${code}/regulations?flow=export&date=2024-01-01`)).body.data;
    expect(exportsOnly.map((r) => r.id)).not.toContain('tareks-toys');
    expect((await call('GET', `/v1/hs-codes/${code}/regulations?flow=both`)).status).toBe(400);
  });

  it('computes landed cost by hand: China pays MFN, İGV, anti-dumping and VAT', async () => {
    const { status, body } = await call('POST', '/v1/hs-codes/610910000011/landed-cost', {
      origin: 'CN', customs_value_usd: 10000, freight_usd: 800, insurance_usd: 200, net_weight_kg: 1000, date: '2024-03-01',
    });
    expect(status).toBe(200);
    const r = body.data[0]!;
    // CIF 11 000; GV 12 % = 1 320; İGV 30 % = 3 300; AD 2.5 USD/kg × 1 000 = 2 500;
    // VAT 10 % of 11 000 + 1 320 + 3 300 + 2 500 = 18 120 → 1 812; taxes 8 932; landed 19 932.
    expect(r.cif_usd).toBe(11000);
    expect(r.lines.map((l: { kind: string; amount_usd: number }) => [l.kind, l.amount_usd])).toEqual([
      ['customs_duty', 1320], ['additional_duty', 3300], ['anti_dumping', 2500], ['vat', 1812],
    ]);
    expect(r.vat_base_usd).toBe(18120);
    expect(r.total_taxes_usd).toBe(8932);
    expect(r.landed_cost_usd).toBe(19932);
    expect(r.landed_cost_excl_vat_usd).toBe(18120);
    expect(r.proof_of_origin).toBeNull();
  });

  it('computes landed cost by hand: Germany under the customs union needs A.TR and pays only VAT', async () => {
    const r = (await call('POST', '/v1/hs-codes/6109.10.00.00.11/landed-cost', {
      origin: 'DEU', customs_value_usd: 10000, freight_usd: 800, insurance_usd: 200, date: '2024-03-01',
    })).body.data[0]!;
    expect(r.origin).toBe('DE');
    expect(r.preference.regime).toBe('customs_union');
    expect(r.proof_of_origin).toBe('A.TR');
    expect(r.lines.find((l: { kind: string }) => l.kind === 'customs_duty').amount_usd).toBe(0);
    expect(r.total_taxes_usd).toBe(1100); // 10 % VAT on 11 000
    expect(r.landed_cost_usd).toBe(12100);
    // Without a proof of origin the MFN rate applies: 12 % of 11 000 = 1 320, VAT 10 % of 12 320 = 1 232.
    const mfn = (await call('POST', '/v1/hs-codes/610910000011/landed-cost', {
      origin: 'DE', customs_value_usd: 10000, freight_usd: 800, insurance_usd: 200, date: '2024-03-01', claim_preference: false,
    })).body.data[0]!;
    expect(mfn.total_taxes_usd).toBe(2552);
  });

  it('rejects landed-cost input that cannot be right with a 400 naming the field', async () => {
    const base = { origin: 'CN', customs_value_usd: 1000, date: '2024-03-01' };
    const cases: Array<[string, object, string]> = [
      ['/v1/hs-codes/610910000011/landed-cost', { ...base, origin: 'XX' }, 'origin'],
      ['/v1/hs-codes/61091O/landed-cost', base, 'code'],
      ['/v1/hs-codes/610910000011/landed-cost', { ...base, customs_value_usd: -5 }, 'customs_value_usd'],
      ['/v1/hs-codes/610910000011/landed-cost', base, 'net_weight_kg'], // per-kg anti-dumping needs the weight
      ['/v1/hs-codes/610910000011/landed-cost', { ...base, origin: 'DE', incoterm: 'FOB' }, 'freight_usd'],
      ['/v1/hs-codes/610910000011/landed-cost', { ...base, date: '2024-02-30' }, 'date'],
    ];
    for (const [url, payload, field] of cases) {
      const { status, body } = await call('POST', url, payload);
      expect(status, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(body.error!.details[0]!.field.replace(/^\/?(body\.)?/, '')).toContain(field);
    }
  });

  it('classifies free text in English and Turkish into 6- and 12-digit candidates with evidence', async () => {
    const { status, body } = await call('POST', '/v1/hs-codes/classify', { description: 'cotton t-shirts for men', top_k: 3 });
    expect(status).toBe(200);
    const six = body.data.filter((c) => c.level === 6);
    const twelve = body.data.filter((c) => c.level === 12);
    expect(six).toHaveLength(3);
    expect(six[0]!.code).toBe('610910');
    expect(twelve[0]!.code).toBe('610910000011');
    expect(twelve[0]!.evidence.matched_terms).toEqual(expect.arrayContaining(['cotton']));
    expect(six.map((c) => c.rank)).toEqual([1, 2, 3]);
    const tr = (await call('POST', '/v1/hs-codes/classify', { description: 'denim kumaş', level: 6 })).body.data;
    expect(tr[0]!.code).toBe('520942');
    expect(tr.every((c) => c.level === 6)).toBe(true);
    expect((await call('POST', '/v1/hs-codes/classify', { description: '!!!' })).status).toBe(400);
    expect((await call('POST', '/v1/hs-codes/classify', { description: 'x', top_k: 0 })).status).toBe(400);
  });

  it('maps catalogue codes between HS 2022 and HS 2017 both ways, one-to-many included', async () => {
    const split = (await call('GET', '/v1/hs-codes/concordance?from_edition=HS2022&to_edition=HS2017&code=620140')).body.data;
    expect(split.map((r) => [r.to_code, r.relationship])).toEqual([['620113', '1:n'], ['620193', '1:n']]);
    const back = (await call('GET', '/v1/hs-codes/concordance?from_edition=HS2017&to_edition=HS2022&code=620113')).body.data;
    expect(back.map((r) => [r.to_code, r.relationship])).toEqual([['620140', 'n:1']]);
    const same = (await call('GET', '/v1/hs-codes/concordance?from_edition=HS2022&to_edition=HS2017&code=6109.10.00.00.11')).body.data;
    expect(same).toEqual([expect.objectContaining({ from_code: '610910', to_code: '610910', relationship: '1:1' })]);
    expect((await call('GET', '/v1/hs-codes/concordance?from_edition=HS2022&to_edition=HS2022&code=610910')).status).toBe(400);
    const badEdition = await call('GET', '/v1/hs-codes/concordance?from_edition=HS2012&to_edition=HS2022&code=610910');
    expect(badEdition.status).toBe(400);
    expect((await call('GET', '/v1/hs-codes/concordance?from_edition=HS2022&to_edition=HS2017&code=61')).status).toBe(400);
    expect((await call('GET', '/v1/hs-codes/concordance?from_edition=HS2022&to_edition=HS2017&code=010121')).status).toBe(404);
  });

  it('sums the trade of a product from stored declarations', async () => {
    const db = get().store.db;
    const decl = (no: string, flow: 'import' | 'export', date: string, country: string) => ({
      declaration_no: no, flow, regime: '4000', registered_at: date, period: Number(date.slice(0, 4) + date.slice(5, 7)),
      customs_office: '340100', company_id: 1, partner_country: country, currency: 'USD', invoice_value: 0,
      value_usd_cents: 0, transport_mode: 'sea', port: 'TRIST', net_weight_kg: 0, gross_weight_kg: 0, items_count: 1, source: 'test',
    });
    const rows = [
      decl('HS-T-1', 'import', '2024-01-10', 'CN'), decl('HS-T-2', 'import', '2024-02-05', 'BD'),
      decl('HS-T-3', 'export', '2024-01-20', 'DE'), decl('HS-T-4', 'export', '2024-03-01', 'DE'),
    ];
    // Written straight into the row store as one committed batch, as another process would (one
    // transaction, so a catch-up running meanwhile never sees the batch without its rows): the
    // analytic store applies it when it next catches up.
    await db.transaction().execute(async (tx) => {
      const batch = await tx.insertInto('ingest_batches')
        .values({ batch_key: 'hs-trade-direct', source: 'test', kind: 'api', status: 'done', rows_total: 4, rows_stored: 4, rows_duplicate: 0, rows_rejected: 0, report: '[]', started_at: new Date().toISOString() })
        .returning('id').executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const r of rows) {
        const inserted = await tx.insertInto('declarations').values({ ...r, batch_id: Number(batch.id) }).returning('id').executeTakeFirstOrThrow();
        ids.push(Number(inserted.id));
      }
      const item = (i: number, gtip: string, cents: number, kg: number) => ({
        declaration_id: ids[i]!, line_no: 1, gtip, hs6: gtip.slice(0, 6), description: 'cotton t-shirts', quantity: 1,
        quantity_unit: 'C62', net_weight_kg: kg, gross_weight_kg: kg, value_usd_cents: cents,
    });
    await tx.insertInto('declaration_items').values([
      item(0, '610910000011', 100_000, 50), item(1, '610910000012', 300_000, 100),
      item(2, '610910000011', 500_000, 200), item(3, '520942000000', 999_999, 10),
    ]).execute();
    });
    await (await analyticsOf(db)).catchUp();
    const r = (await call('GET', '/v1/hs-codes/6109/trade')).body.data[0]!;
    expect(r.imports).toMatchObject({ value_usd: 4000, net_weight_kg: 150, records: 2, items: 2 });
    expect(r.exports).toMatchObject({ value_usd: 5000, records: 1, unit_value_usd_per_kg: 25 });
    expect(r.balance_usd).toBe(1000);
    expect(r.top_partners.filter((p: { flow: string }) => p.flow === 'import').map((p: { country: string; share: number }) => [p.country, p.share]))
      .toEqual([['BD', 0.75], ['CN', 0.25]]);
    expect(r.trend).toEqual([
      { period: '2024-01', imports_value_usd: 1000, exports_value_usd: 5000 },
      { period: '2024-02', imports_value_usd: 3000, exports_value_usd: 0 },
    ]);
    const jan = (await call('GET', '/v1/hs-codes/610910000011/trade?from=2024-01&to=2024-01')).body.data[0]!;
    expect(jan.imports.value_usd).toBe(1000);
    expect(jan.exports.value_usd).toBe(5000);
    const reversed = await call('GET', '/v1/hs-codes/6109/trade?from=2024-03&to=2024-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.error!.details[0]!.field).toBe('to');
  });
});
