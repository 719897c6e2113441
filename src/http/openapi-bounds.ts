// What every operation's entry in the OpenAPI document states the same way, added once to the
// generated document rather than to a hundred route schemas:
// - the rate-limit headers on each 2xx and 4xx answer and Retry-After on a 429 (contract §2),
//   and the CORS header each answer carries when CORS is configured;
// - bounds on what answers contain: a format and range on every integer, a length on every string,
//   a size on every array, where the route's schema does not state a tighter one.
// Request parameters are not touched here: their bounds are real validation and live in the
// route schemas (see `int32Bounds` in operation.ts and the feature params).

type Json = Record<string, unknown>;

/** Bounds true of every answer: JavaScript integers, the longest free text stored, the largest list or series returned. */
export const ANSWER_BOUNDS = {
  integer: { format: 'int64', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
  maxLength: 100_000,
  maxItems: 100_000,
} as const;

const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': { description: 'Requests allowed per window for this key (or client address before authentication)', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 } },
};
const NOTE = ' Sent once the request has passed authentication; an answer refusing the credentials or the input before that carries none.';

// @fastify/cors answers with it only where CORS_ORIGINS is configured.
const CORS: Json = {
  'Access-Control-Allow-Origin': { description: 'The allowed origin, when the server is configured for browser clients (CORS_ORIGINS); absent otherwise', schema: { type: 'string', maxLength: 2000 } },
};

const RETRY_AFTER: Json = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 } },
};

/** Adds the bounds an answer schema leaves out, in place; `$ref`s are left to their target. */
export function boundAnswerSchema(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const s of schema) boundAnswerSchema(s);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const s = schema as Json;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer')) {
    if (s.format === undefined) s.format = ANSWER_BOUNDS.integer.format;
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = ANSWER_BOUNDS.integer.minimum;
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = ANSWER_BOUNDS.integer.maximum;
  }
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined) s.maxLength = ANSWER_BOUNDS.maxLength;
  if (types.includes('array') && s.maxItems === undefined) s.maxItems = ANSWER_BOUNDS.maxItems;
  for (const [k, v] of Object.entries(s)) {
    if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples' || k === 'example') continue;
    boundAnswerSchema(v);
  }
}

interface Doc {
  paths?: Record<string, Record<string, { responses?: Record<string, Json> }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** The document with the shared headers and answer bounds added (changes it in place). */
export function withSharedDetails<T>(document: T): T {
  const doc = document as Doc;
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const [code, response] of Object.entries(op.responses ?? {})) {
        if (/^[24]/.test(code)) {
          const limited = code.startsWith('2') || code === '404' || code === '409' || code === '429' ? RATE_LIMIT_HEADERS : withNote(RATE_LIMIT_HEADERS);
          response.headers = { ...limited, ...(code === '429' ? RETRY_AFTER : {}), ...(response.headers as Json | undefined) };
        }
        response.headers = { ...CORS, ...(response.headers as Json | undefined) };
        boundAnswerSchema(response.content);
      }
    }
  }
  for (const s of Object.values(doc.components?.schemas ?? {})) boundAnswerSchema(s);
  return document;
}

function withNote(headers: Json): Json {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, { ...(v as Json), description: (v as Json).description + '.' + NOTE }]));
}
