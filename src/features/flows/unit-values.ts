// Unit values (USD/kg and USD per quantity unit) with percentiles, per HS code and partner
// country, computed from the matching item lines. The scan is bounded: a filter matching more
// lines than MAX_LINES is a 400 asking to narrow it, never a slow or silently partial answer.
import { Type } from 'typebox';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, type Operation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { quantileSorted } from '../../domain/stats/quantiles.js';
import { FilterParams, parseFilters, echoFilters, type Filters } from '../shared/filters.js';
import { declarationConditions, whereClause } from '../shared/declarations.js';
import { sourceMeta } from '../shared/source-meta.js';
import { companiesMatching } from '../shared/aggregate.js';
import { analyticRows, idSet } from '../../analytics/query.js';
import { HsLevelParam, TopParam, answer, hsLevelOf } from './params.js';
import { countryName, hsDescription } from './describe.js';
import type { FlowSpec } from './flow.js';

export const MAX_LINES = 50_000;
const PS = [['p10', 0.1], ['p25', 0.25], ['median', 0.5], ['p75', 0.75], ['p90', 0.9]] as const;

export interface ItemLine {
  declaration_id: number;
  hs_code: string;
  country: string;
  value_cents: number;
  net_weight_kg: number;
  quantity: number;
  quantity_unit: string;
}

/** Item lines matching the filters, HS cut to `level` digits; at most `max` + 1 rows (analytic store). */
export async function itemLines(db: Kysely<DB>, f: Filters, level: number, max: number): Promise<ItemLine[]> {
  // Free text here names companies only.
  const w = declarationConditions({ ...f, hs: [], q: null }, { qItems: false });
  if (f.q) {
    const ids = await companiesMatching(db, f.q);
    const set = idSet(ids);
    w.push(sql`(d.company_id in ${set} or d.partner_company_id in ${set})`);
  }
  if (f.hs.length) w.push(sql`(${sql.join(f.hs.map((p) => sql`(i.gtip >= ${p} and i.gtip < ${p + '\uffff'})`), sql` or `)})`);
  const rows = await analyticRows(db, sql`select d.id as declaration_id, substr(i.gtip, 1, ${sql.lit(level)}) as hs_code, d.partner_country as country,
      i.value_usd_cents as value_cents, i.net_weight_kg, i.quantity, i.quantity_unit
    from declarations d join declaration_items i on i.declaration_id = d.id ${whereClause(w)} limit ${sql.lit(max + 1)}`.compile(db));
  return rows.map((r) => ({
    declaration_id: Number(r.declaration_id), hs_code: String(r.hs_code), country: String(r.country), value_cents: Number(r.value_cents),
    net_weight_kg: Number(r.net_weight_kg), quantity: Number(r.quantity), quantity_unit: String(r.quantity_unit),
  }));
}

const round = (n: number | null, d = 4) => (n === null ? null : Math.round(n * 10 ** d) / 10 ** d);

function percentiles(prefix: string, values: number[]): Record<string, number | null> {
  const sorted = values.sort((a, b) => a - b);
  return Object.fromEntries(PS.map(([name, p]) => [`${prefix}_${name}`, round(quantileSorted(sorted, p))]));
}

/** Per (hs_code, country): totals and percentiles of the line unit values (unweighted, type 7). */
export function unitValueRows(lines: ItemLine[]) {
  const groups = new Map<string, ItemLine[]>();
  for (const l of lines) {
    const k = `${l.hs_code}|${l.country}`;
    const g = groups.get(k);
    if (g) g.push(l);
    else groups.set(k, [l]);
  }
  return [...groups.values()].map((g) => {
    const first = g[0]!;
    const value = g.reduce((s, l) => s + l.value_cents, 0) / 100;
    const weight = g.reduce((s, l) => s + l.net_weight_kg, 0);
    // USD per unit only over lines in the group's most common unit: kg and pieces do not mix.
    const units = new Map<string, number>();
    for (const l of g) units.set(l.quantity_unit, (units.get(l.quantity_unit) ?? 0) + 1);
    const unit = [...units.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const inUnit = g.filter((l) => l.quantity_unit === unit && l.quantity > 0);
    const qty = inUnit.reduce((s, l) => s + l.quantity, 0);
    return {
      hs_code: first.hs_code,
      ...hsDescription(first.hs_code),
      country: first.country,
      ...countryName(first.country),
      lines: g.length,
      records: new Set(g.map((l) => l.declaration_id)).size,
      value_usd: Math.round(value * 100) / 100,
      net_weight_kg: Math.round(weight * 1000) / 1000,
      quantity: Math.round(qty * 1000) / 1000,
      quantity_unit: unit,
      usd_per_kg: weight > 0 ? round(value / weight) : null,
      ...percentiles('usd_per_kg', g.filter((l) => l.net_weight_kg > 0).map((l) => l.value_cents / 100 / l.net_weight_kg)),
      usd_per_unit: qty > 0 ? round(inUnit.reduce((s, l) => s + l.value_cents, 0) / 100 / qty) : null,
      ...percentiles('usd_per_unit', inUnit.map((l) => l.value_cents / 100 / l.quantity)),
    };
  });
}

export function unitValuesOp(fs: FlowSpec): Operation {
  const N = Type.Union([Type.Number(), Type.Null()]);
  const NS = Type.Union([Type.String(), Type.Null()]);
  const pct = (prefix: string) => Object.fromEntries(PS.map(([name]) => [`${prefix}_${name}`, N]));
  const data = Type.Object({
    hs_code: Type.String(), description_en: NS, description_tr: NS, country: Type.String(), country_name: NS,
    lines: Type.Integer({ description: 'Item lines' }), records: Type.Integer({ description: 'Declarations' }),
    value_usd: Type.Number(), net_weight_kg: Type.Number(), quantity: Type.Number(), quantity_unit: Type.String({ description: 'The most common unit of the group; USD/unit uses only its lines' }),
    usd_per_kg: { ...N, description: 'Value over weight of the whole group' }, ...pct('usd_per_kg'),
    usd_per_unit: N, ...pct('usd_per_unit'),
  });
  return defineOperation({
    method: 'GET',
    url: `/v1/${fs.prefix}/unit-values`,
    operationId: `get${fs.noun}UnitValues`,
    tag: fs.tag,
    summary: `Unit values of ${fs.flow}s (USD/kg, USD/unit) with percentiles, by HS code and ${fs.countryRole}`,
    description:
      `One row per HS code (at \`hs_level\`, default 6) and partner country, largest value first: totals, the group's value per kg and per unit, and p10/p25/median/p75/p90 of the item lines' unit values (linear interpolation). ` +
      `Computed from at most ${MAX_LINES} matching item lines; a broader filter is a 400 naming what to narrow.`,
    scope: 'trade:read',
    download: true,
    querystring: Type.Object({ ...FilterParams, hs_level: HsLevelParam, top: TopParam(100), format: FormatParam }, { additionalProperties: false }),
    data,
    async handle({ query }, { deps, req }) {
      const filters = parseFilters(query, fs.flow);
      const level = hsLevelOf(query.hs_level);
      const top = query.top ?? 100;
      const db = deps.store.db;
      const [lines, source] = await Promise.all([itemLines(db, filters, level, MAX_LINES), sourceMeta(db)]);
      if (lines.length > MAX_LINES) {
        throw new ApiError('validation_error', `More than ${MAX_LINES} item lines match; narrow the filter`, [
          { field: 'hs', issue: 'give a longer HS prefix' },
          { field: 'country', issue: 'or name partner countries' },
          { field: 'from', issue: 'or a shorter period' },
        ]);
      }
      const rows = unitValueRows(lines).sort((a, b) => b.value_usd - a.value_usd || a.hs_code.localeCompare(b.hs_code) || a.country.localeCompare(b.country));
      return answer(req, rows.slice(0, top), Object.keys(data.properties), `${fs.prefix}-unit-values`, {
        source, query: { ...echoFilters(filters), hs_level: level, top }, groups: rows.length, lines: lines.length,
      });
    },
  });
}
