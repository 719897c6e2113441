// Hostile requests generated from the OpenAPI document: for any operation, path and query
// parameters drawn from each schema's own values (enums, bounds) mixed with values a careless or
// hostile client sends, random or missing auth headers and content types, and bodies built from
// the request schema then mutated (wrong types, missing and unknown fields, huge strings, bad
// JSON). `check` says what every answer must be: below 500 and, for an error, the envelope.
// Shared by scripts/fuzz.ts (a live server) and the bounded run in the test suite.

type Schema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; minimum?: number; maximum?: number; maxLength?: number; anyOf?: Schema[]; oneOf?: Schema[]; $ref?: string };
interface Param { name: string; in: string; schema?: Schema; required?: boolean }
interface OpDoc { operationId: string; parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
export type OpenApiDoc = { paths: Record<string, Record<string, OpDoc>> };

export interface FuzzOperation { method: string; path: string; operationId: string; params: Param[]; body: Schema | null }
export interface FuzzRequest { method: string; url: string; headers: Record<string, string>; payload?: string }

export function operationsOf(doc: OpenApiDoc): FuzzOperation[] {
  const ops: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'delete', 'put', 'patch'].includes(method)) continue;
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      ops.push({ method: method.toUpperCase(), path, operationId: op.operationId, params: op.parameters ?? [], body });
    }
  }
  return ops;
}

/** A small seeded generator (mulberry32): the same seed gives the same run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_TEXT = [
  '', ' ', 'x'.repeat(5000), "' OR 1=1 --", "'; drop table declarations; --", '%00', '\u0000', '-1', '0', '-0', '1e309', 'NaN', 'Infinity',
  '99999999999999999999999', '0x10', '1.5', '🙂İışĞ', '\u202e', '2026-13-45', '2026-02-30', '0000-00-00', '9999-12', '../../etc/passwd',
  'null', 'true', '[]', '{"a":1}', '<script>alert(1)</script>', '${7*7}', '%ZZ', ',,,', 'a,b,c,'.repeat(200), '*', '\\', '"',
];
const HOSTILE_JSON: unknown[] = [null, true, false, 0, -1, 1e308, -1e308, 1.5, '', 'x'.repeat(20_000), [], {}, [null], { $ne: 1 }, { __proto__: { admin: true } }, 'İ'.repeat(100)];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function types(s: Schema): string[] {
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf)!.flatMap(types);
  return [s.type ?? 'string'].flat();
}

/** A value the schema accepts (most of the time), as JSON. */
function validValue(r: () => number, s: Schema, depth = 0): unknown {
  if (s.enum?.length) return pick(r, s.enum);
  const t = pick(r, types(s));
  switch (t) {
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 0;
      const hi = s.maximum ?? lo + 1000;
      const n = lo + r() * Math.min(hi - lo, 1e6);
      return t === 'integer' ? Math.floor(n) : n;
    }
    case 'boolean':
      return r() < 0.5;
    case 'array':
      return depth > 3 ? [] : Array.from({ length: Math.floor(r() * 3) }, () => validValue(r, s.items ?? {}, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 3) return out;
      for (const [k, p] of Object.entries(s.properties ?? {})) if (s.required?.includes(k) || r() < 0.5) out[k] = validValue(r, p, depth + 1);
      return out;
    }
    case 'null':
      return null;
    default:
      return pick(r, ['TR', 'DE', '6109', '610910', '2024-01', '2024-03-15', 'sea', 'value_usd', 'abc', 'TRIST', '-value_usd', '1']);
  }
}

/** The schema's value, or one a careless or hostile client sends instead. */
function hostileValue(r: () => number, s: Schema, depth = 0): unknown {
  const x = r();
  if (x < 0.35) return validValue(r, s, depth);
  if (x < 0.6) return pick(r, HOSTILE_JSON);
  if (x < 0.8) return pick(r, HOSTILE_TEXT);
  if (types(s).includes('object') && depth < 3) {
    const out: Record<string, unknown> = {};
    for (const [k, p] of Object.entries(s.properties ?? {})) if (r() < 0.7) out[k] = hostileValue(r, p, depth + 1);
    if (r() < 0.3) out[pick(r, ['extra', '__proto__', 'constructor', ''])] = pick(r, HOSTILE_JSON);
    return out;
  }
  if (types(s).includes('array') && depth < 3) return Array.from({ length: Math.floor(r() * (r() < 0.1 ? 2000 : 4)) }, () => hostileValue(r, s.items ?? {}, depth + 1));
  return validValue(r, s, depth);
}

function asParam(v: unknown): string {
  return typeof v === 'string' ? v : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(',') : JSON.stringify(v);
}

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/ndjson', ''];
const ACCEPTS = ['*/*', 'application/json', 'text/csv', 'application/x-ndjson', 'text/html', 'image/png', ''];
// Never sent: they would end the run by revoking the credentials it uses.
const SKIP = new Set(['revokeToken']);

/** One hostile request for a random operation. `bearer` is a valid token (most requests carry it). */
export function nextRequest(r: () => number, ops: FuzzOperation[], bearer: string): FuzzRequest {
  let op = pick(r, ops);
  while (SKIP.has(op.operationId)) op = pick(r, ops);
  let path = op.path;
  const query: string[] = [];
  for (const p of op.params) {
    const v = asParam(hostileValue(r, p.schema ?? {}));
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v).slice(0, r() < 0.9 ? 300 : 5000) || 'x');
    else if (p.in === 'query' && (p.required || r() < 0.4)) {
      query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`);
      if (r() < 0.05) query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`); // repeated
    }
  }
  if (r() < 0.1) query.push(`${pick(r, ['unknown', 'limit', 'cursor', 'format', 'sort', '__proto__'])}=${encodeURIComponent(asParam(pick(r, HOSTILE_TEXT)))}`);
  if (r() < 0.03) query.push('%E0%A4%A=1'); // broken percent-encoding
  const headers: Record<string, string> = {};
  const auth = r();
  if (auth < 0.8) headers.authorization = `Bearer ${bearer}`;
  else if (auth < 0.9) headers.authorization = pick(r, ['Bearer ', 'Basic YTpi', `Bearer ${bearer}x`, 'Bearer a.b.c', `bearer ${bearer}`, 'Bearer ' + 'A'.repeat(5000)]);
  if (r() < 0.3) headers.accept = pick(r, ACCEPTS);
  if (r() < 0.1) headers['x-forwarded-for'] = pick(r, ['1.2.3.4', 'garbage', '::1, 10.0.0.1', '']);
  if (r() < 0.05) headers['x-request-id'] = pick(r, HOSTILE_TEXT).slice(0, 200).replace(/[^\x20-\x7e]/g, '');
  let payload: string | undefined;
  if (op.body || r() < 0.05) {
    const b = r();
    payload = b < 0.85 ? JSON.stringify(hostileValue(r, op.body ?? {})) : pick(r, ['{', '{"a":', 'null', '[1,2', '\u0000', 'x'.repeat(100_000), '{"__proto__":{"x":1}}']);
    headers['content-type'] = r() < 0.85 ? 'application/json' : pick(r, CONTENT_TYPES);
    if (!headers['content-type']) delete headers['content-type'];
  }
  const method = r() < 0.02 ? pick(r, ['PUT', 'PATCH', 'OPTIONS', 'HEAD']) : op.method;
  return { method, url: path + (query.length ? `?${query.join('&')}` : ''), headers, ...(payload !== undefined ? { payload } : {}) };
}

const ERROR_TYPES = new Set(['validation_error', 'unauthorized', 'token_expired', 'forbidden', 'not_found', 'conflict', 'unsupported_media_type', 'payload_too_large', 'rate_limited', 'quota_exceeded', 'service_unavailable', 'internal_error']);

/** Why an answer breaks the contract, or null when it keeps it. */
export function check(status: number, contentType: string | undefined, body: string, method: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status < 400 || method === 'HEAD' || method === 'OPTIONS') return null;
  if (!contentType?.includes('application/json')) return `error ${status} not JSON (${contentType})`;
  let e: { status?: unknown; code?: unknown; data?: unknown; error?: { type?: unknown; request_id?: unknown } };
  try {
    e = JSON.parse(body) as typeof e;
  } catch {
    return `error ${status} body is not JSON`;
  }
  if (e.status !== 'error' || e.code !== status || !Array.isArray(e.data) || !ERROR_TYPES.has(String(e.error?.type)) || typeof e.error?.request_id !== 'string') {
    return `error ${status} not in the envelope: ${body.slice(0, 200)}`;
  }
  return null;
}
