// Parameters shared by the family's operations, and the checks the schemas cannot express.
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badParam, notFound } from '../../http/errors.js';
import { normalizeHsCode } from '../../domain/codes/hs-code.js';
import { resolveCountry } from '../../reference/countries.js';
import { DEFAULT_EDITION, EDITIONS, type Edition } from './builtin.js';
import { ensureBuiltins, getCodes, type StoredHsCode } from './queries.js';

export const CodeParams = Type.Object({
  code: Type.String({ maxLength: 40, description: 'HS/GTİP code of 2–12 digits (even count); dots and spaces allowed: 6109.10.00.00.11' }),
});

export const EditionParam = Type.Optional(
  Type.Unsafe<Edition>({ type: 'string', enum: [...EDITIONS], default: DEFAULT_EDITION, description: 'HS edition (default HS2022)' }),
);

/** Digits of a code, or a 400 naming `code`. */
export function parseCode(input: string, minDigits = 2): string {
  const code = normalizeHsCode(input);
  if (code === null) throw badParam('code', `"${input}" is not an HS/GTİP code: 2, 4, 6, 8, 10 or 12 digits, dots and spaces allowed`);
  if (code.length < minDigits) throw badParam('code', `needs at least ${minDigits} digits here (a subheading or a GTİP line)`);
  return code;
}

/** The stored row of a well-formed code, or a 404. */
export async function findCode(db: Kysely<DB>, edition: string, code: string): Promise<StoredHsCode> {
  await ensureBuiltins(db);
  const [row] = await getCodes(db, edition, [code]);
  if (!row) throw notFound(`HS code ${code} in edition`, edition);
  return row;
}

/** ISO alpha-2 of a country given in any ISO form, or a 400 naming the field. */
export function parseCountry(field: string, input: string): string {
  const c = resolveCountry(input);
  if (!c) throw badParam(field, `unknown country code "${input}" (use ISO alpha-2, alpha-3 or M49)`);
  return c.alpha2;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const DateParam = Type.Optional(Type.String({ maxLength: 10, description: 'Day the measures apply on, YYYY-MM-DD (default today)' }));

export function parseDay(field: string, input: string | undefined): string {
  if (input === undefined) return new Date().toISOString().slice(0, 10);
  const t = Date.parse(`${input}T00:00:00Z`);
  if (!ISO_DATE.test(input) || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== input) {
    throw badParam(field, `"${input}" is not a YYYY-MM-DD date`);
  }
  return input;
}
