import { describe, it, expect } from 'vitest';
import { EVENT_CODES, eventCodeInfo } from '../../../src/domain/shipments/events.js';
import type { EventClassifier, EventCode, TrackingEvent } from '../../../src/domain/shipments/events.js';
import {
  MODE_STATUSES,
  TRACKING_MODES,
  TRANSITIONS,
  applyEvent,
  deriveStatus,
  initialState,
  isConflict,
  replay,
} from '../../../src/domain/shipments/state-machine.js';
import type { ApplyResult, TrackingMode, TrackingState, Transition } from '../../../src/domain/shipments/state-machine.js';

const DEST = 'NLRTM';
const HUB = 'EGPSD';

let seq = 0;
function ev(
  code: EventCode,
  at: string,
  extra: { location?: string; classifier?: EventClassifier; retracts?: string; id?: string } = {},
): TrackingEvent {
  seq += 1;
  return {
    id: extra.id ?? `e${seq}`,
    event_type: eventCodeInfo(code).event_type,
    code,
    classifier: extra.classifier ?? 'ACT',
    occurred_at: at,
    location: extra.location ?? null,
    retracts: extra.retracts ?? null,
  };
}

// Each call is one hour after the previous, so generated histories never regress in time.
let clock = Date.parse('2024-01-01T00:00:00Z');
function tick(): string {
  clock += 3_600_000;
  return new Date(clock).toISOString();
}

function ok(result: ApplyResult): TrackingState {
  if (!result.ok) throw new Error(`rejected: ${result.code} ${result.reason}`);
  return result.state;
}

function run(mode: TrackingMode, codes: Array<EventCode | [EventCode, string]>): TrackingState {
  let state = initialState({ mode, destination: DEST });
  for (const c of codes) {
    const [code, location] = Array.isArray(c) ? c : [c, undefined];
    state = ok(applyEvent(state, ev(code, tick(), location ? { location } : {})));
  }
  return state;
}

function locationFor(t: Transition): string {
  return t.at === 'intermediate' ? HUB : DEST;
}

function meets(state: TrackingState, t: Transition): boolean {
  return t.requires === 'on_board' ? state.on_board : t.requires === 'off_board' ? !state.on_board : true;
}

/** Every distinct state reachable through the table, found by applying the real state machine. */
function reachable(mode: TrackingMode): TrackingState[] {
  const key = (s: TrackingState) => `${s.status}|${s.on_board}|${s.held_from}`;
  const start = initialState({ mode, destination: DEST });
  const seen = new Map([[key(start), start]]);
  const queue = [start];
  while (queue.length > 0) {
    const state = queue.shift() as TrackingState;
    for (const t of TRANSITIONS[mode].filter((r) => r.from === state.status)) {
      const result = applyEvent(state, ev(t.code, tick(), { location: locationFor(t) }));
      if (!result.ok || seen.has(key(result.state))) continue;
      seen.set(key(result.state), result.state);
      queue.push(result.state);
    }
  }
  return [...seen.values()];
}

describe.each(TRACKING_MODES)('transition table, %s', (mode) => {
  const states = reachable(mode);

  it('reaches every status the mode declares, and delivered', () => {
    const statuses = new Set(states.map((s) => s.status));
    expect([...statuses].sort()).toEqual([...MODE_STATUSES[mode]].sort());
    expect(statuses.has('delivered')).toBe(true);
  });

  it('accepts every row of the table and lands on its target status', () => {
    for (const t of TRANSITIONS[mode]) {
      const from = states.filter((s) => s.status === t.from && meets(s, t));
      expect(from.length, `${t.from} --${t.code}--> ${t.to}`).toBeGreaterThan(0);
      for (const state of from) {
        const next = ok(applyEvent(state, ev(t.code, tick(), { location: locationFor(t) })));
        expect(next.status).toBe(t.to === 'previous' ? state.held_from : t.to);
      }
    }
  });

  it('rejects every status/code/location combination that is not in the table', () => {
    let rejected = 0;
    for (const state of states) {
      for (const { code } of EVENT_CODES) {
        for (const location of [DEST, HUB]) {
          const where = location === DEST ? 'destination' : 'intermediate';
          const legal = TRANSITIONS[mode].some(
            (t) => t.from === state.status && t.code === code && (!t.at || t.at === where) && meets(state, t),
          );
          const inVocabulary = TRANSITIONS[mode].some((t) => t.code === code);
          const result = applyEvent(state, ev(code, tick(), { location }));
          expect(result.ok, `${mode} ${state.status} ${code} @${where}`).toBe(legal);
          if (!result.ok) {
            rejected += 1;
            expect(result.code).toBe(inVocabulary ? 'illegal_transition' : 'invalid_event');
            expect(result.reason.length).toBeGreaterThan(10);
          }
        }
      }
    }
    expect(rejected).toBeGreaterThan(100);
  });

  it('accepts planned and estimated events in any status without moving it', () => {
    for (const state of states) {
      const code = TRANSITIONS[mode][0]?.code ?? 'RECE';
      const result = applyEvent(state, ev(code, '2000-01-01T00:00:00Z', { classifier: 'EST' }));
      expect(ok(result).status).toBe(state.status);
    }
  });
});

describe('sea shipment with a transhipment', () => {
  const chain: Array<EventCode | [EventCode, string]> = [
    'CONF', 'GTOT', 'STUF', 'GTIN', 'LOAD', 'DEPA', ['ARRI', HUB], 'DISC', 'LOAD', 'DEPA', ['ARRI', DEST], 'DISC', 'CUSR', 'GTOT', 'DLVR', 'STRP', 'GTIN',
  ];

  it('walks the realistic export chain to delivered', () => {
    const statuses: string[] = [];
    let state = initialState({ mode: 'sea', destination: DEST });
    for (const c of chain) {
      const [code, location] = Array.isArray(c) ? c : [c, undefined];
      state = ok(applyEvent(state, ev(code, tick(), { location })));
      statuses.push(state.status);
    }
    expect(statuses).toEqual([
      'booked', 'booked', 'booked', 'gated_in', 'loaded', 'departed', 'transshipment', 'transshipment',
      'transshipment', 'in_transit', 'arrived', 'discharged', 'customs_cleared', 'customs_cleared', 'delivered',
      'delivered', 'delivered',
    ]);
  });

  it('treats a port call without discharge as a stop on the way', () => {
    const state = run('sea', ['GTIN', 'LOAD', 'DEPA', ['ARRI', HUB], 'DEPA']);
    expect(state.status).toBe('in_transit');
  });

  it('refuses to leave the hub without the discharged container', () => {
    const state = run('sea', ['GTIN', 'LOAD', 'DEPA', ['ARRI', HUB], 'DISC']);
    const result = applyEvent(state, ev('DEPA', tick(), { location: HUB }));
    expect(result).toMatchObject({ ok: false, code: 'illegal_transition' });
  });

  it('refuses to load a container at the hub that was never discharged', () => {
    const state = run('sea', ['GTIN', 'LOAD', 'DEPA', ['ARRI', HUB]]);
    expect(applyEvent(state, ev('LOAD', tick(), { location: HUB }))).toMatchObject({ ok: false, code: 'illegal_transition' });
  });

  it('treats an arrival as final when the destination is unknown', () => {
    let state = initialState({ mode: 'sea' });
    for (const code of ['GTIN', 'LOAD', 'DEPA'] as const) state = ok(applyEvent(state, ev(code, tick())));
    expect(ok(applyEvent(state, ev('ARRI', tick(), { location: HUB }))).status).toBe('arrived');
  });

  it('matches the destination whatever the spacing and case of the UN/LOCODE', () => {
    const state = run('sea', ['GTIN', 'LOAD', 'DEPA']);
    expect(ok(applyEvent(state, ev('ARRI', tick(), { location: 'nl rtm' }))).status).toBe('arrived');
  });
});

describe('shorter paths', () => {
  it('road goes from booked straight to loaded and from arrived to customs', () => {
    const state = run('road', ['STUF', 'LOAD', 'DEPA', ['ARRI', 'BGSVG'], 'DEPA', ['ARRI', DEST], 'CUSR', 'DLVR']);
    expect(state.status).toBe('delivered');
    expect(applyEvent(run('road', []), ev('GTIN', tick()))).toMatchObject({ ok: false, code: 'invalid_event' });
  });

  it('air has no container yard events', () => {
    expect(run('air', ['GTIN', 'LOAD', 'DEPA', ['ARRI', 'TRIST'], 'DISC', 'LOAD', 'DEPA', 'ARRI', 'DISC', 'CUSR', 'DLVR']).status).toBe('delivered');
    expect(applyEvent(run('air', []), ev('STUF', tick()))).toMatchObject({ ok: false, code: 'invalid_event' });
  });
});

describe('illegal moves', () => {
  it('rejects discharge before loading', () => {
    const result = applyEvent(run('sea', ['GTIN']), ev('DISC', tick()));
    expect(result).toMatchObject({ ok: false, code: 'illegal_transition' });
    if (!result.ok) expect(result.reason).toContain('gated_in');
  });

  it('rejects customs clearance before discharge and delivery before customs', () => {
    expect(applyEvent(run('sea', ['GTIN', 'LOAD', 'DEPA', 'ARRI']), ev('CUSR', tick())).ok).toBe(false);
    expect(applyEvent(run('sea', ['GTIN', 'LOAD', 'DEPA', 'ARRI', 'DISC']), ev('DLVR', tick())).ok).toBe(false);
  });

  it('holds only cargo that sits at a facility, and releases it to where it was', () => {
    expect(applyEvent(run('sea', ['GTIN', 'LOAD', 'DEPA']), ev('HOLD', tick())).ok).toBe(false);
    const held = run('sea', ['GTIN', 'LOAD', 'DEPA', 'ARRI', 'DISC', 'HOLD']);
    expect(held.status).toBe('on_hold');
    expect(applyEvent(held, ev('CUSR', tick())).ok).toBe(false);
    expect(applyEvent(held, ev('HOLD', tick())).ok).toBe(false);
    const released = ok(applyEvent(held, ev('RELS', tick())));
    expect(released.status).toBe('discharged');
    expect(ok(applyEvent(released, ev('CUSR', tick()))).status).toBe('customs_cleared');
  });

  it('returns a hold to where it was even after an inspection during the hold', () => {
    const held = run('sea', ['GTIN', 'LOAD', 'DEPA', 'ARRI', 'DISC', 'HOLD', 'INSP']);
    expect(held.status).toBe('on_hold');
    expect(ok(applyEvent(held, ev('RELS', tick()))).status).toBe('discharged');
  });

  it('cancels only before loading, and a cancelled shipment accepts nothing', () => {
    expect(applyEvent(run('sea', ['GTIN', 'LOAD']), ev('VOID', tick())).ok).toBe(false);
    const cancelled = run('sea', ['GTIN', 'VOID']);
    expect(cancelled.status).toBe('cancelled');
    const result = applyEvent(cancelled, ev('RECE', tick()));
    expect(result).toMatchObject({ ok: false, code: 'illegal_transition' });
    if (!result.ok) expect(result.reason).toContain('cancelled');
  });

  it('rejects a duplicate id and malformed events as invalid (not conflicts)', () => {
    const state = run('sea', ['GTIN']);
    const first = state.records[0] as TrackingEvent;
    expect(applyEvent(state, { ...first, occurred_at: tick() })).toMatchObject({ ok: false, code: 'duplicate_id' });
    const bad: TrackingEvent[] = [
      { ...ev('LOAD', tick()), event_type: 'TRANSPORT' },
      { ...ev('LOAD', tick()), occurred_at: '2024-01-01 10:00' },
      { ...ev('LOAD', tick()), occurred_at: '2024-01-01T10:00:00' },
      { ...ev('LOAD', tick()), code: 'XXXX' as EventCode },
      { ...ev('LOAD', tick()), classifier: 'ACTUAL' as EventClassifier },
      { ...ev('LOAD', tick()), id: '' },
    ];
    for (const e of bad) {
      const result = applyEvent(state, e);
      expect(result).toMatchObject({ ok: false, code: 'invalid_event' });
      if (!result.ok) expect(isConflict(result.code)).toBe(false);
    }
    expect(isConflict('illegal_transition')).toBe(true);
  });
});

describe('time order', () => {
  it('rejects an actual event earlier than the previous actual one', () => {
    let state = initialState({ mode: 'sea', destination: DEST });
    state = ok(applyEvent(state, ev('GTIN', '2024-03-01T10:00:00Z')));
    const result = applyEvent(state, ev('LOAD', '2024-03-01T09:59:59Z'));
    expect(result).toMatchObject({ ok: false, code: 'time_regression' });
  });

  it('compares instants, not strings, across time zones, and allows equal times', () => {
    let state = initialState({ mode: 'sea', destination: DEST });
    state = ok(applyEvent(state, ev('GTIN', '2024-03-01T10:00:00Z')));
    // 12:30+03:00 is 09:30Z: earlier, although the string sorts later.
    expect(applyEvent(state, ev('LOAD', '2024-03-01T12:30:00+03:00'))).toMatchObject({ ok: false, code: 'time_regression' });
    expect(ok(applyEvent(state, ev('LOAD', '2024-03-01T13:00:00+03:00'))).status).toBe('loaded');
  });

  it('ignores planned and estimated times for the regression check', () => {
    let state = initialState({ mode: 'sea', destination: DEST });
    state = ok(applyEvent(state, ev('ARRI', '2024-04-01T00:00:00Z', { classifier: 'PLN' })));
    state = ok(applyEvent(state, ev('GTIN', '2024-03-01T10:00:00Z')));
    state = ok(applyEvent(state, ev('DEPA', '2024-02-01T00:00:00Z', { classifier: 'EST' })));
    expect(state.status).toBe('gated_in');
    expect(state.last_actual_at).toBe('2024-03-01T10:00:00Z');
  });
});

describe('retractions', () => {
  it('removes a wrong discharge and moves the status back', () => {
    const state = run('sea', ['GTIN', 'LOAD', 'DEPA', 'ARRI', 'DISC']);
    const disc = state.effective.at(-1) as TrackingEvent;
    const result = applyEvent(state, { id: 'r1', retracts: disc.id });
    const next = ok(result);
    expect(next.status).toBe('arrived');
    expect(result.ok && result.changed).toBe(true);
    expect(next.records).toHaveLength(6);
    expect(next.effective.map((e) => e.code)).toEqual(['GTIN', 'LOAD', 'DEPA', 'ARRI']);
  });

  it('accepts only targets that exist and have not been retracted already', () => {
    const state = run('sea', ['GTIN', 'LOAD']);
    expect(applyEvent(state, { id: 'r1', retracts: 'nope' })).toMatchObject({ ok: false, code: 'unknown_retraction_target' });
    const load = state.effective.at(-1) as TrackingEvent;
    const once = ok(applyEvent(state, { id: 'r1', retracts: load.id }));
    expect(applyEvent(once, { id: 'r2', retracts: load.id })).toMatchObject({ ok: false, code: 'already_retracted' });
    expect(applyEvent(once, { id: 'r3', retracts: 'r1' })).toMatchObject({ ok: false, code: 'unknown_retraction_target' });
  });

  it('refuses a retraction that would strand later events', () => {
    const state = run('sea', ['GTIN', 'LOAD', 'DEPA']);
    const load = state.effective[1] as TrackingEvent;
    const result = applyEvent(state, { id: 'r1', retracts: load.id });
    expect(result).toMatchObject({ ok: false, code: 'illegal_transition' });
    if (!result.ok) expect(result.reason).toContain(load.id);
  });

  it('replaces an event in place when the correction carries the event itself', () => {
    let state = initialState({ mode: 'sea', destination: DEST });
    state = ok(applyEvent(state, ev('GTIN', '2024-03-01T08:00:00Z', { id: 'g' })));
    state = ok(applyEvent(state, ev('LOAD', '2024-03-01T11:00:00Z', { id: 'l' })));
    state = ok(applyEvent(state, ev('DEPA', '2024-03-01T12:00:00Z', { id: 'd' })));
    const fixed = ok(applyEvent(state, ev('LOAD', '2024-03-01T09:00:00Z', { id: 'l2', retracts: 'l' })));
    expect(fixed.effective.map((e) => e.id)).toEqual(['g', 'l2', 'd']);
    expect(fixed.status).toBe('departed');
    // The same correction with a time after the departure would reorder history: refused.
    expect(applyEvent(state, ev('LOAD', '2024-03-01T13:00:00Z', { id: 'l3', retracts: 'l' }))).toMatchObject({
      ok: false,
      code: 'time_regression',
    });
  });

  it('deriveStatus ignores retracted events and skips ones that do not fit', () => {
    const records = [
      ev('GTIN', '2024-03-01T08:00:00Z', { id: 'a' }),
      ev('LOAD', '2024-03-01T09:00:00Z', { id: 'b' }),
      ev('DISC', '2024-03-01T09:30:00Z', { id: 'bad' }),
      ev('DEPA', '2024-03-01T10:00:00Z', { id: 'c' }),
      ev('ARRI', '2024-03-20T10:00:00Z', { id: 'd', location: DEST }),
      { id: 'r', retracts: 'd' },
    ];
    expect(deriveStatus(records, { mode: 'sea', destination: DEST })).toBe('departed');
    expect(deriveStatus(records.slice(0, 5), { mode: 'sea', destination: DEST })).toBe('arrived');
    expect(replay({ mode: 'sea', destination: DEST }, records)).toMatchObject({ ok: false, event_id: 'bad' });
    const clean = replay({ mode: 'sea', destination: DEST }, records.filter((r) => r.id !== 'bad'));
    expect(clean.ok && clean.state.status).toBe('departed');
  });
});
