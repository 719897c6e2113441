// Item lines and their net weight per flow for the trade of a product. The HS rollups count
// declarations and sum values but keep no line count, and reading lines from the raw records costs
// one declaration lookup per line (seconds for a chapter of a 1M store); the in-memory line copy
// of the records (src/features/shared/record-cubes.ts) answers it from the code's postings.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { cubeCacheOf } from '../shared/cube-cache.js';
import { LINE_CUBE } from '../shared/record-cubes.js';
import { selectRows } from '../shared/memcube.js';

export type LinesPerFlow = Map<string, { lines: number; weight: number }>;

/**
 * Lines and net weight per flow of the GTİP codes under `prefix`, in months `from`–`to` (YYYYMM,
 * inclusive), or null when the line copy is not current (use SQL then).
 */
export function linesUnder(db: Kysely<DB>, prefix: string, from: number | null, to: number | null): LinesPerFlow | null {
  const cube = cubeCacheOf(db)?.get(LINE_CUBE);
  if (!cube) return null;
  const sel = selectRows(cube, { flow: null, periodFrom: from, periodTo: to, hs: [prefix], lists: [], parties: [] });
  const flow = cube.dims.get('flow')!;
  const weight = cube.measures.get('net_weight_kg')!;
  const lines = new Float64Array(flow.values.length);
  const kg = new Float64Array(flow.values.length);
  for (let i = 0; i < sel.length; i++) {
    const r = sel[i]!;
    const f = flow.codes[r]!;
    lines[f]!++;
    kg[f]! += weight[r]!;
  }
  const out: LinesPerFlow = new Map([['import', { lines: 0, weight: 0 }], ['export', { lines: 0, weight: 0 }]]);
  flow.values.forEach((v, c) => out.set(String(v), { lines: lines[c]!, weight: kg[c]! }));
  return out;
}
