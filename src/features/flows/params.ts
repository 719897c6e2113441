// What the aggregate operations of both flows share: parameters, the comparison period, the
// change against it, and answering either JSON or a download of the same rows.
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Result } from '../../http/operation.js';
import { wantsDownload, type Download } from '../../http/download.js';
import { badParam } from '../../http/errors.js';
import { monthAligned, type Filters } from '../shared/filters.js';
import { formsOneSpan, rankedWithWindows } from '../shared/windowed.js';
import { aggregate, ONLY_DIMS, type AggRow, type AggregateResult, type AggregateSpec, type Freq, type OnlyDim } from '../shared/aggregate.js';

export const TopParam = (def: number | null) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, ...(def ? { default: def } : {}), description: `Keep the first N groups (1–1000${def ? `, default ${def}` : ''})` }));

export const HS_LEVELS = ['2', '4', '6', '8', '10', '12'] as const;
export const HsLevelParam = Type.Optional(
  Type.Unsafe<(typeof HS_LEVELS)[number]>({ type: 'string', enum: [...HS_LEVELS], description: 'Digits of the HS groups (default 6)' }),
);

export const FREQS = ['month', 'quarter', 'year'] as const;
export const FreqParam = Type.Optional(Type.Unsafe<Freq>({ type: 'string', enum: [...FREQS], description: 'month (default), quarter or year' }));

export const AGG_SORTS = ['-value_usd', 'value_usd', '-records', 'records', '-net_weight_kg', 'net_weight_kg'] as const;
export type AggSort = (typeof AGG_SORTS)[number];
export const AggSortParam = Type.Optional(
  Type.Unsafe<AggSort>({ type: 'string', enum: [...AGG_SORTS], description: 'Order of the groups (default -value_usd)' }),
);

export function aggSort(s: AggSort | undefined): { field: string; desc: boolean } | null {
  if (!s || s === '-value_usd') return null;
  return { field: s.replace(/^-/, ''), desc: s.startsWith('-') };
}

const DAY = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The period of the same length just before [from, to]. Whole months shift by whole months (so
 * Jan–Mar compares with Oct–Dec); other ranges shift by their number of days. Null without both
 * bounds: there is nothing to compare with.
 */
export function previousPeriod(f: Pick<Filters, 'from' | 'to'>): { from: string; to: string } | null {
  if (!f.from || !f.to) return null;
  if (monthAligned({ from: f.from, to: f.to } as Filters)) {
    const fy = Number(f.from.slice(0, 4));
    const fm = Number(f.from.slice(5, 7));
    const ty = Number(f.to.slice(0, 4));
    const tm = Number(f.to.slice(5, 7));
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    const start = new Date(Date.UTC(fy, fm - 1 - months, 1));
    const end = new Date(Date.UTC(fy, fm - 1, 0));
    return { from: isoDay(start.getTime()), to: isoDay(end.getTime()) };
  }
  const days = Math.round((dayMs(f.to) - dayMs(f.from)) / DAY) + 1;
  return { from: isoDay(dayMs(f.from) - days * DAY), to: isoDay(dayMs(f.from) - DAY) };
}

/** Relative change as a fraction; null when the base is zero (no meaningful ratio). */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1e6) / 1e6;
}

/**
 * Runs a breakdown and, when the filters name a whole period, the same breakdown over the previous
 * period, adding `value_usd_prev` and `change` to every row (matched on the group keys).
 */
// The row field naming each group of a one-dimension aggregate.
const ONLY_FIELD: Record<OnlyDim, string> = {
  company: 'company_id', partner_company: 'partner_company_id', country: 'country', port: 'port', customs_office: 'customs_office', transport_mode: 'transport_mode',
};

/**
 * `previousTotals: false`: the caller shows no totals of the previous period (a ranking), which
 * are then not read when the groups shown are read alone (`previous.totals` is null).
 */
export async function withComparison(db: Kysely<DB>, spec: AggregateSpec, keyOf: (r: AggRow) => string, opts: { previousTotals?: boolean } = {}) {
  const prev = previousPeriod(spec.filters);
  const dim = spec.groupBy.length === 1 ? (ONLY_DIMS as readonly string[]).includes(spec.groupBy[0]!) ? (spec.groupBy[0] as OnlyDim) : null : null;
  let cur: AggregateResult;
  let before: AggregateResult | null = null;
  let beforeTotals: AggRow | null = null;
  // A ranking's groups and their previous values in one read of both periods (adjacent, the same
  // length): when it shows no totals of the previous period and the spec is one the read answers.
  const joined = prev && dim && opts.previousTotals === false && formsOneSpan([{ from: spec.filters.from!, to: spec.filters.to! }, prev])
    ? await rankedWithWindows(db, spec, [prev])
    : null;
  if (joined) {
    const rows = joined.current.rows.map((r, i): AggRow => {
      const p = joined.others[0]!.shown[i]!;
      return { ...r, value_usd_prev: p, change: change(Number(r.value_usd ?? 0), p) };
    });
    return { ...joined.current, rows, previous: { period: prev!, totals: null } };
  }
  if (prev && dim) {
    // The previous period of the groups shown, and only those: a group may rank differently there,
    // and a ranking's groups are few of thousands. Its totals are the whole period's, asked alone.
    const previous = { ...spec, filters: { ...spec.filters, ...prev }, top: null, sort: null };
    const [shown, whole] = await Promise.all([aggregate(db, spec), opts.previousTotals === false ? null : aggregate(db, { ...previous, groupBy: [] })]);
    cur = shown;
    beforeTotals = whole?.totals ?? null;
    const field = ONLY_FIELD[dim];
    const values = cur.rows.map((r) => (dim === 'partner_company' ? Number(r[field] ?? 0) : r[field])).filter((v): v is string | number => v !== null && v !== undefined);
    // Only the groups' values are read back: a value alone needs no weights or declarations summed,
    // and any source holding the dimension answers it exactly.
    before = await aggregate(db, { ...previous, metrics: ['value_usd'], maxRows: values.length + 1, only: { dim, values } });
  } else {
    [cur, before] = await Promise.all([
      aggregate(db, spec),
      // No `top` for the previous period: a group may rank differently there. Of its groups only
      // the values are shown; its totals are every metric's.
      prev ? aggregate(db, { ...spec, filters: { ...spec.filters, ...prev }, top: null, sort: null, maxRows: 10_000, valueRows: true }) : null,
    ]);
  }
  if (!before || !prev) return { ...cur, previous: null };
  const prevByKey = new Map(before.rows.map((r) => [keyOf(r), Number(r.value_usd ?? 0)]));
  const rows: AggRow[] = cur.rows.map((r) => {
    const p = prevByKey.get(keyOf(r)) ?? 0;
    return { ...r, value_usd_prev: p, change: change(Number(r.value_usd ?? 0), p) };
  });
  const totals = opts.previousTotals === false ? null : (beforeTotals ?? before.totals);
  return { ...cur, rows, previous: { period: prev, totals } };
}

/** JSON rows, or the same rows as a CSV/NDJSON download when asked for. */
export function answer(req: FastifyRequest, rows: Record<string, unknown>[], columns: string[], filename: string, meta: Record<string, unknown>): Result | Download {
  if (wantsDownload(req)) {
    return {
      columns,
      filename,
      rows: (async function* () {
        for (const r of rows) yield r;
      })(),
    };
  }
  return { data: rows, meta };
}

export function hsLevelOf(v: string | undefined): number {
  if (v === undefined) return 6;
  const n = Number(v);
  if (!(HS_LEVELS as readonly string[]).includes(v)) throw badParam('hs_level', `unknown value "${v}"`, HS_LEVELS);
  return n;
}

/** Names, tax numbers and countries of the companies in a page of rows. */
export async function companiesById(db: Kysely<DB>, ids: number[]): Promise<Map<number, { name: string; tax_number: string | null; country: string }>> {
  const unique = [...new Set(ids.filter((i) => i > 0))];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('companies').select(['id', 'name', 'tax_number', 'country']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [Number(r.id), { name: r.name, tax_number: r.tax_number, country: r.country }]));
}
