// The legal status transitions per transport mode, as data, so the state machine, the API
// reference list and the documentation all read one table. Only ACT events move a shipment.

import type { EventCode } from './events.js';

export const TRACKING_MODES = ['sea', 'air', 'road', 'rail'] as const;
export type TrackingMode = (typeof TRACKING_MODES)[number];

export const SHIPMENT_STATUSES = [
  'booked',
  'gated_in',
  'loaded',
  'departed',
  'in_transit',
  'transshipment',
  'arrived',
  'discharged',
  'customs_cleared',
  'delivered',
  'on_hold',
  'cancelled',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const INITIAL_STATUS: ShipmentStatus = 'booked';
export const TERMINAL_STATUSES: readonly ShipmentStatus[] = ['delivered', 'cancelled'];

export interface Transition {
  readonly from: ShipmentStatus;
  readonly code: EventCode;
  /** `previous`: back to the status the shipment had when it was put on hold. */
  readonly to: ShipmentStatus | 'previous';
  /** Only where the event's location is (or is not) the shipment's destination. */
  readonly at?: 'destination' | 'intermediate';
  /** Only when the equipment is (or is not) aboard the means of transport. */
  readonly requires?: 'on_board' | 'off_board';
}

const ALL_BUT = (...excluded: ShipmentStatus[]): ShipmentStatus[] =>
  SHIPMENT_STATUSES.filter((s) => !excluded.includes(s));

const row = (from: ShipmentStatus, code: EventCode, to: Transition['to'], extra: Partial<Transition> = {}): Transition => ({
  from,
  code,
  to,
  ...extra,
});

/** Events that are recorded as history but leave the status where it is. */
const stay = (statuses: readonly ShipmentStatus[], codes: readonly EventCode[]): Transition[] =>
  statuses.flatMap((s) => codes.map((c) => row(s, c, s)));

// Cargo can be held only where it sits at a facility; a vessel or truck under way keeps going.
const HOLDABLE: readonly ShipmentStatus[] = ['booked', 'gated_in', 'transshipment', 'arrived', 'discharged', 'customs_cleared'];

function common(): Transition[] {
  return [
    ...stay(ALL_BUT('cancelled'), ['RECE', 'CONF', 'ISSU', 'CMPL']),
    ...stay(ALL_BUT('cancelled', 'delivered'), ['INSP', 'RSEA', 'RMVD']),
    ...stay(['arrived', 'discharged', 'customs_cleared'], ['RELS']),
    ...HOLDABLE.map((s) => row(s, 'HOLD', 'on_hold')),
    row('on_hold', 'RELS', 'previous'),
    row('booked', 'VOID', 'cancelled'),
    row('gated_in', 'VOID', 'cancelled'),
  ];
}

/** Vessel or train: terminal gate-in, load, depart, intermediate calls and transhipment, arrive, discharge. */
function containerised(): Transition[] {
  return [
    ...common(),
    // Empty container collected from a depot, stuffed at the shipper, brought to the terminal.
    ...stay(['booked'], ['GTOT', 'PICK', 'STUF', 'DROP']),
    row('booked', 'GTIN', 'gated_in'),
    row('gated_in', 'LOAD', 'loaded'),
    row('loaded', 'DEPA', 'departed'),
    ...legs(),
    row('arrived', 'DISC', 'discharged'),
    row('discharged', 'CUSR', 'customs_cleared'),
    ...stay(['customs_cleared'], ['GTOT', 'PICK', 'STRP']),
    row('customs_cleared', 'DLVR', 'delivered'),
    // Unpacking at the consignee and returning the empty container come after delivery.
    ...stay(['delivered'], ['STRP', 'DROP', 'GTIN']),
  ];
}

/** Under way: arriving at the destination ends the voyage; any other call is an intermediate port. */
function legs(): Transition[] {
  return [
    ...(['departed', 'in_transit'] as const).flatMap((s) => [
      row(s, 'ARRI', 'arrived', { at: 'destination' }),
      row(s, 'ARRI', 'transshipment', { at: 'intermediate' }),
    ]),
    // At an intermediate port the equipment either stays aboard (a port call) or is discharged
    // and loaded onto the next vessel or flight (a transhipment); either way it must be aboard to leave.
    row('transshipment', 'DISC', 'transshipment', { requires: 'on_board' }),
    row('transshipment', 'LOAD', 'transshipment', { requires: 'off_board' }),
    row('transshipment', 'DEPA', 'in_transit', { requires: 'on_board' }),
  ];
}

/** Air freight: no container yard, the cargo is accepted at the airport and may change flights at a hub. */
function air(): Transition[] {
  return [
    ...common(),
    ...stay(['booked'], ['DROP']),
    row('booked', 'GTIN', 'gated_in'),
    row('gated_in', 'LOAD', 'loaded'),
    row('loaded', 'DEPA', 'departed'),
    ...legs(),
    row('arrived', 'DISC', 'discharged'),
    row('discharged', 'CUSR', 'customs_cleared'),
    ...stay(['customs_cleared'], ['PICK']),
    row('customs_cleared', 'DLVR', 'delivered'),
  ];
}

/** Road: the truck is loaded at the shipper and unloaded at the consignee; border gates are stops, not transhipments. */
function road(): Transition[] {
  return [
    ...common(),
    ...stay(['booked'], ['STUF']),
    row('booked', 'LOAD', 'loaded'),
    row('loaded', 'DEPA', 'departed'),
    ...(['departed', 'in_transit'] as const).flatMap((s) => [
      row(s, 'ARRI', 'arrived', { at: 'destination' }),
      row(s, 'ARRI', 'in_transit', { at: 'intermediate' }),
    ]),
    row('in_transit', 'DEPA', 'in_transit'),
    row('arrived', 'CUSR', 'customs_cleared'),
    row('customs_cleared', 'DLVR', 'delivered'),
    ...stay(['delivered'], ['DISC', 'STRP']),
  ];
}

/** The statuses a shipment of each mode can take; road has no terminal or transhipment steps. */
export const MODE_STATUSES: Readonly<Record<TrackingMode, readonly ShipmentStatus[]>> = {
  sea: SHIPMENT_STATUSES,
  rail: SHIPMENT_STATUSES,
  air: SHIPMENT_STATUSES,
  road: ALL_BUT('gated_in', 'transshipment', 'discharged'),
};

// The shared rows (holds, documents, inspections) are written once for every status; drop the
// ones a mode can never reach so the published table lists only real transitions.
function forMode(mode: TrackingMode, rows: Transition[]): readonly Transition[] {
  const statuses = MODE_STATUSES[mode];
  return Object.freeze(rows.filter((t) => statuses.includes(t.from) && (t.to === 'previous' || statuses.includes(t.to))));
}

export const TRANSITIONS: Readonly<Record<TrackingMode, readonly Transition[]>> = Object.freeze({
  sea: forMode('sea', containerised()),
  rail: forMode('rail', containerised()),
  air: forMode('air', air()),
  road: forMode('road', road()),
});

/** The rows for one status and code (two when the location decides the outcome). */
export function transitionsFor(mode: TrackingMode, from: ShipmentStatus, code: EventCode): Transition[] {
  return TRANSITIONS[mode].filter((t) => t.from === from && t.code === code);
}

/** Codes accepted in a status, for error messages and the API's "what next" hints. */
export function allowedCodes(mode: TrackingMode, from: ShipmentStatus): EventCode[] {
  return [...new Set(TRANSITIONS[mode].filter((t) => t.from === from).map((t) => t.code))];
}
