// Turns every operation of the OpenAPI document into a list of concrete, varied requests, with
// parameter values drawn from the dataset. Operations whose calls would change or destroy state
// the rest of the run depends on are listed with the reason they are not driven.
import type { Samples } from './samples.js';
import { mulberry32 } from '../src/synth/prng.js';

export interface Variant {
  method: string;
  path: string;
  body?: string;
}

export interface OperationPlan {
  operationId: string;
  method: string;
  route: string;
  tag: string;
  variants: Variant[];
  skipped?: string;
}

interface Param {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema?: { type?: string; enum?: string[]; minimum?: number; maximum?: number; default?: unknown };
}
interface OpenApiOp {
  operationId: string;
  tags?: string[];
  parameters?: Param[];
  requestBody?: unknown;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOp>>;
}

/** Calls that revoke, rotate or delete what the run itself uses, or are one-shot by design. */
const NOT_DRIVEN: Record<string, string> = {
  refreshToken: 'refresh tokens are single use: a load loop would only measure the replay refusal',
  revokeToken: 'would revoke the token the run uses',
  revokeApiKey: 'destructive: revokes keys',
  rotateApiKey: 'destructive: replaces the secret of a key',
};

export class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  pick<T>(xs: readonly T[]): T | undefined {
    return xs.length ? xs[Math.floor(this.next() * xs.length)] : undefined;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
}

function flowOf(route: string): 'import' | 'export' {
  return route.includes('/exports') ? 'export' : 'import';
}

function hsPrefix(rng: Rng, s: Samples): string | undefined {
  const g = rng.pick(s.gtips);
  return g?.slice(0, rng.pick([2, 4, 6]) ?? 6);
}

function pathValue(name: string, route: string, rng: Rng, s: Samples, scratch: Record<string, string>, enumValue?: string[]): string | undefined {
  switch (name) {
    case 'declaration_no': return rng.pick(s.declarationNo[flowOf(route)]);
    case 'bl_number': return rng.pick(s.blNumber[flowOf(route)]);
    case 'company_id': return String(rng.pick(s.companyIds) ?? '');
    case 'record_id': return String(rng.pick(s.recordIds) ?? '');
    case 'code':
      if (route.includes('/customs-offices/')) return rng.pick(s.customsOffices);
      // Tariffs, regulations and landed cost are defined for subheadings and GTİP lines.
      if (/\/(tariffs|regulations|landed-cost)$/.test(route)) return rng.pick(s.gtips)?.slice(0, rng.pick([6, 12]) ?? 6);
      return rng.pick(s.gtips)?.slice(0, rng.pick([2, 4, 6, 12]) ?? 6);
    case 'hs': return hsPrefix(rng, s);
    case 'country': return rng.pick(s.countries);
    case 'shipment_id': return String(rng.pick(s.shipmentIds) ?? '');
    case 'locode': return rng.pick(s.ports);
    case 'origin_port': {
      const r = rng.pick(s.routes);
      if (r) scratch.destination_port = r[1];
      return r?.[0];
    }
    case 'destination_port': return scratch.destination_port;
    case 'key_id': return scratch.key_id;
    default: return enumValue ? rng.pick(enumValue) : undefined;
  }
}

function queryValue(p: Param, rng: Rng, s: Samples, scratch: Record<string, string>): string | undefined {
  const e = p.schema?.enum;
  switch (p.name) {
    case 'limit': return String(rng.int(20, 100));
    case 'from': {
      const i = rng.int(0, Math.max(0, s.months.length - 4));
      scratch.toIndex = String(Math.min(s.months.length - 1, i + rng.int(2, 11)));
      return dayOnly(p) ? `${s.months[i]}-01` : s.months[i];
    }
    case 'to': {
      const m = s.months[Number(scratch.toIndex ?? s.months.length - 1)];
      return dayOnly(p) ? `${m}-28` : m;
    }
    case 'period_a_from': case 'period_b_from': {
      const i = rng.int(0, Math.max(0, s.months.length - 3));
      scratch[p.name.replace('from', 'to')] = s.months[Math.min(s.months.length - 1, i + 2)]!;
      return s.months[i];
    }
    case 'period_a_to': case 'period_b_to': return scratch[p.name];
    case 'from_company': {
      const pair = rng.pick(s.pairs);
      scratch.to_company = String(pair?.[1] ?? '');
      return String(pair?.[0] ?? '');
    }
    case 'to_company': return scratch.to_company;
    case 'from_edition': return 'HS2022';
    case 'to_edition': return 'HS2017';
    case 'hs': return hsPrefix(rng, s);
    case 'country': case 'origin': return rng.pick(s.countries);
    case 'port': return rng.pick(s.ports);
    case 'customs_office': return rng.pick(s.customsOffices);
    case 'company_id': return String(rng.pick(s.companyIds) ?? '');
    case 'q': return rng.pick(s.words);
    case 'reference': return rng.pick(s.trackable);
    case 'carrier': return rng.pick(s.carriers);
    case 'origin_port': return rng.pick(s.routes)?.[0];
    case 'destination_port': return rng.pick(s.routes)?.[1];
    case 'top': return String(rng.int(5, 20));
    case 'horizon': return String(rng.int(3, 12));
    case 'depth': return String(rng.int(1, 2));
    case 'code': return rng.pick(s.gtips)?.slice(0, 6);
  }
  if (e?.length) return rng.pick(e);
  return undefined;
}

/** Filters are optional: each is set on about half of the requests, so plans vary. */
const ALWAYS = new Set(['limit', 'from', 'to']);
/** Rarer in real use than the other filters: set on a quarter of the requests. */
const RARE = new Set(['q', 'company_id']);
/**
 * Left to their defaults: `format` (csv/ndjson stream the whole result: a download, not a page),
 * editions (only HS 2022 is loaded by default), the detected reference kind, the tariff date.
 */
const NEVER = new Set(['format', 'edition', 'kind', 'date', 'cursor']);
/** Parameters that only make sense on some operations. */
const ONLY_ON: Record<string, RegExp> = {
  freq: /time-series|balance|growth|market-share|concentration/,
  hs_level: /by-product|products/,
};
/** Series analyses need their whole history, and a slice wide enough to have one. */
const WHOLE_HISTORY = /seasonality|forecast/;
// No flow: an HS code drawn from the data trades in at least one direction.
const SERIES_PARAMS = new Set(['hs', 'horizon']);
/** Details of one route or one pair: over the whole period, where they are known to have traffic. */
const NO_WINDOW = /\/supply-chain\/(routes\/|path)/;

function dayOnly(p: Param): boolean {
  // A parameter whose pattern or format is a full date (YYYY-MM-DD) refuses months.
  const schema = p.schema as { pattern?: string; format?: string } | undefined;
  return schema?.format === 'date' || (schema?.pattern ?? '') === String.raw`^\d{4}-\d{2}-\d{2}$`;
}

/** Parameters an operation needs together that its schema cannot say. */
function required(route: string, rng: Rng, s: Samples): Record<string, string> {
  if (route === '/v1/statistics/market-share') return { country: rng.pick(s.countries) ?? 'DE', hs: rng.pick(s.gtips)?.slice(0, 2) ?? '87' };
  if (WHOLE_HISTORY.test(route)) return { hs: rng.pick(s.gtips)?.slice(0, 2) ?? '87', freq: 'month' };
  // Unit values read item lines and refuse a filter matching more than 50,000 of them: name a product.
  if (route.endsWith('/unit-values')) return { hs: rng.pick(s.gtips)?.slice(0, rng.pick([4, 6]) ?? 6) ?? '8703' };
  if (route === '/v1/trade/aggregate') {
    const group = rng.pick([['country'], ['hs4'], ['period'], ['port'], ['transport_mode'], ['company'], ['period', 'country']])!;
    return { group_by: group.join(','), ...(group.includes('period') ? { freq: rng.pick(['month', 'quarter', 'year'])! } : {}) };
  }
  return {};
}

function bodyFor(operationId: string, rng: Rng, s: Samples, creds: { api_key: string; api_secret: string }): string | undefined {
  switch (operationId) {
    case 'createToken': return JSON.stringify(creds);
    case 'classifyProduct': return JSON.stringify({ description: rng.pick(s.descriptions), top_k: 5 });
    case 'computeLandedCost': return JSON.stringify({ origin: rng.pick(s.countries), customs_value_usd: rng.int(1000, 500000), freight_usd: rng.int(100, 5000), insurance_usd: 50, quantity: 10, net_weight_kg: rng.int(100, 20000) });
    case 'matchCompanies': return JSON.stringify({ inputs: s.words.slice(rng.int(0, 50), rng.int(51, 60)).map((w) => ({ name: `${w} Tekstil San. ve Tic. A.Ş.`, country: 'TR' })) });
    default: return undefined;
  }
}

export function planOperations(doc: OpenApiDoc, s: Samples, creds: { api_key: string; api_secret: string }, count: number, seed = 7): OperationPlan[] {
  const plans: OperationPlan[] = [];
  const rng = new Rng(seed);
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const m = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) continue;
      const plan: OperationPlan = { operationId: op.operationId, method: m, route, tag: op.tags?.[0] ?? '', variants: [] };
      plans.push(plan);
      if (NOT_DRIVEN[op.operationId]) {
        plan.skipped = NOT_DRIVEN[op.operationId];
        continue;
      }
      if (m === 'DELETE') {
        plan.skipped = 'destructive: deletes what it names';
        continue;
      }
      const params = op.parameters ?? [];
      // Distinct requests only: draws that repeat one already planned are dropped (a few times the
      // count is tried; an operation with few possible requests gets fewer).
      const seen = new Set<string>();
      for (let i = 0; i < count * 4 && plan.variants.length < count; i++) {
        const scratch: Record<string, string> = {};
        let path = route;
        let missing: string | null = null;
        for (const p of params.filter((x) => x.in === 'path')) {
          const v = pathValue(p.name, route, rng, s, scratch, p.schema?.enum);
          if (!v) missing = p.name;
          else path = path.replace(`{${p.name}}`, encodeURIComponent(v));
        }
        if (missing) {
          plan.skipped = `no value in the dataset for path parameter ${missing}`;
          break;
        }
        const qs = new URLSearchParams(required(route, rng, s));
        for (const p of params.filter((x) => x.in === 'query')) {
          if (qs.has(p.name) || NEVER.has(p.name)) continue;
          if (ONLY_ON[p.name] && !ONLY_ON[p.name]!.test(route)) continue;
          if (WHOLE_HISTORY.test(route) && !SERIES_PARAMS.has(p.name)) continue;
          if ((p.name === 'from' || p.name === 'to') && NO_WINDOW.test(route)) continue;
          if (p.name === 'freq' && route === '/v1/trade/aggregate') continue;
          if (!p.required && !ALWAYS.has(p.name) && rng.next() < (RARE.has(p.name) ? 0.75 : 0.5)) continue;
          const v = queryValue(p, rng, s, scratch);
          if (v !== undefined && v !== '') qs.set(p.name, v);
        }
        if (qs.has('from') && !qs.has('to') && scratch.toIndex) qs.set('to', qs.get('from')!.length > 7 ? `${s.months[Number(scratch.toIndex)]}-28` : s.months[Number(scratch.toIndex)]!);
        const full = qs.size ? `${path}?${qs}` : path;
        let body: string | undefined;
        if (m !== 'GET') {
          body = bodyFor(op.operationId, rng, s, creds);
          if (body === undefined && op.requestBody) {
            plan.skipped = 'writes data; no request generator for it yet';
            break;
          }
        }
        const key = `${full}\n${body ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        plan.variants.push({ method: m, path: full, ...(body !== undefined ? { body } : {}) });
      }
      if (plan.skipped) plan.variants = [];
    }
  }
  return plans;
}
