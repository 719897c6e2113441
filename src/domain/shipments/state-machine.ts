// Shipment status from its event history. Only ACT events move the status; PLN and EST events are
// kept as history. A rejected event comes back as a value with a code and a sentence, so the HTTP
// layer can answer 409 (or 400 for `invalid_event`) without knowing the rules.

import { eventCodeInfo, isEventClassifier, isEventCode, isEventType, isRetraction } from './events.js';
import type { Retraction, TrackingEvent, TrackingRecord } from './events.js';
import { INITIAL_STATUS, TERMINAL_STATUSES, TRANSITIONS, allowedCodes, transitionsFor } from './transitions.js';
import type { ShipmentStatus, TrackingMode, Transition } from './transitions.js';

export { TRANSITIONS, SHIPMENT_STATUSES, TRACKING_MODES, MODE_STATUSES, allowedCodes } from './transitions.js';
export type { ShipmentStatus, TrackingMode, Transition } from './transitions.js';

export interface ShipmentContext {
  readonly mode: TrackingMode;
  /** UN/LOCODE of the final port, airport or place; an ARRI anywhere else is an intermediate stop. */
  readonly destination?: string | null;
}

export interface TrackingState {
  readonly mode: TrackingMode;
  readonly destination: string | null;
  readonly status: ShipmentStatus;
  /** The status to return to when a hold is released. */
  readonly held_from: ShipmentStatus | null;
  /** Whether the equipment is aboard the vessel, aircraft, wagon or truck. */
  readonly on_board: boolean;
  readonly last_actual_at: string | null;
  /** Every accepted record, retractions included, in the order received. */
  readonly records: readonly TrackingRecord[];
  /** The events still in force: retracted ones removed, replacements in their predecessor's place. */
  readonly effective: readonly TrackingEvent[];
}

export const REJECTION_CODES = [
  'invalid_event',
  'duplicate_id',
  'illegal_transition',
  'time_regression',
  'unknown_retraction_target',
  'already_retracted',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** `invalid_event` is malformed input; every other rejection conflicts with the shipment's history. */
export function isConflict(code: RejectionCode): boolean {
  return code !== 'invalid_event';
}

export interface Rejection {
  readonly ok: false;
  readonly code: RejectionCode;
  readonly reason: string;
  readonly event_id: string;
}

export type ApplyResult = { readonly ok: true; readonly state: TrackingState; readonly changed: boolean } | Rejection;

export function initialState(context: ShipmentContext): TrackingState {
  return {
    mode: context.mode,
    destination: context.destination ? normaliseLocode(context.destination) : null,
    status: INITIAL_STATUS,
    held_from: null,
    on_board: false,
    last_actual_at: null,
    records: [],
    effective: [],
  };
}

/** Validates `record` against the history in `state` and returns the next state. */
export function applyEvent(state: TrackingState, record: TrackingRecord): ApplyResult {
  const id = typeof record.id === 'string' ? record.id : '';
  if (id === '') return reject('invalid_event', 'the record needs a non-empty id', id);
  if (state.records.some((r) => r.id === id)) return reject('duplicate_id', `a record with id ${id} already exists`, id);

  if (isRetraction(record)) return applyCorrection(state, record, null);
  const invalid = validateEvent(state.mode, record);
  if (invalid) return reject('invalid_event', invalid, id);
  if (record.retracts) return applyCorrection(state, record, record);

  const next = step(state, record);
  if (!next.ok) return next;
  return {
    ok: true,
    changed: next.state.status !== state.status,
    state: { ...next.state, records: [...state.records, record], effective: [...state.effective, record] },
  };
}

/** Rebuilds the state from stored records, rejecting the first one that does not fit. */
export function replay(context: ShipmentContext, records: readonly TrackingRecord[]): ApplyResult {
  let state = initialState(context);
  for (const record of records) {
    const result = applyEvent(state, record);
    if (!result.ok) return result;
    state = result.state;
  }
  return { ok: true, state, changed: state.status !== INITIAL_STATUS };
}

/** The status a history leads to; records that would be rejected are skipped, never fatal. */
export function deriveStatus(records: readonly TrackingRecord[], context: ShipmentContext): ShipmentStatus {
  let state = initialState(context);
  for (const record of records) {
    const result = applyEvent(state, record);
    if (result.ok) state = result.state;
  }
  return state.status;
}

function applyCorrection(state: TrackingState, record: TrackingRecord, replacement: TrackingEvent | null): ApplyResult {
  const targetId = record.retracts ?? '';
  const target = state.records.find((r) => r.id === targetId);
  if (!target || isRetraction(target)) {
    return reject('unknown_retraction_target', `no event with id ${targetId} to retract`, record.id);
  }
  const index = state.effective.findIndex((e) => e.id === targetId);
  if (index < 0) return reject('already_retracted', `event ${targetId} has already been retracted`, record.id);

  const effective = [...state.effective];
  if (replacement) effective.splice(index, 1, replacement);
  else effective.splice(index, 1);

  // Later events may have depended on the retracted one (DEPA after a LOAD), so the whole
  // remaining history must still hold together.
  let rebuilt: TrackingState = { ...initialState({ mode: state.mode, destination: state.destination }) };
  for (const event of effective) {
    const next = step(rebuilt, event);
    if (!next.ok) {
      return reject(next.code, `retracting ${targetId} would leave an impossible history: ${next.reason}`, record.id);
    }
    rebuilt = next.state;
  }
  return {
    ok: true,
    changed: rebuilt.status !== state.status,
    state: { ...rebuilt, records: [...state.records, record], effective },
  };
}

type StepResult = { ok: true; state: TrackingState } | Rejection;

function step(state: TrackingState, event: TrackingEvent): StepResult {
  if (event.classifier !== 'ACT') return { ok: true, state };

  if (state.last_actual_at !== null && Date.parse(event.occurred_at) < Date.parse(state.last_actual_at)) {
    return reject(
      'time_regression',
      `${event.code} at ${event.occurred_at} is earlier than the previous actual event at ${state.last_actual_at}`,
      event.id,
    );
  }

  const where = isDestination(state, event) ? 'destination' : 'intermediate';
  const candidates = transitionsFor(state.mode, state.status, event.code).filter((t) => !t.at || t.at === where);
  if (candidates.length === 0) return reject('illegal_transition', illegalReason(state, event), event.id);

  const transition = candidates.find((t) => meetsRequirement(state, t));
  if (!transition) {
    const aboard = state.on_board ? 'already aboard' : 'not aboard';
    return reject('illegal_transition', `${event.code} is not possible while the equipment is ${aboard}`, event.id);
  }

  const to = transition.to === 'previous' ? (state.held_from ?? INITIAL_STATUS) : transition.to;
  return {
    ok: true,
    state: {
      ...state,
      status: to,
      // Only entering a hold records where to return; an inspection during the hold keeps it.
      held_from: to === 'on_hold' && state.status !== 'on_hold' ? state.status : transition.to === 'previous' ? null : state.held_from,
      on_board: event.code === 'LOAD' ? true : event.code === 'DISC' ? false : state.on_board,
      last_actual_at: event.occurred_at,
    },
  };
}

function meetsRequirement(state: TrackingState, t: Transition): boolean {
  if (t.requires === 'on_board') return state.on_board;
  if (t.requires === 'off_board') return !state.on_board;
  return true;
}

function illegalReason(state: TrackingState, event: TrackingEvent): string {
  if (TERMINAL_STATUSES.includes(state.status) && allowedCodes(state.mode, state.status).length === 0) {
    return `the shipment is ${state.status}; no further events are accepted`;
  }
  const allowed = allowedCodes(state.mode, state.status);
  return `${event.code} is not allowed while the shipment is ${state.status} (${state.mode}); allowed: ${allowed.join(', ') || 'none'}`;
}

// Without a known destination or a location on the event, an arrival is taken as the final one.
function isDestination(state: TrackingState, event: TrackingEvent): boolean {
  if (!state.destination || !event.location) return true;
  return normaliseLocode(event.location) === state.destination;
}

function normaliseLocode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function validateEvent(mode: TrackingMode, event: TrackingEvent): string | null {
  if (!isEventCode(String(event.code))) return `unknown event code ${String(event.code)}`;
  if (!isEventType(String(event.event_type))) return `unknown event type ${String(event.event_type)}`;
  const expected = eventCodeInfo(event.code).event_type;
  if (event.event_type !== expected) return `${event.code} is a ${expected} event, not ${event.event_type}`;
  if (!isEventClassifier(String(event.classifier))) return `unknown classifier ${String(event.classifier)}; use PLN, EST or ACT`;
  if (typeof event.occurred_at !== 'string' || !ISO_INSTANT.test(event.occurred_at) || Number.isNaN(Date.parse(event.occurred_at))) {
    return 'occurred_at must be an ISO 8601 date-time with a time zone';
  }
  if (!TRANSITIONS[mode].some((t) => t.code === event.code)) return `${event.code} is not used for ${mode} shipments`;
  return null;
}

function reject(code: RejectionCode, reason: string, event_id: string): Rejection {
  return { ok: false, code, reason, event_id };
}

export type { Retraction, TrackingEvent, TrackingRecord };
