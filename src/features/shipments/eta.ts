// ETA of one shipment under way, from the transit times of its route (and carrier). Samples are
// cached per route for a short while: reading a shipment must stay fast on a large store, and a
// few minutes' staleness does not move a distribution of hundreds of past voyages.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import { AgingMap } from '../shared/aging-map.js';
import { estimateEta, type Eta } from '../../domain/shipments/eta.js';
import { daysBetween } from '../../domain/shipments/transit-stats.js';
import { TRACKING_MODES, type TrackingMode } from '../../domain/shipments/transitions.js';
import { completedTransits } from './queries.js';

const TTL_MS = 5 * 60_000;
// Bounded in bytes: a busy route holds thousands of past voyages, a quiet one a handful.
const MAX_BYTES = 16 * 1024 * 1024;

interface RouteSample {
  all: number[];
  byCarrier: Map<string, number[]>;
}

function sampleBytes(s: RouteSample): number {
  let n = 128 + 8 * s.all.length;
  for (const [carrier, list] of s.byCarrier) n += 64 + 2 * carrier.length + 8 * list.length;
  return n;
}

const SAMPLES = stateKey({ name: 'route samples', create: () => new AgingMap<RouteSample>(TTL_MS, MAX_BYTES, sampleBytes), close: (m) => m.clear() });

export function clearEtaCache(db: Kysely<DB>): void {
  stateOf(db).peek(SAMPLES)?.clear();
}

async function routeSample(db: Kysely<DB>, origin: string, destination: string, now: number): Promise<RouteSample> {
  const key = `${origin}>${destination}`;
  const cache = stateOf(db).get(SAMPLES);
  const hit = cache.get(key, now);
  if (hit) return hit;
  const rows = await completedTransits(db, { origin_port: origin, destination_port: destination });
  const all: number[] = [];
  const byCarrier = new Map<string, number[]>();
  for (const r of rows) {
    const d = daysBetween(r.actual_departure, r.actual_arrival);
    if (!(d >= 0)) continue;
    all.push(d);
    const c = r.carrier ?? '';
    const list = byCarrier.get(c);
    if (list) list.push(d);
    else byCarrier.set(c, [d]);
  }
  all.sort((a, b) => a - b);
  for (const list of byCarrier.values()) list.sort((a, b) => a - b);
  const sample = { all, byCarrier };
  cache.set(key, sample, now);
  return sample;
}

export interface EtaSubject {
  transport_mode: string;
  origin_port: string;
  destination_port: string;
  carrier: string | null;
  status: string;
  actual_departure: string | null;
  actual_arrival: string | null;
}

export function isUnderWay(s: EtaSubject): boolean {
  return s.actual_departure !== null && s.actual_arrival === null && s.status !== 'cancelled' && s.status !== 'delivered';
}

/** Null unless the shipment has departed and not yet arrived on a tracked mode. */
export async function shipmentEta(db: Kysely<DB>, s: EtaSubject, now: Date = new Date()): Promise<Eta | null> {
  if (!isUnderWay(s) || !(TRACKING_MODES as readonly string[]).includes(s.transport_mode)) return null;
  const sample = await routeSample(db, s.origin_port, s.destination_port, now.getTime());
  return estimateEta({
    mode: s.transport_mode as TrackingMode,
    departed_at: s.actual_departure as string,
    now: now.toISOString(),
    route: sample.all,
    route_carrier: sample.byCarrier.get(s.carrier ?? '') ?? [],
  });
}
