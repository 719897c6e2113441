// The response envelope of the contract (§1): every answer under /v1 is one of these two shapes.
import { Type, type TSchema } from 'typebox';
import { ERROR_TYPES } from './errors.js';
import { WarningSchema } from './coverage.js';

export const Meta = Type.Object(
  {
    request_id: Type.String(),
    count: Type.Integer(),
    took_ms: Type.Number(),
    limit: Type.Optional(Type.Integer()),
    next_cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    total: Type.Optional(Type.Integer()),
    source: Type.Optional(Type.Unknown()),
    query: Type.Optional(Type.Unknown()),
    warnings: Type.Optional(Type.Array(WarningSchema, { maxItems: 20, description: 'Present when the answer may mislead, e.g. a window outside the data' })),
  },
  { additionalProperties: true },
);

export function Envelope(item: TSchema) {
  return Type.Object({
    status: Type.Literal('success'),
    code: Type.Integer(),
    data: Type.Array(item),
    meta: Meta,
  });
}

export const ErrorEnvelope = Type.Object(
  {
    status: Type.Literal('error'),
    code: Type.Integer(),
    data: Type.Array(Type.Unknown(), { maxItems: 0 }),
    error: Type.Object({
      type: Type.Union(ERROR_TYPES.map((t) => Type.Literal(t))),
      message: Type.String(),
      details: Type.Array(
        Type.Object({ field: Type.String(), issue: Type.String(), allowed: Type.Optional(Type.Array(Type.String())) }),
      ),
      request_id: Type.String(),
    }),
  },
  { $id: 'ErrorEnvelope' },
);
