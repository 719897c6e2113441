import { describe, it, expect } from 'vitest';
import { shortestPath } from '../../../src/features/supply-chain/graph.js';
import { mulberry32 } from '../../../src/synth/prng.js';
import type { Edge } from '../../../src/features/supply-chain/queries.js';

// A hub (company 1) trading with partners 100…199, one of which (150) trades with 500.
const edges: Edge[] = [];
for (let p = 100; p < 200; p++) edges.push({ flow: 'export', company_id: 1, partner_company_id: p, value_cents: 1000 + p, records: 1 });
edges.push({ flow: 'import', company_id: 2, partner_company_id: 150, value_cents: 5, records: 1 });
edges.push({ flow: 'export', company_id: 2, partner_company_id: 500, value_cents: 7, records: 1 });
const edgesOf = async (ids: number[]) => edges.filter((e) => ids.includes(e.company_id) || ids.includes(e.partner_company_id));

describe('shortest trade path', () => {
  it('finds a direct partner even when the hub has more partners than the visit budget', async () => {
    const r = await shortestPath(1, 199, 4, 10, edgesOf);
    expect(r.path).toEqual([1, 199]);
  });
  it('walks partners of partners in either direction of trade', async () => {
    expect((await shortestPath(1, 500, 4, 1000, edgesOf)).path).toEqual([1, 150, 2, 500]);
    expect((await shortestPath(500, 1, 4, 1000, edgesOf)).path).toEqual([500, 2, 150, 1]);
  });
  it('stops at the hop limit and at the budget, and says which', async () => {
    expect(await shortestPath(1, 500, 2, 1000, edgesOf)).toMatchObject({ path: null, exhausted: false });
    expect(await shortestPath(1, 500, 4, 20, edgesOf)).toMatchObject({ path: null, exhausted: true });
  });
  it('grows the cheaper side first when told what expanding a frontier costs', async () => {
    // Expanding the hub costs more than the budget allows; from the other end, the path is three hops.
    const sizeOf = (ids: readonly number[]) => (ids.includes(1) ? 1000 : ids.length);
    expect(await shortestPath(1, 500, 4, 20, edgesOf, sizeOf)).toMatchObject({ path: [1, 150, 2, 500], visited: 4, exhausted: false });
  });
  it('costs each frontier once, asynchronously, and only while the walk goes on', async () => {
    const costed: number[][] = [];
    const sizeOf = async (ids: readonly number[]) => {
      costed.push([...ids]);
      return ids.includes(1) ? 1000 : ids.length;
    };
    expect((await shortestPath(1, 500, 4, 1000, edgesOf, sizeOf)).path).toEqual([1, 150, 2, 500]);
    // The hub's frontier is costed once however many times the other side is grown instead.
    expect(costed.filter((ids) => ids.length === 1 && ids[0] === 1)).toHaveLength(1);
    expect(costed).toEqual([[1], [500], [2], [150]]);
  });
  it('finds a path exactly as short as a one-sided breadth-first search, on random graphs', async () => {
    const rnd = mulberry32(7);
    for (let g = 0; g < 40; g++) {
      const n = 30 + Math.floor(rnd() * 60);
      const es: Edge[] = [];
      for (let k = 0; k < n * 1.3; k++) {
        const a = 1 + Math.floor(rnd() * n);
        const b = 1 + Math.floor(rnd() * n);
        if (a !== b) es.push({ flow: rnd() < 0.5 ? 'export' : 'import', company_id: a, partner_company_id: b, value_cents: 1 + Math.floor(rnd() * 100), records: 1 });
      }
      const adj = new Map<number, Set<number>>();
      for (const e of es) {
        for (const [x, y] of [[e.company_id, e.partner_company_id], [e.partner_company_id, e.company_id]] as const) {
          if (!adj.has(x)) adj.set(x, new Set());
          adj.get(x)!.add(y);
        }
      }
      const distance = (s: number, t: number) => {
        const d = new Map([[s, 0]]);
        for (let q = [s]; q.length; ) {
          const next: number[] = [];
          for (const x of q) {
            for (const y of adj.get(x) ?? []) {
              if (d.has(y)) continue;
              d.set(y, d.get(x)! + 1);
              next.push(y);
            }
          }
          q = next;
        }
        return d.get(t) ?? Infinity;
      };
      const of = async (ids: number[]) => es.filter((e) => ids.includes(e.company_id) || ids.includes(e.partner_company_id));
      for (let k = 0; k < 5; k++) {
        const s = 1 + Math.floor(rnd() * n);
        const t = 1 + Math.floor(rnd() * n);
        if (s === t) continue;
        const want = distance(s, t);
        const r = await shortestPath(s, t, 4, 10_000, of);
        if (want > 4) {
          expect(r.path).toBeNull();
          continue;
        }
        expect(r.path).not.toBeNull();
        expect(r.path!.length - 1).toBe(want);
        expect(r.path![0]).toBe(s);
        expect(r.path![r.path!.length - 1]).toBe(t);
        for (let i = 1; i < r.path!.length; i++) expect(adj.get(r.path![i - 1]!)!.has(r.path![i]!)).toBe(true);
      }
    }
  });
});
