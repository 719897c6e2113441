import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError, badParam } from '../../http/errors.js';
import { classifyReference, REFERENCE_KINDS, type ReferenceKind } from './reference-kind.js';
import { shipmentsByBooking, shipmentsByColumn, shipmentsByContainer } from './queries.js';
import { ShipmentView, toShipmentView, type ShipmentRow } from './views.js';

export const trackShipment = defineOperation({
  method: 'GET',
  url: '/v1/shipments/track',
  operationId: 'trackShipment',
  tag: 'Shipment Tracking',
  summary: 'Find shipments by B/L, container, booking or air waybill number',
  description:
    'The kind is recognised from the shape: a container number (ISO 6346, check digit verified: a wrong one is a 400 naming the expected digit), ' +
    'an air waybill `NNN-NNNNNNNN` (modulo-7 check), otherwise a bill of lading and then a booking number. `kind` forces one. ' +
    '`meta.reference_kind` says which matched. A well-formed reference that matches nothing is a 404.',
  scope: 'shipments:read',
  errors: ['not_found'],
  querystring: Type.Object(
    {
      reference: Type.String({ minLength: 1, maxLength: 40, description: 'B/L, container, booking or air waybill number' }),
      kind: Type.Optional(Type.Unsafe<ReferenceKind>({ type: 'string', enum: [...REFERENCE_KINDS] })),
    },
    { additionalProperties: false },
  ),
  data: ShipmentView,
  async handle({ query }, { deps }) {
    const db = deps.store.db;
    const ref = classifyReference(query.reference, query.kind);
    if (!ref.ok) throw badParam('reference', ref.message);
    let found: ShipmentRow[] = [];
    let kind: ReferenceKind = 'bl';
    if (ref.kind === 'container') [kind, found] = ['container', await shipmentsByContainer(db, ref.value)];
    else if (ref.kind === 'awb') [kind, found] = ['awb', await shipmentsByColumn(db, 'awb_number', ref.value)];
    else if (ref.kind === 'bl') [kind, found] = ['bl', await shipmentsByColumn(db, 'bl_number', ref.value)];
    else if (ref.kind === 'booking') [kind, found] = ['booking', await shipmentsByBooking(db, ref.value)];
    else {
      found = await shipmentsByColumn(db, 'bl_number', ref.value);
      if (found.length === 0) [kind, found] = ['booking', await shipmentsByBooking(db, ref.value)];
    }
    if (found.length === 0) throw new ApiError('not_found', `no shipment with reference ${ref.value}`);
    return { data: found.map(toShipmentView), meta: { reference: ref.value, reference_kind: kind } };
  },
});
