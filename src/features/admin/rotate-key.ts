import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError, notFound } from '../../http/errors.js';
import { findKey, rotateKeySecret, writeAudit } from '../auth/queries.js';

export const rotateApiKey = defineOperation({
  method: 'POST',
  url: '/v1/admin/api-keys/:key_id/rotate',
  operationId: 'rotateApiKey',
  tag: 'Admin',
  summary: 'Issue a new secret; the old one keeps working for a grace period',
  scope: 'admin',
  params: Type.Object({ key_id: Type.String({ maxLength: 100 }) }),
  body: Type.Optional(
    Type.Object({ grace_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 * 86_400, default: 86_400 })) }, { additionalProperties: false }),
  ),
  data: Type.Object({ key_id: Type.String(), api_key: Type.String(), api_secret: Type.String(), previous_secret_valid_until: Type.Union([Type.String(), Type.Null()]) }),
  errors: ['not_found', 'conflict'],
  async handle({ params, body }, { deps, auth, req }) {
    const db = deps.store.db;
    const key = await findKey(db, params.key_id);
    if (!key) throw notFound('API key', params.key_id);
    if (key.status !== 'active') throw new ApiError('conflict', 'A revoked key cannot be rotated');
    const grace = body?.grace_seconds ?? 86_400;
    const secret = await rotateKeySecret(db, key, grace);
    await writeAudit(db, { keyId: auth!.keyId, action: 'api_key.rotate', targetType: 'api_key', targetId: key.id, details: { grace_seconds: grace }, ip: req.ip, requestId: req.id });
    const updated = (await findKey(db, key.id))!;
    return { data: [{ key_id: key.id, api_key: key.api_key, api_secret: secret, previous_secret_valid_until: updated.previous_secret_valid_until }], headers: { 'cache-control': 'no-store' } };
  },
});
