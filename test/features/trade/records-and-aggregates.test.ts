// Trade Data over HTTP on both engines: records, volumes, the cube, trends, compare and bilateral
// answers equal brute-force computations over the raw rows; every impossible input is a 400 or 404.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { prng } from '../../helpers/random-records.js';
import { seed, harness, sum, type Harness, type RawDecl } from './fixtures.js';

const month = (d: string) => d.slice(0, 7);

describeEachStore('trade records and aggregates', (get) => {
  let h: Harness;
  let decls: RawDecl[];
  beforeAll(async () => {
    decls = await seed(get().store, 21, 500);
    h = await harness(get().store);
  });
  afterAll(() => h.close());

  it('pages through every matching record exactly once, newest first, for flow and country filters', async () => {
    for (const [qs, keep] of [
      ['flow=export', (d: RawDecl) => d.flow === 'export'],
      ['country=DEU,840', (d: RawDecl) => d.country === 'DE' || d.country === 'US'],
      ['', () => true],
    ] as const) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let prev: string | null = null;
      do {
        const res = await h.get(`/v1/trade/records?limit=37&${qs}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        for (const r of res.body.data) {
          seen.push(r.record_id);
          if (prev) expect(r.registered_at <= prev).toBe(true);
          prev = r.registered_at;
        }
        cursor = res.body.meta.next_cursor;
      } while (cursor);
      const want = decls.filter(keep).map((d) => d.id).sort((a, b) => a - b);
      expect([...seen].sort((a, b) => a - b)).toEqual(want);
    }
  });

  it('returns one record with its items (12-digit GTİP) and source; 404 unknown, 400 malformed', async () => {
    const d = decls[3]!;
    const res = await h.get(`/v1/trade/records/${d.id}`);
    expect(res.status).toBe(200);
    const rec = res.body.data[0];
    expect(rec.record_id).toBe(d.id);
    expect(rec.flow).toBe(d.flow);
    expect(rec.items).toHaveLength(d.items.length);
    for (const i of rec.items) expect(i.gtip).toMatch(/^\d{12}$/);
    expect(rec.source).toBe('test');
    expect(cents(rec.value_usd)).toBe(d.cents);
    expect((await h.get('/v1/trade/records/999999999')).status).toBe(404);
    expect((await h.get('/v1/trade/records/abc')).status).toBe(400);
  });

  it('streams the whole filtered result as NDJSON and CSV', async () => {
    const want = decls.filter((d) => d.flow === 'import' && d.mode === 'sea').length;
    const nd = await h.get('/v1/trade/records?format=ndjson&flow=import&transport_mode=sea');
    expect(nd.status).toBe(200);
    const lines = nd.raw.toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(want);
    expect(new Set(lines.map((l) => l.record_id)).size).toBe(want);
    const csv = await h.get('/v1/trade/records?format=csv&flow=import&transport_mode=sea');
    expect(csv.raw.toString('utf8').trim().split('\n')).toHaveLength(want + 1);
  });

  it('rejects impossible filters with 400', async () => {
    for (const q of ['country=XYZ', 'from=2024-05&to=2024-02', 'hs=61a9', 'flow=both', 'transport_mode=boat', 'sort=name', 'colour=red']) {
      const res = await h.get(`/v1/trade/records?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.type).toBe('validation_error');
    }
  });

  it('gives volumes by flow equal to the raw sums, with the balance', async () => {
    const res = await h.get('/v1/trade/volumes?from=2024-02&to=2024-05');
    expect(res.status).toBe(200);
    const inRange = decls.filter((d) => d.date >= '2024-02-01' && d.date <= '2024-05-31');
    for (const flow of ['import', 'export'] as const) {
      const rows = inRange.filter((d) => d.flow === flow);
      const row = res.body.data.find((r: { flow: string }) => r.flow === flow);
      expect(cents(row.value_usd)).toBe(sum(rows, (d) => d.cents));
      expect(row.records).toBe(rows.length);
      expect(row.net_weight_kg).toBeCloseTo(sum(rows, (d) => d.weight), 1);
      expect(row.quantity).toBeCloseTo(sum(rows, (d) => sum(d.items, (i) => i.qty)), 1);
    }
    const exp = sum(inRange.filter((d) => d.flow === 'export'), (d) => d.cents);
    const imp = sum(inRange.filter((d) => d.flow === 'import'), (d) => d.cents);
    expect(cents(res.body.meta.balance_usd)).toBe(exp - imp);
  });

  it('answers random cube queries exactly as a brute-force grouping of the raw records', async () => {
    const r = prng(9);
    for (let n = 0; n < 40; n++) {
      const groups = r.pick([['country'], ['period', 'flow'], ['hs4'], ['hs2', 'country'], ['port', 'transport_mode'], ['customs_office'], ['hs12'], ['company', 'flow'], ['period']]);
      const flow = r.pick([null, 'import', 'export']);
      const from = r.pick([null, '2024-02', '2024-03']);
      const hs = r.pick([null, '61', '8703']);
      const qs = [`group_by=${groups.join(',')}`, 'metrics=value_usd,records,net_weight_kg'];
      if (flow) qs.push(`flow=${flow}`);
      if (from) qs.push(`from=${from}`);
      if (hs) qs.push(`hs=${hs}`);
      const res = await h.get(`/v1/trade/aggregate?${qs.join('&')}`);
      expect(res.status, qs.join('&')).toBe(200);
      const product = groups.some((g) => g.startsWith('hs')) || hs !== null;
      const level = Number(groups.find((g) => g.startsWith('hs'))?.slice(2) ?? 6);
      const want = new Map<string, { cents: number; ids: Set<number> }>();
      for (const d of decls) {
        if (flow && d.flow !== flow) continue;
        if (from && d.date < `${from}-01`) continue;
        const units = product ? d.items.filter((i) => !hs || i.gtip.startsWith(hs)).map((i) => ({ hs: i.gtip.slice(0, level), cents: i.cents })) : [{ hs: '', cents: d.cents }];
        for (const u of units) {
          const key = groups.map((g) => (g === 'country' ? d.country : g === 'period' ? month(d.date) : g === 'flow' ? d.flow : g.startsWith('hs') ? u.hs : g === 'port' ? d.port : g === 'transport_mode' ? d.mode : g === 'customs_office' ? d.office : String(d.company))).join('|');
          const w = want.get(key) ?? { cents: 0, ids: new Set() };
          w.cents += u.cents;
          w.ids.add(d.id);
          want.set(key, w);
        }
      }
      expect(res.body.data.length, qs.join('&')).toBe(want.size);
      for (const row of res.body.data) {
        const key = groups.map((g) => String(g.startsWith('hs') ? row.hs_code : g === 'company' ? row.company_id : row[g])).join('|');
        const w = want.get(key);
        expect(w, `${qs.join('&')} ${key}`).toBeDefined();
        expect(cents(row.value_usd)).toBe(w!.cents);
        expect(row.records).toBe(w!.ids.size);
        if (groups.includes('company')) expect(row.company_name).toMatch(/^Firma \d+/);
        if (groups.includes('country')) expect(typeof row.country_name).toBe('string');
      }
      if (!groups.includes('period')) {
        const values = res.body.data.map((x: { value_usd: number }) => x.value_usd);
        expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
      }
    }
  });

  it('sorts by any metric or group field and keeps the top N', async () => {
    const res = await h.get('/v1/trade/aggregate?group_by=country&metrics=records,value_usd&sort=-records&top=3');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    const recs = res.body.data.map((r: { records: number }) => r.records);
    expect(recs).toEqual([...recs].sort((a: number, b: number) => b - a));
    const byCountry = new Map<string, number>();
    for (const d of decls) byCountry.set(d.country, (byCountry.get(d.country) ?? 0) + 1);
    expect(recs[0]).toBe(Math.max(...byCountry.values()));
    const asc = await h.get('/v1/trade/aggregate?group_by=country&sort=country');
    const codes = asc.body.data.map((r: { country: string }) => r.country);
    expect(codes).toEqual([...codes].sort());
    const quarter = await h.get('/v1/trade/aggregate?group_by=period&freq=quarter');
    expect(quarter.body.data.map((r: { period: string }) => r.period)).toEqual(['2024-Q1', '2024-Q2']);
  });

  it('rejects every invalid cube parameter with 400 listing the allowed values', async () => {
    const cases: [string, string, string | null][] = [
      ['group_by=colour', 'group_by', 'hs4'],
      ['group_by=hs4,hs6', 'group_by', 'hs6'],
      ['group_by=hs4&hs_level=6', 'group_by', 'hs6'],
      ['group_by=country,country', 'group_by', 'country'],
      ['metrics=value_usd,profit', 'metrics', 'unit_value_usd_per_kg'],
      ['group_by=country&sort=-hs_code', 'sort', 'country'],
      ['group_by=country&metrics=value_usd&sort=records', 'sort', 'value_usd'],
      ['group_by=period&freq=week', 'freq', 'quarter'],
      ['group_by=country&freq=month', 'freq', null],
      ['hs_level=4', 'hs_level', null],
      ['group_by=country&top=0', 'top', null],
    ];
    for (const [q, field, allowed] of cases) {
      const res = await h.get(`/v1/trade/aggregate?${q}`);
      expect(res.status, q).toBe(400);
      const detail = res.body.error.details[0];
      expect(detail.field, q).toContain(field);
      if (allowed) expect(detail.allowed, q).toContain(allowed);
    }
  });

  it('streams cube rows as CSV with the group fields first', async () => {
    const res = await h.get('/v1/trade/aggregate?group_by=flow,country&metrics=value_usd&format=csv');
    const lines = res.raw.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('flow,country,country_name,value_usd,share');
    const groups = new Set(decls.map((d) => `${d.flow}|${d.country}`));
    expect(lines).toHaveLength(groups.size + 1);
  });

  it('gives trends with period-over-period and year-over-year change, gaps filled with zeros', async () => {
    const res = await h.get('/v1/trade/trends?flow=export&from=2023-12&to=2024-04');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { period: string }) => r.period)).toEqual(['2023-12', '2024-01', '2024-02', '2024-03', '2024-04']);
    const monthly = (m: string) => sum(decls.filter((d) => d.flow === 'export' && month(d.date) === m), (d) => d.cents);
    const [dec, jan, feb] = res.body.data;
    expect(dec.value_usd).toBe(0);
    expect(cents(jan.value_usd)).toBe(monthly('2024-01'));
    expect(cents(jan.change)).toBe(monthly('2024-01'));
    expect(jan.change_pct).toBeNull();
    expect(cents(feb.change)).toBe(monthly('2024-02') - monthly('2024-01'));
    expect(feb.change_pct).toBeCloseTo(((monthly('2024-02') - monthly('2024-01')) / monthly('2024-01')) * 100, 1);
    expect(feb.yoy_change_pct).toBeNull();
    const recs = await h.get('/v1/trade/trends?metric=records&freq=quarter');
    const q2 = recs.body.data.find((r: { period: string }) => r.period === '2024-Q2');
    const q1n = decls.filter((d) => d.date < '2024-04').length;
    expect(q2.change).toBe(decls.length - q1n - q1n);
    expect((await h.get('/v1/trade/trends?metric=profit')).status).toBe(400);
  });

  it('compares two periods side by side, whole and per group, and requires all four bounds', async () => {
    const a = decls.filter((d) => d.date >= '2024-01-01' && d.date <= '2024-02-29');
    const b = decls.filter((d) => d.date >= '2024-03-01' && d.date <= '2024-04-30');
    const res = await h.get('/v1/trade/compare?period_a_from=2024-01&period_a_to=2024-02&period_b_from=2024-03&period_b_to=2024-04');
    expect(res.status).toBe(200);
    const row = res.body.data[0];
    expect(cents(row.value_usd_a)).toBe(sum(a, (d) => d.cents));
    expect(cents(row.value_usd_b)).toBe(sum(b, (d) => d.cents));
    expect(row.records_a).toBe(a.length);
    expect(row.records_change).toBe(b.length - a.length);
    const grouped = await h.get('/v1/trade/compare?period_a_from=2024-01&period_a_to=2024-02&period_b_from=2024-03&period_b_to=2024-04&group_by=country&flow=import');
    for (const g of grouped.body.data) {
      expect(g.records_a).toBe(a.filter((d) => d.flow === 'import' && d.country === g.country).length);
      expect(g.records_b).toBe(b.filter((d) => d.flow === 'import' && d.country === g.country).length);
    }
    for (const q of [
      'period_a_from=2024-01&period_a_to=2024-02&period_b_from=2024-03',
      'period_a_from=2024-03&period_a_to=2024-02&period_b_from=2024-03&period_b_to=2024-04',
      'period_a_from=2024-01&period_a_to=2024-02&period_b_from=2024-03&period_b_to=2024-04&group_by=period',
      'period_a_from=2024-01&period_a_to=2024-02&period_b_from=2024-03&period_b_to=2024-04&from=2024-01',
    ]) {
      expect((await h.get(`/v1/trade/compare?${q}`)).status, q).toBe(400);
    }
  });

  it('answers bilateral questions for a country in any code form; 404 unknown, 400 malformed', async () => {
    const de = decls.filter((d) => d.country === 'DE');
    const exp = de.filter((d) => d.flow === 'export');
    const imp = de.filter((d) => d.flow === 'import');
    for (const code of ['DE', 'deu', '276']) {
      const res = await h.get(`/v1/trade/bilateral/${code}`);
      expect(res.status, code).toBe(200);
      const b = res.body.data[0];
      expect(b.country.alpha2).toBe('DE');
      expect(cents(b.exports.value_usd)).toBe(sum(exp, (d) => d.cents));
      expect(b.imports.records).toBe(imp.length);
      expect(cents(b.balance_usd)).toBe(sum(exp, (d) => d.cents) - sum(imp, (d) => d.cents));
      expect(cents(sum(b.series, (s: { exports_usd: number }) => s.exports_usd))).toBe(sum(exp, (d) => d.cents));
      const topExporter = new Map<number, number>();
      for (const d of exp) topExporter.set(d.company, (topExporter.get(d.company) ?? 0) + d.cents);
      expect(cents(b.top_exporters[0].value_usd)).toBe(Math.max(...topExporter.values()));
      expect(b.top_export_products[0].hs_code).toMatch(/^\d{4}$/);
      expect(cents(sum(b.ports, (p: { exports_usd: number; imports_usd: number }) => p.exports_usd + p.imports_usd))).toBe(sum(de, (d) => d.cents));
    }
    expect((await h.get('/v1/trade/bilateral/XX')).status).toBe(404);
    expect((await h.get('/v1/trade/bilateral/D-E')).status).toBe(400);
    expect((await h.get('/v1/trade/bilateral/DE?country=US')).status).toBe(400);
  });
});

describeEachStore('the cube without top', (get) => {
  let h: Harness;
  let decls: RawDecl[];
  beforeAll(async () => {
    decls = await seed(get().store, 22, 1200);
    h = await harness(get().store);
  });
  afterAll(() => h.close());

  it('answers at most 1,000 groups without top, says it truncated them, and streams every group', async () => {
    const groups = new Set(decls.flatMap((d) => d.items.map((i) => `${i.gtip}|${d.company}|${month(d.date)}|${d.country}|${d.port}`)));
    expect(groups.size).toBeGreaterThan(1000);
    const q = 'group_by=hs12,company,period,country,port&metrics=value_usd';
    const res = await h.get(`/v1/trade/aggregate?${q}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1000);
    expect(res.body.meta.truncated).toBe(true);
    const csv = await h.get(`/v1/trade/aggregate?${q}&format=csv`);
    expect(csv.raw.toString('utf8').trim().split('\n')).toHaveLength(groups.size + 1);
    const some = await h.get(`/v1/trade/aggregate?${q}&top=1200`);
    expect(some.body.data).toHaveLength(1200);
    expect(some.body.meta.truncated).toBe(false);
  });

});

const cents = (n: number) => Math.round(n * 100);
