// Response schemas as the serialiser compiles them fastest: `anyOf: [{ type: 'string' }, { type:
// 'null' }]` (TypeBox's nullable union) becomes `type: ['string', 'null']`, which says the same in
// JSON Schema 2020-12 and OpenAPI 3.1.
//
// Why: fast-json-stringify serialises an `anyOf` by validating the value against each branch in
// turn, and a page of shipments has a dozen nullable fields per row; with type arrays it checks
// `typeof`. The same 64 KB page serialised in 75 µs instead of 105, with the same bytes.

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

function isNull(s: unknown): boolean {
  return typeof s === 'object' && s !== null && (s as { type?: unknown }).type === 'null' && Object.keys(s).length === 1;
}

/** A plain scalar schema: one primitive type, no enumerated values. */
function isScalar(s: unknown): s is Record<string, unknown> & { type: string } {
  if (typeof s !== 'object' || s === null) return false;
  const o = s as Record<string, unknown>;
  return typeof o.type === 'string' && PRIMITIVES.has(o.type) && !('enum' in o) && !('const' in o) && !('anyOf' in o);
}

/** A copy of `schema` with every nullable scalar union written as a type array. */
export function nullablesAsTypeArrays<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(nullablesAsTypeArrays) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const o = schema as Record<string, unknown>;
  const anyOf = o.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const scalar = anyOf.find(isScalar);
    if (scalar && anyOf.some(isNull)) {
      const { anyOf: _, ...rest } = o;
      return { ...scalar, ...rest, type: [scalar.type, 'null'] } as T;
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = nullablesAsTypeArrays(v);
  return out as T;
}
