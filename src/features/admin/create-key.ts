import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { SCOPES, type Scope } from '../../http/scopes.js';
import { createKey, writeAudit } from '../auth/queries.js';

const ScopeName = Type.Unsafe<Scope>({ type: 'string', enum: [...SCOPES] });

export const createApiKey = defineOperation({
  method: 'POST',
  url: '/v1/admin/api-keys',
  operationId: 'createApiKey',
  tag: 'Admin',
  summary: 'Create an API key; the secret is returned this once and never again',
  scope: 'admin',
  status: 201,
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200 }),
      scopes: Type.Array(ScopeName, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true }),
      plan: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
      rate_limit_per_minute: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
      monthly_quota: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ key_id: Type.String(), api_key: Type.String(), api_secret: Type.String(), scopes: Type.Array(Type.String()) }),
  async handle({ body }, { deps, auth, req }) {
    const created = await createKey(deps.store.db, {
      name: body.name,
      scopes: body.scopes,
      plan: body.plan,
      rateLimitPerMinute: body.rate_limit_per_minute ?? deps.config.rateLimitPerMinute,
      monthlyQuota: body.monthly_quota ?? null,
    });
    await writeAudit(deps.store.db, {
      keyId: auth!.keyId, action: 'api_key.create', targetType: 'api_key', targetId: created.key_id,
      details: { name: body.name, scopes: body.scopes }, ip: req.ip, requestId: req.id,
    });
    return { data: [created], headers: { 'cache-control': 'no-store' } };
  },
});
