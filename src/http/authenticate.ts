// Bearer-token check and scope enforcement for every route that is not public. Runs as the first
// hook so nothing is parsed or computed for a caller who may not make the call.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import type { AppDeps } from './types.js';
import { verifyAccessToken } from '../features/auth/tokens.js';
import { cachedTokenState } from '../features/auth/queries.js';

export function registerAuthentication(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('recordsServed', 0);
  app.addHook('onRequest', async (req) => {
    const scope = req.routeOptions.config?.scope;
    if (!scope || scope === 'public') return;
    req.auth = await authenticate(req, deps);
    if (scope !== 'authenticated' && !req.auth.scopes.includes(scope)) {
      throw new ApiError('forbidden', `This operation needs the scope ${scope}; the token has: ${req.auth.scopes.join(', ') || 'none'}`);
    }
  });
  app.addHook('onResponse', async (req, reply) => {
    const op = req.routeOptions.config?.operationId;
    // Only successful calls count (usage and the monthly quota): refusals and failures are not
    // the caller's use of the service.
    if (req.auth && op && reply.statusCode < 400) deps.usage.record(req.auth.keyId, op, req.recordsServed);
  });
}

async function authenticate(req: FastifyRequest, deps: AppDeps) {
  const header = req.headers.authorization;
  if (!header) throw new ApiError('unauthorized', 'Missing Authorization header; send "Authorization: Bearer <access_token>" (get one at POST /v1/auth/token)');
  const m = /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/.exec(header.trim());
  if (!m?.[1]) throw new ApiError('unauthorized', 'Malformed Authorization header; expected "Bearer <access_token>"');
  const verified = await verifyAccessToken(deps.store.db, deps.tokenSecret, m[1]);
  if (!verified.ok) {
    throw verified.reason === 'expired'
      ? new ApiError('token_expired', 'The access token has expired; use POST /v1/auth/refresh or request a new token')
      : new ApiError('unauthorized', 'The access token is not valid');
  }
  const { claims } = verified;
  const state = await cachedTokenState(deps.store.db, claims.keyId, claims.jti);
  if (!state || state.status !== 'active') throw new ApiError('unauthorized', 'The API key of this token has been revoked');
  if (state.revoked) throw new ApiError('unauthorized', 'The access token has been revoked');
  if (state.monthly_quota !== null && (await deps.usage.callsThisMonth(claims.keyId)) >= state.monthly_quota) {
    throw new ApiError('quota_exceeded', `The monthly quota of ${state.monthly_quota} calls for this key is used up`);
  }
  return { ...claims, rateLimitPerMinute: state.rate_limit_per_minute };
}
