import { Type } from 'typebox';
import { sql } from 'kysely';
import { defineOperation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { openedAnalytics } from '../../analytics/registry.js';
import { STORE_RETRY_AFTER_S } from '../../db/faults.js';
import { warmUpState } from '../../warm-up.js';

export const getHealth = defineOperation({
  method: 'GET',
  url: '/v1/health',
  operationId: 'getHealth',
  tag: 'System',
  summary: 'Liveness and readiness: the process answers and the store responds',
  scope: 'public',
  data: Type.Object({ status: Type.Literal('ok'), store: Type.String(), store_latency_ms: Type.Number(), version: Type.String(), uptime_s: Type.Number(),
    analytics: Type.Union([Type.Literal('closed'), Type.Literal('building'), Type.Literal('ready')], { description: 'The analytic store: building while it applies the batches committed before it opened (aggregates wait for it or answer 503)' }),
    analytics_version: Type.Union([Type.String(), Type.Null()], { description: 'Batches applied to the analytic store: equal in every process that answers from the same data' }),
    analytics_declarations: Type.Integer({ description: 'Declarations held by the analytic store' }),
    warm_up: Type.Union([Type.Literal('running'), Type.Literal('done')], { description: 'Background work started at boot (copies, indexes): running until the process reaches its steady state' })}),
  errors: ['service_unavailable'],
  async handle(_in, { deps }) {
    const t = performance.now();
    try {
      await sql`select 1`.execute(deps.store.db);
    } catch {
      throw new ApiError('service_unavailable', 'The store does not respond', [], { 'retry-after': String(STORE_RETRY_AFTER_S) });
    }
    const analytics = await openedAnalytics(deps.store.db);
    return {
      data: [{ status: 'ok' as const, store: deps.store.engine, store_latency_ms: Math.round((performance.now() - t) * 100) / 100, version: process.env.npm_package_version ?? 'dev', uptime_s: Math.round(process.uptime()),
        analytics: analytics?.state() ?? ('closed' as const),
        analytics_version: analytics?.version() ?? null,
        analytics_declarations: analytics?.size() ?? 0,
        warm_up: warmUpState()}],
    };
  },
});
