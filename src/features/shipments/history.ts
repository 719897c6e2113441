// Stored event rows → state-machine records, and the shipment fields that follow from a history.
import { applyEvent, initialState, type ShipmentContext, type TrackingState } from '../../domain/shipments/state-machine.js';
import type { EventClassifier, EventCode, EventType, TrackingEvent, TrackingRecord } from '../../domain/shipments/events.js';
import type { EventRow } from './views.js';

export function toRecord(r: EventRow): TrackingRecord {
  if (r.kind === 'retraction') return { id: String(r.id), retracts: String(r.retracts_event_id ?? ''), reason: r.reason };
  return {
    id: String(r.id),
    event_type: r.event_type as EventType,
    code: r.event_code as EventCode,
    classifier: r.classifier as EventClassifier,
    occurred_at: r.occurred_at,
    location: r.location,
    retracts: r.retracts_event_id === null ? null : String(r.retracts_event_id),
  };
}

/**
 * The state of a stored history. A stored record that no longer fits (loaded in bulk from a
 * source that does not follow our rules) is skipped rather than blocking every new event.
 */
export function stateOf(rows: readonly EventRow[], context: ShipmentContext): TrackingState {
  let state = initialState(context);
  for (const row of rows) {
    const result = applyEvent(state, toRecord(row));
    if (result.ok) state = result.state;
  }
  return state;
}

/** Ids of rows withdrawn or replaced by a later record. */
export function retractedIds(rows: readonly EventRow[]): Set<number> {
  const out = new Set<number>();
  for (const r of rows) if (r.retracts_event_id !== null) out.add(Number(r.retracts_event_id));
  return out;
}

const norm = (code: string) => code.replace(/\s+/g, '').toUpperCase();

export interface DerivedTimes {
  actual_departure: string | null;
  actual_arrival: string | null;
  planned_arrival: string | null;
  carrier_estimate: string | null;
}

/** Times that follow from the events in force: the first departure, the arrival at destination. */
export function derivedTimes(effective: readonly TrackingEvent[], destination: string): DerivedTimes {
  const atDestination = (e: TrackingEvent) => !e.location || norm(e.location) === norm(destination);
  const iso = (e: TrackingEvent | undefined) => (e ? new Date(Date.parse(e.occurred_at)).toISOString() : null);
  const estimates = effective.filter((e) => e.code === 'ARRI' && e.classifier === 'EST' && atDestination(e));
  return {
    actual_departure: iso(effective.find((e) => e.code === 'DEPA' && e.classifier === 'ACT')),
    actual_arrival: iso(effective.find((e) => e.code === 'ARRI' && e.classifier === 'ACT' && atDestination(e))),
    planned_arrival: iso(effective.find((e) => e.code === 'ARRI' && e.classifier === 'PLN' && atDestination(e))),
    carrier_estimate: iso(estimates[estimates.length - 1]),
  };
}
