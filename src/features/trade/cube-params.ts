// The cube's vocabulary (contract §3 and the Trade Data table): which group fields, metrics,
// frequencies and sort keys a query may name, parsed into an AggregateSpec with a 400 that lists
// the accepted values for anything else.
import { Type } from 'typebox';
import { badParam } from '../../http/errors.js';
import type { Dim, Freq, Metric } from '../shared/aggregate.js';

export const GROUP_FIELDS = [
  'period', 'flow', 'hs', 'hs2', 'hs4', 'hs6', 'hs8', 'hs10', 'hs12', 'country', 'port', 'customs_office', 'transport_mode', 'incoterm', 'company',
] as const;
export type GroupField = (typeof GROUP_FIELDS)[number];

/** The contract's metric list; duties have their own operations. */
export const CUBE_METRICS = ['value_usd', 'net_weight_kg', 'quantity', 'records', 'companies', 'unit_value_usd_per_kg'] as const satisfies readonly Metric[];
export type CubeMetric = (typeof CUBE_METRICS)[number];

export const FREQS = ['month', 'quarter', 'year'] as const satisfies readonly Freq[];
export const HS_LEVELS = ['2', '4', '6', '8', '10', '12'] as const;

/** The row field a group dimension is answered in (and may be sorted by). */
const FIELD_OF_DIM: Record<Dim, string> = {
  period: 'period', flow: 'flow', hs: 'hs_code', country: 'country', port: 'port', customs_office: 'customs_office',
  transport_mode: 'transport_mode', incoterm: 'incoterm', company: 'company_id', partner_company: 'partner_company_id',
};

export const FreqParam = Type.Optional(Type.Unsafe<Freq>({ type: 'string', enum: [...FREQS], description: 'Period length of `period` groups (default month)' }));
export const HsLevelParam = Type.Optional(
  Type.Unsafe<'2' | '4' | '6' | '8' | '10' | '12'>({ type: 'string', enum: [...HS_LEVELS], description: 'Digits of `hs` groups (default 6); `group_by=hs4` is the same as `group_by=hs&hs_level=4`' }),
);
export const TopParam = Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Keep the first N groups in sort order' }));
export const SortParam = Type.Optional(Type.String({ maxLength: 60, description: 'A metric or group field (hs_code, company_id, …), `-` for descending' }));

function splitList(field: string, value: string | undefined): string[] {
  if (value === undefined) return [];
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw badParam(field, 'must name at least one value');
  return list;
}

export interface GroupSpec {
  groupBy: Dim[];
  hsLevel: number | undefined;
}

/** `group_by` → dimensions; hsN sets the HS depth, and one query has one depth. */
export function parseGroupBy(value: string | undefined, hsLevelParam: string | undefined): GroupSpec {
  const groupBy: Dim[] = [];
  let hsLevel: number | undefined = hsLevelParam !== undefined ? Number(hsLevelParam) : undefined;
  for (const g of splitList('group_by', value)) {
    if (!(GROUP_FIELDS as readonly string[]).includes(g)) throw badParam('group_by', `unknown group field "${g}"`, GROUP_FIELDS);
    let dim: Dim;
    if (g.startsWith('hs')) {
      dim = 'hs';
      if (g !== 'hs') {
        const level = Number(g.slice(2));
        if (hsLevel !== undefined && hsLevel !== level) throw badParam('group_by', `one HS depth per query: ${g} conflicts with HS depth ${hsLevel}`, GROUP_FIELDS);
        hsLevel = level;
      }
    } else {
      dim = g as Dim;
    }
    if (groupBy.includes(dim)) {
      throw badParam('group_by', dim === 'hs' ? 'one HS depth per query: hs appears twice' : `"${g}" appears twice`, GROUP_FIELDS);
    }
    groupBy.push(dim);
  }
  if (hsLevelParam !== undefined && !groupBy.includes('hs')) throw badParam('hs_level', 'applies only when group_by includes hs');
  return { groupBy, hsLevel: groupBy.includes('hs') ? (hsLevel ?? 6) : undefined };
}

export function parseMetrics(value: string | undefined, fallback: readonly CubeMetric[]): CubeMetric[] {
  if (value === undefined) return [...fallback];
  const out: CubeMetric[] = [];
  for (const m of splitList('metrics', value)) {
    if (!(CUBE_METRICS as readonly string[]).includes(m)) throw badParam('metrics', `unknown metric "${m}"`, CUBE_METRICS);
    if (!out.includes(m as CubeMetric)) out.push(m as CubeMetric);
  }
  return out;
}

/** The fields a query may sort on: its group fields, its metrics, and value_usd / share (always computed). */
export function sortFields(groupBy: Dim[], metrics: readonly string[]): string[] {
  return [...new Set([...groupBy.map((d) => FIELD_OF_DIM[d]), ...metrics, 'value_usd', 'share'])];
}

/** `sort=field` / `-field` → the engine's sort; group fields are passed as their dimension name. */
export function parseSort(value: string | undefined, groupBy: Dim[], metrics: readonly string[]): { field: string; desc: boolean } | null {
  if (value === undefined || value.trim() === '') return null;
  const desc = value.trim().startsWith('-');
  const name = value.trim().replace(/^[-+]/, '');
  const allowed = sortFields(groupBy, metrics);
  if (!allowed.includes(name)) throw badParam('sort', `cannot sort by "${name}"`, allowed);
  if (name === 'share') return { field: 'value_usd', desc };
  const dim = (Object.keys(FIELD_OF_DIM) as Dim[]).find((d) => FIELD_OF_DIM[d] === name && groupBy.includes(d));
  if (dim) return { field: dim === 'hs' ? 'hs_code' : dim, desc };
  return { field: name, desc };
}

/** Output columns of a cube row, for CSV. */
export function cubeColumns(groupBy: Dim[], metrics: readonly string[], extra: string[] = []): string[] {
  const cols: string[] = [];
  for (const d of groupBy) {
    cols.push(FIELD_OF_DIM[d]);
    if (d === 'company') cols.push('company_name');
    if (d === 'country') cols.push('country_name');
  }
  return [...cols, ...metrics, 'share', ...extra];
}
