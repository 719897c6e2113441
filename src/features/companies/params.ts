// Parameters and small views shared by the company operations.
import { Type, type TSchema } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { parseDateBound } from '../shared/filters.js';
import { getCompany, type CompanyRow, type DateRange } from './queries.js';
import { badParam } from '../../http/errors.js';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const CompanyIdParams = Type.Object({ company_id: Type.Integer({ minimum: 1, description: 'Company id' }) });

export const FromTo = {
  from: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD or YYYY-MM (inclusive)' })),
  to: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD or YYYY-MM (inclusive)' })),
};

export const FlowParam = Type.Optional(Type.Unsafe<'import' | 'export'>({ type: 'string', enum: ['import', 'export'], description: 'import or export' }));

export function dateRange(q: { from?: string; to?: string }): DateRange {
  const from = q.from !== undefined ? parseDateBound('from', q.from, false) : null;
  const to = q.to !== undefined ? parseDateBound('to', q.to, true) : null;
  if (from && to && to < from) throw badParam('to', `must not be before from (${q.from})`);
  return { from, to };
}

export async function requireCompany(db: Kysely<DB>, id: number): Promise<CompanyRow> {
  const c = await getCompany(db, id);
  if (!c) throw notFound('Company', id);
  return c;
}

export const cents = (c: number) => Math.round(c) / 100;
export const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** A company seen from another one: who it is. */
export const PartyView = {
  company_id: Type.Integer(),
  name: Nullable(Type.String()),
  country: Nullable(Type.String()),
};
