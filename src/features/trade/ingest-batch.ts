import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError, badParam } from '../../http/errors.js';
import { writeBatch } from '../../ingest/writer.js';

const MAX_RECORDS = 5000;
// The NDJSON text is bounded by the request body limit (BODY_LIMIT), at most 1 GiB.
const MAX_BODY_BYTES = 1024 * 1024 * 1024;

const Rejected = Type.Object({
  index: Type.Integer({ description: 'position of the record in the batch, from 0 (NDJSON: line number minus one)' }),
  declaration_no: Type.Union([Type.String(), Type.Null()]),
  field: Type.String({ description: 'dotted path of the offending field, e.g. items[2].gtip' }),
  reason: Type.String(),
});

export const ingestBatch = defineOperation({
  method: 'POST',
  url: '/v1/trade/records/batch',
  operationId: 'ingestRecordsBatch',
  tag: 'Trade Data',
  summary: 'Ingest a batch of customs declarations (JSON array or NDJSON)',
  description:
    `Up to ${MAX_RECORDS} declarations in the format of docs/data-formats.md, as a JSON array or as NDJSON ` +
    '(`Content-Type: application/x-ndjson`). Valid records are stored and the rollups updated in one transaction; ' +
    'invalid ones are listed with the field and the reason. Declaration numbers already stored count as duplicates. ' +
    'The batch is idempotent: the `Idempotency-Key` header (default: a hash of the body) identifies it, and sending ' +
    'it again returns the first result without writing. A batch whose every record is invalid is a 400.',
  bodyLimit: 'large',
  scope: 'data:write',
  body: Type.Union([Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_RECORDS }), Type.String({ minLength: 1, maxLength: MAX_BODY_BYTES, description: 'NDJSON' })]),
  data: Type.Object({
    batch_id: Type.Integer(),
    stored: Type.Integer(),
    duplicates: Type.Integer(),
    rejected: Type.Array(Rejected),
    replayed: Type.Boolean({ description: 'true when this idempotency key had been processed before' }),
  }),
  errors: ['payload_too_large', 'unsupported_media_type'],
  async handle({ body }, { req, deps, auth }) {
    const records = typeof body === 'string' ? ndjsonRecords(body) : body;
    const given = req.headers['idempotency-key'];
    if (given !== undefined && (typeof given !== 'string' || !/^[\w.:-]{1,200}$/.test(given))) {
      throw badParam('Idempotency-Key', 'must be 1 to 200 letters, digits, ".", ":", "_" or "-"');
    }
    const bodyHash = createHash('sha256').update(typeof body === 'string' ? body : JSON.stringify(body)).digest('hex');
    // Keys are per API key, so two clients cannot collide on the same idempotency key.
    const batchKey = `api:${auth!.keyId}:${given ?? bodyHash}`;
    const result = await writeBatch(deps.store, records, { batchKey, source: `api:${auth!.keyId}`, keyId: auth!.keyId, kind: 'api' });
    if (result.stored + result.duplicates === 0) {
      throw new ApiError(
        'validation_error',
        `All ${records.length} records were rejected`,
        result.rejected.map((r) => ({ field: `[${r.index}].${r.field}`, issue: r.reason })),
      );
    }
    return { data: [result] };
  },
});

function ndjsonRecords(body: string): unknown[] {
  const out: unknown[] = [];
  const lines = body.split(/\r?\n/);
  lines.forEach((text, i) => {
    if (!text.trim()) return;
    try {
      out.push(JSON.parse(text));
    } catch {
      throw badParam(`line ${i + 1}`, 'not valid JSON');
    }
  });
  if (!out.length) throw badParam('body', 'no records');
  if (out.length > MAX_RECORDS) throw badParam('body', `at most ${MAX_RECORDS} records per batch, got ${out.length}`);
  return out;
}
