// Aggregate rows carry codes and ids; users also want the names beside them. Company names come
// from one lookup per answer, country names from the built-in list.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AggRow } from '../shared/aggregate.js';
import { COUNTRY_BY_ALPHA2 } from '../../reference/countries.js';

export async function companyNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (unique.length === 0) return new Map();
  const out = new Map<number, string>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const r of rows) out.set(Number(r.id), r.name);
  }
  return out;
}

/** Adds company_name / country_name next to company_id / country, keeping the key order readable. */
export async function withNames(db: Kysely<DB>, rows: AggRow[]): Promise<AggRow[]> {
  const hasCompany = rows.some((r) => 'company_id' in r);
  const names = hasCompany ? await companyNames(db, rows.map((r) => Number(r.company_id))) : new Map<number, string>();
  return rows.map((r) => {
    const out: AggRow = {};
    for (const [k, v] of Object.entries(r)) {
      out[k] = v;
      if (k === 'company_id') out.company_name = names.get(Number(v)) ?? null;
      if (k === 'country') out.country_name = typeof v === 'string' ? (COUNTRY_BY_ALPHA2.get(v)?.name_en ?? null) : null;
    }
    return out;
  });
}

export function pct(now: number, before: number): number | null {
  if (!before) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1e6) / 1e4;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;
