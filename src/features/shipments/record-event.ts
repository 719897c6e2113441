import { Type } from 'typebox';
import { defineOperation } from '../../http/operation.js';
import { ApiError, badParam, notFound } from '../../http/errors.js';
import { EVENT_CLASSIFIERS, EVENT_CODES, EVENT_TYPES, eventCodeInfo, type TrackingRecord } from '../../domain/shipments/events.js';
import { applyEvent } from '../../domain/shipments/state-machine.js';
import { TRACKING_MODES, type TrackingMode } from '../../domain/shipments/transitions.js';
import { checkContainerNumber } from '../../domain/codes/iso6346.js';
import { enqueueStatusChange } from '../webhooks/queries.js';
import { eventsOf, findShipment } from './queries.js';
import { derivedTimes, stateOf, retractedIds } from './history.js';
import { EventView, toEventView } from './views.js';
import { ShipmentIdParams } from './get-shipment.js';
import { shipmentEta } from './eta.js';

const CODES = EVENT_CODES.map((e) => e.code);
// Placeholder id while the new record is checked; stored ids are numbers, so it cannot collide.
const PENDING = 'pending';

export const recordShipmentEvent = defineOperation({
  method: 'POST',
  url: '/v1/shipments/:shipment_id/events',
  operationId: 'recordShipmentEvent',
  tag: 'Shipment Tracking',
  summary: 'Record an event; an impossible transition is a 409 with the reason',
  description:
    'An event: `event_code`, `classifier`, `occurred_at` (with time zone), optional `location` (UN/LOCODE), `container_no`, `vessel`; ' +
    '`event_type` defaults to the code\'s. Only ACT events move the status. A correction carries `retracts_event_id` (with an event, it replaces ' +
    'the earlier one; alone, with an optional `reason`, it withdraws it): nothing is ever deleted. The shipment\'s status, actual times and ETA are ' +
    'updated in the same transaction, and subscribers to its status changes get a delivery queued. 409 `conflict` carries the rule in ' +
    '`error.details[0].issue` (illegal_transition, time_regression, unknown_retraction_target, already_retracted).',
  scope: 'shipments:write',
  status: 201,
  errors: ['not_found', 'conflict'],
  params: ShipmentIdParams,
  body: Type.Object(
    {
      event_code: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: CODES })),
      event_type: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...EVENT_TYPES] })),
      classifier: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...EVENT_CLASSIFIERS] })),
      occurred_at: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 date-time with time zone' })),
      location: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
      container_no: Type.Optional(Type.Union([Type.String({ maxLength: 15 }), Type.Null()])),
      vessel: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
      retracts_event_id: Type.Optional(Type.Integer({ minimum: 1 })),
      reason: Type.Optional(Type.String({ maxLength: 500 })),
      source: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    },
    { additionalProperties: false },
  ),
  data: EventView,
  async handle({ params, body }, { deps }) {
    const pureRetraction = body.event_code === undefined;
    if (pureRetraction) {
      if (body.retracts_event_id === undefined) throw badParam('event_code', 'is required unless the record only retracts an earlier event (retracts_event_id)');
      for (const f of ['event_type', 'classifier', 'occurred_at', 'location', 'container_no', 'vessel'] as const) {
        if (body[f] !== undefined) throw badParam(f, 'a retraction without event_code carries only retracts_event_id and reason');
      }
    } else {
      if (body.classifier === undefined) throw badParam('classifier', 'is required', EVENT_CLASSIFIERS);
      if (body.occurred_at === undefined) throw badParam('occurred_at', 'is required');
    }
    let containerNo: string | null = null;
    if (body.container_no) {
      const check = checkContainerNumber(body.container_no);
      if (!check.valid) throw badParam('container_no', check.message);
      containerNo = check.number;
    }
    const location = body.location ? body.location.replace(/\s+/g, '').toUpperCase() : null;
    const now = new Date();

    return deps.store.db.transaction().execute(async (trx) => {
      const s = await findShipment(trx, params.shipment_id);
      if (!s) throw notFound('shipment', params.shipment_id);
      if (!(TRACKING_MODES as readonly string[]).includes(s.transport_mode)) {
        throw new ApiError('conflict', `${s.transport_mode} shipments are not tracked event by event`, [{ field: 'shipment_id', issue: 'untracked_mode' }]);
      }
      const rows = await eventsOf(trx, s.id);
      const context = { mode: s.transport_mode as TrackingMode, destination: s.destination_port };
      const state = stateOf(rows, context);

      const target = body.retracts_event_id !== undefined ? rows.find((r) => Number(r.id) === body.retracts_event_id) : undefined;
      const record: TrackingRecord = pureRetraction
        ? { id: PENDING, retracts: String(body.retracts_event_id), reason: body.reason ?? null }
        : {
            id: PENDING,
            event_type: (body.event_type ?? eventCodeInfo(body.event_code as never).event_type) as never,
            code: body.event_code as never,
            classifier: body.classifier as never,
            occurred_at: body.occurred_at as string,
            location,
            retracts: body.retracts_event_id === undefined ? null : String(body.retracts_event_id),
          };
      const result = applyEvent(state, record);
      if (!result.ok) {
        const field = result.code === 'invalid_event' ? 'body' : result.code.includes('retract') ? 'retracts_event_id' : 'event_code';
        if (result.code === 'invalid_event') throw new ApiError('validation_error', `Invalid event: ${result.reason}`, [{ field, issue: result.reason }]);
        throw new ApiError('conflict', result.reason, [{ field, issue: result.code }]);
      }

      const inserted = await trx
        .insertInto('shipment_events')
        .values({
          shipment_id: s.id,
          kind: pureRetraction ? 'retraction' : 'event',
          event_type: pureRetraction ? (target?.event_type ?? 'SHIPMENT') : (record as { event_type: string }).event_type,
          event_code: pureRetraction ? (target?.event_code ?? 'VOID') : (body.event_code as string),
          classifier: pureRetraction ? (target?.classifier ?? 'ACT') : (body.classifier as string),
          occurred_at: pureRetraction ? (target?.occurred_at ?? now.toISOString()) : new Date(Date.parse(body.occurred_at as string)).toISOString(),
          location: pureRetraction ? (target?.location ?? null) : location,
          container_no: containerNo,
          vessel: body.vessel ?? null,
          retracts_event_id: body.retracts_event_id ?? null,
          reason: body.reason ?? null,
          recorded_at: now.toISOString(),
          source: body.source ?? 'api',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);

      const effective = result.state.effective.map((e) => (e.id === PENDING ? { ...e, id: String(id) } : e));
      const times = derivedTimes(effective, s.destination_port);
      const status = result.state.status;
      const next = {
        status,
        actual_departure: times.actual_departure,
        actual_arrival: times.actual_arrival,
        planned_arrival: s.planned_arrival ?? times.planned_arrival,
        updated_at: now.toISOString(),
      };
      const eta = next.actual_arrival
        ? null
        : await shipmentEta(trx, { ...s, ...next }, now);
      const etaValue = next.actual_arrival ?? eta?.eta ?? times.carrier_estimate ?? s.eta;
      // Optimistic check: a concurrent event for the same shipment changed it since we read it.
      const updated = await trx
        .updateTable('shipments')
        .set({ ...next, eta: etaValue })
        .where('id', '=', s.id)
        .where('updated_at', '=', s.updated_at)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        throw new ApiError('conflict', 'the shipment was changed by another request at the same time; send the event again', [{ field: 'shipment_id', issue: 'concurrent_update' }]);
      }

      const row = await trx.selectFrom('shipment_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const view = toEventView(row, retractedIds([row]));
      let queued = 0;
      if (status !== s.status) {
        queued = await enqueueStatusChange(
          trx,
          { ...s, status, company_id: s.company_id === null ? null : Number(s.company_id), partner_company_id: s.partner_company_id === null ? null : Number(s.partner_company_id) },
          { shipment_id: Number(s.id), previous_status: s.status, status, event: view },
          now,
        );
      }
      return {
        data: [view],
        meta: { shipment: { shipment_id: Number(s.id), previous_status: s.status, status, eta: etaValue }, webhook_deliveries_queued: queued },
      };
    });
  },
});
