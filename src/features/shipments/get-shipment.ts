import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { notFound } from '../../http/errors.js';
import { containersOf, findShipment } from './queries.js';
import { ShipmentDetailView, toShipmentView } from './views.js';
import { shipmentEta } from './eta.js';

export const ShipmentIdParams = Type.Object({ shipment_id: Type.Integer({ minimum: 1 }) });

export const getShipment = defineOperation({
  method: 'GET',
  url: '/v1/shipments/:shipment_id',
  operationId: 'getShipment',
  tag: 'Shipment Tracking',
  summary: 'One shipment: status, route, vessel/voyage, planned/estimated/actual times and ETA',
  description: '`eta_estimate` is set while the shipment is under way: the median of comparable transit times given the time already elapsed, with the 10th–90th percentile range.',
  scope: 'shipments:read',
  errors: ['not_found'],
  params: ShipmentIdParams,
  data: ShipmentDetailView,
  async handle({ params }, { deps }) {
    const db = deps.store.db;
    const s = await findShipment(db, params.shipment_id);
    if (!s) throw notFound('shipment', params.shipment_id);
    const [containers, last, eta] = await Promise.all([
      containersOf(db, s.bl_number),
      db
        .selectFrom('shipment_events')
        .select(['event_code', 'classifier', 'occurred_at', 'location'])
        .where('shipment_id', '=', s.id)
        .where('classifier', '=', 'ACT')
        .where('kind', '=', 'event')
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      shipmentEta(db, s),
    ]);
    return { data: [{ ...toShipmentView(s), eta_estimate: eta, containers, last_event: last ?? null }] };
  },
});
