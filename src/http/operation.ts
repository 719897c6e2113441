// An operation is one route of the contract: its schemas, the scope it needs, the errors it can
// return and a handler that returns data (never an envelope). The envelope, meta, downloads and
// OpenAPI details are added here, once, for every route.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema, type TObject } from 'typebox';
import { Envelope } from './envelope.js';
import { ERROR_STATUS, type ErrorType } from './errors.js';
import type { Scope } from './scopes.js';
import type { AppDeps, AuthContext } from './types.js';
import { sendDownload, wantsDownload, type Download } from './download.js';
import { REVALIDATE, etagOf, matches } from './etag.js';
import { nullablesAsTypeArrays } from './type-arrays.js';
import { coverageWarnings, windowsOf } from './coverage.js';
import { sourceMeta } from '../features/shared/source-meta.js';

export type Tag =
  | 'Auth' | 'Account' | 'Admin' | 'System' | 'Import Data' | 'Export Data' | 'Trade Data'
  | 'Company and Buyer' | 'Supply Chain' | 'HS Code and Product' | 'Shipment Tracking' | 'Trade Statistics';

export interface Result {
  data: unknown[];
  meta?: Record<string, unknown>;
  status?: number;
  headers?: Record<string, string>;
}

export interface Ctx {
  req: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
  auth: AuthContext | null;
}

type Empty = TObject<Record<never, never>>;

export interface OperationSpec<P extends TSchema, Q extends TSchema, B extends TSchema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** 'public': no token; 'authenticated': any valid token; otherwise the scope required. */
  scope: Scope | 'authenticated' | 'public';
  params?: P;
  querystring?: Q;
  body?: B;
  /** Schema of one element of `data`. */
  data: TSchema;
  /** Error kinds this operation documents beyond the ones every route can return. */
  errors?: ErrorType[];
  /** Largest request body: 'large' for bulk payloads (BODY_LIMIT), else a byte count; default 1 MiB. */
  bodyLimit?: number | 'large';
  /** Success status (200 unless said). */
  status?: number;
  /** Lists and aggregates: the handler may be asked for the whole result as a download. */
  download?: boolean;
  /** The answer changes without a data write (a job's status): never named by the data version. */
  live?: boolean;
  handle(input: { params: Static<P>; query: Static<Q>; body: Static<B> }, ctx: Ctx): Promise<Result | Download> | Result | Download;
}

export type Operation = OperationSpec<TSchema, TSchema, TSchema>;

export function defineOperation<P extends TSchema = Empty, Q extends TSchema = Empty, B extends TSchema = Empty>(
  spec: OperationSpec<P, Q, B>,
): Operation {
  return spec as unknown as Operation;
}

// Any operation may be shed while the server closes or is overloaded (503).
const COMMON_ERRORS: ErrorType[] = ['validation_error', 'rate_limited', 'internal_error', 'service_unavailable'];
const AUTH_ERRORS: ErrorType[] = ['unauthorized', 'token_expired', 'forbidden', 'quota_exceeded'];

/**
 * Reads of trade and company data, which change only when a batch is applied: answered with an
 * ETag, and the windows they ask about are checked against the data's coverage.
 */
function conditional(op: Operation): boolean {
  return op.method === 'GET' && (op.scope === 'trade:read' || op.scope === 'companies:read') && !op.live;
}

export function registerOperations(app: FastifyInstance, deps: AppDeps, operations: Operation[]): void {
  for (const op of operations) {
    const tagged = conditional(op);
    const errorTypes = new Set<ErrorType>([...COMMON_ERRORS, ...(op.scope === 'public' ? [] : AUTH_ERRORS), ...(op.errors ?? [])]);
    const response: Record<string, unknown> = { [op.status ?? 200]: nullablesAsTypeArrays(Envelope(op.data)) };
    for (const t of errorTypes) response[String(ERROR_STATUS[t])] = { $ref: 'ErrorEnvelope#' };
    app.route({
      method: op.method,
      url: op.url,
      ...(op.bodyLimit ? { bodyLimit: op.bodyLimit === 'large' ? deps.config.bodyLimitBytes : Math.min(op.bodyLimit, deps.config.smallBodyLimitBytes) } : {}),
      schema: {
        operationId: op.operationId,
        tags: [op.tag],
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        ...(op.params ? { params: int32Bounds(op.params) } : {}),
        ...(op.querystring ? { querystring: int32Bounds(op.querystring) } : {}),
        ...(op.body ? { body: int32Bounds(op.body) } : {}),
        ...(op.scope === 'public' ? { security: [] } : { security: [{ [op.scope === 'admin' ? 'adminBearerAuth' : 'bearerAuth']: [] }] }),
        ...(op.scope !== 'public' && op.scope !== 'authenticated' ? { 'x-required-scope': op.scope } : {}),
        response,
      },
      config: { scope: op.scope, operationId: op.operationId },
      handler: async (req, reply) => {
        const started = performance.now();
        const etag = tagged && !wantsDownload(req) ? await etagOf(req, deps) : null;
        if (etag) {
          reply.header('etag', etag).header('cache-control', REVALIDATE);
          if (matches(req, etag)) return reply.code(304).send();
        }
        const input = { params: req.params, query: req.query, body: req.body } as never;
        const ctx: Ctx = { req, reply, deps, auth: req.auth };
        const out = await op.handle(input, ctx);
        if ('rows' in out) {
          return sendDownload(req, reply, out);
        }
        if (tagged && windowsOf(req.query).length) {
          const warnings = coverageWarnings(req.query, (await sourceMeta(deps.store.db)).coverage);
          if (warnings.length) out.meta = { ...out.meta, warnings };
        }
        const status = out.status ?? op.status ?? 200;
        req.recordsServed = out.data.length;
        if (out.headers) reply.headers(out.headers);
        reply.code(status);
        return {
          status: 'success',
          code: status,
          data: out.data,
          meta: { request_id: req.id, count: out.data.length, took_ms: round2(performance.now() - started), ...out.meta },
        };
      },
    });
  }
}

// Every integer in a URL (ids, limits, horizons, years) is refused beyond 32 bits (validation.ts
// checks that after coercion, where "1e309" becomes Infinity); stated in each schema with the
// int32 format, which Ajv also checks, so the document says what validation does. JSON bodies
// get the same bound: no integer this API takes (ids, counts, seconds, quotas) needs more, and
// a larger one would overflow an integer column.
const INT32 = { format: 'int32', minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/** A copy of a request schema with the 32-bit bounds on each integer that lacks them. */
export function int32Bounds<T extends TSchema>(schema: T): T {
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (typeof s !== 'object' || s === null) return s;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) out[k] = k === 'enum' || k === 'default' ? v : walk(v);
    const types = Array.isArray(out.type) ? out.type : [out.type];
    if (types.includes('integer')) {
      out.format ??= INT32.format;
      if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = INT32.minimum;
      if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = INT32.maximum;
    }
    return out;
  };
  return walk(schema) as T;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A calendar day, YYYY-MM-DD: the format check refuses 2026-02-30 as well as 2026-13-01. */
export const Day = Type.String({ format: 'date', maxLength: 10, description: 'YYYY-MM-DD' });

/** `format` query parameter for lists and aggregates (also settable by the Accept header). */
export const FormatParam = Type.Optional(
  Type.Unsafe<'json' | 'csv' | 'ndjson'>({ type: 'string', enum: ['json', 'csv', 'ndjson'], description: 'json (default, one page) or csv / ndjson (the whole result, streamed)' }),
);

export { wantsDownload };
