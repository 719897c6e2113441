import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { notFound } from '../../http/errors.js';
import { deleteOwnWebhook, findOwnWebhook } from './queries.js';
import { WebhookView, toWebhookView } from './views.js';

export const WebhookIdParams = Type.Object({ webhook_id: Type.String({ minLength: 1, maxLength: 64 }) });

export const deleteWebhook = defineOperation({
  method: 'DELETE',
  url: '/v1/webhooks/:webhook_id',
  operationId: 'deleteWebhook',
  tag: 'Shipment Tracking',
  summary: 'Unsubscribe; pending deliveries are dropped. Another key\'s subscription is a 404',
  scope: 'webhooks:write',
  errors: ['not_found'],
  params: WebhookIdParams,
  data: WebhookView,
  async handle({ params }, { deps, auth }) {
    const row = await findOwnWebhook(deps.store.db, auth!.keyId, params.webhook_id);
    if (!row || !(await deleteOwnWebhook(deps.store.db, auth!.keyId, params.webhook_id))) throw notFound('webhook', params.webhook_id);
    return { data: [{ ...toWebhookView(row), status: 'deleted' }] };
  },
});
