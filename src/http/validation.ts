// Two validators: URL parts (query, params) arrive as strings and are coerced to the schema's
// types; JSON bodies are checked as sent, so `"api_secret": 42` is a 400, not a string "42".
import type { FastifyInstance } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';

function makeAjv(opts: Options): Ajv {
  const ajv = new Ajv({ removeAdditional: false, useDefaults: true, allErrors: false, strict: false, ...opts });
  addFormats.default(ajv);
  return ajv;
}

export function registerValidation(app: FastifyInstance): void {
  const url = makeAjv({ coerceTypes: 'array' });
  const body = makeAjv({ coerceTypes: false });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? body.compile(schema) : url.compile(schema)));
}
