import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { parseScopes } from '../../http/scopes.js';
import { TokenPair, NoQuery } from './schemas.js';
import { findKey, findRefreshToken, markRefreshUsed, revokeRefreshFamily } from './queries.js';
import { issuePair } from './issue-pair.js';

export const refreshToken = defineOperation({
  method: 'POST',
  url: '/v1/auth/refresh',
  operationId: 'refreshToken',
  tag: 'Auth',
  summary: 'Exchange a refresh token for a new token pair; the old refresh token stops working',
  description: 'Refresh tokens rotate. Presenting one that was already used revokes its whole family (replay detection).',
  scope: 'public',
  querystring: NoQuery,
  body: Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }),
  data: TokenPair,
  errors: ['unauthorized', 'unsupported_media_type'],
  async handle({ body }, { deps }) {
    const db = deps.store.db;
    const row = await findRefreshToken(db, body.refresh_token);
    if (!row || row.revoked_at || Date.parse(row.expires_at) <= Date.now()) {
      throw new ApiError('unauthorized', 'The refresh token is not valid, expired or revoked');
    }
    if (row.used_at || !(await markRefreshUsed(db, row.token_hash))) {
      await revokeRefreshFamily(db, row.family_id);
      throw new ApiError('unauthorized', 'The refresh token was already used; its token family has been revoked');
    }
    const key = await findKey(db, row.key_id);
    if (!key || key.status !== 'active') throw new ApiError('unauthorized', 'The API key of this token has been revoked');
    // Scopes are those of the key now, so a narrowed key narrows refreshed tokens too.
    const pair = await issuePair(db, deps.tokenSecret, deps.config, key.id, parseScopes(key.scopes), row.family_id);
    return { data: [pair], headers: { 'cache-control': 'no-store' } };
  },
});
