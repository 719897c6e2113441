import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { notFound } from '../../http/errors.js';
import { eventsOf, findShipment } from './queries.js';
import { EventView, toEventView } from './views.js';
import { retractedIds } from './history.js';
import { ShipmentIdParams } from './get-shipment.js';

export const listShipmentEvents = defineOperation({
  method: 'GET',
  url: '/v1/shipments/:shipment_id/events',
  operationId: 'listShipmentEvents',
  tag: 'Shipment Tracking',
  summary: 'Port movements and milestones of a shipment in time order (DCSA-style codes)',
  description: 'Every record, retractions included; a withdrawn or replaced event has `retracted: true`. `include_retracted=false` leaves those and the retractions out.',
  scope: 'shipments:read',
  errors: ['not_found'],
  params: ShipmentIdParams,
  querystring: Type.Object(
    {
      classifier: Type.Optional(Type.Unsafe<'PLN' | 'EST' | 'ACT'>({ type: 'string', enum: ['PLN', 'EST', 'ACT'] })),
      include_retracted: Type.Optional(Type.Boolean({ default: true })),
    },
    { additionalProperties: false },
  ),
  data: EventView,
  async handle({ params, query }, { deps }) {
    const db = deps.store.db;
    const s = await findShipment(db, params.shipment_id);
    if (!s) throw notFound('shipment', params.shipment_id);
    const rows = await eventsOf(db, s.id);
    const retracted = retractedIds(rows);
    let views = rows.map((r) => toEventView(r, retracted));
    if (query.include_retracted === false) views = views.filter((v) => !v.retracted && v.kind === 'event');
    if (query.classifier) views = views.filter((v) => v.classifier === query.classifier);
    // Time order; records at the same instant keep the order they were received in.
    views.sort((a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at) || a.event_id - b.event_id);
    return { data: views };
  },
});
