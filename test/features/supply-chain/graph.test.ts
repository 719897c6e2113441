import { describe, it, expect } from 'vitest';
import { shortestPath } from '../../../src/features/supply-chain/graph.js';
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
});
