// buildApp(deps): plugins, error handling, authentication and the operation families, registered
// explicitly so every route can be found by grepping its path.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AppDeps } from './http/types.js';
import { registerErrorHandling, frameworkErrors, clientErrorHandler } from './http/error-handler.js';
import { registerValidation } from './http/validation.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerCompression } from './http/compression.js';
import { registerOperations, type Operation } from './http/operation.js';
import { ApiError } from './http/errors.js';
import { loggerOptions } from './http/logger.js';
import { securityHeaders } from './http/security-headers.js';
import { registerExplorer } from './http/explorer.js';
import { fallbackRateLimitStore } from './redis/rate-limit-store.js';
import { authOperations } from './features/auth/index.js';
import { accountOperations } from './features/account/index.js';
import { adminOperations } from './features/admin/index.js';
import { systemOperations } from './features/system/index.js';
import { hsCodeOperations } from './features/hs-codes/index.js';
import { shipmentOperations } from './features/shipments/index.js';
import { webhookOperations } from './features/webhooks/index.js';
import { companyOperations } from './features/companies/index.js';
import { supplyChainOperations } from './features/supply-chain/index.js';
import { tradeOperations } from './features/trade/index.js';
import { statisticsOperations } from './features/statistics/index.js';
import { importOperations, exportOperations } from './features/flows/index.js';
import { runCancellable } from './cancel.js';

const pkg = createRequire(import.meta.url)('../package.json') as { version: string };
export const VERSION = pkg.version;

/** Every operation of the service, family by family. */
export function allOperations(): Operation[] {
  return [...authOperations, ...accountOperations, ...adminOperations, ...systemOperations, ...hsCodeOperations, ...shipmentOperations, ...webhookOperations, ...companyOperations, ...supplyChainOperations, ...tradeOperations, ...statisticsOperations, ...importOperations, ...exportOperations];
}

function trustHops(n: number) {
  return (_address: string, hop: number) => hop < n;
}

export interface BuildOptions {
  logger?: boolean;
  operations?: Operation[];
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    // Small by default: a body is read before any limit or throttle can refuse it. The one route
    // that takes large bodies (ingestion) raises its own.
    bodyLimit: config.smallBodyLimitBytes,
    // A hop count trusts that many addresses from the socket's end (proxy-addr's hop index).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Requests arriving while the server closes are refused below, in the envelope.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // JSON only: form bodies and plain text get a 415 instead of being guessed at.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(['application/x-ndjson', 'application/ndjson'], { parseAs: 'string' }, (_req, body, done) => done(null, body));

  registerValidation(app);
  registerErrorHandling(app);
  // Closing: a request on a kept-alive connection is told to go elsewhere (a load balancer retries
  // it) in the envelope, and the connection is closed after the answer.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    done(new ApiError('service_unavailable', 'The server is shutting down; retry the request', [], { 'retry-after': '1' }));
  });
  // A read request's work knows when its client has gone: the queries it has not started yet are
  // dropped (src/cancel.ts) rather than run ahead of requests still waiting. Writes always finish.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    const abandoned = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abandoned.abort();
    });
    runCancellable(abandoned.signal, done);
  });
  const security = securityHeaders({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(security);
    reply.header('x-request-id', req.id);
    done();
  });
  if (config.corsOrigins) {
    await app.register(cors, {
      origin: config.corsOrigins === '*' ? '*' : config.corsOrigins,
      methods: ['GET', 'POST', 'DELETE'],
      exposedHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id'],
    });
  }

  registerAuthentication(app, deps);
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler', // after authentication, so limits are per key
    timeWindow: 60_000,
    max: (req) => req.auth?.rateLimitPerMinute ?? config.rateLimitPerMinute,
    keyGenerator: (req) => (req.auth ? `key:${req.auth.keyId}` : `ip:${req.ip}`),
    enableDraftSpec: true,
    // With Redis: one count per key across processes and machines, per process while it is away.
    ...(deps.redis ? { store: fallbackRateLimitStore(deps.redis) as never } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new ApiError('rate_limited', `Rate limit of ${ctx.max} requests per minute exceeded; retry in ${Math.ceil(ctx.ttl / 1000)} s`, [], {}),
  });
  registerMetrics(app, config.metricsToken);
  await registerCompression(app);
  await registerOpenApi(app, VERSION);
  registerOperations(app, deps, options.operations ?? allOperations());
  registerExplorer(app);
  await app.ready();
  return app;
}
