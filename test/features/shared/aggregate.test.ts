// Every aggregate, from a rollup or from raw records, must equal a brute-force computation over
// the raw rows for the same filters.
import { describe, it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { randomDeclarations, prng } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { aggregate, companiesMatching, companiesTrading, planAggregate, type AggregateSpec, type AggRow, type Metric, type Dim, type Freq } from '../../../src/features/shared/aggregate.js';
import { aggregateAll, groupSpecs } from '../../../src/features/shared/aggregate-all.js';
import { formsOneSpan, rankedWithWindows } from '../../../src/features/shared/windowed.js';
import { totalsInOneRead, totalsTogether } from '../../../src/features/shared/totals-together.js';
import { parseFilters, type FilterQuery, type Flow } from '../../../src/features/shared/filters.js';
import { CUBE_SOURCES } from '../../../src/features/shared/cube-sources.js';
import type { DeclarationInput } from '../../../src/ingest/record.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../../src/db/schema.js';


interface Figures { value: number; weight: number; qty: number; duty: number; addDuty: number; vat: number }
interface RawItem extends Figures { hs: string }
interface RawDecl extends Figures { id: number; flow: Flow; date: string; period: number; country: string; port: string; office: string; mode: string; incoterm: string | null; company: number; partner: number | null; regime: string; items: RawItem[]; names: string[] }
const FIGURES = ['value', 'weight', 'qty', 'duty', 'addDuty', 'vat'] as const;

/**
 * Duties on import lines, and a header net weight 0.4 % above the lines' sum (within what
 * validation allows), so header and line figures differ and a plan reading the wrong ones shows.
 */
function withHeaderFigures(input: DeclarationInput[]): DeclarationInput[] {
  return input.map((d) => {
    const items = d.items.map((i) => (d.flow === 'import'
      ? { ...i, customs_duty_usd: Math.round(i.value_usd * 7) / 100, additional_duty_usd: i.line_no === 2 ? 1.5 : 0, vat_usd: Math.round(i.value_usd * 20) / 100 }
      : i));
    const net = Math.round(d.net_weight_kg * 1.004 * 1000) / 1000;
    return { ...d, items, net_weight_kg: net, gross_weight_kg: Math.max(d.gross_weight_kg, net) };
  });
}

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

function brute(decls: RawDecl[], spec: AggregateSpec) {
  const f = spec.filters;
  const level = spec.hsLevel ?? 6;
  const product = spec.groupBy.includes('hs') || f.hs.length > 0 || spec.metrics.includes('quantity');
  const groups = new Map<string, Figures & { key: Record<string, unknown>; decls: Set<number>; companies: Set<number> }>();
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
      : [{ ...d, hs: '', qty: 0 }];
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
      const g = groups.get(k) ?? { key, value: 0, weight: 0, qty: 0, duty: 0, addDuty: 0, vat: 0, decls: new Set(), companies: new Set() };
      for (const m of FIGURES) g[m] += u[m];
      g.decls.add(d.id);
      g.companies.add(d.company);
      groups.set(k, g);
    }
  }
  return [...groups.values()];
}

/** The stored declarations (those whose number starts with `prefix`, or all) with their lines and the folded names of both parties. */
async function storedDecls(db: Kysely<DB>, prefix = ''): Promise<RawDecl[]> {
  const rows = await db.selectFrom('declarations').selectAll().where('declaration_no', 'like', `${prefix}%`).execute();
  const items = await db.selectFrom('declaration_items').selectAll().where('declaration_id', 'in', rows.length ? rows.map((d) => d.id) : [0]).execute();
  const folded = new Map((await db.selectFrom('companies').select(['id', 'name_folded']).execute()).map((c) => [Number(c.id), c.name_folded]));
  const byDecl = new Map<number, RawItem[]>();
  for (const i of items) {
    const list = byDecl.get(Number(i.declaration_id)) ?? [];
    list.push({
      hs: i.gtip, value: Number(i.value_usd_cents), weight: Number(i.net_weight_kg), qty: Number(i.quantity),
      duty: Number(i.customs_duty_usd_cents), addDuty: Number(i.additional_duty_usd_cents), vat: Number(i.vat_usd_cents),
    });
    byDecl.set(Number(i.declaration_id), list);
  }
  return rows.map((d) => ({
    id: Number(d.id), flow: d.flow, date: String(d.registered_at), period: Number(d.period), country: d.partner_country, port: d.port,
    office: d.customs_office, mode: d.transport_mode, incoterm: d.incoterm, company: Number(d.company_id),
    partner: d.partner_company_id === null ? null : Number(d.partner_company_id), value: Number(d.value_usd_cents),
    weight: Number(d.net_weight_kg), qty: 0, duty: Number(d.customs_duty_usd_cents), addDuty: Number(d.additional_duty_usd_cents),
    vat: Number(d.vat_usd_cents), regime: d.regime, items: byDecl.get(Number(d.id)) ?? [],
    names: [d.company_id, d.partner_company_id].filter((id) => id !== null).map((id) => folded.get(Number(id)) ?? ''),
  }));
}

describeEachStore('aggregate engine', (get) => {
  const decls: RawDecl[] = [];
  beforeAll(async () => {
    const { store } = get();
    const input = withHeaderFigures(randomDeclarations(11, 600, offices));
    // The first batch reaches the analytic store through the rollups' SQL (the store, opened
    // after it, catches up from the row store), the others through the sums the writer's process
    // works out itself (rollupDeltas): both ways of filling the rollups are checked.
    await writeBatch(store, input.slice(0, 200), { batchKey: 'agg-0', source: 'test' });
    await aggregate(store.db, { filters: parseFilters({}, null), groupBy: [], metrics: ['records'] });
    for (let b = 1; b < 3; b++) await writeBatch(store, input.slice(b * 200, b * 200 + 200), { batchKey: `agg-${b}`, source: 'test' });
    decls.push(...(await storedDecls(store.db)));
    expect(decls).toHaveLength(600);
  });

  async function checkRandomSpecs(seed: number): Promise<{ sources: Set<string>; answered: Set<string>; headerFromCompanies: number }> {
    const r = prng(seed);
    const companyIds = [...new Set(decls.map((d) => d.company))];
    const sources = new Set<string>();
    const answered = new Set<string>();
    let headerFromCompanies = 0;
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
      // A word of some trader's name, or of some foreign partner's, or one matching nobody, or a
      // letter naming so many companies that their ids go to the engine as a set, not a list.
      if (r.next() < 0.2) q.q = r.pick([...r.pick(decls).names.join(' ').split(' ').filter((w) => w.length > 3), 'zzqx', 'a', 'e']);
      const flow = r.pick<Flow | null>(['import', 'export', null]);
      const filters = parseFilters(q, flow);
      const groupBy = r.pick<Dim[]>([[], ['country'], ['hs'], ['period'], ['period', 'country'], ['port', 'transport_mode'], ['company'], ['flow']]);
      const metrics = r.pick<Metric[]>([
        ['value_usd', 'records'], ['value_usd', 'net_weight_kg', 'records', 'companies'], ['value_usd', 'quantity'], ['records'],
        ['net_weight_kg', 'customs_duty_usd', 'additional_duty_usd', 'vat_usd', 'records'],
      ]);
      const hsLevel = r.pick([2, 4, 6, 8, 10, 12]);
      const spec: AggregateSpec = { filters, groupBy, metrics, hsLevel };
      sources.add(planAggregate(spec).source?.table ?? 'raw');
      const source = await expectBrute(spec, JSON.stringify({ q, flow, groupBy, metrics, hsLevel }));
      answered.add(source);
      // Header weights and duties of a declaration-level query, read from the company rollup's
      // first-line credits.
      const declarationLevel = !filters.hs.length && !groupBy.includes('hs') && !metrics.includes('quantity');
      if (source.startsWith('rollup_company_monthly') && declarationLevel && metrics.some((m) => m !== 'value_usd' && m !== 'records' && m !== 'companies')) headerFromCompanies++;
    }
    return { sources, answered, headerFromCompanies };
  }

  /** Weights and duties of a result row against the brute-force group (zero when there is none). */
  function expectFigures(row: AggRow | undefined, g: Figures | undefined, metrics: Metric[], label: string): void {
    if (metrics.includes('net_weight_kg')) expect(Number(row?.net_weight_kg ?? 0), `${label} net_weight_kg`).toBeCloseTo(g?.weight ?? 0, 1);
    if (metrics.includes('customs_duty_usd')) expect(Number(row?.customs_duty_usd ?? 0), `${label} customs_duty_usd`).toBeCloseTo((g?.duty ?? 0) / 100, 2);
    if (metrics.includes('additional_duty_usd')) expect(Number(row?.additional_duty_usd ?? 0), `${label} additional_duty_usd`).toBeCloseTo((g?.addDuty ?? 0) / 100, 2);
    if (metrics.includes('vat_usd')) expect(Number(row?.vat_usd ?? 0), `${label} vat_usd`).toBeCloseTo((g?.vat ?? 0) / 100, 2);
  }

  /** Checks one spec against the brute-force sums; the source that answered it. */
  async function expectBrute(spec: AggregateSpec, label: string): Promise<string> {
    const { groupBy, metrics } = spec;
    {
      const got = await aggregate(get().store.db, spec);
      const want = brute(decls, spec);
      if (groupBy.length === 0) {
        const g = want[0];
        if (metrics.includes('value_usd')) expect(got.rows[0]?.value_usd, label).toBeCloseTo((g?.value ?? 0) / 100, 2);
        if (metrics.includes('records')) expect(got.rows[0]?.records, label).toBe(g?.decls.size ?? 0);
        if (metrics.includes('companies')) expect(got.rows[0]?.companies, label).toBe(g?.companies.size ?? 0);
        expectFigures(got.rows[0], g, metrics, label);
        return got.source;
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
        expectFigures(row, w, metrics, label);
        if (metrics.includes('quantity')) expect(row.quantity as number, label).toBeCloseTo(w!.qty, 1);
        if (metrics.includes('companies')) expect(row.companies, label).toBe(w!.companies.size);
        shareSum += Number(row.share ?? 0);
      }
      if (metrics.includes('value_usd') && got.rows.length) expect(shareSum, label).toBeCloseTo(1, 3);
      // The totals of a grouped answer (taken from its groups where they add up, the rest asked
      // alone) are the whole filtered result's, with or without a cut.
      const whole = brute(decls, { ...spec, groupBy: [] })[0];
      const top = await aggregate(get().store.db, { ...spec, top: 1 });
      for (const [t, which] of [[got.totals, 'totals'], [top.totals, 'totals under top']] as const) {
        if (metrics.includes('value_usd')) expect(Number(t.value_usd ?? 0), `${label} ${which} value`).toBeCloseTo((whole?.value ?? 0) / 100, 2);
        if (metrics.includes('records')) expect(t.records, `${label} ${which} records`).toBe(whole?.decls.size ?? 0);
        if (metrics.includes('companies')) expect(t.companies, `${label} ${which} companies`).toBe(whole?.companies.size ?? 0);
        if (metrics.includes('quantity')) expect(t.quantity as number, `${label} ${which} quantity`).toBeCloseTo(whole?.qty ?? 0, 1);
        expectFigures(t, whole, metrics, `${label} ${which}`);
      }
      // Every grouping splits the records (a country, port or company per declaration, a code per
      // line): the sum of all the groups, taken in the grouped query before any cut, is the total
      // that rankings and breakdowns take without a totals query of their own.
      if (metrics.includes('value_usd')) {
        const summed = await aggregate(get().store.db, { ...spec, totalsFromRows: true });
        expect(summed.totals.value_usd, `${label} totals from rows`).toBe(got.totals.value_usd);
        expect(summed.rows, `${label} rows with totals from rows`).toEqual(got.rows);
        const top = await aggregate(get().store.db, { ...spec, top: 2 });
        const topSummed = await aggregate(get().store.db, { ...spec, top: 2, totalsFromRows: true });
        expect(topSummed.totals.value_usd, `${label} totals from rows under top`).toBe(top.totals.value_usd);
        expect(topSummed.rows, `${label} top rows with totals from rows`).toEqual(top.rows);
      }
      return got.source;
    }
  }

  it('equals a brute-force computation for random filters, groupings and metrics, on every source', async () => {
    const { sources, answered, headerFromCompanies } = await checkRandomSpecs(5);
    // Products past six digits with a gateway or a country, which the random specs rarely reach
    // now that the codes' sums by month alone take the rest: without a product, the codes' sums by
    // country and gateway; with one, its lines sorted by code (joined to their declarations for a
    // gateway).
    for (const [q, hsLevel] of [[{ port: 'TRMER' }, 8], [{ country: 'DE' }, 12], [{ country: 'DE', hs: '6109' }, 10], [{ transport_mode: 'sea', hs: '6109' }, 10]] as const) {
      const spec: AggregateSpec = { filters: parseFilters({ from: '2024-01', to: '2024-05', ...q }, 'export'), groupBy: ['hs'], metrics: ['value_usd', 'net_weight_kg', 'records'], hsLevel };
      sources.add(planAggregate(spec).source?.table ?? 'raw');
      answered.add(await expectBrute(spec, JSON.stringify({ q, hsLevel })));
    }
    // The random specs exercised the raw path and every rollup.
    expect([...sources].sort()).toEqual(['raw', ...CUBE_SOURCES.map((c) => c.table)].sort());
    // Day bounds inside months were answered from whole months of a rollup plus the days around
    // them, with traders counted across both.
    expect([...answered].filter((s) => s.endsWith('+declarations')).length).toBeGreaterThanOrEqual(3);
    // Raw product-level reads on products, months, flows and countries alone came from the lines sorted by code.
    expect(answered).toContain('lines_by_code');
    // …and with fields of the declarations too, from those lines joined to their declarations.
    expect(answered).toContain('lines_by_code join declarations');
    expect(answered).toContain('declarations');
    // Companies' header weights and duties came from the company rollup's first-line credits.
    expect(headerFromCompanies).toBeGreaterThanOrEqual(5);
    // The letters of the random specs name more companies than are written into the SQL as a list.
    expect((await companiesMatching(get().store.db, 'a')).ids.length).toBeGreaterThan(16);
    // …and, at the suites' threshold, are read from the engine's table of them (id-tables.ts).
    expect((await companiesMatching(get().store.db, 'a')).table).toMatch(/^id_sets\./);
  });

  it('reads rows for their value alone with the totals of every metric (valueRows)', async () => {
    const { db } = get().store;
    const r = prng(31);
    for (let n = 0; n < 30; n++) {
      const q: FilterQuery = {};
      if (r.next() < 0.6) q.from = r.pick(['2024-01', '2024-02', '2024-01-10']);
      if (r.next() < 0.6) q.to = r.pick(['2024-04', '2024-06']);
      if (r.next() < 0.3) q.hs = r.pick(['61', '8703']);
      if (r.next() < 0.3) q.port = r.pick(['TRMER', 'TRALI']);
      if (r.next() < 0.2) q.q = r.pick([...r.pick(decls).names.join(' ').split(' ').filter((w) => w.length > 3), 'a']);
      const filters = parseFilters(q, r.pick<Flow | null>(['import', 'export', null]));
      const groupBy = r.pick<Dim[]>([['hs'], ['period'], ['country'], ['company']]);
      const metrics = r.pick<Metric[]>([['value_usd', 'net_weight_kg', 'records', 'unit_value_usd_per_kg', 'quantity'], ['value_usd', 'records', 'customs_duty_usd']]);
      const spec: AggregateSpec = { filters, groupBy, metrics, hsLevel: r.pick([2, 6, 10]), maxRows: 10_000 };
      const full = await aggregate(db, spec);
      const lean = await aggregate(db, { ...spec, valueRows: true });
      const label = JSON.stringify({ q, groupBy, metrics, hsLevel: spec.hsLevel });
      expect(lean.totals, label).toEqual(full.totals);
      const values = (res: typeof full) => res.rows.map((row) => [row.hs_code ?? row.period ?? row.country ?? row.company_id, row.value_usd, row.share]);
      expect(values(lean), label).toEqual(values(full));
      await expectBrute(spec, label);
    }
  });

  it('names every company on either side of the matching records', async () => {
    const { db } = get().store;
    for (const q of [{}, { hs: '61' }, { country: 'DE' }, { from: '2024-02', to: '2024-04' }] as FilterQuery[]) {
      const filters = parseFilters(q, null);
      const got = [...new Set(await companiesTrading(db, filters))].sort((a, b) => a - b);
      const want = new Set<number>();
      for (const d of decls) {
        if (q.hs && !d.items.some((i) => i.hs.startsWith(q.hs!))) continue;
        if (q.country && d.country !== q.country) continue;
        if (q.from && d.period < 202402) continue;
        if (q.to && d.period > 202404) continue;
        want.add(d.company);
        if (d.partner !== null) want.add(d.partner);
      }
      expect(got, JSON.stringify(q)).toEqual([...want].sort((a, b) => a - b));
    }
  });

  it('shows a batch committed by this process in the next aggregate', async () => {
    const { store } = get();
    const before = await aggregate(store.db, { filters: parseFilters({}, null), groupBy: [], metrics: ['records', 'value_usd'] });
    const extra = randomDeclarations(12, 5, offices).map((d, i) => ({ ...d, declaration_no: `FRESH${String(i).padStart(6, '0')}` }));
    const res = await writeBatch(store, extra, { batchKey: 'fresh-batch', source: 'test' });
    expect(res.stored).toBe(5);
    const after = await aggregate(store.db, { filters: parseFilters({}, null), groupBy: [], metrics: ['records', 'value_usd'] });
    expect(after.rows[0]!.records).toBe(Number(before.rows[0]!.records) + 5);
    // Later tests see the five as part of the data.
    const rows = await store.db.selectFrom('declarations').select(['id']).where('declaration_no', 'like', 'FRESH%').execute();
    expect(rows).toHaveLength(5);
  });

  it('finds a company that a later batch brings by the text that names it (the q memo follows the data)', async () => {
    const { store } = get();
    const spec: AggregateSpec = { filters: parseFilters({ q: 'Zebraqx' }, null), groupBy: [], metrics: ['records'] };
    expect((await aggregate(store.db, spec)).rows[0]!.records).toBe(0);
    expect((await companiesMatching(store.db, 'zebraqx')).ids).toEqual([]);
    const extra = randomDeclarations(14, 2, offices).map((d, i) => ({ ...d, declaration_no: `ZEBRA${String(i).padStart(6, '0')}`, partner: { name: 'Zebraqx Trading GmbH', country: 'DE' } }));
    expect((await writeBatch(store, extra, { batchKey: 'zebra-batch', source: 'test' })).stored).toBe(2);
    expect((await companiesMatching(store.db, 'zebraqx')).ids.length).toBe(1);
    expect((await aggregate(store.db, spec)).rows[0]!.records).toBe(2);
  });

  it('ranks by value and keeps shares of the whole filtered total under top', async () => {
    const spec: AggregateSpec = { filters: parseFilters({}, 'export'), groupBy: ['country'], metrics: ['value_usd'], top: 2 };
    const res = await aggregate(get().store.db, spec);
    expect(res.rows).toHaveLength(2);
    expect(Number(res.rows[0]!.value_usd)).toBeGreaterThanOrEqual(Number(res.rows[1]!.value_usd));
    const all = await aggregate(get().store.db, { ...spec, top: null });
    expect(res.rows[0]!.share).toBe(all.rows[0]!.share);
    expect(Number(res.rows[0]!.share) + Number(res.rows[1]!.share)).toBeLessThan(1);
    // The ranked page knows how many groups there are, from a rollup and from a split plan.
    expect(all.rows.length).toBeGreaterThan(2);
    expect(res.groups).toBe(all.rows.length);
    const days = { ...spec, filters: parseFilters({ from: '2024-01-10', to: '2024-05-20' }, 'export') };
    const daysTop = await aggregate(get().store.db, days);
    expect(daysTop.source).toContain('+declarations');
    expect(daysTop.groups).toBe((await aggregate(get().store.db, { ...days, top: null })).rows.length);
  });

  it('ranks a window and the values of its comparison windows in one read exactly as each alone', async () => {
    const { db } = get().store;
    const r = prng(29);
    const month = (m: string, last = false) => parseFilters(last ? { to: m } : { from: m }, null)[last ? 'to' : 'from']!;
    const win = (a: string, b: string) => ({ from: month(a), to: month(b, true) });
    // Whole months in one unbroken span: adjacent, overlapping, equal, and months with no data.
    const shapes = [
      [win('2024-04', '2024-06'), [win('2024-01', '2024-03')]],
      [win('2024-04', '2024-06'), [win('2024-01', '2024-03'), win('2024-03', '2024-05')]],
      [win('2024-03', '2024-06'), [win('2023-11', '2024-02'), win('2023-11', '2024-02')]],
      [win('2024-02', '2024-02'), [win('2024-01', '2024-01'), win('2024-03', '2024-07')]],
      [win('2024-01', '2024-06'), [win('2023-07', '2023-12')]],
    ] as const;
    let ranked = 0;
    for (let n = 0; n < 80; n++) {
      const [w, others] = r.pick(shapes);
      const q: FilterQuery = { from: w.from, to: w.to };
      if (r.next() < 0.3) q.hs = r.pick(['61', '8703', '6109100000']);
      if (r.next() < 0.3) q.country = r.pick(['DE', 'US,GB']);
      if (r.next() < 0.2) q.port = r.pick(['TRMER', 'XTRKPK']);
      if (r.next() < 0.15) q.company_id = r.pick(decls).company;
      if (r.next() < 0.2) q.q = r.pick([...r.pick(decls).names.join(' ').split(' ').filter((x) => x.length > 3), 'zzqx', 'a']);
      const filters = parseFilters(q, r.pick<Flow | null>(['import', 'export', null]));
      // A statistics ranking (value totals from its rows), or a flow's ranking or breakdown (every
      // metric's totals, any order, with or without top).
      const ranking = r.next() < 0.5;
      const spec: AggregateSpec = {
        filters, groupBy: [r.pick<Dim>(['hs', 'country', 'company', 'partner_company', 'port'])], hsLevel: r.pick([2, 4, 6, 12]),
        metrics: ranking ? ['value_usd', 'net_weight_kg', 'records'] : ['value_usd', 'net_weight_kg', 'records', 'unit_value_usd_per_kg'],
        top: ranking ? r.pick([1, 3, 20]) : r.pick([null, 2, 10]), maxRows: r.pick([3, 1000]), totalsFromRows: ranking,
        sort: ranking ? null : r.pick([null, { field: 'value_usd', desc: false }, { field: 'records', desc: true }, { field: 'unit_value_usd_per_kg', desc: true }]),
      };
      const label = JSON.stringify({ q, spec: { ...spec, filters: undefined }, others });
      expect(formsOneSpan([w, ...others]), label).toBe(true);
      const one = await rankedWithWindows(db, spec, others);
      const alone = await aggregate(db, spec);
      // Declarations counted per product from the records need a totals query: not read at once.
      if (!one) {
        expect(ranking || !spec.groupBy.includes('hs'), label).toBe(false);
        continue;
      }
      expect({ ...one.current, source: undefined }, label).toEqual({ ...alone, source: undefined });
      expect(one.current.source, label).toBe(alone.source);
      for (const [i, cw] of others.entries()) {
        const res = await aggregate(db, { ...spec, metrics: ['value_usd'], top: null, sort: null, maxRows: 100_000, filters: { ...filters, ...cw } });
        const shown = new Map(alone.rows.map((x) => [String(x[Object.keys(x)[0]!]), 0]));
        for (const x of res.rows) {
          const key = String(x[Object.keys(x)[0]!]);
          if (shown.has(key)) shown.set(key, Number(x.value_usd));
        }
        const got = new Map([...shown.keys()].map((k) => [k, one.others[i]!.values.get(k) ?? 0]));
        expect({ values: got, total: one.others[i]!.total }, `${label} window ${i}`).toEqual({ values: shown, total: Number(res.totals.value_usd ?? 0) });
        expect(one.others[i]!.shown, `${label} window ${i}`).toEqual([...shown.values()]);
      }
      if (alone.rows.length) ranked++;
    }
    expect(ranked).toBeGreaterThan(15);
    expect(await rankedWithWindows(db, { filters: parseFilters({ from: '2024-01', to: '2024-03' }, null), groupBy: ['country'], metrics: ['value_usd', 'companies'] }, [])).toBeNull();
    // Windows with a gap between them, or days inside a month, are read apart.
    expect(formsOneSpan([win('2024-05', '2024-06'), win('2024-01', '2024-03')])).toBe(false);
    expect(formsOneSpan([{ from: '2024-04-02', to: '2024-06-30' }, win('2024-01', '2024-03')])).toBe(false);
  });

  it('answers several aggregates of the same filters in one query exactly as each alone', async () => {
    const { db } = get().store;
    const r = prng(23);
    let together = 0;
    let mixed = 0;
    let depths = 0;
    for (let n = 0; n < 40; n++) {
      const q: FilterQuery = {};
      if (r.next() < 0.6) q.from = r.pick(['2024-01', '2024-02']);
      if (r.next() < 0.6) q.to = r.pick(['2024-04', '2024-06']);
      if (r.next() < 0.3) q.hs = r.pick(['61', '8703']);
      if (r.next() < 0.4) q.country = r.pick(['DE', 'US,GB']);
      if (r.next() < 0.3) q.q = r.pick([...r.pick(decls).names.join(' ').split(' ').filter((w) => w.length > 3), 'zzqx', 'a']);
      const filters = parseFilters(q, r.pick<Flow | null>(['import', 'export', null]));
      const metrics = r.pick<Metric[]>([['value_usd', 'records'], ['value_usd'], ['value_usd', 'net_weight_kg', 'records'], ['value_usd', 'net_weight_kg', 'customs_duty_usd']]);
      const hsLevel = r.pick([2, 4, 6, 10]);
      const freq = r.pick<Freq>(['month', 'quarter']);
      const sorts = [null, { field: 'port', desc: false }, { field: 'value_usd', desc: false }];
      if (metrics.includes('records')) sorts.push({ field: 'records', desc: true });
      if (metrics.includes('net_weight_kg')) sorts.push({ field: 'net_weight_kg', desc: false }, { field: 'unit_value_usd_per_kg', desc: true });
      const sort = r.pick(sorts);
      // A profile's set: totals, rankings with and without their totals from the rows, a series,
      // a two-dimension breakdown, a page cut by maxRows, and a spec that cannot join (traders counted).
      const specs: (AggregateSpec | null)[] = [
        { filters, groupBy: [], metrics },
        { filters, groupBy: ['company'], metrics, top: r.pick([2, 5]), totalsFromRows: r.next() < 0.5 },
        { filters, groupBy: ['partner_company'], metrics, top: 3, totalsFromRows: true },
        { filters, groupBy: ['port'], metrics, top: 4, sort },
        { filters, groupBy: ['port'], metrics, maxRows: 1 },
        { filters, groupBy: ['period'], metrics, freq },
        { filters, groupBy: ['country', 'transport_mode'], metrics, top: 3 },
        { filters, groupBy: ['hs'], hsLevel, metrics, top: 3, totalsFromRows: true },
        null,
        { filters, groupBy: [], metrics: ['companies', 'partner_companies'] },
        // Value alone beside specs that count declarations: joins their query (a company profile).
        { filters, groupBy: ['country'], metrics: ['value_usd'], top: 2 },
        // Products at another depth: never in the query of those at the first.
        { filters, groupBy: ['hs'], hsLevel: hsLevel === 2 ? 4 : 2, metrics: ['value_usd'], top: 2 },
        // One flow's products and traders beside specs of both flows: one query of both, read per flow.
        { filters: { ...filters, flow: 'export' }, groupBy: ['hs'], hsLevel, metrics: ['value_usd', 'net_weight_kg'], top: 3, totalsFromRows: true },
        { filters: { ...filters, flow: 'import' }, groupBy: ['hs'], hsLevel, metrics: ['value_usd', 'net_weight_kg'], top: 3, totalsFromRows: true },
        { filters: { ...filters, flow: 'import' }, groupBy: ['company'], metrics: ['value_usd'], top: 2 },
        // Partners alone, counted from the groups by partner.
        { filters, groupBy: [], metrics: ['partner_companies'] },
      ];
      const groups = groupSpecs(specs);
      together += groups.filter((g) => g.length > 1).length;
      if (groups.some((g) => g.includes(10) && g.some((i) => specs[i]!.metrics.includes('records')))) mixed++;
      // Products at another depth than six digits, or quarters, beside specs grouping by neither.
      if (groups.some((g) => g.length > 1 && ((g.includes(7) && hsLevel !== 6) || (g.includes(5) && freq === 'quarter')))) depths++;
      const got = await aggregateAll(db, specs);
      for (const [i, spec] of specs.entries()) {
        if (!spec) {
          expect(got[i]).toBeNull();
          continue;
        }
        const alone = await aggregate(db, spec);
        const label = JSON.stringify({ q, i, spec: { ...spec, filters: undefined } });
        expect(got[i]!.rows, label).toEqual(alone.rows);
        expect(got[i]!.totals, label).toEqual(alone.totals);
        expect(got[i]!.groups, label).toBe(alone.groups);
        expect(got[i]!.truncated, label).toBe(alone.truncated);
      }
    }
    // Most sets shared a query; a set of rollup reads always has a group of several.
    expect(together).toBeGreaterThanOrEqual(30);
    expect(mixed).toBeGreaterThanOrEqual(5);
    expect(depths).toBeGreaterThanOrEqual(5);
  });
  it('reads totals of neighbouring windows and other partner countries in one query exactly as each alone', async () => {
    const { db } = get().store;
    const r = prng(31);
    let read = 0;
    for (let n = 0; n < 40; n++) {
      const q: FilterQuery = {};
      if (r.next() < 0.3) q.hs = r.pick(['61', '8703', '610910']);
      if (r.next() < 0.2) q.port = r.pick(['TRMER', 'XTRKPK']);
      if (r.next() < 0.2) q.q = r.pick([...r.pick(decls).names.join(' ').split(' ').filter((w) => w.length > 3), 'zzqx']);
      const base = parseFilters(q, r.pick<Flow | null>(['import', 'export', null]));
      // A destination's: every country's value over the window, one country's totals over the
      // previous period; sometimes day bounds (each alone) or a window with a gap before it.
      const [from, to, pFrom, pTo] = r.pick([
        ['2024-04-01', '2024-06-30', '2024-01-01', '2024-03-31'],
        ['2024-03-01', '2024-04-30', '2024-01-01', '2024-02-29'],
        ['2024-05-01', '2024-05-31', '2024-04-01', '2024-04-30'],
        ['2024-04-01', '2024-06-30', '2024-01-01', '2024-02-29'],
        ['2024-03-15', '2024-04-30', '2024-01-28', '2024-03-14'],
      ]);
      const countries = r.pick([['DE'], ['US', 'GB'], []]);
      const metrics = r.pick<Metric[]>([['value_usd', 'records'], ['value_usd'], ['value_usd', 'net_weight_kg']]);
      const specs: AggregateSpec[] = [
        { filters: { ...base, from, to }, groupBy: [], metrics: ['value_usd'] },
        { filters: { ...base, from: pFrom, to: pTo, countries }, groupBy: [], metrics },
      ];
      if ((await totalsInOneRead(db, specs)) !== null) read++;
      const got = await totalsTogether(db, specs);
      for (const [i, spec] of specs.entries()) {
        const alone = await aggregate(db, spec);
        expect(got[i], JSON.stringify({ q, i, from: spec.filters.from, countries: spec.filters.countries, metrics: spec.metrics })).toEqual(alone);
      }
    }
    expect(read).toBeGreaterThanOrEqual(15);
  });
  // Last: it adds records of its own.
  it('answers a text naming many companies from the pairs by month when no product or gateway is asked', async () => {
    const { store } = get();
    // Twenty partners sharing a word, on a few declarations of their own: more companies than are
    // written into the SQL, few of the records (a restriction the source ignored would show).
    const extra = randomDeclarations(15, 40, offices).map((d, i) => ({
      ...d, declaration_no: `QORVA${String(i).padStart(6, '0')}`, partner: { name: `Qorva ${i % 20} Ltd`, country: (i % 20) % 2 ? 'DE' : 'US' },
    }));
    expect((await writeBatch(store, extra, { batchKey: 'qorva-batch', source: 'test' })).stored).toBe(40);
    decls.push(...(await storedDecls(store.db, 'QORVA')));
    expect((await companiesMatching(store.db, 'qorva')).ids).toHaveLength(20);
    const cases: [FilterQuery, Flow | null, Dim[], Metric[]][] = [
      [{ q: 'qorva' }, 'export', ['country'], ['value_usd', 'net_weight_kg', 'records']],
      [{ q: 'qorva', from: '2024-02', to: '2024-05' }, 'import', ['company'], ['value_usd', 'records', 'companies', 'customs_duty_usd', 'vat_usd']],
      [{ q: 'qorva', country: 'DE,US' }, null, ['period'], ['value_usd', 'records', 'companies']],
      [{ q: 'qorva', from: '2024-01-10', to: '2024-05-20' }, 'export', [], ['value_usd', 'records', 'companies']],
    ];
    for (const [q, flow, groupBy, metrics] of cases) {
      const spec: AggregateSpec = { filters: parseFilters(q, flow), groupBy, metrics };
      const source = await expectBrute(spec, JSON.stringify({ q, flow, groupBy, metrics }));
      expect(source, JSON.stringify(q)).toMatch(/^agg_pairs_monthly/);
    }
    // A few companies still read the copy sorted by either party, not every pair of the period.
    const few = parseFilters({ company_id: decls[0]!.company }, 'export');
    expect((await aggregate(store.db, { filters: few, groupBy: ['country'], metrics: ['value_usd'] })).source).toBe('rollup_company_monthly');
  });
});

describe('aggregate planner', () => {
  const plan = (q: FilterQuery, hsLevel: number, metrics: Metric[] = ['value_usd', 'records']) =>
    planAggregate({ filters: parseFilters({ from: '2024-01', to: '2024-03', ...q }, 'export'), groupBy: ['hs'], metrics, hsLevel });

  it('reads products past six digits from their codes by month, and to six digits from the HS6 rollups', () => {
    for (const level of [8, 10, 12]) {
      // By code and month alone when nothing else is asked; by country and gateway too otherwise.
      expect(plan({}, level)).toMatchObject({ source: { table: 'agg_codes_flow_monthly' }, recordsColumn: `records_hs${level}` });
      expect(plan({ hs: '84' }, level)).toMatchObject({ source: { table: 'agg_codes_flow_monthly' }, recordsColumn: `records_hs${level}` });
      expect(plan({ port: 'TRMER' }, level).source?.table).toBe('agg_codes_monthly');
      expect(plan({ country: 'DE' }, level).source?.table).toBe('agg_codes_monthly');
    }
    // To six digits the HS6 rollups have fewer rows, and a copy sorted by code for an HS condition.
    expect(plan({ port: 'TRMER' }, 6).source?.table).toBe('rollup_items_monthly');
    expect(plan({}, 4).source?.table).toBe('rollup_hs_monthly');
    // A product filter past six digits with a country reads that product's lines (the codes' sums
    // by country and gateway would be read for the whole window); duties and companies are not in
    // the codes' sums.
    expect(plan({ hs: '61', country: 'DE' }, 10)).toMatchObject({ source: null, lines: true });
    expect(plan({}, 10, ['value_usd', 'customs_duty_usd']).source).toBeNull();
    expect(plan({ company_id: 7 }, 10).source).toBeNull();
    // Day bounds: the months' sums do not answer them.
    expect(plan({ from: '2024-01-15' }, 10).source).toBeNull();
  });

  it('ranks traders and pairs from their monthly sums, unless a product, a gateway or a company narrows them', () => {
    const ranking = (q: FilterQuery, groupBy: Dim[], metrics: Metric[] = ['value_usd', 'records']) =>
      planAggregate({ filters: parseFilters({ from: '2024-01', to: '2024-12', ...q }, 'export'), groupBy, metrics, top: 20 }).source?.table;
    expect(ranking({}, ['company', 'partner_company'])).toBe('agg_pairs_monthly');
    expect(ranking({ country: 'DE' }, ['company'], ['value_usd', 'net_weight_kg', 'customs_duty_usd', 'companies'])).toBe('agg_pairs_monthly');
    expect(ranking({}, ['country'], ['value_usd', 'companies', 'partner_companies'])).toBe('agg_pairs_monthly');
    // Without traders the smaller rollups still answer.
    expect(ranking({}, ['country'])).toBe('rollup_country_monthly');
    // A product or a gateway is not among its keys; a company is read from the copy sorted by either party.
    expect(ranking({ hs: '61' }, ['company'])).toBe('rollup_company_monthly');
    expect(ranking({ port: 'TRMER' }, ['company'])).toBe('rollup_company_monthly');
    expect(ranking({}, ['company'], ['quantity'])).toBe('rollup_company_monthly');
    expect(ranking({ company_id: 7 }, ['partner_company'])).toBe('rollup_company_monthly');
    expect(ranking({ q: 'tekstil' }, ['company'])).toBe('rollup_company_monthly');
  });
});
