// Turns every operation of the OpenAPI document into a list of concrete, varied requests, with
// parameter values drawn from the dataset. Operations whose calls would change or destroy state
// the rest of the run depends on are listed with the reason they are not driven.
import type { Samples } from './samples.js';

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
  constructor(private s: number) {}
  next(): number {
    // mulberry32
    let t = (this.s += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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

function pathValue(name: string, route: string, rng: Rng, s: Samples, scratch: Record<string, string>): string | undefined {
  switch (name) {
    case 'declaration_no': return rng.pick(s.declarationNo[flowOf(route)]);
    case 'bl_number': return rng.pick(s.blNumber[flowOf(route)]);
    case 'company_id': return String(rng.pick(s.companyIds) ?? '');
    case 'record_id': return String(rng.pick(s.recordIds) ?? '');
    case 'code': return rng.pick(s.gtips)?.slice(0, rng.pick([2, 4, 6, 12]) ?? 6);
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
    default: return undefined;
  }
}

function queryValue(p: Param, rng: Rng, s: Samples, scratch: Record<string, string>): string | undefined {
  const e = p.schema?.enum;
  switch (p.name) {
    case 'limit': return String(rng.int(20, 100));
    case 'from': {
      const i = rng.int(0, Math.max(0, s.months.length - 4));
      scratch.toIndex = String(Math.min(s.months.length - 1, i + rng.int(2, 11)));
      return s.months[i];
    }
    case 'to': return s.months[Number(scratch.toIndex ?? s.months.length - 1)];
    case 'hs': return hsPrefix(rng, s);
    case 'country': case 'origin': return rng.pick(s.countries);
    case 'port': return rng.pick(s.ports);
    case 'customs_office': return rng.pick(s.customsOffices);
    case 'company_id': return String(rng.pick(s.companyIds) ?? '');
    case 'q': return rng.pick(s.words);
    case 'reference': return rng.pick([...s.blNumber.import.slice(0, 50), ...s.containers.slice(0, 50), ...s.bookings.slice(0, 50)]);
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

function bodyFor(operationId: string, rng: Rng, s: Samples, creds: { api_key: string; api_secret: string }): string | undefined {
  switch (operationId) {
    case 'createToken': return JSON.stringify(creds);
    case 'classifyHsCode': return JSON.stringify({ description: rng.pick(s.descriptions), top_k: 5 });
    case 'landedCost': return JSON.stringify({ origin: rng.pick(s.countries), customs_value_usd: rng.int(1000, 500000), freight_usd: rng.int(100, 5000) });
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
      for (let i = 0; i < count; i++) {
        const scratch: Record<string, string> = {};
        let path = route;
        let missing: string | null = null;
        for (const p of params.filter((x) => x.in === 'path')) {
          const v = pathValue(p.name, route, rng, s, scratch);
          if (!v) missing = p.name;
          else path = path.replace(`{${p.name}}`, encodeURIComponent(v));
        }
        if (missing) {
          plan.skipped = `no value in the dataset for path parameter ${missing}`;
          break;
        }
        const qs = new URLSearchParams();
        for (const p of params.filter((x) => x.in === 'query')) {
          if (!p.required && !ALWAYS.has(p.name) && rng.next() < 0.5) continue;
          const v = queryValue(p, rng, s, scratch);
          if (v !== undefined && v !== '') qs.set(p.name, v);
        }
        if (qs.has('from') && !qs.has('to') && scratch.toIndex) qs.set('to', s.months[Number(scratch.toIndex)]!);
        const full = qs.size ? `${path}?${qs}` : path;
        let body: string | undefined;
        if (m !== 'GET') {
          body = bodyFor(op.operationId, rng, s, creds);
          if (body === undefined && op.requestBody) {
            plan.skipped = 'writes data; no request generator for it yet';
            break;
          }
        }
        plan.variants.push({ method: m, path: full, ...(body !== undefined ? { body } : {}) });
      }
      if (plan.skipped) plan.variants = [];
    }
  }
  return plans;
}
