// Two validators: URL parts (query, params) arrive as strings and are coerced to the schema's
// types; JSON bodies are checked as sent, so `"api_secret": 42` is a 400, not a string "42".
import type { FastifyInstance } from 'fastify';
import { Ajv, type Options, type ValidateFunction, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

function makeAjv(opts: Options): Ajv {
  const ajv = new Ajv({ removeAdditional: false, useDefaults: true, allErrors: false, strict: false, ...opts });
  addFormats.default(ajv);
  return ajv;
}

// A number in a URL is coerced from text, so "1e309" arrives as Infinity (which JSON Schema's
// integer check lets through) and "99999999999999999999" as 1e20: both pass the schema and then
// overflow a PostgreSQL integer or numeric column, a 500. Every integer of this API's URLs (ids,
// limits, horizons, years) fits a 32-bit column, and every amount fits well under 1e15.
const MAX_URL_INTEGER = 2_147_483_647;
const MAX_URL_NUMBER = 1e15;

function outOfRange(data: unknown): ErrorObject | null {
  if (!data || typeof data !== 'object') return null;
  for (const [name, v] of Object.entries(data as Record<string, unknown>)) {
    for (const x of Array.isArray(v) ? v : [v]) {
      if (typeof x !== 'number') continue;
      const limit = Number.isInteger(x) ? MAX_URL_INTEGER : MAX_URL_NUMBER;
      if (!Number.isFinite(x) || Math.abs(x) > limit) {
        return { instancePath: `/${name}`, schemaPath: '#', keyword: 'maximum', params: { limit }, message: `must be a finite number no larger than ${limit} in magnitude` };
      }
    }
  }
  return null;
}

// PostgreSQL text cannot hold U+0000 (its wire protocol ends a string there), so a value carrying
// one failed in the store as a 500 (a path id of '%00', found by scripts/fuzz.ts); it is refused
// here like any other malformed value, on either store, so both answer alike.
function nulCharacter(data: unknown, at = ''): ErrorObject | null {
  if (typeof data === 'string') {
    return data.includes('\u0000') ? { instancePath: at, schemaPath: '#', keyword: 'pattern', params: {}, message: 'must not contain a NUL character' } : null;
  }
  if (!data || typeof data !== 'object') return null;
  for (const [name, v] of Object.entries(data as Record<string, unknown>)) {
    const bad = nulCharacter(v, `${at}/${name}`);
    if (bad) return bad;
  }
  return null;
}

/** The schema's check, then the checks JSON Schema cannot say: numbers a column can hold (URL parts only), no NUL in any text. */
function withStoreBounds(check: ValidateFunction, numbers: boolean): ValidateFunction {
  const validate = ((data: unknown, ctx?: Parameters<ValidateFunction>[1]) => {
    const ok = check(data, ctx);
    validate.errors = check.errors;
    if (!ok) return false;
    const bad = (numbers ? outOfRange(data) : null) ?? nulCharacter(data);
    if (bad) validate.errors = [bad];
    return !bad;
  }) as ValidateFunction;
  // Fastify passes the parent object (so Ajv can coerce a root value) only to validators that
  // carry Ajv's schemaEnv.
  Object.assign(validate, { schemaEnv: check.schemaEnv, schema: check.schema });
  return validate;
}

export function registerValidation(app: FastifyInstance): void {
  const url = makeAjv({ coerceTypes: 'array' });
  const body = makeAjv({ coerceTypes: false });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? withStoreBounds(body.compile(schema), false) : withStoreBounds(url.compile(schema), true)));
}
