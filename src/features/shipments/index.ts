import type { Operation } from '../../http/operation.js';
import { listShipmentsOp } from './list-shipments.js';
import { trackShipment } from './track.js';
import { getTransitTimes } from './transit-times.js';
import { getDeliveryPerformance } from './delivery-performance.js';
import { getShipment } from './get-shipment.js';
import { listShipmentEvents } from './list-events.js';
import { recordShipmentEvent } from './record-event.js';

export const shipmentOperations: Operation[] = [
  listShipmentsOp,
  trackShipment,
  getTransitTimes,
  getDeliveryPerformance,
  getShipment,
  listShipmentEvents,
  recordShipmentEvent,
];
