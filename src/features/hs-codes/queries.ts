// Store access for the HS Code and Product family. Plain functions over `db` (a transaction may be
// passed in its place); rows are mapped by the callers.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import { startsWith } from '../../db/dialect.js';
import { builtinConcordance, builtinHsRows, type ConcordanceRow, type HsCodeRow } from './builtin.js';
import { aggregate } from '../shared/aggregate.js';
import { analyticDates, parseFilters } from '../shared/filters.js';
import { linesUnder } from '../shared/line-totals.js';
import { analyticRows } from '../../analytics/query.js';
import { LINES_BY_CODE } from '../../analytics/schema.js';

type Db = Kysely<DB>;

const VERSION_KEY = 'hs_codes_version';
const BATCH = 500;

/** A marker changed by every write to the nomenclature, so in-memory indexes in any process know to rebuild. */
export async function hsVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', VERSION_KEY).executeTakeFirst();
  return row?.value ?? '';
}

export async function bumpHsVersion(db: Db): Promise<void> {
  const value = randomUUID();
  await db.insertInto('settings').values({ key: VERSION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}

/**
 * Inserts or updates nomenclature rows. An update keeps a Turkish description the new row lacks, so
 * loading the official English text over the built-in rows does not lose the Turkish one.
 * Returns the number of rows written.
 */
export async function upsertHsCodes(db: Db, rows: readonly HsCodeRow[], mode: 'update' | 'keep' = 'update'): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const res = await db.insertInto('hs_codes').values(chunk).onConflict((oc) => {
      const target = oc.columns(['edition', 'code']);
      if (mode === 'keep') return target.doNothing();
      return target.doUpdateSet((eb) => ({
        level: eb.ref('excluded.level'),
        parent: eb.ref('excluded.parent'),
        section: eb.ref('excluded.section'),
        description_en: eb.ref('excluded.description_en'),
        description_tr: eb.fn.coalesce(eb.ref('excluded.description_tr'), eb.ref('hs_codes.description_tr')),
        search_text: eb.ref('excluded.search_text'),
      }));
    }).executeTakeFirst();
    written += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

export async function upsertConcordance(db: Db, rows: readonly ConcordanceRow[], mode: 'update' | 'keep' = 'update'): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const res = await db.insertInto('hs_concordance').values(rows.slice(i, i + BATCH)).onConflict((oc) => {
      const target = oc.columns(['from_edition', 'from_code', 'to_edition', 'to_code']);
      return mode === 'keep' ? target.doNothing() : target.doUpdateSet((eb) => ({ relationship: eb.ref('excluded.relationship') }));
    }).executeTakeFirst();
    written += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

const SEEDED = stateKey<{ done: Promise<void> | null }>({ name: 'hs builtins loaded', create: () => ({ done: null }) });

/**
 * Loads the built-in nomenclature and concordance once per store and process. Idempotent: rows
 * already present (built in or ingested) are left as they are.
 */
export function ensureBuiltins(db: Db): Promise<void> {
  const seeded = stateOf(db).get(SEEDED);
  if (!seeded.done) {
    const p = (async () => {
      const written = await db.transaction().execute(async (tx) =>
        (await upsertHsCodes(tx, builtinHsRows(), 'keep')) + (await upsertConcordance(tx, builtinConcordance(), 'keep')));
      if (written > 0) await bumpHsVersion(db);
    })();
    p.catch(() => {
      if (seeded.done === p) seeded.done = null;
    });
    seeded.done = p;
  }
  return seeded.done;
}

export type StoredHsCode = Omit<HsCodeRow, 'search_text'>;

const COLUMNS = ['edition', 'code', 'level', 'parent', 'section', 'description_en', 'description_tr'] as const;

export async function editions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('hs_codes').select('edition').distinct().orderBy('edition').execute();
  return rows.map((r) => r.edition);
}

export async function getCodes(db: Db, edition: string, codes: readonly string[]): Promise<StoredHsCode[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('hs_codes').select(COLUMNS).where('edition', '=', edition).where('code', 'in', [...new Set(codes)]).execute();
}

export async function childrenOf(db: Db, edition: string, code: string): Promise<StoredHsCode[]> {
  return db.selectFrom('hs_codes').select(COLUMNS).where('edition', '=', edition).where('parent', '=', code).orderBy('code').execute();
}

/** Which of these codes have rows under them. */
export async function withChildren(db: Db, edition: string, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom('hs_codes').select('parent').distinct()
    .where('edition', '=', edition).where('parent', 'in', [...new Set(codes)]).execute();
  return new Set(rows.map((r) => r.parent).filter((p): p is string => p !== null));
}

export interface PrefixQuery {
  edition: string;
  prefix: string | null;
  level: number | null;
  after: string | null;
  limit: number;
}

/** Codes under a prefix in code order, keyset-paged; fetches limit + 1 rows. */
export async function listByPrefix(db: Db, q: PrefixQuery): Promise<StoredHsCode[]> {
  let query = db.selectFrom('hs_codes').select(COLUMNS).where('edition', '=', q.edition);
  if (q.prefix) query = query.where(startsWith(sql.ref<string>('code'), q.prefix));
  if (q.level !== null) query = query.where('level', '=', q.level);
  if (q.after !== null) query = query.where('code', '>', q.after);
  return query.orderBy('code').limit(q.limit + 1).execute();
}

export async function allCodes(db: Db, edition: string): Promise<StoredHsCode[]> {
  return db.selectFrom('hs_codes').select(COLUMNS).where('edition', '=', edition).orderBy('code').execute();
}

/** Highest declaration id with items: changes when declarations are ingested. */
export async function itemsMark(db: Db): Promise<number> {
  const row = await db.selectFrom('declaration_items').select((eb) => eb.fn.max('declaration_id').as('m')).executeTakeFirst();
  return Number(row?.m ?? 0);
}

/**
 * Distinct item descriptions per GTİP with how often each was declared, most frequent first, among
 * the lines of the latest `window` declarations: the work is bounded whatever the store holds (all
 * lines of 10M declarations took over a minute to group), and recent wording is what declarants use.
 */
export async function declaredDescriptions(db: Db, limit: number, window: number): Promise<Array<{ gtip: string; description: string; n: number }>> {
  const after = (await itemsMark(db)) - window;
  const rows = await db.selectFrom('declaration_items')
    .select((eb) => ['gtip', 'description', eb.fn.countAll().as('n')])
    .where('declaration_id', '>', after)
    .groupBy(['gtip', 'description'])
    .orderBy('n', 'desc').orderBy('gtip').orderBy('description')
    .limit(limit).execute();
  return rows.map((r) => ({ gtip: r.gtip, description: r.description, n: Number(r.n) }));
}

export async function concordanceOf(db: Db, from: string, to: string, code: string): Promise<ConcordanceRow[]> {
  const rows = await db.selectFrom('hs_concordance').selectAll()
    .where('from_edition', '=', from).where('to_edition', '=', to).where('from_code', '=', code)
    .orderBy('to_code').execute();
  return rows as ConcordanceRow[];
}

// --- trade of one product ---------------------------------------------------------------------
// Month-aligned questions on codes of up to 6 digits are answered from the HS rollups (through the
// aggregate engine: values and declaration counts) and the in-memory line totals (lines and net
// weight, which the rollups do not hold exactly); anything else reads declaration_items joined to
// declarations. Both give the same figures.

export interface TradeQuery {
  prefix: string;
  from: string | null;
  to: string | null;
}

export interface FlowTotals { flow: string; value_cents: number; net_weight_kg: number; records: number; items: number }

/** One (month, flow, partner country) cell of a product's trade. */
export interface TradeCell { period: number; flow: string; country: string; value_cents: number; records: number }

/** A cell read from the raw records, with the figures only the totals need. */
export interface RawTradeCell extends TradeCell { net_weight_kg: number; items: number }

/** A product's trade: its cells and the totals of each flow. */
export interface TradeFigures { cells: TradeCell[]; totals: FlowTotals[] }

/**
 * The product's trade in (month, flow, partner country) cells, read in ONE pass over the matching
 * item lines: on a large store that pass is the whole cost, and totals, partners and the trend are
 * all sums of these cells. Declaration counts add up exactly because month, flow and partner
 * country are properties of the declaration, so no declaration falls in two cells.
 */
export async function tradeCells(db: Db, q: TradeQuery): Promise<RawTradeCell[]> {
  // The lines sorted by code (analytics/lines-by-code.ts): only the prefix's row groups are read.
  const where: RawBuilder<unknown>[] = [startsWith(sql.ref<string>('gtip'), q.prefix), ...analyticDates(q, (name) => sql.ref(name))];
  const rows = await analyticRows(db, sql`select period, flow, partner_country, sum(value_usd_cents) as value_cents, sum(net_weight_kg) as net_weight_kg,
      count(distinct declaration_id) as records, count(*) as items
    from ${sql.table(LINES_BY_CODE)} where ${sql.join(where, sql` and `)} group by period, flow, partner_country`.compile(db));
  return rows.map((r) => ({
    period: Number(r.period), flow: String(r.flow), country: String(r.partner_country), value_cents: Number(r.value_cents ?? 0),
    net_weight_kg: Number(r.net_weight_kg ?? 0), records: Number(r.records), items: Number(r.items),
  }));
}

const isMonthStart = (d: string | null) => d === null || d.endsWith('-01');
const isMonthEnd = (d: string | null) => d === null || new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0)).getUTCDate() === Number(d.slice(8, 10));
const monthOf = (d: string | null) => (d === null ? null : Number(d.slice(0, 4)) * 100 + Number(d.slice(5, 7)));

/**
 * The same figures from the rollups and the line totals, or null when they cannot give them: a
 * code of more than 6 digits (the raw read is small then), a bound inside a month, or line totals
 * not (yet) current.
 */
export async function rolledUpFigures(db: Db, q: TradeQuery): Promise<TradeFigures | null> {
  if (q.prefix.length > 6 || !isMonthStart(q.from) || !isMonthEnd(q.to)) return null;
  const perFlow = await linesUnder(db, q.prefix, monthOf(q.from), monthOf(q.to));
  const filters = parseFilters({ hs: q.prefix, from: q.from ?? undefined, to: q.to ?? undefined });
  const res = await aggregate(db, { filters, groupBy: ['period', 'flow', 'country'], metrics: ['value_usd', 'records'], maxRows: 10_000_000 });
  // Values come back in dollars rounded to the cent, i.e. exact cents.
  const cells: TradeCell[] = res.rows.map((r) => ({
    period: Number(String(r.period).replace('-', '')), flow: String(r.flow), country: String(r.country),
    value_cents: Math.round(Number(r.value_usd) * 100), records: Number(r.records),
  }));
  const totals: FlowTotals[] = [];
  for (const c of cells) {
    let t = totals.find((x) => x.flow === c.flow);
    if (!t) {
      const l = perFlow.get(c.flow) ?? { lines: 0, weight: 0 };
      totals.push((t = { flow: c.flow, value_cents: 0, net_weight_kg: l.weight, records: 0, items: l.lines }));
    }
    t.value_cents += c.value_cents;
    t.records += c.records;
  }
  return { cells, totals };
}

export async function tradeFigures(db: Db, q: TradeQuery): Promise<TradeFigures> {
  const rolled = await rolledUpFigures(db, q);
  if (rolled) return rolled;
  const cells = await tradeCells(db, q);
  return { cells, totals: tradeTotals(cells) };
}

export function tradeTotals(cells: readonly RawTradeCell[]): FlowTotals[] {
  const byFlow = new Map<string, FlowTotals>();
  for (const c of cells) {
    const t = byFlow.get(c.flow) ?? { flow: c.flow, value_cents: 0, net_weight_kg: 0, records: 0, items: 0 };
    t.value_cents += c.value_cents;
    t.net_weight_kg += c.net_weight_kg;
    t.records += c.records;
    t.items += c.items;
    byFlow.set(c.flow, t);
  }
  return [...byFlow.values()];
}

export function tradePartners(cells: readonly TradeCell[], top: number): Array<{ flow: string; country: string; value_cents: number; records: number }> {
  const byKey = new Map<string, { flow: string; country: string; value_cents: number; records: number }>();
  for (const c of cells) {
    const key = `${c.flow}|${c.country}`;
    const p = byKey.get(key) ?? { flow: c.flow, country: c.country, value_cents: 0, records: 0 };
    p.value_cents += c.value_cents;
    p.records += c.records;
    byKey.set(key, p);
  }
  const byFlow = new Map<string, Array<{ flow: string; country: string; value_cents: number; records: number }>>();
  for (const p of byKey.values()) byFlow.set(p.flow, [...(byFlow.get(p.flow) ?? []), p]);
  return [...byFlow.values()].flatMap((list) =>
    list.sort((a, b) => b.value_cents - a.value_cents || (a.country < b.country ? -1 : 1)).slice(0, top));
}

export function tradeTrend(cells: readonly TradeCell[]): Array<{ period: number; flow: string; value_cents: number }> {
  const byKey = new Map<string, { period: number; flow: string; value_cents: number }>();
  for (const c of cells) {
    const key = `${c.period}|${c.flow}`;
    const t = byKey.get(key) ?? { period: c.period, flow: c.flow, value_cents: 0 };
    t.value_cents += c.value_cents;
    byKey.set(key, t);
  }
  return [...byKey.values()].sort((a, b) => a.period - b.period);
}
