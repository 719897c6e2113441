import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { notFound } from '../../http/errors.js';
import { findKey, revokeKey, writeAudit } from '../auth/queries.js';
import { KeyView, toKeyView } from './key-view.js';

export const revokeApiKey = defineOperation({
  method: 'DELETE',
  url: '/v1/admin/api-keys/:key_id',
  operationId: 'revokeApiKey',
  tag: 'Admin',
  summary: 'Revoke an API key: its tokens stop working at once',
  scope: 'admin',
  params: Type.Object({ key_id: Type.String({ maxLength: 100 }) }),
  data: KeyView,
  errors: ['not_found'],
  async handle({ params }, { deps, auth, req }) {
    const db = deps.store.db;
    if (!(await findKey(db, params.key_id))) throw notFound('API key', params.key_id);
    await revokeKey(db, params.key_id);
    await deps.revocations.announce();
    await writeAudit(db, { keyId: auth!.keyId, action: 'api_key.revoke', targetType: 'api_key', targetId: params.key_id, ip: req.ip, requestId: req.id });
    return { data: [toKeyView((await findKey(db, params.key_id))!)] };
  },
});
