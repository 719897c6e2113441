// Parameters shared by the supply-chain operations.
import { Type } from 'typebox';
import { badParam } from '../../http/errors.js';
import { PORT_BY_CODE } from '../../reference/ports.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { edgeRows, edgesTouching, type Edge } from './queries.js';
import { shortestPath, type PathResult } from './graph.js';
import type { DateRange } from '../companies/queries.js';

export { CompanyIdParams, FromTo, Nullable, FlowParam, dateRange, requireCompany, cents, round4 } from '../companies/params.js';

export const PortCode = Type.String({ minLength: 2, maxLength: 10, description: 'UN/LOCODE (or project code of a border gate)' });

export function knownPort(field: string, code: string): string {
  const c = code.trim().toUpperCase();
  if (!PORT_BY_CODE.has(c)) throw badParam(field, `unknown port code "${code}"`);
  return c;
}

export function portName(code: string): { name: string | null; country: string | null; kind: string | null } {
  const p = PORT_BY_CODE.get(code);
  return { name: p?.name ?? null, country: p?.country ?? null, kind: p?.kind ?? null };
}

/** Edges of a frontier, read fresh for each level of a walk (whole walks are memoised by the callers). */
export function edgesLoader(db: Kysely<DB>, range: DateRange): (ids: number[]) => Promise<Edge[]> {
  return (ids) => edgesTouching(db, ids, range);
}

/**
 * The shortest trade path between two companies over the range: the walk reads each frontier's
 * edges from the analytic store and grows the end whose edges cost fewer rows (`edgeRows`).
 */
export function tradePath(db: Kysely<DB>, from: number, to: number, maxHops: number, budget: number, range: DateRange): Promise<PathResult> {
  return shortestPath(from, to, maxHops, budget, edgesLoader(db, range), (ids) => edgeRows(db, ids, range));
}
