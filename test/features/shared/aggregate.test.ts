// Every aggregate, from a rollup or from raw records, must equal a brute-force computation over
// the raw rows for the same filters.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { randomDeclarations, prng } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { aggregate, aggregateLines, companiesTrading, planAggregate, invalidateAggregates, usesGtipCopy, type AggregateSpec, type Metric, type Dim } from '../../../src/features/shared/aggregate.js';
import { GTIP_CUBE } from '../../../src/features/shared/record-cubes.js';
import { parseFilters, type FilterQuery, type Flow } from '../../../src/features/shared/filters.js';
import { CUBE_SOURCES } from '../../../src/features/shared/cube-sources.js';
import { startCubeCache, stopCubeCache } from '../../../src/features/shared/cube-cache.js';
import { registerBatchListeners } from '../../../src/batch-listeners.js';

// Sums of floating measures may differ in the last places with the order of addition.
function expectSameRow(got: Record<string, unknown>, want: Record<string, unknown>, label: string) {
  expect(Object.keys(got).sort(), label).toEqual(Object.keys(want).sort());
  for (const [k, v] of Object.entries(want)) {
    if (typeof v === 'number' && !Number.isInteger(v)) expect(got[k] as number, `${label} ${k}`).toBeCloseTo(v, 2);
    else expect(got[k], `${label} ${k}`).toEqual(v);
  }
}

interface RawItem { hs: string; value: number; weight: number; qty: number }
interface RawDecl { id: number; flow: Flow; date: string; period: number; country: string; port: string; office: string; mode: string; incoterm: string | null; company: number; partner: number | null; value: number; weight: number; regime: string; items: RawItem[]; names: string[] }

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

function brute(decls: RawDecl[], spec: AggregateSpec) {
  const f = spec.filters;
  const level = spec.hsLevel ?? 6;
  const product = spec.groupBy.includes('hs') || f.hs.length > 0 || spec.metrics.includes('quantity');
  const groups = new Map<string, { key: Record<string, unknown>; value: number; weight: number; qty: number; decls: Set<number>; companies: Set<number> }>();
  for (const d of decls) {
    if (f.flow && d.flow !== f.flow) continue;
    if (f.from && d.date < f.from) continue;
    if (f.to && d.date > f.to) continue;
    if (f.countries.length && !f.countries.includes(d.country)) continue;
    if (f.ports.length && !f.ports.includes(d.port)) continue;
    if (f.transportModes.length && !f.transportModes.includes(d.mode)) continue;
    if (f.incoterms.length && !f.incoterms.includes(d.incoterm ?? '')) continue;
    if (f.regimes.length && !f.regimes.includes(d.regime)) continue;
    if (f.companyId !== null && d.company !== f.companyId && d.partner !== f.companyId) continue;
    if (f.minValueCents !== null && d.value < f.minValueCents) continue;
    if (f.q && !d.names.some((n) => n.includes(f.q!))) continue;
    const units = product
      ? d.items.filter((i) => !f.hs.length || f.hs.some((h) => i.hs.startsWith(h))).map((i) => ({ ...i, hs: i.hs.slice(0, level) }))
      : [{ hs: '', value: d.value, weight: d.weight, qty: 0 }];
    for (const u of units) {
      const key: Record<string, unknown> = {};
      for (const dim of spec.groupBy) {
        if (dim === 'hs') key.hs_code = u.hs;
        else if (dim === 'period') key.period = `${Math.floor(d.period / 100)}-${String(d.period % 100).padStart(2, '0')}`;
        else if (dim === 'country') key.country = d.country;
        else if (dim === 'flow') key.flow = d.flow;
        else if (dim === 'port') key.port = d.port;
        else if (dim === 'transport_mode') key.transport_mode = d.mode;
        else if (dim === 'company') key.company_id = d.company;
      }
      const k = JSON.stringify(key);
      const g = groups.get(k) ?? { key, value: 0, weight: 0, qty: 0, decls: new Set(), companies: new Set() };
      g.value += u.value;
      g.weight += u.weight;
      g.qty += u.qty;
      g.decls.add(d.id);
      g.companies.add(d.company);
      groups.set(k, g);
    }
  }
  return [...groups.values()];
}

describeEachStore('aggregate engine', (get) => {
  const decls: RawDecl[] = [];
  beforeAll(async () => {
    const { store } = get();
    const input = randomDeclarations(11, 600, offices);
    for (let b = 0; b < 3; b++) await writeBatch(store, input.slice(b * 200, b * 200 + 200), { batchKey: `agg-${b}`, source: 'test' });
    invalidateAggregates();
    const rows = await store.db.selectFrom('declarations').selectAll().execute();
    const items = await store.db.selectFrom('declaration_items').selectAll().execute();
    const folded = new Map((await store.db.selectFrom('companies').select(['id', 'name_folded']).execute()).map((c) => [Number(c.id), c.name_folded]));
    const byDecl = new Map<number, RawItem[]>();
    for (const i of items) {
      const list = byDecl.get(Number(i.declaration_id)) ?? [];
      list.push({ hs: i.gtip, value: Number(i.value_usd_cents), weight: Number(i.net_weight_kg), qty: Number(i.quantity) });
      byDecl.set(Number(i.declaration_id), list);
    }
    for (const d of rows) {
      decls.push({
        id: Number(d.id), flow: d.flow, date: String(d.registered_at), period: Number(d.period), country: d.partner_country, port: d.port,
        office: d.customs_office, mode: d.transport_mode, incoterm: d.incoterm, company: Number(d.company_id),
        partner: d.partner_company_id === null ? null : Number(d.partner_company_id), value: Number(d.value_usd_cents),
        weight: Number(d.net_weight_kg), regime: d.regime, items: byDecl.get(Number(d.id)) ?? [],
        names: [d.company_id, d.partner_company_id].filter((id) => id !== null).map((id) => folded.get(Number(id)) ?? ''),
      });
    }
    expect(decls).toHaveLength(600);
  });

  async function checkRandomSpecs(seed: number): Promise<Set<string>> {
    const r = prng(seed);
    const companyIds = [...new Set(decls.map((d) => d.company))];
    const sources = new Set<string>();
    for (let n = 0; n < 120; n++) {
      const q: FilterQuery = {};
      if (r.next() < 0.6) q.from = r.pick(['2024-01', '2024-02', '2024-03-15']);
      if (r.next() < 0.6) q.to = r.pick(['2024-04', '2024-06', '2024-05-20']);
      if (r.next() < 0.4) q.hs = r.pick(['61', '6109', '610910', '87', '8703', '6109100000']);
      if (r.next() < 0.3) q.country = r.pick(['DE', 'US,GB', 'CN']);
      if (r.next() < 0.2) q.port = r.pick(['TRMER', 'XTRKPK']);
      if (r.next() < 0.2) q.transport_mode = r.pick(['sea', 'road']);
      if (r.next() < 0.15) q.incoterm = r.pick(['FOB', 'CIF']);
      if (r.next() < 0.1) q.regime = r.pick(['4000', '1000']);
      if (r.next() < 0.15) q.company_id = r.pick(companyIds);
      if (r.next() < 0.1) q.min_value_usd = 20_000;
      // A word of some trader's name, or of some foreign partner's, or one matching nobody.
      if (r.next() < 0.2) q.q = r.pick([...r.pick(decls).names.join(' ').split(' ').filter((w) => w.length > 3), 'zzqx']);
      const flow = r.pick<Flow | null>(['import', 'export', null]);
      const filters = parseFilters(q, flow);
      const groupBy = r.pick<Dim[]>([[], ['country'], ['hs'], ['period'], ['period', 'country'], ['port', 'transport_mode'], ['company'], ['flow']]);
      const metrics = r.pick<Metric[]>([['value_usd', 'records'], ['value_usd', 'net_weight_kg', 'records', 'companies'], ['value_usd', 'quantity'], ['records']]);
      const hsLevel = r.pick([2, 4, 6, 12]);
      const spec: AggregateSpec = { filters, groupBy, metrics, hsLevel };
      sources.add(planAggregate(spec).source?.table ?? 'raw');
      await expectBrute(spec, JSON.stringify({ q, flow, groupBy, metrics, hsLevel }));
    }
    return sources;
  }

  async function expectBrute(spec: AggregateSpec, label: string): Promise<void> {
    const { groupBy, metrics } = spec;
    {
      const got = await aggregate(get().store.db, spec);
      const want = brute(decls, spec);
      if (groupBy.length === 0) {
        const g = want[0];
        if (metrics.includes('value_usd')) expect(got.rows[0]?.value_usd, label).toBeCloseTo((g?.value ?? 0) / 100, 2);
        if (metrics.includes('records')) expect(got.rows[0]?.records, label).toBe(g?.decls.size ?? 0);
        if (metrics.includes('companies')) expect(got.rows[0]?.companies, label).toBe(g?.companies.size ?? 0);
        return;
      }
      expect(got.rows.length, label).toBe(want.length);
      const byKey = new Map(want.map((w) => [JSON.stringify(w.key), w]));
      let shareSum = 0;
      for (const row of got.rows) {
        const key: Record<string, unknown> = {};
        for (const k of Object.keys(want[0]!.key)) key[k] = row[k];
        const w = byKey.get(JSON.stringify(key));
        expect(w, `${label} missing group ${JSON.stringify(key)}`).toBeDefined();
        if (metrics.includes('value_usd')) expect(row.value_usd, label).toBeCloseTo(w!.value / 100, 2);
        if (metrics.includes('records')) expect(row.records, label).toBe(w!.decls.size);
        if (metrics.includes('net_weight_kg')) expect(row.net_weight_kg as number, label).toBeCloseTo(w!.weight, 1);
        if (metrics.includes('quantity')) expect(row.quantity as number, label).toBeCloseTo(w!.qty, 1);
        if (metrics.includes('companies')) expect(row.companies, label).toBe(w!.companies.size);
        shareSum += Number(row.share ?? 0);
      }
      if (metrics.includes('value_usd') && got.rows.length) expect(shareSum, label).toBeCloseTo(1, 3);
    }
  }

  it('equals a brute-force computation for random filters, groupings and metrics, on every source', async () => {
    const sources = await checkRandomSpecs(5);
    // The random specs exercised the raw path and every rollup.
    expect([...sources].sort()).toEqual(['raw', ...CUBE_SOURCES.map((c) => c.table)].sort());
  });

  it('gives the same brute-force answers from the in-memory cubes of the rollups', async () => {
    const { db } = get().store;
    const cache = startCubeCache(get().store);
    try {
      await cache.refresh();
      expect(cache.state()).toBe('ready');
      for (const c of CUBE_SOURCES) expect(cache.get(c.table)?.rows, c.table).toBeGreaterThan(0);
      invalidateAggregates();
      await checkRandomSpecs(6);
    } finally {
      stopCubeCache(db);
      invalidateAggregates();
    }
  });

  it('names every company on either side of the matching records, from SQL and from the company copy', async () => {
    const { db } = get().store;
    const r = prng(23);
    const specs: FilterQuery[] = [{}];
    for (let n = 0; n < 12; n++) {
      const q: FilterQuery = {};
      if (r.next() < 0.7) q.hs = r.pick(['61', '6109', '610910', '87', '8703', '84']);
      if (r.next() < 0.4) q.from = r.pick(['2024-01', '2024-02']);
      if (r.next() < 0.4) q.country = r.pick(['DE', 'US', 'IT']);
      specs.push(q);
    }
    const want = (q: FilterQuery) => {
      const f = parseFilters(q);
      const out = new Set<number>();
      for (const d of decls) {
        if (f.from && d.date < f.from) continue;
        if (f.countries.length && !f.countries.includes(d.country)) continue;
        if (f.hs.length && !d.items.some((i) => f.hs.some((h) => i.hs.startsWith(h)))) continue;
        out.add(d.company);
        if (d.partner) out.add(d.partner);
      }
      return [...out].sort((a, b) => a - b);
    };
    const got = async (q: FilterQuery) => [...new Set(await companiesTrading(db, parseFilters(q)))].sort((a, b) => a - b);
    for (const q of specs) expect(await got(q), `sql ${JSON.stringify(q)}`).toEqual(want(q));
    const cache = startCubeCache(get().store);
    try {
      await cache.refresh();
      invalidateAggregates();
      for (const q of specs) expect(await got(q), `copy ${JSON.stringify(q)}`).toEqual(want(q));
    } finally {
      stopCubeCache(db);
      invalidateAggregates();
    }
  });

  it('gives several groupings of one line selection as separate aggregates give them: rows, shares and totals', async () => {
    const { db } = get().store;
    const cache = startCubeCache(get().store);
    try {
      await cache.refresh();
      invalidateAggregates();
      const r = prng(31);
      for (let n = 0; n < 12; n++) {
        const q: FilterQuery = { hs: r.pick(['61', '6109', '87', '8703']) };
        if (r.next() < 0.6) q.from = r.pick(['2024-01', '2024-02']);
        if (r.next() < 0.6) q.to = r.pick(['2024-04', '2024-06']);
        const filters = parseFilters(q, 'export');
        const companies = (await aggregate(db, { filters, groupBy: ['company'], metrics: ['value_usd'], top: 2 })).rows.map((x) => Number(x.company_id));
        const specs: Omit<AggregateSpec, 'filters'>[] = [
          { groupBy: ['company'], metrics: ['value_usd'], top: r.pick([1, 3, 10]) },
          { groupBy: ['port', 'country'], metrics: ['value_usd'], maxRows: 500_000 },
          { groupBy: ['company', 'port'], metrics: ['value_usd'], maxRows: 500_000, only: { dim: 'company', values: companies } },
        ];
        const got = aggregateLines(db, filters, specs);
        expect(got, 'the line copy is current').not.toBeNull();
        for (const [i, s] of specs.entries()) {
          const want = await aggregate(db, { ...s, filters });
          const label = `${JSON.stringify(q)} ${s.groupBy.join('×')}`;
          expect(got![i]!.rows.length, label).toBe(want.rows.length);
          got![i]!.rows.forEach((row, k) => expectSameRow(row, want.rows[k]!, `${label} row ${k}`));
          expectSameRow(got![i]!.totals, want.totals, `${label} totals`);
        }
      }
    } finally {
      stopCubeCache(db);
      invalidateAggregates();
    }
  });

  it('answers 8- to 12-digit product groupings from the GTIP copy exactly (declarations counted once per code)', async () => {
    const { db } = get().store;
    const cache = startCubeCache(get().store);
    try {
      await cache.refresh();
      expect(cache.get(GTIP_CUBE)?.rows).toBeGreaterThan(0);
      invalidateAggregates();
      const r = prng(17);
      let used = 0;
      for (let n = 0; n < 60; n++) {
        const q: FilterQuery = {};
        if (r.next() < 0.6) q.from = r.pick(['2024-01', '2024-02', '2024-03']);
        if (r.next() < 0.6) q.to = r.pick(['2024-04', '2024-06']);
        if (r.next() < 0.5) q.hs = r.pick(['61', '6109', '610910', '87', '8703', '61091000']);
        const flow = r.pick<Flow | null>(['import', 'export', null]);
        const spec: AggregateSpec = {
          filters: parseFilters(q, flow),
          groupBy: r.pick<Dim[]>([['hs'], ['hs', 'period'], ['period', 'hs'], ['flow', 'hs']]),
          metrics: r.pick<Metric[]>([['value_usd', 'records'], ['value_usd', 'net_weight_kg', 'quantity', 'records'], ['records']]),
          hsLevel: r.pick([8, 10, 12]),
        };
        if (usesGtipCopy(spec)) used++;
        await expectBrute(spec, JSON.stringify({ q, flow, spec: { ...spec, filters: undefined } }));
      }
      expect(used).toBeGreaterThan(40);
    } finally {
      stopCubeCache(db);
      invalidateAggregates();
    }
  });

  it('orders, limits and counts on the in-memory copies exactly as the SQL does (rollups and raw records)', async () => {
    const { db } = get().store;
    const r = prng(8);
    const companyIds = [...new Set(decls.map((d) => d.company))];
    const words = [...new Set(decls.flatMap((d) => d.names.join(' ').split(' ')).filter((w) => w.length > 3))];
    const specs: AggregateSpec[] = [];
    while (specs.length < 80) {
      const q: FilterQuery = {};
      if (r.next() < 0.5) q.from = r.pick(['2024-01', '2024-02', '2024-03']);
      if (r.next() < 0.5) q.to = r.pick(['2024-04', '2024-06']);
      if (r.next() < 0.3) q.hs = r.pick(['61', '6109', '610910', '87,61']);
      if (r.next() < 0.3) q.country = r.pick(['DE', 'US,GB', 'CN']);
      if (r.next() < 0.2) q.port = r.pick(['TRMER', 'XTRKPK,TRALI']);
      if (r.next() < 0.2) q.incoterm = r.pick(['FOB', 'CIF']);
      if (r.next() < 0.25) q.company_id = r.pick(companyIds);
      if (r.next() < 0.2) q.q = r.pick([...words, 'zzqx']);
      // Filters only the raw records answer.
      if (r.next() < 0.15) q.regime = r.pick(['4000', '1000']);
      if (r.next() < 0.15) q.min_value_usd = r.pick([5_000, 20_000]);
      if (r.next() < 0.1) q.max_value_usd = 50_000;
      if (r.next() < 0.15) q.to = '2024-05-20';
      if (r.next() < 0.1) q.hs = '6109100000';
      const groupBy = r.pick<Dim[]>([[], ['country'], ['hs'], ['period'], ['company'], ['partner_company'], ['hs', 'country'], ['incoterm'], ['customs_office', 'transport_mode']]);
      const metrics = r.pick<Metric[]>([
        ['value_usd', 'records'], ['value_usd', 'net_weight_kg', 'unit_value_usd_per_kg'], ['value_usd', 'companies', 'partner_companies'],
        ['value_usd', 'customs_duty_usd', 'additional_duty_usd', 'vat_usd'], ['quantity', 'records'],
      ]);
      // A sort names a requested metric or a grouped dimension (as every operation does).
      const sortField = r.pick([null, ...metrics, groupBy[0] ?? 'value_usd']);
      const spec: AggregateSpec = {
        filters: parseFilters(q, r.pick<Flow | null>(['import', 'export', null])), groupBy, metrics,
        hsLevel: r.pick([2, 4, 6]), freq: r.pick(['month', 'quarter', 'year'] as const), top: r.pick([null, 3]),
        sort: sortField ? { field: sortField, desc: r.next() < 0.5 } : null,
        maxRows: r.pick([undefined, 4]),
      };
      specs.push(spec);
    }
    expect(specs.filter((x) => !planAggregate(x).source).length).toBeGreaterThan(10);
    invalidateAggregates();
    const fromSql = [];
    for (const spec of specs) fromSql.push(await aggregate(db, spec));
    const cache = startCubeCache(get().store);
    try {
      await cache.refresh();
      invalidateAggregates();
      for (const [n, spec] of specs.entries()) {
        const got = await aggregate(db, spec);
        const want = fromSql[n]!;
        const label = JSON.stringify(spec);
        expect(got.source, label).toBe(want.source);
        expect(got.truncated, label).toBe(want.truncated);
        expect(got.rows.length, label).toBe(want.rows.length);
        got.rows.forEach((row, i) => expectSameRow(row, want.rows[i]!, `${label} row ${i}`));
        expectSameRow(got.totals, want.totals, `${label} totals`);
      }
    } finally {
      stopCubeCache(db);
      invalidateAggregates();
    }
  });

  it('stops answering from the cubes as soon as this process commits a batch', async () => {
    const { store } = get();
    registerBatchListeners();
    const cache = startCubeCache(store);
    try {
      await cache.refresh();
      expect(cache.get('rollup_country_monthly')).not.toBeNull();
      const extra = randomDeclarations(12, 5, offices).map((d, i) => ({ ...d, declaration_no: `CUBE${String(i).padStart(6, '0')}` }));
      const res = await writeBatch(store, extra, { batchKey: 'cube-stale', source: 'test' });
      expect(res.stored).toBeGreaterThan(0);
      expect(cache.state()).toBe('stale');
      expect(cache.get('rollup_country_monthly')).toBeNull();
      await cache.refresh();
      expect(cache.state()).toBe('ready');
      const total = await aggregate(store.db, { filters: parseFilters({}, null), groupBy: [], metrics: ['records'] });
      expect(total.rows[0]!.records).toBe(decls.length + res.stored);
    } finally {
      stopCubeCache(store.db);
      invalidateAggregates();
    }
  });

  it('ranks by value and keeps shares of the whole filtered total under top', async () => {
    const spec: AggregateSpec = { filters: parseFilters({}, 'export'), groupBy: ['country'], metrics: ['value_usd'], top: 2 };
    const res = await aggregate(get().store.db, spec);
    expect(res.rows).toHaveLength(2);
    expect(Number(res.rows[0]!.value_usd)).toBeGreaterThanOrEqual(Number(res.rows[1]!.value_usd));
    const all = await aggregate(get().store.db, { ...spec, top: null });
    expect(res.rows[0]!.share).toBe(all.rows[0]!.share);
    expect(Number(res.rows[0]!.share) + Number(res.rows[1]!.share)).toBeLessThan(1);
  });
});
