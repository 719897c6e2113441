// Event vocabulary for shipment tracking, after DCSA Track & Trace v2: the event types, the
// planned/estimated/actual classifier and the codes we accept. Codes that DCSA does not define are
// flagged `extension: true` so a DCSA-conformant client can tell them apart.

export const EVENT_TYPES = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_CLASSIFIERS = ['PLN', 'EST', 'ACT'] as const;
export type EventClassifier = (typeof EVENT_CLASSIFIERS)[number];

export interface EventCodeInfo {
  readonly code: string;
  readonly event_type: EventType;
  readonly name: string;
  readonly description: string;
  readonly extension: boolean;
}

const info = (
  code: string,
  event_type: EventType,
  name: string,
  description: string,
  extension = false,
): EventCodeInfo => ({ code, event_type, name, description, extension });

export const EVENT_CODES = [
  info('ARRI', 'TRANSPORT', 'Arrived', 'The means of transport arrived at a port, airport or border gate.'),
  info('DEPA', 'TRANSPORT', 'Departed', 'The means of transport departed from a port, airport or border gate.'),

  info('GTOT', 'EQUIPMENT', 'Gated out', 'The equipment left a terminal or depot through its gate.'),
  info('STUF', 'EQUIPMENT', 'Stuffed', 'The cargo was packed into the container.'),
  info('GTIN', 'EQUIPMENT', 'Gated in', 'The equipment (or air freight) was received at the terminal of departure.'),
  info('LOAD', 'EQUIPMENT', 'Loaded', 'The equipment was loaded onto the vessel, aircraft, wagon or truck.'),
  info('DISC', 'EQUIPMENT', 'Discharged', 'The equipment was unloaded from the means of transport.'),
  info('STRP', 'EQUIPMENT', 'Stripped', 'The cargo was unpacked from the container.'),
  info('PICK', 'EQUIPMENT', 'Picked up', 'The equipment was picked up by a haulier.'),
  info('DROP', 'EQUIPMENT', 'Dropped off', 'The equipment was dropped off by a haulier.'),
  info('INSP', 'EQUIPMENT', 'Inspected', 'The equipment or cargo was inspected.'),
  info('RSEA', 'EQUIPMENT', 'Resealed', 'The container received a new seal, usually after an inspection.'),
  info('RMVD', 'EQUIPMENT', 'Removed', 'The equipment was removed, for example from a stack for an inspection.'),

  info('RECE', 'SHIPMENT', 'Received', 'A shipment document (booking request, instructions) was received.'),
  info('CONF', 'SHIPMENT', 'Confirmed', 'The booking was confirmed by the carrier.'),
  info('ISSU', 'SHIPMENT', 'Issued', 'A transport document (bill of lading, air waybill) was issued.'),
  info('CMPL', 'SHIPMENT', 'Completed', 'A shipment document was completed.'),
  info('HOLD', 'SHIPMENT', 'On hold', 'The cargo is held (customs, carrier or payment hold).'),
  info('RELS', 'SHIPMENT', 'Released', 'The cargo was released: a hold was lifted, or the carrier released it to the consignee.'),
  info('VOID', 'SHIPMENT', 'Void', 'The booking was voided: the shipment is cancelled.'),

  info('CUSR', 'SHIPMENT', 'Customs released', 'Import customs clearance at destination was completed.', true),
  info('DLVR', 'SHIPMENT', 'Delivered', 'The cargo was delivered to the consignee.', true),
] as const satisfies readonly EventCodeInfo[];

export type EventCode = (typeof EVENT_CODES)[number]['code'];

const BY_CODE: ReadonlyMap<string, EventCodeInfo> = new Map(EVENT_CODES.map((e) => [e.code, e]));

export function isEventCode(value: string): value is EventCode {
  return BY_CODE.has(value);
}

export function eventCodeInfo(code: EventCode): EventCodeInfo {
  // Every EventCode is in the table by construction.
  return BY_CODE.get(code) as EventCodeInfo;
}

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

export function isEventClassifier(value: string): value is EventClassifier {
  return (EVENT_CLASSIFIERS as readonly string[]).includes(value);
}

/** A recorded event. `location` is a UN/LOCODE; `retracts` makes this event replace an earlier one. */
export interface TrackingEvent {
  readonly id: string;
  readonly event_type: EventType;
  readonly code: EventCode;
  readonly classifier: EventClassifier;
  /** ISO 8601 with offset, e.g. `2024-03-01T08:30:00Z`. */
  readonly occurred_at: string;
  readonly location?: string | null;
  readonly retracts?: string | null;
}

/** Withdraws an earlier record that should never have been recorded. */
export interface Retraction {
  readonly id: string;
  readonly retracts: string;
  readonly reason?: string | null;
}

export type TrackingRecord = TrackingEvent | Retraction;

export function isRetraction(record: TrackingRecord): record is Retraction {
  return !('code' in record);
}
