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
import { Answers, bytesOf, placeholderMeta, split, type Answer } from './answers.js';
import { onBatchCommitted } from '../ingest/events.js';
import { nullablesAsTypeArrays } from './type-arrays.js';

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
  /** The answer changes without a data write or depends on the caller (a job's status): never remembered. */
  live?: boolean;
  handle(input: { params: Static<P>; query: Static<Q>; body: Static<B> }, ctx: Ctx): Promise<Result | Download> | Result | Download;
}

export type Operation = OperationSpec<TSchema, TSchema, TSchema>;

export function defineOperation<P extends TSchema = Empty, Q extends TSchema = Empty, B extends TSchema = Empty>(
  spec: OperationSpec<P, Q, B>,
): Operation {
  return spec as unknown as Operation;
}

const COMMON_ERRORS: ErrorType[] = ['validation_error', 'rate_limited', 'internal_error'];
const AUTH_ERRORS: ErrorType[] = ['unauthorized', 'token_expired', 'forbidden', 'quota_exceeded'];

/** Reads of trade and company data, the same for every caller with the scope: their answers may be remembered. */
function remembers(op: Operation): boolean {
  return op.method === 'GET' && (op.scope === 'trade:read' || op.scope === 'companies:read') && !op.live;
}

/** Operations that change what the remembered answers say. */
function writesData(op: Operation): boolean {
  return op.scope === 'data:write' || op.scope === 'shipments:write';
}

// Meta fields every answer sets itself; an operation giving its own is answered afresh each time.
const OWN_META = ['request_id', 'count', 'took_ms'];

export function registerOperations(app: FastifyInstance, deps: AppDeps, operations: Operation[]): void {
  const answers = deps.config.answerCacheSeconds > 0 ? new Answers(deps.config.answerCacheSeconds, deps.config.answerCacheBytes) : null;
  if (answers) {
    const stop = onBatchCommitted(() => answers.clear());
    app.addHook('onClose', async () => void stop());
  }
  const send = (req: FastifyRequest, reply: FastifyReply, a: Answer, started: number, hit: boolean) => {
    req.recordsServed = a.count;
    if (a.headers) reply.headers(a.headers);
    if (hit) reply.header('age', Math.floor((Date.now() - a.at) / 1000));
    reply.code(a.status).type('application/json; charset=utf-8');
    return bytesOf(a, req.id, round2(performance.now() - started));
  };
  for (const op of operations) {
    const remembered = answers !== null && remembers(op);
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
        ...(op.params ? { params: op.params } : {}),
        ...(op.querystring ? { querystring: op.querystring } : {}),
        ...(op.body ? { body: op.body } : {}),
        ...(op.scope === 'public' ? { security: [] } : { security: [{ bearerAuth: [] }] }),
        ...(op.scope !== 'public' && op.scope !== 'authenticated' ? { 'x-required-scope': op.scope } : {}),
        response,
      },
      config: { scope: op.scope, operationId: op.operationId },
      handler: async (req, reply) => {
        const started = performance.now();
        const key = remembered && !wantsDownload(req) ? req.url : null;
        if (key) {
          const hit = answers!.get(key);
          if (hit) return send(req, reply, hit, started, true);
        }
        const generation = answers?.generation;
        const input = { params: req.params, query: req.query, body: req.body } as never;
        // An answer that reads who is asking is that caller's own: never remembered.
        let personal = false;
        const ctx: Ctx = {
          req,
          reply,
          deps,
          get auth() {
            personal = true;
            return req.auth;
          },
        };
        const out = await op.handle(input, ctx);
        if ('rows' in out) {
          return sendDownload(req, reply, out);
        }
        const status = out.status ?? op.status ?? 200;
        if (writesData(op)) answers?.clear();
        if (key && !personal && answers!.generation === generation && !OWN_META.some((f) => out.meta && f in out.meta)) {
          reply.code(status);
          const n = out.data.length;
          const text = reply.serialize({ status: 'success', code: status, data: out.data, meta: placeholderMeta(n, out.meta) });
          const parts = typeof text === 'string' ? split(text, n) : null;
          if (parts) {
            const a: Answer = { status, count: n, headers: out.headers, ...parts, at: Date.now() };
            answers!.set(key, a);
            return send(req, reply, a, started, false);
          }
        }
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

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A calendar day, YYYY-MM-DD: the format check refuses 2026-02-30 as well as 2026-13-01. */
export const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

/** `format` query parameter for lists and aggregates (also settable by the Accept header). */
export const FormatParam = Type.Optional(
  Type.Unsafe<'json' | 'csv' | 'ndjson'>({ type: 'string', enum: ['json', 'csv', 'ndjson'], description: 'json (default, one page) or csv / ndjson (the whole result, streamed)' }),
);

export { wantsDownload };
