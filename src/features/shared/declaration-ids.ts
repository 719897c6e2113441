// A page of a declaration list found in the in-memory record copies: the filters narrow the rows,
// then the next `limit` declarations after the keyset position are picked in sort order, and only
// those are read from the store. Same order and keyset rules as the SQL list (ties by id).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Filters } from './filters.js';
import { cubeCacheOf } from './cube-cache.js';
import { cubeFilters } from './aggregate.js';
import { selectRows } from './memcube.js';
import { DECLARATION_CUBE, LINE_CUBE } from './record-cubes.js';

export interface IdPageInput {
  filters: Filters;
  /** `registered_at` or `value_usd`, `-` first for descending. */
  sort: string;
  after: { key: string | number; id: number } | null;
  count: number;
}

/**
 * Ids of the next `count` matching declarations in list order, or null when the copies cannot
 * answer (not built, stale, or free text, which also searches item descriptions).
 */
export function declarationIdsFromCopies(db: Kysely<DB>, input: IdPageInput): number[] | null {
  const f = input.filters;
  if (f.q) return null;
  // A product filter is a condition on lines: read the line copy and take each declaration once.
  const cube = cubeCacheOf(db)?.get(f.hs.length ? LINE_CUBE : DECLARATION_CUBE);
  if (!cube) return null;
  const sel = selectRows(cube, cubeFilters(f, null, true));
  const ids = cube.ints.get('declaration_id')!;
  const keys = input.sort.endsWith('value_usd') ? cube.measures.get('decl_value_cents')! : cube.ints.get('date')!;
  const desc = input.sort.startsWith('-');
  const sign = desc ? -1 : 1;
  // Compare in ascending terms by flipping the sign for descending order.
  let afterKey = Infinity;
  let afterId = 0;
  if (input.after) {
    afterKey = sign * (typeof input.after.key === 'string' ? Number(input.after.key.replaceAll('-', '')) : input.after.key);
    afterId = sign * input.after.id;
  }
  const k = input.count;
  // The k smallest (key, id) pairs after the position, kept sorted; most rows fail the first test.
  const bestKey: number[] = [];
  const bestId: number[] = [];
  let lastDecl = -1;
  for (let i = 0; i < sel.length; i++) {
    const r = sel[i]!;
    const id = ids[r]!;
    if (id === lastDecl) continue;
    lastDecl = id;
    const key = sign * keys[r]!;
    const sid = sign * id;
    if (input.after && (key < afterKey || (key === afterKey && sid <= afterId))) continue;
    const m = bestKey.length;
    if (m === k && (key > bestKey[m - 1]! || (key === bestKey[m - 1]! && sid > bestId[m - 1]!))) continue;
    let at = m;
    while (at > 0 && (bestKey[at - 1]! > key || (bestKey[at - 1]! === key && bestId[at - 1]! > sid))) at--;
    bestKey.splice(at, 0, key);
    bestId.splice(at, 0, sid);
    if (bestKey.length > k) {
      bestKey.pop();
      bestId.pop();
    }
  }
  return bestId.map((x) => sign * x);
}
