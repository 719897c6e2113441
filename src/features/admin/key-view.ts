// The public view of an API key: never the secret nor its hash.
import { Type } from 'typebox';
import type { ApiKeyRow } from '../auth/queries.js';
import { parseScopes } from '../../http/scopes.js';

export const KeyView = Type.Object({
  key_id: Type.String(),
  name: Type.String(),
  api_key: Type.String(),
  scopes: Type.Array(Type.String()),
  plan: Type.String(),
  rate_limit_per_minute: Type.Integer(),
  monthly_quota: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.String(),
  created_at: Type.String(),
  revoked_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  previous_secret_valid_until: Type.Union([Type.String(), Type.Null()]),
});

export function toKeyView(k: ApiKeyRow) {
  return {
    key_id: k.id,
    name: k.name,
    api_key: k.api_key,
    scopes: parseScopes(k.scopes),
    plan: k.plan,
    rate_limit_per_minute: Number(k.rate_limit_per_minute),
    monthly_quota: k.monthly_quota === null ? null : Number(k.monthly_quota),
    status: k.status,
    created_at: k.created_at,
    revoked_at: k.revoked_at,
    last_used_at: k.last_used_at,
    previous_secret_valid_until: k.previous_secret_valid_until,
  };
}
