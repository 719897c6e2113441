// Customers and suppliers of a company, on either side of the declarations: a Turkish exporter's
// customers are its foreign buyers, and a foreign supplier's customers are the Turkish importers
// that buy from it. Shares are of the company's value on that side.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { memo } from './cache.js';
import { pairStats, type DateRange, type PairStat } from './queries.js';

export type Side = 'customers' | 'suppliers';

export interface Partner {
  company_id: number;
  value_cents: number;
  records: number;
  first: string;
  last: string;
  share: number;
}

export function partnersOf(id: number, stats: readonly PairStat[], side: Side): Partner[] {
  const acc = new Map<number, Omit<Partner, 'share'>>();
  for (const s of stats) {
    let other: number | null = null;
    const sells = s.flow === 'export';
    if (s.company_id === id) other = (side === 'customers') === sells ? s.partner_company_id : null;
    else if (s.partner_company_id === id) other = (side === 'customers') === !sells ? s.company_id : null;
    // 0 is "partner not known": value without a name to depend on.
    if (other === null || other === 0) continue;
    const p = acc.get(other);
    if (!p) acc.set(other, { company_id: other, value_cents: s.value_cents, records: s.records, first: s.first, last: s.last });
    else {
      p.value_cents += s.value_cents;
      p.records += s.records;
      if (s.first < p.first) p.first = s.first;
      if (s.last > p.last) p.last = s.last;
    }
  }
  const total = [...acc.values()].reduce((t, p) => t + p.value_cents, 0);
  return [...acc.values()]
    .map((p) => ({ ...p, share: total > 0 ? Math.round((p.value_cents / total) * 1e6) / 1e6 : 0 }))
    .sort((a, b) => b.value_cents - a.value_cents || a.company_id - b.company_id);
}

export function loadPairStats(db: Kysely<DB>, id: number, range: DateRange): Promise<PairStat[]> {
  return memo(db, `pairs:${id}:${range.from}:${range.to}`, () => pairStats(db, id, range));
}

/**
 * Ranked partners on one side, memoised like the pair statistics they come from: a large trader has
 * tens of thousands of pairs, and merging and ranking them costs more than reading them. Callers
 * share the array and must not change it.
 */
export function loadPartners(db: Kysely<DB>, id: number, range: DateRange, side: Side): Promise<readonly Partner[]> {
  return memo(db, `partners:${side}:${id}:${range.from}:${range.to}`, async () => partnersOf(id, await loadPairStats(db, id, range), side));
}
