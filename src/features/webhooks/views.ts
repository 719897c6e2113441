import { Type, type Static } from 'typebox';
import { eventsOf } from './filters.js';
import type { DeliveryRow, WebhookRow } from './queries.js';

export const WebhookView = Type.Object({
  webhook_id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  shipment_id: Type.Union([Type.Integer(), Type.Null()]),
  filter: Type.Record(Type.String(), Type.Unknown()),
  status: Type.String({ description: 'active, or disabled after repeated failed deliveries or a 410 Gone' }),
  consecutive_failures: Type.Integer(),
  created_at: Type.String(),
  disabled_at: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookView = Static<typeof WebhookView>;

export function toWebhookView(r: WebhookRow): WebhookView {
  let stored: { shipment?: object; records?: object } = {};
  try {
    stored = JSON.parse(r.filter) as typeof stored;
  } catch {
    // an unreadable filter shows as empty rather than failing the whole list
  }
  return {
    webhook_id: r.id,
    url: r.url,
    events: eventsOf(r.kind),
    shipment_id: r.shipment_id === null ? null : Number(r.shipment_id),
    filter: { ...stored.shipment, ...stored.records },
    status: r.status,
    consecutive_failures: Number(r.consecutive_failures),
    created_at: r.created_at,
    disabled_at: r.disabled_at,
  };
}

export const DeliveryView = Type.Object({
  delivery_id: Type.Integer(),
  webhook_id: Type.String(),
  event: Type.String(),
  event_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the event this delivery carries: the same on every retry and on every subscription it reached, so a receiver can drop duplicates (null for deliveries queued before event ids)',
  }),
  status: Type.String({ description: 'pending, delivered, failed (all attempts used or 410 Gone) or cancelled (subscription disabled)' }),
  attempts: Type.Integer(),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  delivered_at: Type.Union([Type.String(), Type.Null()]),
  payload: Type.Unknown(),
});

export function toDeliveryView(r: DeliveryRow) {
  return {
    delivery_id: Number(r.id),
    webhook_id: r.webhook_id,
    event: r.event,
    event_id: r.event_id,
    status: r.status,
    attempts: Number(r.attempts),
    next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
    last_status_code: r.last_status_code === null ? null : Number(r.last_status_code),
    last_error: r.last_error,
    created_at: r.created_at,
    delivered_at: r.delivered_at,
    payload: JSON.parse(r.payload) as unknown,
  };
}
