import { describe, it, expect } from 'vitest';
import { backtestEta, estimateEta, logNormalQuantiles } from '../../../src/domain/shipments/eta.js';
import type { DeliveredShipment } from '../../../src/domain/shipments/eta.js';
import { normalCdf, normalQuantile } from '../../../src/domain/shipments/normal.js';
import { mulberry32 as rng } from '../../../src/synth/prng.js';

const DEPARTED = '2024-01-01T00:00:00.000Z';
const TEN = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
const at = (days: number) => new Date(Date.parse(DEPARTED) + days * 86_400_000).toISOString();
const hours = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 3_600_000;


describe('normal distribution helpers', () => {
  it('match textbook values', () => {
    expect(normalQuantile(0.9)).toBeCloseTo(1.2815516, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });

  it('invert each other across the range', () => {
    for (let p = 0.001; p < 1; p += 0.0137) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 6);
  });
});

describe('estimateEta from an empirical sample', () => {
  it('takes type-7 quantiles of the route-and-carrier sample at departure', () => {
    const eta = estimateEta({ mode: 'sea', departed_at: DEPARTED, now: DEPARTED, route_carrier: TEN });
    expect(eta).toMatchObject({
      basis: 'route_carrier',
      sample_size: 10,
      tail_size: 10,
      overdue: false,
      eta: '2024-01-15T12:00:00.000Z', // 14.5 days
      eta_p10: '2024-01-11T21:36:00.000Z', // 10.9 days
      eta_p90: '2024-01-19T02:24:00.000Z', // 18.1 days
    });
  });

  it('past the median, uses only the durations longer than the time elapsed', () => {
    const eta = estimateEta({ mode: 'sea', departed_at: DEPARTED, now: at(15.5), route_carrier: TEN });
    // Tail 16, 17, 18, 19: p50 17.5, p10 16.3, p90 18.7.
    expect(eta.tail_size).toBe(4);
    expect(eta.eta).toBe(at(17.5));
    expect(hours(eta.eta_p10, at(16.3))).toBeLessThan(0.001);
    expect(hours(eta.eta_p90, at(18.7))).toBeLessThan(0.001);
    // A duration equal to the elapsed time is already over: tail is 17, 18, 19.
    expect(estimateEta({ mode: 'sea', departed_at: DEPARTED, now: at(16), route_carrier: TEN }).eta).toBe(at(18));
  });

  it('reports an overdue shipment instead of an ETA in the past', () => {
    const now = at(25);
    const eta = estimateEta({ mode: 'sea', departed_at: DEPARTED, now, route_carrier: TEN });
    expect(eta).toMatchObject({ overdue: true, tail_size: 0, eta: now, eta_p10: now });
    expect(hours(eta.eta_p90, at(25 + 3.6))).toBeLessThan(0.001);
  });

  it('falls back from carrier to route to the mode default when samples are thin', () => {
    const route = estimateEta({ mode: 'sea', departed_at: DEPARTED, now: DEPARTED, route_carrier: [30, 31, 32], route: TEN });
    expect(route).toMatchObject({ basis: 'route', sample_size: 10, eta: at(14.5) });
    const fallback = estimateEta({ mode: 'sea', departed_at: DEPARTED, now: DEPARTED, route_carrier: [30], route: [10, 12] });
    expect(fallback.basis).toBe('mode_default');
    expect(fallback.sample_size).toBe(0);
    const lowered = estimateEta({ mode: 'sea', departed_at: DEPARTED, now: DEPARTED, route_carrier: [30, 31, 32], min_sample: 3 });
    expect(lowered).toMatchObject({ basis: 'route_carrier', eta: at(31) });
  });

  it('sorts an unsorted sample and drops values that are not durations', () => {
    const shuffled = [19, 12, 10, 17, 11, 15, 13, 18, 16, 14, Number.NaN, -3];
    const eta = estimateEta({ mode: 'sea', departed_at: DEPARTED, now: DEPARTED, route_carrier: shuffled });
    expect(eta).toMatchObject({ sample_size: 10, eta: at(14.5) });
  });
});

describe('estimateEta from the log-normal mode default', () => {
  it('at departure gives the prior median and a range symmetric in log space', () => {
    const eta = estimateEta({ mode: 'sea', departed_at: DEPARTED, now: DEPARTED });
    expect(hours(eta.eta, at(18))).toBeLessThan(0.01);
    expect(hours(eta.eta_p90, at(33))).toBeLessThan(0.01);
    expect(hours(eta.eta_p10, at((18 * 18) / 33))).toBeLessThan(0.01);
  });

  it('conditions on the elapsed time: at the median, the new median is the old 75th percentile', () => {
    const q = logNormalQuantiles({ median_days: 18, p90_days: 33 }, 18);
    expect(q.p50).toBeCloseTo(24.7639, 2);
    expect(q.p10).toBeCloseTo(19.1022, 2); // F⁻¹(0.55)
    expect(q.p90).toBeCloseTo(39.1867, 2); // F⁻¹(0.95)
  });

  it('never predicts the past, keeps p10 ≤ eta ≤ p90 and pushes the ETA later as time passes', () => {
    for (const mode of ['sea', 'air', 'road', 'rail'] as const) {
      let previous = Number.NEGATIVE_INFINITY;
      for (let elapsed = 0; elapsed <= 120; elapsed += 0.75) {
        const now = at(elapsed);
        const eta = estimateEta({ mode, departed_at: DEPARTED, now });
        const [p10, p50, p90] = [eta.eta_p10, eta.eta, eta.eta_p90].map(Date.parse) as [number, number, number];
        expect(p10).toBeGreaterThanOrEqual(Date.parse(now));
        expect(p10).toBeLessThanOrEqual(p50);
        expect(p50).toBeLessThanOrEqual(p90);
        expect(p50).toBeGreaterThanOrEqual(previous);
        previous = p50;
      }
    }
  });

  it('rejects a prior that is not a distribution', () => {
    expect(() => logNormalQuantiles({ median_days: 10, p90_days: 9 }, 0)).toThrow(RangeError);
  });
});

function synthetic(seed: number, count: number): DeliveredShipment[] {
  const random = rng(seed);
  const out: DeliveredShipment[] = [];
  for (let i = 0; i < count; i++) {
    const fast = i % 2 === 0;
    // Carrier A: uniform 20–30 days; carrier B: uniform 14–16 days, on the same route.
    const days = fast ? 14 + 2 * random() : 20 + 10 * random();
    const departed = Date.parse('2023-01-01T00:00:00Z') + i * 43_200_000;
    out.push({
      departed_at: new Date(departed).toISOString(),
      arrived_at: new Date(departed + days * 86_400_000).toISOString(),
      route: 'TRMER-NLRTM',
      carrier: fast ? 'B' : 'A',
    });
  }
  return out;
}

describe('backtestEta', () => {
  const shipments = synthetic(7, 800);
  const result = backtestEta(shipments);

  it('starts from the mode default and moves to the carrier sample once arrivals accumulate', () => {
    expect(result.evaluated).toBe(800);
    const first = result.predictions.find((p) => p.index === 0);
    expect(first?.basis).toBe('mode_default');
    expect(result.by_basis.mode_default.count).toBeGreaterThan(10);
    expect(result.by_basis.route_carrier.count).toBeGreaterThan(700);
  });

  it('measures the error that the distributions imply', () => {
    const carrier = result.predictions.filter((p) => p.basis === 'route_carrier');
    const a = carrier.filter((p) => shipments[p.index]?.carrier === 'A');
    const b = carrier.filter((p) => shipments[p.index]?.carrier === 'B');
    const mae = (ps: typeof carrier) => ps.reduce((s, p) => s + Math.abs(p.predicted_days - p.actual_days), 0) / ps.length;
    // E|U − 25| for U uniform on [20, 30] is 2.5; on [14, 16] around 15 it is 0.5.
    expect(mae(a)).toBeGreaterThan(2.2);
    expect(mae(a)).toBeLessThan(2.8);
    expect(mae(b)).toBeGreaterThan(0.4);
    expect(mae(b)).toBeLessThan(0.6);
    const inside = carrier.filter((p) => p.actual_days >= p.p10_days && p.actual_days <= p.p90_days).length / carrier.length;
    expect(inside).toBeGreaterThan(0.72);
    expect(inside).toBeLessThan(0.88);
    expect(Math.abs(result.bias_days ?? 99)).toBeLessThan(1);
  });

  it('never lets a shipment inform a prediction made before it arrived', () => {
    // Make the last shipment absurdly slow: it arrives after every other departure, so no
    // prediction may change, its own included.
    const changed = shipments.map((s, i) =>
      i === shipments.length - 1 ? { ...s, arrived_at: new Date(Date.parse(s.departed_at) + 900 * 86_400_000).toISOString() } : s,
    );
    const other = backtestEta(changed);
    for (const p of other.predictions) {
      const before = result.predictions.find((q) => q.index === p.index);
      expect(p.predicted_days).toBeCloseTo(before?.predicted_days ?? Number.NaN, 9);
    }
  });

  it('returns empty metrics for no shipments', () => {
    expect(backtestEta([])).toMatchObject({ evaluated: 0, mae_days: null, coverage_p10_p90: null });
  });
});
