import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { parseScopes } from '../../http/scopes.js';
import { TokenPair, NoQuery } from './schemas.js';
import { familyStartedAt, findKey, findRefreshToken, markRefreshUsed, revokeRefreshFamily } from './queries.js';
import { issuePair } from './issue-pair.js';

export const refreshToken = defineOperation({
  method: 'POST',
  url: '/v1/auth/refresh',
  operationId: 'refreshToken',
  tag: 'Auth',
  summary: 'Exchange a refresh token for a new token pair; the old refresh token stops working',
  description: 'Refresh tokens rotate. Presenting one that was already used revokes its whole family (replay detection).',
  bodyLimit: 8192,
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
    if (row.used_at) {
      await revokeRefreshFamily(db, row.family_id);
      throw new ApiError('unauthorized', 'The refresh token was already used; its token family has been revoked');
    }
    // A session lasts REFRESH_TOKEN_TTL from its first token; refreshing does not extend it.
    const remaining = Math.floor(((await familyStartedAt(db, row.family_id)) + deps.config.refreshTokenTtlSeconds * 1000 - Date.now()) / 1000);
    if (!(remaining > 0)) throw new ApiError('unauthorized', 'The session of this refresh token has reached its maximum lifetime; request a new token');
    const key = await findKey(db, row.key_id);
    if (!key || key.status !== 'active') throw new ApiError('unauthorized', 'The API key of this token has been revoked');
    // Marking the old token used and storing the new one commit together: a store error between
    // them leaves the old token unused, so the client's retry is not taken for a replay.
    const pair = await db.transaction().execute(async (trx) => {
      if (!(await markRefreshUsed(trx, row.token_hash))) return null;
      // Scopes are those of the key now, so a narrowed key narrows refreshed tokens too.
      return issuePair(trx, deps.tokenSecret, deps.config, key.id, parseScopes(key.scopes), row.family_id, remaining);
    });
    if (!pair) {
      await revokeRefreshFamily(db, row.family_id);
      throw new ApiError('unauthorized', 'The refresh token was already used; its token family has been revoked');
    }
    return { data: [pair], headers: { 'cache-control': 'no-store' } };
  },
});
