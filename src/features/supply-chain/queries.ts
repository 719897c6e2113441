// Query functions of the supply-chain family: trading-pair edges for graph walks (a page of pairs'
// products and dates: pair-details.ts; routes and carriers: shipment-summaries.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DateRange } from '../companies/queries.js';
import { analyticRows, idSet } from '../../analytics/query.js';
import { COMPANY_SIDES } from '../../analytics/schema.js';
import { analyticDates, monthAligned } from '../shared/filters.js';

export interface Edge {
  flow: 'import' | 'export';
  /** The Turkish declarant. */
  company_id: number;
  /** The foreign partner. */
  partner_company_id: number;
  records: number;
  value_cents: number;
}

// Up to this many companies, a frontier's edges are read from the company sides (sorted by company)
// a short list at a time; past it, the lists would read most of the table, and one scan of the
// declarations costs less.
const SIDES_MAX_IDS = 256;
const SIDES_IDS_PER_QUERY = 16;
// The rows a company is costed at in a frontier too large to count (edgeRows).
const PER_COMPANY = 1_000;

/**
 * Every trading pair touching one of `ids`, on either side, with its declarations and value. Over
 * whole months, from the company sides: a declaration is counted on its first line
 * (`records_decl`), and its lines' values add up to its own; otherwise one scan of the analytic
 * store's declarations.
 */
export async function edgesTouching(db: Kysely<DB>, ids: readonly number[], range: DateRange): Promise<Edge[]> {
  if (!ids.length) return [];
  if (monthAligned(range) && ids.length <= SIDES_MAX_IDS) return edgesFromSides(db, ids, range);
  const set = idSet(ids.map(Number));
  const where = [sql`(company_id in ${set} or partner_company_id in ${set})`, sql`partner_company_id is not null`];
  where.push(...analyticDates(range, (name) => sql.ref(name)));
  const rows = await analyticRows(db, sql`select flow, company_id, partner_company_id, count(*) as records, sum(value_usd_cents) as value_cents
    from declarations where ${sql.join(where, sql` and `)} group by flow, company_id, partner_company_id`.compile(db));
  return rows.map(toEdge);
}

/**
 * How much reading the edges of `ids` costs, for a walk to grow its cheaper end first: the rows the
 * company sides hold for them over the range. A large trader has thousands of times the rows of a
 * small one (at 1M declarations 210,017 rows against a median in the tens), and a path from it to a
 * small company is found from the small end without reading its partners. Frontiers of more than a
 * few companies are costed by their number times `PER_COMPANY` without a query, which would read
 * every row group; so is every frontier when the range is not whole months.
 */
export async function edgeRows(db: Kysely<DB>, ids: readonly number[], range: DateRange): Promise<number> {
  if (!ids.length || ids.length > SIDES_IDS_PER_QUERY || !monthAligned(range)) return ids.length * PER_COMPANY;
  const where = [sql`party_id in ${idSet(ids.map(Number))}`, ...analyticDates(range, (name) => sql.ref(name))];
  const rows = await analyticRows(db, sql`select count(*) as n from ${sql.table(COMPANY_SIDES.table)} where ${sql.join(where, sql` and `)}`.compile(db));
  return Number(rows[0]?.n ?? 0);
}

async function edgesFromSides(db: Kysely<DB>, ids: readonly number[], range: DateRange): Promise<Edge[]> {
  // A pair of two listed companies is its trader's: the partner side skips traders in the whole list.
  const all = idSet(ids.map(Number));
  const out: Edge[] = [];
  for (let k = 0; k < ids.length; k += SIDES_IDS_PER_QUERY) {
    const where = [
      sql`party_id in ${idSet(ids.slice(k, k + SIDES_IDS_PER_QUERY).map(Number))}`,
      sql`(as_partner = 0 or company_id not in ${all})`,
      sql`partner_company_id <> 0`,
      ...analyticDates(range, (name) => sql.ref(name)),
    ];
    const rows = await analyticRows(db, sql`select flow, company_id, partner_company_id, sum(records_decl) as records, sum(value_usd_cents) as value_cents
      from ${sql.table(COMPANY_SIDES.table)} where ${sql.join(where, sql` and `)} group by flow, company_id, partner_company_id`.compile(db));
    for (const r of rows) out.push(toEdge(r));
  }
  return out;
}

const toEdge = (r: Record<string, unknown>): Edge => ({
  flow: r.flow as Edge['flow'], company_id: Number(r.company_id), partner_company_id: Number(r.partner_company_id),
  records: Number(r.records), value_cents: Number(r.value_cents),
});

/**
 * The trading pairs between each two consecutive companies of `path`, in either role and flow: a
 * few index seeks per step, where the edges touching the path's companies would read every
 * declaration of a large trader on it.
 */
export async function edgesAlong(db: Kysely<DB>, path: readonly number[], range: DateRange): Promise<Edge[]> {
  const out: Edge[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < path.length; i++) {
    const ends = [path[i - 1]!, path[i]!];
    let q = db
      .selectFrom('declarations')
      .select(['flow', 'company_id', 'partner_company_id', sql<number>`count(*)`.as('records'), sql<number>`sum(value_usd_cents)`.as('value_cents')])
      .where('company_id', 'in', ends)
      .where('flow', 'in', ['export', 'import'])
      .where('partner_company_id', 'in', ends);
    if (range.from) q = q.where('registered_at', '>=', range.from);
    if (range.to) q = q.where('registered_at', '<=', range.to);
    for (const r of await q.groupBy(['flow', 'company_id', 'partner_company_id']).execute()) {
      const key = `${r.flow}|${r.company_id}|${r.partner_company_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ flow: r.flow, company_id: Number(r.company_id), partner_company_id: Number(r.partner_company_id), records: Number(r.records), value_cents: Number(r.value_cents) });
    }
  }
  return out;
}
