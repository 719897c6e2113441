import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { verifyAccessToken } from './tokens.js';
import { findRefreshToken, revokeJti, revokeRefreshFamily } from './queries.js';

export const revokeToken = defineOperation({
  method: 'POST',
  url: '/v1/auth/revoke',
  operationId: 'revokeToken',
  tag: 'Auth',
  summary: 'Revoke an access token or a refresh token of the calling key; it stops working at once',
  bodyLimit: 16384,
  scope: 'authenticated',
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 4000 }) }, { additionalProperties: false }),
  data: Type.Object({ revoked: Type.Boolean(), token_type: Type.Union([Type.Literal('access_token'), Type.Literal('refresh_token')]) }),
  errors: ['not_found'],
  async handle({ body }, { deps, auth }) {
    const db = deps.store.db;
    const mayRevoke = (keyId: string) => keyId === auth?.keyId || auth?.scopes.includes('admin');
    if (body.token.startsWith('rt_')) {
      const row = await findRefreshToken(db, body.token);
      if (!row || !mayRevoke(row.key_id)) throw new ApiError('not_found', 'No such refresh token for this key');
      await revokeRefreshFamily(db, row.family_id);
      return { data: [{ revoked: true, token_type: 'refresh_token' as const }] };
    }
    const v = await verifyAccessToken(deps.store.db, deps.tokenSecret, body.token);
    if (!v.ok) {
      // An expired token already does not work; say so rather than pretend to revoke it.
      if (v.reason === 'expired') return { data: [{ revoked: true, token_type: 'access_token' as const }] };
      throw new ApiError('validation_error', 'The token is neither a valid access token nor a refresh token', [{ field: 'token', issue: 'not a token of this service' }]);
    }
    if (!mayRevoke(v.claims.keyId)) throw new ApiError('not_found', 'No such access token for this key');
    await revokeJti(db, v.claims.jti, v.claims.expiresAt);
    await deps.revocations.announce();
    return { data: [{ revoked: true, token_type: 'access_token' as const }] };
  },
});
