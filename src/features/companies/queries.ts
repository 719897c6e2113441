// Plain query functions of the company family. Aggregates go through the shared engine; what it
// cannot answer (first/last dates of each trading pair, keyset lists, the directory) is here.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Flow } from '../shared/filters.js';
import { analyticRows } from '../../analytics/query.js';
import { rowEngineOf } from '../../analytics/registry.js';

export interface CompanyRow {
  id: number;
  name: string;
  aliases: string[];
  tax_number: string | null;
  country: string;
  city: string | null;
  address: string | null;
  roles: string[];
  sector: string | null;
  size_band: string | null;
  website: string | null;
}

type RawCompany = {
  id: number; name: string; aliases: string; tax_number: string | null; country: string; city: string | null;
  address: string | null; roles: string; sector: string | null; size_band: string | null; website: string | null;
};

const COMPANY_COLUMNS = ['id', 'name', 'aliases', 'tax_number', 'country', 'city', 'address', 'roles', 'sector', 'size_band', 'website'] as const;

function parseAliases(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

// Every field written out, in one order: rows spread from driver objects got a hidden class each,
// which in the company directory was 130,000 classes for the collector to trace.
export function toCompanyRow(r: RawCompany): CompanyRow {
  return {
    id: Number(r.id),
    name: r.name,
    aliases: parseAliases(r.aliases),
    tax_number: r.tax_number,
    country: r.country,
    city: r.city,
    address: r.address,
    roles: r.roles.split(',').map((s) => s.trim()).filter(Boolean),
    sector: r.sector,
    size_band: r.size_band,
    website: r.website,
  };
}

export async function getCompany(db: Kysely<DB>, id: number): Promise<CompanyRow | null> {
  const r = await db.selectFrom('companies').select(COMPANY_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r ? toCompanyRow(r as RawCompany) : null;
}

/** A cheap fingerprint of the companies table: changes whenever a company is added or removed. */
export async function companiesFingerprint(db: Kysely<DB>): Promise<string> {
  const r = await db.selectFrom('companies').select([sql<number>`max(id)`.as('m'), sql<number>`count(*)`.as('n')]).executeTakeFirst();
  return `${Number(r?.m ?? 0)}:${Number(r?.n ?? 0)}`;
}

/**
 * Trade value of every company over all time, as the Turkish party or as the foreign partner, from
 * the company rollup of the analytic store: two grouped scans, run off the event loop.
 */
export async function tradeValues(db: Kysely<DB>): Promise<Map<number, number>> {
  const [own, partner] = await Promise.all([
    analyticRows(db, sql`select company_id as id, sum(value_usd_cents) as v from rollup_company_monthly group by company_id`.compile(db)),
    analyticRows(db, sql`select partner_company_id as id, sum(value_usd_cents) as v from rollup_company_monthly where partner_company_id <> 0 group by partner_company_id`.compile(db)),
  ]);
  // Cents are summed exactly; dollars as before: the company's own value, then its partner value.
  const out = new Map<number, number>();
  for (const r of own) out.set(Number(r.id), Number(r.v) / 100);
  for (const r of partner) out.set(Number(r.id), (out.get(Number(r.id)) ?? 0) + Number(r.v) / 100);
  return out;
}

export interface CompanyName {
  name: string;
  country: string;
  city: string | null;
}

export async function companyNames(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, CompanyName>> {
  const out = new Map<number, CompanyName>();
  const unique = [...new Set(ids)].filter((id) => id > 0);
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom('companies').select(['id', 'name', 'country', 'city']).where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const r of rows) out.set(Number(r.id), { name: r.name, country: r.country, city: r.city });
  }
  return out;
}

/** Companies by id, in the order of `ids` (ids not found are left out). */
export async function companiesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<CompanyRow[]> {
  const found = new Map<number, CompanyRow>();
  const unique = [...new Set(ids)].filter((id) => id > 0);
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom('companies').select(COMPANY_COLUMNS).where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const r of rows) found.set(Number(r.id), toCompanyRow(r as RawCompany));
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** What a directory search filters on, for one company. */
export interface CompanyFilterRow {
  id: number;
  country: string;
  city: string | null;
  sector: string | null;
  roles: string[];
}

/** Every company's filter columns, in id order, in pages (the directory's order is built from this). */
export async function* allCompanyFilters(db: Kysely<DB>, pageSize = 20_000): AsyncGenerator<CompanyFilterRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('companies').select(['id', 'country', 'city', 'sector', 'roles']).where('id', '>', after).orderBy('id').limit(pageSize).execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ id: Number(r.id), country: r.country, city: r.city, sector: r.sector, roles: r.roles.split(',').map((x) => x.trim()).filter(Boolean) }));
    after = Number(rows[rows.length - 1]!.id);
  }
}

/**
 * What a name search needs to know of the store's name index: on SQLite how many names hold each
 * of its trigrams (its FTS5 vocabulary, migration 044), on PostgreSQL the schema pg_trgm's
 * operators live in (a store in its own schema does not have it on its search path).
 */
export type NameIndexStats = { engine: 'sqlite'; trigrams: Map<string, number> } | { engine: 'postgres'; schema: string } | null;

export async function nameIndexStats(db: Kysely<DB>): Promise<NameIndexStats> {
  const engine = rowEngineOf(db);
  if (engine === 'sqlite') {
    const r = await sql<{ term: string; doc: number }>`select term, doc from companies_name_vocab`.execute(db);
    return { engine, trigrams: new Map(r.rows.map((x) => [x.term, Number(x.doc)])) };
  }
  if (engine === 'postgres') {
    const r = await sql<{ s: string }>`select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    return r.rows[0] ? { engine, schema: r.rows[0].s } : null;
  }
  return null;
}

/**
 * First and last registration date of any declaration naming the company on either side. Each
 * bound is its own scalar subquery: a lone min() or max() is one seek at an end of the company's
 * (company, date) index range, while min and max in one select read the whole range.
 */
export async function tradeSpan(db: Kysely<DB>, id: number): Promise<{ first: string | null; last: string | null }> {
  const edge = (agg: 'min' | 'max', column: 'company_id' | 'partner_company_id') =>
    sql<string | null>`(select ${sql.raw(agg)}(registered_at) from declarations where ${sql.ref(column)} = ${id})`;
  const r = await sql<{ f1: string | null; l1: string | null; f2: string | null; l2: string | null }>`select ${edge('min', 'company_id')} as f1,
    ${edge('max', 'company_id')} as l1, ${edge('min', 'partner_company_id')} as f2, ${edge('max', 'partner_company_id')} as l2`.execute(db);
  const row = r.rows[0];
  const firsts = [row?.f1, row?.f2].filter((x): x is string => !!x).map(String).sort();
  const lasts = [row?.l1, row?.l2].filter((x): x is string => !!x).map(String).sort();
  return { first: firsts[0]?.slice(0, 10) ?? null, last: lasts[lasts.length - 1]?.slice(0, 10) ?? null };
}

export interface PairStat {
  flow: Flow;
  company_id: number;
  partner_company_id: number;
  records: number;
  value_cents: number;
  first: string;
  last: string;
}

export interface DateRange {
  from: string | null;
  to: string | null;
}

/**
 * Per trading pair touching the company (it as the Turkish party or as the foreign partner), by
 * flow: declarations, value and first/last registration date. Two index range scans.
 */
export async function pairStats(db: Kysely<DB>, id: number, range: DateRange): Promise<PairStat[]> {
  const run = (column: 'company_id' | 'partner_company_id') => {
    let q = db
      .selectFrom('declarations')
      .select([
        'flow',
        'company_id',
        sql<number>`coalesce(partner_company_id, 0)`.as('partner_company_id'),
        sql<number>`count(*)`.as('records'),
        sql<number>`sum(value_usd_cents)`.as('value_cents'),
        sql<string>`min(registered_at)`.as('first'),
        sql<string>`max(registered_at)`.as('last'),
      ])
      .where(column, '=', id);
    if (range.from) q = q.where('registered_at', '>=', range.from);
    if (range.to) q = q.where('registered_at', '<=', range.to);
    return q.groupBy(['flow', 'company_id', 'partner_company_id']).execute();
  };
  const [own, partner] = await Promise.all([run('company_id'), run('partner_company_id')]);
  return [...own, ...partner].map((r) => ({
    flow: r.flow,
    company_id: Number(r.company_id),
    partner_company_id: Number(r.partner_company_id),
    records: Number(r.records),
    value_cents: Number(r.value_cents),
    first: String(r.first).slice(0, 10),
    last: String(r.last).slice(0, 10),
  }));
}

export async function listContacts(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom('contacts')
    .select(['id', 'full_name', 'title', 'department', 'email', 'phone', 'languages', 'updated_at'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

export interface DeclarationListRow {
  id: number;
  declaration_no: string;
  flow: Flow;
  regime: string;
  registered_at: string;
  customs_office: string;
  company_id: number;
  partner_company_id: number | null;
  partner_country: string;
  incoterm: string | null;
  currency: string;
  invoice_value: number;
  value_usd_cents: number;
  transport_mode: string;
  port: string;
  bl_number: string | null;
  net_weight_kg: number;
  gross_weight_kg: number;
  items_count: number;
  source: string;
}

/**
 * The company's declarations, newest first, keyset-paged on (registered_at, id): each side is read
 * through its own index and the two are merged, so a page costs two short index scans.
 */
export async function companyDeclarations(
  db: Kysely<DB>,
  id: number,
  opts: { before: [string, number] | null; limit: number; flow: Flow | null; range: DateRange },
): Promise<DeclarationListRow[]> {
  const run = (column: 'company_id' | 'partner_company_id') => {
    let q = db
      .selectFrom('declarations')
      .select([
        'id', 'declaration_no', 'flow', 'regime', 'registered_at', 'customs_office', 'company_id', 'partner_company_id', 'partner_country',
        'incoterm', 'currency', 'invoice_value', 'value_usd_cents', 'transport_mode', 'port', 'bl_number', 'net_weight_kg',
        'gross_weight_kg', 'items_count', 'source',
      ])
      .where(column, '=', id);
    if (opts.flow) q = q.where('flow', '=', opts.flow);
    if (opts.range.from) q = q.where('registered_at', '>=', opts.range.from);
    if (opts.range.to) q = q.where('registered_at', '<=', opts.range.to);
    if (opts.before) {
      const [d, i] = opts.before;
      q = q.where((eb) => eb.or([eb('registered_at', '<', d), eb.and([eb('registered_at', '=', d), eb('id', '<', i)])]));
    }
    return q.orderBy('registered_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  };
  const [a, b] = await Promise.all([run('company_id'), run('partner_company_id')]);
  const seen = new Set<number>();
  return [...a, ...b]
    .map((r) => ({ ...r, id: Number(r.id), registered_at: String(r.registered_at).slice(0, 10) }) as DeclarationListRow)
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
    .sort((x, y) => (x.registered_at < y.registered_at ? 1 : x.registered_at > y.registered_at ? -1 : y.id - x.id))
    .slice(0, opts.limit);
}
