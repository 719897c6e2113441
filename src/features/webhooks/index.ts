import type { Operation } from '../../http/operation.js';
import { createWebhook } from './create-webhook.js';
import { listWebhooksOp } from './list-webhooks.js';
import { deleteWebhook } from './delete-webhook.js';
import { listWebhookDeliveries } from './list-deliveries.js';

export const webhookOperations: Operation[] = [createWebhook, listWebhooksOp, deleteWebhook, listWebhookDeliveries];
export { notifyNewRecords } from './queries.js';
