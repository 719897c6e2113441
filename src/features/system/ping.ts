import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';

// The smallest JSON answer of the stack: for load balancers, and the ceiling the benchmark
// compares every operation with.
export const ping = defineOperation({
  method: 'GET',
  url: '/v1/ping',
  operationId: 'ping',
  tag: 'System',
  summary: 'Liveness only: answers without touching the store',
  scope: 'public',
  data: Type.Object({ pong: Type.Boolean() }),
  handle: () => ({ data: [{ pong: true }] }),
});
