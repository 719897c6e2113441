import { Type } from 'typebox';
import { sql } from 'kysely';
import { defineOperation } from '../../http/operation.js';
import { ApiError } from '../../http/errors.js';
import { STORE_RETRY_AFTER_S } from '../../db/faults.js';
import { cubeCacheOf } from '../shared/cube-cache.js';
import { warmUpState } from '../../warm-up.js';

export const getHealth = defineOperation({
  method: 'GET',
  url: '/v1/health',
  operationId: 'getHealth',
  tag: 'System',
  summary: 'Liveness and readiness: the process answers and the store responds',
  scope: 'public',
  data: Type.Object({ status: Type.Literal('ok'), store: Type.String(), store_latency_ms: Type.Number(), version: Type.String(), uptime_s: Type.Number(),
    aggregate_cache: Type.Union([Type.Literal('off'), Type.Literal('warming'), Type.Literal('ready'), Type.Literal('stale')], { description: 'In-memory copies of the rollups: warming and stale mean aggregates are answered by the store meanwhile' }),
    warm_up: Type.Union([Type.Literal('running'), Type.Literal('done')], { description: 'Background work started at boot (copies, indexes): running until the process reaches its steady state' }),
    answer_cache_s: Type.Integer({ description: 'Seconds a read answer is served again from memory (ANSWER_CACHE_SECONDS; 0: never)' }) }),
  errors: ['service_unavailable'],
  async handle(_in, { deps }) {
    const t = performance.now();
    try {
      await sql`select 1`.execute(deps.store.db);
    } catch {
      throw new ApiError('service_unavailable', 'The store does not respond', [], { 'retry-after': String(STORE_RETRY_AFTER_S) });
    }
    return {
      data: [{ status: 'ok' as const, store: deps.store.engine, store_latency_ms: Math.round((performance.now() - t) * 100) / 100, version: process.env.npm_package_version ?? 'dev', uptime_s: Math.round(process.uptime()),
        aggregate_cache: cubeCacheOf(deps.store.db)?.state() ?? ('off' as const),
        warm_up: warmUpState(),
        answer_cache_s: deps.config.answerCacheSeconds }],
    };
  },
});
