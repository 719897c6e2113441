// Status of a generated event history, read from the shipment transition table. The domain's
// applyEvent is the authority (the tests replay every generated history through it); this walker
// indexes the same table once so a million-record seed does not pay a table scan per event.
import { TRANSITIONS, TRACKING_MODES, type ShipmentStatus, type TrackingMode, type Transition } from '../domain/shipments/state-machine.js';
import type { EventCode } from '../domain/shipments/events.js';

const INDEX = new Map<string, Transition[]>();
for (const mode of TRACKING_MODES) {
  for (const t of TRANSITIONS[mode]) {
    const key = `${mode}|${t.from}|${t.code}`;
    const list = INDEX.get(key) ?? [];
    list.push(t);
    INDEX.set(key, list);
  }
}

export interface Walker {
  status: ShipmentStatus;
  /** Applies one actual event; false when the table does not allow it. */
  step(code: EventCode, location: string): boolean;
}

export function walker(mode: TrackingMode, destination: string): Walker {
  let heldFrom: ShipmentStatus | null = null;
  let onBoard = false;
  const w: Walker = {
    status: 'booked',
    step(code, location) {
      const where = location === destination ? 'destination' : 'intermediate';
      const candidates = (INDEX.get(`${mode}|${w.status}|${code}`) ?? []).filter((t) => !t.at || t.at === where);
      const t = candidates.find((c) => (c.requires === 'on_board' ? onBoard : c.requires === 'off_board' ? !onBoard : true));
      if (!t) return false;
      const to = t.to === 'previous' ? (heldFrom ?? 'booked') : t.to;
      if (to === 'on_hold' && w.status !== 'on_hold') heldFrom = w.status;
      else if (t.to === 'previous') heldFrom = null;
      if (code === 'LOAD') onBoard = true;
      if (code === 'DISC') onBoard = false;
      w.status = to;
      return true;
    },
  };
  return w;
}
