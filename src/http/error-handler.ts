// One handler turns every failure into the error envelope. 5xx answers carry a generic message;
// the cause goes to the log with the request id.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ApiError, methodNotAllowed, type ErrorDetail } from './errors.js';
import { isStoreUnavailable, STORE_RETRY_AFTER_S } from '../db/faults.js';
import { CancelledError } from '../cancel.js';

export function errorBody(req: FastifyRequest, err: ApiError) {
  return {
    status: 'error' as const,
    code: err.status,
    data: [],
    error: { type: err.type, message: err.message, details: err.details, request_id: String(req.id) },
  };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
  reply.code(err.status).headers(err.headers);
  if (err.status === 401 && !reply.hasHeader('www-authenticate')) reply.header('www-authenticate', 'Bearer realm="tradeapi"');
  return reply.type('application/json; charset=utf-8').send(errorBody(req, err));
}

interface AjvError {
  instancePath?: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

function validationDetails(err: FastifyError & { validation?: AjvError[]; validationContext?: string }): ErrorDetail[] {
  const where = err.validationContext ?? 'request';
  return (err.validation ?? []).map((v) => {
    let field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (v.keyword === 'required' && typeof v.params.missingProperty === 'string') field = field ? `${field}.${v.params.missingProperty}` : v.params.missingProperty;
    if (v.keyword === 'additionalProperties' && typeof v.params.additionalProperty === 'string') {
      return { field: v.params.additionalProperty, issue: where === 'querystring' ? 'unknown parameter' : 'unknown field' };
    }
    const detail: ErrorDetail = { field: field || where, issue: v.message ?? v.keyword };
    if (v.keyword === 'enum' && Array.isArray(v.params.allowedValues)) detail.allowed = v.params.allowedValues.map(String);
    return detail;
  });
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (e.validation) {
    const details = validationDetails(e);
    const first = details[0];
    return new ApiError('validation_error', first ? `Invalid ${first.field}: ${first.issue}` : 'Invalid request', details);
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Request bodies must be JSON: send Content-Type: application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is larger than the limit of this server');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('validation_error', 'The request body is empty; send a JSON object', [{ field: 'body', issue: 'required' }]);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('validation_error', 'Content-Length does not match the body');
  }
  if (e instanceof SyntaxError || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new ApiError('validation_error', 'The request body is not valid JSON', [{ field: 'body', issue: 'invalid JSON' }]);
  }
  if (isStoreUnavailable(err)) {
    return new ApiError('service_unavailable', 'The data store is unavailable for the moment; retry shortly', [], { 'retry-after': String(STORE_RETRY_AFTER_S) });
  }
  if (e.statusCode === 429) return new ApiError('rate_limited', e.message || 'Too many requests');
  if (e.statusCode === 503) return new ApiError('service_unavailable', 'The server is shutting down or overloaded; retry shortly');
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError('validation_error', e.message);
  }
  return new ApiError('internal_error', 'An internal error occurred; quote the request_id when reporting it');
}

/**
 * Errors the framework answers before any route runs (a path parameter over the router's length
 * limit, a malformed percent-encoding in the path): in the envelope like every other refusal.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(req, reply, new ApiError('validation_error', 'A path parameter is longer than this server accepts', [{ field: 'path', issue: 'too long' }], {}, 414));
    return;
  }
  void sendError(req, reply, new ApiError('validation_error', 'The request path is not a valid URL path', [{ field: 'path', issue: 'malformed' }]));
}

/**
 * Requests Node's HTTP parser refuses before any route runs (a request line or headers over the
 * header size limit, malformed HTTP): answered in the envelope too, then the connection closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    status: 'error',
    code: status,
    data: [],
    error: {
      type: tooLarge ? 'payload_too_large' : 'validation_error',
      message: tooLarge ? 'The request line and headers are larger than this server accepts' : 'The request is not valid HTTP',
      details: [{ field: tooLarge ? 'headers' : 'request', issue: tooLarge ? 'too large' : 'malformed' }],
      request_id: randomUUID(),
    },
  });
  const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export function registerErrorHandling(app: FastifyInstance): void {
  // A second router of every route, to tell 405 (path exists, method does not) from 404.
  const known = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat() as HTTPMethod[]) if (m !== 'HEAD' && !known.hasRoute(m, route.url)) known.on(m, route.url, () => undefined);
  });

  app.setErrorHandler((err, req, reply) => {
    // Nobody is there to read an answer (nginx's 499: the client closed the request).
    if (err instanceof CancelledError) {
      req.log.debug('client gone: the rest of its analytic work was not started');
      return reply.code(499).send();
    }
    const apiErr = toApiError(err);
    if (apiErr.type === 'service_unavailable') req.log.warn({ err: { message: (err as Error).message, code: (err as { code?: unknown }).code } }, 'store unavailable');
    else if (apiErr.status >= 500) req.log.error({ err }, 'request failed');
    else if (apiErr.type === 'internal_error') req.log.error({ err }, 'request failed');
    return sendError(req, reply, apiErr);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => m !== req.method && known.find(m as 'GET', path));
    if (allowed.length > 0) return sendError(req, reply, methodNotAllowed(req.method, path, allowed));
    return sendError(req, reply, new ApiError('not_found', `No operation at ${req.method} ${path}; see /v1/openapi.json`));
  });
}
