// What every statistics operation shares: the `flow`, `freq` and `hs_level` parameters, the window
// a query covers when `from` / `to` are left out, zero-filled series from the aggregate engine,
// and the one clear 400 for a series too short for the analysis asked for.
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { Download } from '../../http/download.js';
import { aggregate, type AggRow, type Freq, type Metric } from '../shared/aggregate.js';
import { echoFilters, type Filters, type Flow } from '../shared/filters.js';
import { sourceMeta, type SourceMeta } from '../shared/source-meta.js';
import { COUNTRY_BY_ALPHA2 } from '../../reference/countries.js';
import { HS_CHAPTER_BY_CODE } from '../../reference/hs-nomenclature.js';
import { HEADING_BY_CODE, PRODUCT_BY_GTIP, SUBHEADING_BY_CODE } from '../../reference/catalogue.js';
import { lastMonths, monthEnd, monthIndex, monthStart, periodsOf, type Window } from './periods.js';

export const FLOWS: readonly Flow[] = ['import', 'export'];
export const FREQS: readonly Freq[] = ['month', 'quarter', 'year'];
export const HS_LEVELS = [2, 4, 6, 8, 10, 12] as const;
export type HsLevel = (typeof HS_LEVELS)[number];

export const FlowParam = Type.Optional(
  Type.Unsafe<Flow>({ type: 'string', enum: [...FLOWS], description: 'import or export; left out, both flows together (total trade)' }),
);
export const FreqParam = Type.Optional(Type.Unsafe<Freq>({ type: 'string', enum: [...FREQS], description: 'month (default), quarter or year' }));
export const HsLevelParam = Type.Optional(
  Type.Unsafe<HsLevel>({ type: 'integer', enum: [...HS_LEVELS], description: 'Digits of the HS code products are grouped by' }),
);

/** How much history a query covers when `from` is left out. */
export type DefaultSpan = 'all' | number;

/**
 * The window of a query: `from` / `to` as given; a missing `to` is the end of the last month with
 * data, a missing `from` either the first month with data ('all') or `span` months before `to`.
 */
export async function resolveWindow(db: Kysely<DB>, f: Filters, span: DefaultSpan): Promise<Window> {
  const { coverage } = await sourceMeta(db);
  const today = new Date().toISOString().slice(0, 10);
  let to = f.to ?? monthEnd(monthIndex(coverage.to ?? today));
  if (f.from && f.from > to) to = monthEnd(monthIndex(f.from));
  let from = f.from;
  if (!from) {
    from = span === 'all' && coverage.from ? monthStart(monthIndex(coverage.from)) : lastMonths(to, span === 'all' ? 12 : span).from;
    if (from > to) from = monthStart(monthIndex(to));
  }
  return { from, to };
}

export function withWindow(f: Filters, w: Window): Filters {
  return { ...f, from: w.from, to: w.to };
}

export interface Series {
  periods: string[];
  /** One row per period, zero-filled, with the metrics asked for. */
  rows: AggRow[];
  values: number[];
}

/** The slice's series at `freq` over the window, every period present (zeros where nothing traded). */
export async function loadSeries(db: Kysely<DB>, f: Filters, freq: Freq, metrics: Metric[] = ['value_usd']): Promise<Series> {
  const res = await aggregate(db, { filters: f, groupBy: ['period'], metrics, freq, maxRows: 100_000 });
  const byPeriod = new Map(res.rows.map((r) => [String(r.period), r]));
  const periods = periodsOf({ from: f.from!, to: f.to! }, freq);
  const rows = periods.map((period) => {
    const r = byPeriod.get(period);
    const out: AggRow = { period };
    for (const m of metrics) out[m] = r ? (r[m] ?? null) : m === 'unit_value_usd_per_kg' ? null : 0;
    return out;
  });
  return { periods, rows, values: rows.map((r) => Number(r.value_usd ?? 0)) };
}

/** meta of every statistics answer: the normalised query and where the data came from. */
export async function statsMeta(db: Kysely<DB>, f: Filters, extra: Record<string, unknown> = {}): Promise<{ query: Record<string, unknown>; source: SourceMeta }> {
  return { query: { ...echoFilters(f), ...extra }, source: await sourceMeta(db) };
}

/**
 * A series too short (or too sparse) for the analysis: a 400 naming `from` and `to`, because a
 * longer window is what would make the request answerable. A made-up curve would be worse.
 */
export function seriesTooShort(analysis: string, reason: string, minRequired: number, w: Window, freq: Freq): ApiError {
  const issue = `${analysis} needs at least ${minRequired} ${freq}ly values of this slice between from and to; ${reason}`;
  return new ApiError('validation_error', `Series too short or too sparse for ${analysis}: ${reason}`, [
    { field: 'from', issue: `${issue} (window ${w.from} to ${w.to})` },
    { field: 'to', issue },
  ]);
}

export function countryName(alpha2: string): string | null {
  return COUNTRY_BY_ALPHA2.get(alpha2)?.name_en ?? null;
}

/** Our short English label of an HS code at any level, when the reference data has one. */
export function hsDescription(code: string): string | null {
  if (code.length === 2) return HS_CHAPTER_BY_CODE.get(code)?.description_en ?? null;
  if (code.length === 4) return HEADING_BY_CODE.get(code)?.description_en ?? null;
  if (code.length === 6) return SUBHEADING_BY_CODE.get(code)?.description_en ?? null;
  if (code.length === 12) return PRODUCT_BY_GTIP.get(code)?.description_en ?? null;
  return null;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;
/** Ratios to six decimals; null stays null. */
export const ratio = (n: number | null): number | null => (n === null ? null : Math.round(n * 1e6) / 1e6);

/**
 * Statistics answers are small and computed whole, so a download streams the same rows the JSON
 * answer carries (all of them: statistics are not paged).
 */
export function asDownload(rows: readonly Record<string, unknown>[], columns: string[], filename: string): Download {
  return {
    columns,
    filename,
    rows: (async function* () {
      yield* rows;
    })(),
  };
}
