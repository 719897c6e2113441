// Prometheus text at /metrics: request counts and latency by operation, plus process metrics.
import type { FastifyInstance } from 'fastify';
import { Registry, Histogram, collectDefaultMetrics } from 'prom-client';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors.js';

const digest = (s: string) => createHash('sha256').update(s).digest();
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Metrics name operations and reveal traffic: with METRICS_TOKEN set they need
 * `Authorization: Bearer <METRICS_TOKEN>`; without it only a scraper on the same host (the
 * socket's address, never a forwarded one) gets them.
 */
function mayScrape(token: string | undefined, authorization: string | undefined, socketAddress: string | undefined): boolean {
  if (!token) return LOOPBACK.has(socketAddress ?? '');
  const given = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export function registerMetrics(app: FastifyInstance, metricsToken?: string): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tradeapi_' });
  const duration = new Histogram({
    name: 'tradeapi_http_request_duration_seconds',
    help: 'HTTP request latency by operation and status',
    labelNames: ['operation', 'method', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const operation = req.routeOptions.config?.operationId ?? (reply.statusCode === 404 ? 'not_found' : 'other');
    duration.observe({ operation, method: req.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true }, config: { scope: 'public' } }, async (req, reply) => {
    if (!mayScrape(metricsToken, req.headers.authorization, req.socket.remoteAddress)) {
      throw new ApiError('unauthorized', metricsToken ? 'Send Authorization: Bearer <METRICS_TOKEN>' : 'Metrics are served to the local host only; set METRICS_TOKEN to scrape from elsewhere');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
