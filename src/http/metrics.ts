// Prometheus text at /metrics: request counts and latency by operation, plus process metrics.
import type { FastifyInstance } from 'fastify';
import { Registry, Histogram, collectDefaultMetrics } from 'prom-client';

export function registerMetrics(app: FastifyInstance): Registry {
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
  app.get('/metrics', { schema: { hide: true }, config: { scope: 'public' } }, async (_req, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
