// A company's competitors are scored and ranked in the analytic engine. Every answer must equal the
// ranking worked out here from the stored lines: the company's (HS6, market) value, the share of it
// in pairs each other company on the same side also trades, ties by the competitor's value there
// and then by id, and each competitor's five largest shared pairs.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { randomDeclarations } from '../../helpers/random-records.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';

const offices = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

interface Line { flow: string; date: string; country: string; company: number; partner: number | null; hs6: string; cents: number }

const round4 = (n: number) => Math.round(n * 10000) / 10000;

describeEachStore('competitors, ranked in the engine', (get) => {
  let t: TestApp;
  let auth: Record<string, string>;
  const lines: Line[] = [];
  beforeAll(async () => {
    const { store } = get();
    const input = randomDeclarations(41, 600, offices, 'K');
    for (let b = 0; b < 3; b++) await writeBatch(store, input.slice(b * 200, b * 200 + 200), { batchKey: `competitors-${b}`, source: 'test' });
    const rows = await store.db
      .selectFrom('declaration_items as i')
      .innerJoin('declarations as d', 'd.id', 'i.declaration_id')
      .select(['d.flow', 'd.registered_at', 'd.partner_country', 'd.company_id', 'd.partner_company_id', 'i.gtip', 'i.value_usd_cents'])
      .execute();
    for (const r of rows) {
      lines.push({
        flow: r.flow, date: String(r.registered_at).slice(0, 10), country: r.partner_country, company: Number(r.company_id),
        partner: r.partner_company_id === null ? null : Number(r.partner_company_id), hs6: r.gtip.slice(0, 6), cents: Number(r.value_usd_cents),
      });
    }
    t = await makeTestApp(store);
    auth = { authorization: `Bearer ${await t.token(['companies:read'])}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  function expected(company: number, side: 'company' | 'partner', flow: string, from: string | null, to: string | null, top: number) {
    const party = (l: Line) => (side === 'company' ? l.company : l.partner);
    const kept = lines.filter((l) => l.flow === flow && (!from || l.date >= from) && (!to || l.date <= to));
    const byPair = (xs: Line[]) => {
      const m = new Map<string, number>();
      for (const l of xs) m.set(`${l.hs6}|${l.country}`, (m.get(`${l.hs6}|${l.country}`) ?? 0) + l.cents);
      return m;
    };
    const own = byPair(kept.filter((l) => party(l) === company));
    const total = [...own.values()].reduce((a, b) => a + b, 0);
    const others = new Map<number, Line[]>();
    for (const l of kept) {
      const id = party(l);
      if (id === null || id === company) continue;
      others.set(id, [...(others.get(id) ?? []), l]);
    }
    const ranked = [...others.entries()].flatMap(([id, xs]) => {
      const shared = [...byPair(xs).entries()].filter(([k]) => own.has(k));
      if (!shared.length) return [];
      const mine = shared.reduce((a, [k]) => a + own.get(k)!, 0);
      const theirs = shared.reduce((a, [, v]) => a + v, 0);
      shared.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      return [{
        company_id: id, overlap_score: round4(mine / total), shared_pairs: shared.length, shared_value_usd: theirs / 100,
        top_shared: shared.slice(0, 5).map(([k]) => ({ hs_code: k.split('|')[0], country: k.split('|')[1] })),
      }];
    });
    ranked.sort((a, b) => b.overlap_score - a.overlap_score || b.shared_value_usd - a.shared_value_usd || a.company_id - b.company_id);
    return ranked.slice(0, top);
  }

  it('equals the ranking worked out from the lines, for traders and partners, flows and windows', async () => {
    const traders = [...new Set(lines.map((l) => l.company))].sort((a, b) => a - b);
    const partners = [...new Set(lines.map((l) => l.partner).filter((p): p is number => p !== null))].sort((a, b) => a - b);
    const cases: [number, 'company' | 'partner', string, string | null, string | null, number][] = [
      ...traders.slice(0, 6).map((c, i): [number, 'company', string, string | null, string | null, number] => [c, 'company', i % 2 ? 'import' : 'export', null, null, 20]),
      [traders[6]!, 'company', 'export', '2024-02-01', '2024-04-30', 3],
      [traders[7]!, 'company', 'import', '2024-03-01', null, 5],
      ...partners.slice(0, 4).map((p, i): [number, 'partner', string, string | null, string | null, number] => [p, 'partner', i % 2 ? 'import' : 'export', null, null, 10]),
    ];
    let compared = 0;
    for (const [company, side, flow, from, to, top] of cases) {
      const qs = new URLSearchParams({ flow, top: String(top) });
      if (from) qs.set('from', from);
      if (to) qs.set('to', to);
      const res = await t.app.inject({ url: `/v1/companies/${company}/competitors?${qs}`, headers: auth });
      expect(res.statusCode).toBe(200);
      const got = (res.json() as { data: Record<string, unknown>[] }).data.map(({ name: _n, country: _c, ...rest }) => rest);
      const want = expected(company, side, flow, from, to, top);
      expect(got, `${side} ${company} ${flow} ${from}..${to}`).toEqual(want);
      compared += want.length;
    }
    // The cases must rank real competitors, not agree on empty answers.
    expect(compared).toBeGreaterThan(40);
  });
});
