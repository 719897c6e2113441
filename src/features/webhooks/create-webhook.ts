import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError, badParam } from '../../http/errors.js';
import { checkWebhookUrl } from '../../domain/webhooks/url-guard.js';
import { generateWebhookSecret } from '../../domain/webhooks/signing.js';
import { findShipment } from '../shipments/queries.js';
import { WEBHOOK_EVENTS, kindsOf, parseFilter, type WebhookEvent } from './filters.js';
import { countActiveWebhooks, insertWebhook } from './queries.js';
import { WebhookView, toWebhookView } from './views.js';

/** Active subscriptions one key may hold. */
export const MAX_WEBHOOKS_PER_KEY = 100;

export const createWebhook = defineOperation({
  method: 'POST',
  url: '/v1/webhooks',
  operationId: 'createWebhook',
  tag: 'Shipment Tracking',
  summary: 'Subscribe a URL to shipment status changes or to new records of a saved filter',
  description:
    '`events`: `shipment.status_changed` (of `shipment_id`, or of every shipment matching `filter`: status, transport_mode, origin_port, destination_port, carrier, company_id) ' +
    'and/or `records.new` (trade records matching `filter`: flow, hs, country, company_id, port, transport_mode, customs_office, min_value_usd). ' +
    'The answer carries `secret` this once: every delivery is signed with it (header `Tradeapi-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`). ' +
    'URLs on loopback, private or link-local networks, or names that only resolve inside one, are refused unless the operator allows private receivers.',
  scope: 'webhooks:write',
  status: 201,
  body: Type.Object(
    {
      url: Type.String({ minLength: 1, maxLength: 2048 }),
      events: Type.Array(Type.Unsafe<WebhookEvent>({ type: 'string', enum: [...WEBHOOK_EVENTS] }), { minItems: 1, maxItems: 2, uniqueItems: true }),
      shipment_id: Type.Optional(Type.Integer({ minimum: 1 })),
      filter: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ ...WebhookView.properties, secret: Type.String({ description: 'Shown only in this answer' }) }),
  errors: ['conflict'],
  async handle({ body }, { deps, auth }) {
    // Each subscription costs a filter match per batch and a lane of deliveries: bounded per key.
    if ((await countActiveWebhooks(deps.store.db, auth!.keyId)) >= MAX_WEBHOOKS_PER_KEY) {
      throw new ApiError('conflict', `A key may hold at most ${MAX_WEBHOOKS_PER_KEY} active subscriptions; delete one first`);
    }
    const check = checkWebhookUrl(body.url, { allowPrivate: deps.config.allowPrivateWebhooks });
    if (!check.ok) throw badParam('url', check.message);
    if (body.shipment_id !== undefined) {
      if (!body.events.includes('shipment.status_changed') || body.events.length !== 1) {
        throw badParam('shipment_id', 'only with events ["shipment.status_changed"]');
      }
      if (!(await findShipment(deps.store.db, body.shipment_id))) throw badParam('shipment_id', `no shipment ${body.shipment_id}`);
    }
    const filter = parseFilter(body.filter as Record<string, unknown> | undefined, body.events);
    const secret = generateWebhookSecret();
    const row = await insertWebhook(
      deps.store.db,
      { key_id: auth!.keyId, url: check.url, kind: kindsOf(body.events), filter, secret, shipment_id: body.shipment_id ?? null },
      new Date(),
    );
    return { data: [{ ...toWebhookView(row), secret }], headers: { 'cache-control': 'no-store' } };
  },
});
