// The row selection of the in-memory copies against a brute-force filter: the posting lists
// (short ones scanned, long ones cut to the window by binary search), party sets over two columns
// and the plain window scan must all keep exactly the rows the filters accept, in row order.
import { describe, it, expect } from 'vitest';
import { CubeBuilder, selectRows, type CubeFilters, type Slice } from '../../../src/features/shared/memcube.js';
import { mulberry32 } from '../../../src/synth/prng.js';

const KEYS = ['flow', 'period', 'hs6', 'partner_country', 'company_id', 'partner_company_id'];
const PERIODS = Array.from({ length: 12 }, (_, i) => 202401 + i);
const HS = ['610910', '610920', '620342', '870323', '870899', '847130'];
const COUNTRIES = ['DE', 'IQ', 'US', 'GB'];

type Row = [string, number, string, string, number, number, number];

function makeCube(seed: number) {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const rows: Row[] = [];
  for (let i = 0; i < 6000; i++) {
    // Skewed codes and companies, so some posting lists are long and some short.
    const hs = rnd() < 0.5 ? '610910' : pick(HS);
    const company = rnd() < 0.3 ? 1 : 1 + Math.floor(rnd() * 300);
    rows.push([pick(['export', 'import']), pick(PERIODS), hs, pick(COUNTRIES), company, Math.floor(rnd() * 400), Math.round(rnd() * 1e6)]);
  }
  const counts = new Map<string, Slice>();
  for (const r of rows) {
    const k = `${r[0]}|${r[1]}`;
    const s = counts.get(k) ?? { flow: r[0], period: r[1], rows: 0 };
    s.rows++;
    counts.set(k, s);
  }
  const b = new CubeBuilder('test_cube', KEYS, ['value_usd_cents'], [...counts.values()]);
  const at = new Map([...KEYS, 'value_usd_cents'].map((c, i) => [c, [0, i] as const]));
  b.appendArrays(rows, at);
  const cube = b.finish();
  // Rows as placed in the cube (ordered by flow, then period), to filter by brute force.
  const placed: Row[] = [];
  const col = (name: string) => cube.dims.get(name)!;
  for (let i = 0; i < cube.rows; i++) {
    const v = (name: string) => col(name).values[col(name).codes[i]!]!;
    placed.push([v('flow') as string, v('period') as number, v('hs6') as string, v('partner_country') as string, v('company_id') as number, v('partner_company_id') as number, cube.measures.get('value_usd_cents')![i]!]);
  }
  return { cube, placed };
}

describe('in-memory row selection', () => {
  it('keeps exactly the rows a brute-force filter keeps, in row order', () => {
    const { cube, placed } = makeCube(3);
    const rnd = mulberry32(9);
    for (let t = 0; t < 300; t++) {
      const from = rnd() < 0.7 ? PERIODS[Math.floor(rnd() * 12)]! : null;
      const to = rnd() < 0.7 ? Math.max(from ?? 0, PERIODS[Math.floor(rnd() * 12)]!) : null;
      const flow = rnd() < 0.5 ? (rnd() < 0.5 ? 'export' : 'import') : null;
      const hs = rnd() < 0.5 ? [rnd() < 0.5 ? '6109' : HS[Math.floor(rnd() * HS.length)]!.slice(0, 2 + 2 * Math.floor(rnd() * 3))] : [];
      const countries = rnd() < 0.3 ? [COUNTRIES[Math.floor(rnd() * COUNTRIES.length)]!] : [];
      const parties = rnd() < 0.5 ? [rnd() < 0.5 ? [1] : Array.from({ length: 1 + Math.floor(rnd() * 40) }, () => Math.floor(rnd() * 400))] : [];
      // Pairs drawn from rows (present) and at random (mostly absent), company 1's among them.
      const pairs: [number, number][] | undefined =
        rnd() < 0.4
          ? Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => {
              const r = placed[Math.floor(rnd() * placed.length)]!;
              return rnd() < 0.7 ? [r[4], r[5]] : [Math.floor(rnd() * 300), Math.floor(rnd() * 400)];
            })
          : undefined;
      const f: CubeFilters = { flow, periodFrom: from, periodTo: to, hs, lists: countries.length ? [['partner_country', countries]] : [], parties, ...(pairs ? { pairs } : {}) };
      const want: number[] = [];
      placed.forEach((r, i) => {
        if (flow && r[0] !== flow) return;
        if (from !== null && r[1] < from) return;
        if (to !== null && r[1] > to) return;
        if (hs.length && !hs.some((p) => r[2].startsWith(p))) return;
        if (countries.length && !countries.includes(r[3])) return;
        for (const ids of parties) if (!ids.includes(r[4]) && !ids.includes(r[5])) return;
        if (pairs && !pairs.some(([c, p]) => c === r[4] && p === r[5])) return;
        want.push(i);
      });
      expect([...selectRows(cube, f)], JSON.stringify(f)).toEqual(want);
    }
  });
});

describe('in-memory grouping with a limit', () => {
  it('returns the same first groups as a full sort, ties by group value, whatever the order asked', async () => {
    const { evaluateCubeCounted } = await import('../../../src/features/shared/memcube.js');
    const evaluateCube = (...a: Parameters<typeof evaluateCubeCounted>) => evaluateCubeCounted(...a).rows;
    const { cube } = makeCube(4);
    // Small integer values make ties common, so the tie-break by group value is exercised.
    const values = cube.measures.get('value_usd_cents')!;
    for (let i = 0; i < values.length; i++) values[i] = Math.floor(values[i]! / 250_000);
    const f: CubeFilters = { flow: null, periodFrom: null, periodTo: null, hs: [], lists: [], parties: [] };
    for (const groupBy of [['partner_company'], ['company'], ['company', 'country']] as const) {
      for (const sort of [null, { field: 'value_usd', desc: true }, { field: 'value_usd', desc: false }]) {
        for (const top of [1, 3, 7, 25]) {
          const spec = { filters: {} as never, groupBy: [...groupBy], metrics: ['value_usd' as const], top, sort };
          const full = evaluateCube(cube, { ...spec, top: 100_000 }, f, null, true);
          expect(evaluateCube(cube, spec, f, null, true), `${groupBy} ${JSON.stringify(sort)} ${top}`).toEqual(full.slice(0, top));
        }
      }
    }
  });

  it('groups alike through the direct table and the hash of composite keys', async () => {
    const { evaluateCubeCounted, setDirectSpanMax } = await import('../../../src/features/shared/memcube.js');
    const evaluateCube = (...a: Parameters<typeof evaluateCubeCounted>) => evaluateCubeCounted(...a).rows;
    const { cube } = makeCube(4);
    const f: CubeFilters = { flow: null, periodFrom: null, periodTo: null, hs: [], lists: [], parties: [] };
    for (const groupBy of [['company', 'partner_company'], ['company'], ['period', 'country'], ['partner_company', 'hs', 'period']] as const) {
      for (const top of [undefined, 5]) {
        const spec = { filters: {} as never, groupBy: [...groupBy], metrics: ['value_usd' as const], top };
        const direct = evaluateCube(cube, spec, f, null, true);
        const previous = setDirectSpanMax(0);
        try {
          expect(evaluateCube(cube, spec, f, null, true), `${groupBy} ${top}`).toEqual(direct);
        } finally {
          setDirectSpanMax(previous);
        }
        expect(direct.length).toBeGreaterThan(1);
      }
    }
  });

  it('ranks trader × partner pairs over a window as a brute-force sum does, with the total and the number of pairs', async () => {
    const { evaluateCubeWithTotals } = await import('../../../src/features/shared/memcube.js');
    const { cube, placed } = makeCube(5);
    // Small integer values: ties are common, and are broken by company, then partner.
    const values = cube.measures.get('value_usd_cents')!;
    for (let i = 0; i < values.length; i++) values[i] = placed[i]![6] = Math.floor(values[i]! / 100_000);
    const rnd = mulberry32(11);
    for (let t = 0; t < 60; t++) {
      const from = rnd() < 0.7 ? PERIODS[Math.floor(rnd() * 12)]! : null;
      const to = rnd() < 0.7 ? Math.max(from ?? 0, PERIODS[Math.floor(rnd() * 12)]!) : null;
      const flow = rnd() < 0.6 ? (rnd() < 0.5 ? 'export' : 'import') : null;
      const partnerKnown = rnd() < 0.5;
      const top = [1, 3, 10, 50][Math.floor(rnd() * 4)]!;
      const f: CubeFilters = { flow, periodFrom: from, periodTo: to, hs: [], lists: [], parties: [], partnerKnown };
      const sums = new Map<string, { c: number; p: number; v: number }>();
      let total = 0;
      for (const r of placed) {
        if ((flow && r[0] !== flow) || (from !== null && r[1] < from) || (to !== null && r[1] > to) || (partnerKnown && r[5] === 0)) continue;
        const g = sums.get(`${r[4]}|${r[5]}`) ?? { c: r[4], p: r[5], v: 0 };
        g.v += r[6];
        total += r[6];
        sums.set(`${r[4]}|${r[5]}`, g);
      }
      const want = [...sums.values()].sort((a, b) => b.v - a.v || a.c - b.c || a.p - b.p).slice(0, top);
      const spec = { filters: {} as never, groupBy: ['company' as const, 'partner_company' as const], metrics: ['value_usd' as const, 'records' as const], top };
      // Records are summed from a measure here: the value column stands in for one.
      const got = evaluateCubeWithTotals(cube, spec, f, 'value_usd_cents');
      const label = JSON.stringify(f) + ` top ${top}`;
      expect(got.rows.map((r) => [r.g0, r.g1, r.value_cents, r.records]), label).toEqual(want.map((g) => [g.c, g.p, g.v, g.v]));
      expect(got.groups, label).toBe(sums.size);
      expect(got.totals, label).toEqual([{ value_cents: total, records: total }]);
    }
  });
});
