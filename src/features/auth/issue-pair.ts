// A new access + refresh token pair for a key, shared by the token and refresh operations.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Scope } from '../../http/scopes.js';
import type { Config } from '../../config.js';
import { signAccessToken } from './tokens.js';
import { newId, newRefreshToken } from './credentials.js';
import { insertRefreshToken } from './queries.js';

/**
 * `refreshTtlSeconds` is shorter than the configured lifetime when refreshing: a session (a token
 * family) lasts REFRESH_TOKEN_TTL from its first token, however often it is refreshed.
 */
export async function issuePair(db: Kysely<DB>, secret: Uint8Array, config: Config, keyId: string, scopes: Scope[], familyId = newId('fam'), refreshTtlSeconds = config.refreshTokenTtlSeconds) {
  const access = await signAccessToken(secret, keyId, scopes, config.accessTokenTtlSeconds);
  const refresh = newRefreshToken();
  await insertRefreshToken(db, refresh, keyId, familyId, scopes, refreshTtlSeconds);
  return {
    access_token: access.token,
    token_type: 'Bearer' as const,
    expires_in: config.accessTokenTtlSeconds,
    expires_at: new Date(access.expiresAt * 1000).toISOString(),
    refresh_token: refresh,
    refresh_expires_in: refreshTtlSeconds,
    scopes,
  };
}
