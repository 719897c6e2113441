// Unit values (USD/kg and USD per quantity unit) with percentiles, per HS code and partner
// country, grouped in the analytic store from the matching item lines. The scan is bounded: a
// filter matching more lines than MAX_LINES is a 400 asking to narrow it, never a slow or silently
// partial answer.
import { Type } from 'typebox';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, type Operation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { FilterParams, analyticDates, parseFilters, echoFilters, type Filters } from '../shared/filters.js';
import { declarationConditions, whereClause } from '../shared/declarations.js';
import { sourceMeta } from '../shared/source-meta.js';
import { companiesMatching, linesHold, prefixCondition } from '../shared/aggregate.js';
import { analyticRows, idSet } from '../../analytics/query.js';
import { LINES_BY_CODE } from '../../analytics/schema.js';
import { HsLevelParam, TopParam, answer, hsLevelOf } from './params.js';
import { countryName, hsDescription } from './describe.js';
import type { FlowSpec } from './flow.js';

// Percentiles are computed in the engine; the bound keeps one request to about a tenth of a second
// of a core at 10M declarations (a heading over a year: 56,000–109,000 lines in 64–126 ms), where
// a chapter over a year (714,000 lines, 0.8 s) or every product of a quarter (1.5M, 2.9 s) is
// refused with what to narrow. It was 50,000, which refused such headings at 10M.
export const MAX_LINES = 250_000;
const PS = [['p10', 0.1], ['p25', 0.25], ['median', 0.5], ['p75', 0.75], ['p90', 0.9]] as const;

const round = (n: number | null, d = 4) => (n === null ? null : Math.round(n * 10 ** d) / 10 ** d);

// One aggregate asked for every percentile, each column an element of its list: the engine
// computes the same aggregate once, where five of them sorted the group's values five times (a
// heading over a year at 10M: 30 -> 17 ms).
function percentileColumns(prefix: string, expr: RawBuilder<unknown>, keep: RawBuilder<unknown>): RawBuilder<unknown>[] {
  const all = sql`(quantile_cont(${expr}, [${sql.join(PS.map(([, p]) => sql.lit(p)))}]) filter (where ${keep}))`;
  return PS.map(([name], i) => sql`${all}[${sql.lit(i + 1)}] as ${sql.id(`${prefix}_${name}`)}`);
}

/** At most `max` + 1 of the lines the filters keep, with the columns unit values are grouped from. */
async function matchingLines(db: Kysely<DB>, f: Filters, level: number, max: number): Promise<RawBuilder<unknown>> {
  const prefixes = (column: string) => prefixCondition(sql.ref(column), f.hs, 12);
  // A product's lines from the copy sorted by code: only the row groups of its codes are read.
  const fromLines = (more: RawBuilder<unknown>[]) => {
    const w = [prefixes('gtip'), ...more];
    if (f.flow) w.push(sql`flow = ${f.flow}`);
    w.push(...analyticDates(f, (name) => sql.ref(name)));
    if (f.countries.length) w.push(sql`partner_country in (${sql.join(f.countries)})`);
    return sql`select declaration_id, substr(gtip, 1, ${sql.lit(level)}) as hs_code, partner_country as country, value_usd_cents as value_cents,
        net_weight_kg as weight, quantity, quantity_unit as unit
      from ${sql.table(LINES_BY_CODE)} ${whereClause(w)} limit ${sql.lit(max + 1)}`;
  };
  if (linesHold(f)) return fromLines([]);
  // Free text here names companies only.
  const w = declarationConditions({ ...f, hs: [], q: null }, { qItems: false, analytic: true });
  if (f.q) {
    const set = idSet(await companiesMatching(db, f.q));
    w.push(sql`(d.company_id in ${set} or d.partner_company_id in ${set})`);
  }
  // With a product and filters the lines do not hold (a company, a port, free text): the product's
  // lines, kept to the declarations those filters keep. Joining every line of the period to its
  // declaration read each line of the period (at 10M, a code over eight months with a company's
  // name: 316 ms against 47 ms).
  if (f.hs.length) return fromLines([sql`declaration_id in (select d.id from declarations d ${whereClause(w)})`]);
  return sql`select d.id as declaration_id, substr(i.gtip, 1, ${sql.lit(level)}) as hs_code, d.partner_country as country,
      i.value_usd_cents as value_cents, i.net_weight_kg as weight, i.quantity, i.quantity_unit as unit
    from declarations d join declaration_items i on i.declaration_id = d.id ${whereClause(w)} limit ${sql.lit(max + 1)}`;
}

/**
 * Per (hs_code at `level`, country): totals and percentiles of the line unit values (unweighted,
 * type 7), grouped in the analytic store over at most `max` + 1 matching lines (`lines` counts
 * them all, so a caller sees when the bound was passed). USD per unit only over the lines in the
 * group's most common unit (ties: the first unit by name): kg and pieces do not mix.
 */
export async function unitValueGroups(db: Kysely<DB>, f: Filters, level: number, max: number, top: number) {
  const inUnit = sql`l.unit = u.unit and l.quantity > 0`;
  const rows = await analyticRows(
    db,
    sql`with l as materialized (${await matchingLines(db, f, level, max)}),
      u as (
        select hs_code, country, unit, row_number() over (partition by hs_code, country order by count(*) desc, unit) as n
        from l group by hs_code, country, unit)
      select l.hs_code, l.country, count(*) as lines, count(distinct l.declaration_id) as records, sum(l.value_cents) as value_cents,
        sum(l.weight) as weight, any_value(u.unit) as unit,
        coalesce(sum(l.quantity) filter (where ${inUnit}), 0) as quantity, sum(l.value_cents) filter (where ${inUnit}) as unit_value_cents,
        ${sql.join([...percentileColumns('usd_per_kg', sql`l.value_cents / 100 / l.weight`, sql`l.weight > 0`), ...percentileColumns('usd_per_unit', sql`l.value_cents / 100 / l.quantity`, inUnit)])},
        count(*) over () as groups, sum(count(*)) over () as all_lines
      from l join u on u.hs_code = l.hs_code and u.country = l.country and u.n = 1
      group by l.hs_code, l.country
      order by value_cents desc, l.hs_code, l.country
      limit ${sql.lit(top)}`.compile(db),
  );
  const groups = rows.map((r) => {
    const hs = String(r.hs_code);
    const country = String(r.country);
    const value = Number(r.value_cents) / 100;
    const weight = Number(r.weight);
    const qty = Number(r.quantity);
    const pct = (prefix: string) => Object.fromEntries(PS.map(([name]) => [`${prefix}_${name}`, round(r[`${prefix}_${name}`] === null ? null : Number(r[`${prefix}_${name}`]))]));
    return {
      hs_code: hs,
      ...hsDescription(hs),
      country,
      ...countryName(country),
      lines: Number(r.lines),
      records: Number(r.records),
      value_usd: Math.round(value * 100) / 100,
      net_weight_kg: Math.round(weight * 1000) / 1000,
      quantity: Math.round(qty * 1000) / 1000,
      quantity_unit: String(r.unit),
      usd_per_kg: weight > 0 ? round(value / weight) : null,
      ...pct('usd_per_kg'),
      usd_per_unit: qty > 0 ? round(Number(r.unit_value_cents) / 100 / qty) : null,
      ...pct('usd_per_unit'),
    };
  });
  return { rows: groups, groups: Number(rows[0]?.groups ?? 0), lines: Number(rows[0]?.all_lines ?? 0) };
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
      const [found, source] = await Promise.all([unitValueGroups(db, filters, level, MAX_LINES, top), sourceMeta(db)]);
      if (found.lines > MAX_LINES) {
        throw new ApiError('validation_error', `More than ${MAX_LINES} item lines match; narrow the filter`, [
          { field: 'hs', issue: 'give a longer HS prefix' },
          { field: 'country', issue: 'or name partner countries' },
          { field: 'from', issue: 'or a shorter period' },
        ]);
      }
      return answer(req, found.rows, Object.keys(data.properties), `${fs.prefix}-unit-values`, {
        source, query: { ...echoFilters(filters), hs_level: level, top }, groups: found.groups, lines: found.lines,
      });
    },
  });
}
