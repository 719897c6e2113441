import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { badParam, notFound } from '../../http/errors.js';
import { LimitParam, CursorParam, decodeCursor, page } from '../../http/pagination.js';
import { findOwnWebhook, listDeliveries } from './queries.js';
import { DeliveryView, toDeliveryView } from './views.js';
import { WebhookIdParams } from './delete-webhook.js';

export const listWebhookDeliveries = defineOperation({
  method: 'GET',
  url: '/v1/webhooks/:webhook_id/deliveries',
  operationId: 'listWebhookDeliveries',
  tag: 'Shipment Tracking',
  summary: 'Deliveries of one of the caller\'s subscriptions, newest first, with attempts and last answer',
  scope: 'webhooks:write',
  errors: ['not_found'],
  params: WebhookIdParams,
  querystring: Type.Object({ limit: LimitParam, cursor: CursorParam }, { additionalProperties: false }),
  data: DeliveryView,
  async handle({ params, query }, { deps, auth }) {
    const hook = await findOwnWebhook(deps.store.db, auth!.keyId, params.webhook_id);
    if (!hook) throw notFound('webhook', params.webhook_id);
    const limit = query.limit ?? 50;
    const cursor = decodeCursor(query.cursor, 1);
    const before = cursor ? Number(cursor[0]) : null;
    if (before !== null && !Number.isSafeInteger(before)) throw badParam('cursor', 'not a cursor of this list; pass meta.next_cursor unchanged');
    const rows = await listDeliveries(deps.store.db, hook.id, before, limit);
    const p = page(rows, limit, (r) => [Number(r.id)]);
    return { data: p.items.map(toDeliveryView), meta: { limit, next_cursor: p.next_cursor } };
  },
});
