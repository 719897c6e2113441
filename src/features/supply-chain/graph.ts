// Bounded walks over the company-pair graph (an edge wherever two companies traded). Pure: the
// caller supplies the edges of a frontier, so the same code runs on any store and in tests.
import type { Edge } from './queries.js';

export interface Neighbour {
  id: number;
  value_cents: number;
  records: number;
}

/** Neighbours of each node of `frontier` among `edges`, merged over flows, largest value first. */
export function neighbours(frontier: ReadonlySet<number>, edges: readonly Edge[]): Map<number, Neighbour[]> {
  const acc = new Map<number, Map<number, Neighbour>>();
  const add = (from: number, to: number, e: Edge) => {
    if (!frontier.has(from) || to === 0) return;
    let m = acc.get(from);
    if (!m) acc.set(from, (m = new Map()));
    const n = m.get(to) ?? { id: to, value_cents: 0, records: 0 };
    n.value_cents += e.value_cents;
    n.records += e.records;
    m.set(to, n);
  };
  for (const e of edges) {
    add(e.company_id, e.partner_company_id, e);
    add(e.partner_company_id, e.company_id, e);
  }
  const out = new Map<number, Neighbour[]>();
  for (const [k, m] of acc) out.set(k, [...m.values()].sort((a, b) => b.value_cents - a.value_cents || a.id - b.id));
  return out;
}

export type EdgesOf = (ids: number[]) => Promise<Edge[]>;

export interface NetworkResult {
  /** Node id → depth at which it was reached. */
  depth: Map<number, number>;
  edges: { source: number; target: number; flow: 'import' | 'export'; value_cents: number; records: number }[];
  truncated: boolean;
}

/**
 * Breadth-first from `root` to `maxDepth`, keeping each node's `fanOut` largest partners and at
 * most `maxNodes` nodes in all. Edges are the declared pairs among the kept nodes, each with its
 * direction of trade (exporter → buyer, supplier → importer).
 */
export async function walkNetwork(root: number, maxDepth: number, fanOut: number, maxNodes: number, edgesOf: EdgesOf): Promise<NetworkResult> {
  const depth = new Map<number, number>([[root, 0]]);
  let frontier = [root];
  let truncated = false;
  const kept = new Map<string, Edge>();
  for (let d = 1; d <= maxDepth && frontier.length; d++) {
    const edges = await edgesOf(frontier);
    const near = neighbours(new Set(frontier), edges);
    const next: number[] = [];
    for (const node of frontier) {
      const list = near.get(node) ?? [];
      if (list.length > fanOut) truncated = true;
      for (const n of list.slice(0, fanOut)) {
        if (!depth.has(n.id)) {
          if (depth.size >= maxNodes) {
            truncated = true;
            continue;
          }
          depth.set(n.id, d);
          next.push(n.id);
        }
      }
    }
    for (const e of edges) if (depth.has(e.company_id) && depth.has(e.partner_company_id)) kept.set(`${e.flow}|${e.company_id}|${e.partner_company_id}`, e);
    frontier = next;
  }
  const edges = [...kept.values()].map((e) => ({
    source: e.flow === 'export' ? e.company_id : e.partner_company_id,
    target: e.flow === 'export' ? e.partner_company_id : e.company_id,
    flow: e.flow,
    value_cents: e.value_cents,
    records: e.records,
  }));
  return { depth, edges, truncated };
}

export interface PathResult {
  path: number[] | null;
  visited: number;
  exhausted: boolean;
}

/**
 * Shortest path from `from` to `to` (undirected, fewest hops), at most `maxHops` hops and `budget`
 * visited nodes. The search grows from both ends and always expands the smaller frontier (by
 * `sizeOf`, e.g. how many trade rows its companies have; by default how many companies): a path
 * of four hops through two large traders then reads the partners of a few hundred companies, not
 * of the tens of thousands a one-sided walk reaches at its third hop. Among equally short paths it
 * prefers larger partners, since neighbours are expanded largest first.
 */
export async function shortestPath(
  from: number,
  to: number,
  maxHops: number,
  budget: number,
  edgesOf: EdgesOf,
  sizeOf: (ids: readonly number[]) => number | Promise<number> = (ids) => ids.length,
): Promise<PathResult> {
  // Each side: node → the node it was reached from (itself for the end it started at).
  const sides = [new Map<number, number>([[from, from]]), new Map<number, number>([[to, to]])] as const;
  const frontiers: number[][] = [[from], [to]];
  // The two sides never share a node: one reached by both ends closes the path at once.
  const visited = () => sides[0].size + sides[1].size;
  const walk = (side: Map<number, number>, node: number) => {
    const out = [node];
    for (let n = node; side.get(n) !== n; ) out.push((n = side.get(n)!));
    return out;
  };
  // Each frontier is costed once: the side not expanded keeps its frontier, and its cost.
  const sizes: (Promise<number> | undefined)[] = [undefined, undefined];
  const cost = (i: 0 | 1) => (sizes[i] ??= Promise.resolve(sizeOf(frontiers[i]!)));
  for (let hops = 0; hops < maxHops && frontiers[0]!.length && frontiers[1]!.length; hops++) {
    const [a, b] = await Promise.all([cost(0), cost(1)]);
    const s = a <= b ? 0 : 1;
    const mine = sides[s];
    const theirs = sides[1 - s]!;
    const frontier = frontiers[s]!;
    const near = neighbours(new Set(frontier), await edgesOf(frontier));
    // A node the other side has reached closes the path; the frontier is scanned for one before
    // the budget is spent on the rest (a large trader has thousands of partners).
    for (const node of frontier) {
      const meet = (near.get(node) ?? []).find((n) => theirs.has(n.id));
      if (meet) {
        const path = [...walk(mine, node).reverse(), ...walk(theirs, meet.id)];
        return { path: s === 0 ? path : path.reverse(), visited: visited(), exhausted: false };
      }
    }
    const next: number[] = [];
    for (const node of frontier) {
      for (const n of near.get(node) ?? []) {
        if (mine.has(n.id)) continue;
        if (visited() >= budget) return { path: null, visited: visited(), exhausted: true };
        mine.set(n.id, node);
        next.push(n.id);
      }
    }
    frontiers[s] = next;
    sizes[s] = undefined;
  }
  return { path: null, visited: visited(), exhausted: false };
}
