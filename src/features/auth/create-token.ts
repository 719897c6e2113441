import { Type } from 'typebox';
import { setTimeout as sleep } from 'node:timers/promises';
import { defineOperation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { parseScopes } from '../../http/scopes.js';
import { TokenPair, NoQuery } from './schemas.js';
import { findKeyByApiKey, touchKey } from './queries.js';
import { verifySecret, DUMMY_HASH } from './credentials.js';
import { issuePair } from './issue-pair.js';

export const createToken = defineOperation({
  method: 'POST',
  url: '/v1/auth/token',
  operationId: 'createToken',
  tag: 'Auth',
  summary: 'Exchange an API key and secret for an access token and a refresh token',
  description: 'JSON body only. Credentials sent as form fields or query parameters are refused (415/400) and never get a token.',
  bodyLimit: 8192,
  scope: 'public',
  querystring: NoQuery,
  body: Type.Object(
    { api_key: Type.String({ minLength: 1, maxLength: 200 }), api_secret: Type.String({ minLength: 1, maxLength: 500 }) },
    { additionalProperties: false },
  ),
  data: TokenPair,
  errors: ['unauthorized', 'unsupported_media_type', 'payload_too_large'],
  async handle({ body }, { deps, req }) {
    const throttle = deps.loginThrottle;
    // Failures count per key and address together, and per address: guessing from one address is
    // refused, but others' wrong secrets never lock the key's owner out. req.ip is the right-most
    // untrusted address (TRUST_PROXY), not one the client wrote.
    const ids = [`key:${body.api_key}|ip:${req.ip}`, `ip:${req.ip}`];
    const { waitS, delayMs } = await throttle.check(ids);
    if (waitS > 0) throw new ApiError('rate_limited', `Too many failed attempts; retry in ${waitS} s`, [], { 'retry-after': String(waitS) });
    if (delayMs > 0) await sleep(delayMs);
    const key = await findKeyByApiKey(deps.store.db, body.api_key);
    const now = Date.now();
    let ok = await verifySecret(body.api_secret, key?.secret_hash ?? DUMMY_HASH);
    if (!ok && key?.previous_secret_hash && key.previous_secret_valid_until && Date.parse(key.previous_secret_valid_until) > now) {
      ok = await verifySecret(body.api_secret, key.previous_secret_hash);
    }
    if (!key || !ok || key.status !== 'active') {
      await throttle.fail(ids);
      throw new ApiError('unauthorized', 'Unknown API key or wrong secret');
    }
    await throttle.succeed(ids);
    await touchKey(deps.store.db, key.id);
    const pair = await issuePair(deps.store.db, deps.tokenSecret, deps.config, key.id, parseScopes(key.scopes));
    return { data: [pair], headers: { 'cache-control': 'no-store' } };
  },
});
