import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { LimitParam, CursorParam, decodeCursor, page } from '../../http/pagination.js';
import { listWebhooks } from './queries.js';
import { WebhookView, toWebhookView } from './views.js';

export const listWebhooksOp = defineOperation({
  method: 'GET',
  url: '/v1/webhooks',
  operationId: 'listWebhooks',
  tag: 'Shipment Tracking',
  summary: "The calling key's webhook subscriptions (never their secrets)",
  scope: 'webhooks:write',
  querystring: Type.Object({ limit: LimitParam, cursor: CursorParam }, { additionalProperties: false }),
  data: WebhookView,
  async handle({ query }, { deps, auth }) {
    const limit = query.limit ?? 50;
    const after = decodeCursor(query.cursor, 1);
    const rows = await listWebhooks(deps.store.db, auth!.keyId, after ? String(after[0]) : null, limit);
    const p = page(rows, limit, (r) => [r.id]);
    return { data: p.items.map(toWebhookView), meta: { limit, next_cursor: p.next_cursor } };
  },
});
