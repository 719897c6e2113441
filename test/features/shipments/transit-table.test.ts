// Transit times and delivery performance are answered from an in-memory table of completed
// shipments: for random filters and groupings they must equal a brute-force computation over the
// shipments as stored, and a new shipment must show without anyone clearing a cache.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { mulberry32 } from '../../../src/synth/prng.js';
import { forgetTransitTables } from '../../../src/features/shipments/transit-table.js';
import { insertShipment } from './fixtures.js';

const DAY = 86_400_000;
const PORTS = ['TRMER', 'TRAMB', 'TRIST'];
const DESTS = ['DEHAM', 'NLRTM', 'ITGOA', 'USNYC'];
const CARRIERS = ['MSCU', 'MAEU', 'CMDU', null];
const MODES = ['sea', 'road'];
const GROUPS = ['route_carrier', 'route', 'carrier', 'origin_port', 'destination_port'] as const;

interface Raw {
  origin_port: string;
  destination_port: string;
  carrier: string | null;
  transport_mode: string;
  dep: number;
  arr: number;
  planned: number | null;
}

function q7(sorted: number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return sorted[lo]! + (h - lo) * (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!);
}
const r2 = (v: number) => Math.round(v * 100) / 100;

describeEachStore('transit statistics from the in-memory table', (get) => {
  let t: TestApp;
  let token: string;
  const raws: Raw[] = [];
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    token = await t.token(['shipments:read']);
    const rnd = mulberry32(11);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    for (let i = 0; i < 240; i++) {
      const dep = Date.UTC(2024, 0, 1) + Math.floor(rnd() * 360) * DAY + Math.floor(rnd() * 24) * 3_600_000;
      // A few arrive "before" they left (bad feed data): left out of transit times.
      const arr = dep + (rnd() < 0.05 ? -DAY : Math.round((2 + rnd() * 20) * 24) * 3_600_000);
      const planned = rnd() < 0.2 ? null : dep + Math.round(4 + rnd() * 14) * DAY;
      const r: Raw = { origin_port: pick(PORTS), destination_port: pick(DESTS), carrier: pick(CARRIERS), transport_mode: pick(MODES), dep, arr, planned };
      raws.push(r);
      await insertShipment(get().store.db, {
        origin_port: r.origin_port, destination_port: r.destination_port, carrier: r.carrier, transport_mode: r.transport_mode, status: 'delivered',
        actual_departure: new Date(dep).toISOString(), actual_arrival: new Date(arr).toISOString(),
        planned_arrival: planned === null ? null : new Date(planned).toISOString(),
      });
    }
    // Not completed: never counted.
    await insertShipment(get().store.db, { status: 'departed', actual_departure: '2024-05-01T00:00:00.000Z' });
    forgetTransitTables(get().store.db);
  });
  afterAll(() => t.close());

  const getJson = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() as { data: Record<string, unknown>[]; meta: { shipments: number } } };
  };

  function expected(rows: Raw[], group: (typeof GROUPS)[number], measure: (r: Raw) => number | null) {
    const route = group === 'route' || group === 'route_carrier';
    const groups = new Map<string, { key: Record<string, string | null>; days: number[] }>();
    let shipments = 0;
    for (const r of rows) {
      const d = measure(r);
      if (d === null) continue;
      shipments++;
      const key = {
        origin_port: route || group === 'origin_port' ? r.origin_port : null,
        destination_port: route || group === 'destination_port' ? r.destination_port : null,
        carrier: group === 'route_carrier' || group === 'carrier' ? (r.carrier ?? '') : null,
      };
      const k = JSON.stringify(key);
      const g = groups.get(k) ?? { key, days: [] as number[] };
      g.days.push(d);
      groups.set(k, g);
    }
    const list = [...groups].sort(([ka, a], [kb, b]) => b.days.length - a.days.length || (ka < kb ? -1 : 1)).map(([, g]) => g);
    return { list, shipments };
  }

  it('equals a brute-force computation for random filters and groupings', async () => {
    const rnd = mulberry32(5);
    const maybe = <T>(xs: readonly T[]) => (rnd() < 0.4 ? xs[Math.floor(rnd() * xs.length)] : undefined);
    for (let i = 0; i < 40; i++) {
      const group = GROUPS[Math.floor(rnd() * GROUPS.length)]!;
      const origin = maybe(PORTS);
      const dest = maybe(DESTS);
      const carrier = maybe(CARRIERS.filter((c): c is string => c !== null));
      const mode = maybe(MODES);
      const fromMonth = rnd() < 0.5 ? 1 + Math.floor(rnd() * 6) : null;
      const toMonth = rnd() < 0.5 ? 7 + Math.floor(rnd() * 6) : null;
      const tolerance = Math.floor(rnd() * 72);
      const qs = new URLSearchParams({ group_by: group });
      if (origin) qs.set('origin_port', origin);
      if (dest) qs.set('destination_port', dest);
      if (carrier) qs.set('carrier', carrier);
      if (mode) qs.set('transport_mode', mode);
      if (fromMonth) qs.set('from', `2024-${String(fromMonth).padStart(2, '0')}`);
      if (toMonth) qs.set('to', `2024-${String(toMonth).padStart(2, '0')}`);
      const lo = fromMonth ? Date.UTC(2024, fromMonth - 1, 1) : -Infinity;
      const hi = toMonth ? Date.UTC(2024, toMonth, 1) - 1 : Infinity;
      const kept = raws.filter((r) => (!origin || r.origin_port === origin) && (!dest || r.destination_port === dest) && (!carrier || r.carrier === carrier) && (!mode || r.transport_mode === mode) && r.dep >= lo && r.dep <= hi);

      const tt = await getJson(`/v1/shipments/transit-times?${qs}`);
      expect(tt.status).toBe(200);
      const want = expected(kept, group, (r) => (r.arr >= r.dep ? (r.arr - r.dep) / DAY : null));
      expect(tt.body.meta.shipments, qs.toString()).toBe(want.shipments);
      expect(tt.body.data, qs.toString()).toEqual(
        want.list.map(({ key, days }) => {
          const s = [...days].sort((a, b) => a - b);
          return { ...key, count: s.length, mean_days: r2(s.reduce((a, b) => a + b, 0) / s.length), p10_days: r2(q7(s, 0.1)), p50_days: r2(q7(s, 0.5)), p90_days: r2(q7(s, 0.9)), min_days: r2(s[0]!), max_days: r2(s[s.length - 1]!) };
        }),
      );

      qs.set('tolerance_hours', String(tolerance));
      const dp = await getJson(`/v1/shipments/delivery-performance?${qs}`);
      expect(dp.status).toBe(200);
      const late = expected(kept, group, (r) => (r.planned === null ? null : (r.arr - r.planned) / DAY));
      expect(dp.body.meta.shipments).toBe(late.shipments);
      expect(dp.body.data, qs.toString()).toEqual(
        late.list.map(({ key, days }) => {
          const s = [...days].sort((a, b) => a - b);
          const onTime = s.filter((d) => d <= tolerance / 24).length;
          return {
            ...key, count: s.length, on_time: onTime, late: s.length - onTime, on_time_share: Math.round((onTime / s.length) * 1e4) / 1e4,
            mean_delay_days: r2(s.reduce((a, b) => a + b, 0) / s.length), mean_lateness_days: r2(s.reduce((a, b) => a + Math.max(0, b), 0) / s.length), p90_delay_days: r2(q7(s, 0.9)),
          };
        }),
      );
    }
  });

  it('shows a newly stored shipment within about a second, without a cache being cleared', async () => {
    const url = '/v1/shipments/transit-times?origin_port=TRIST&destination_port=JPTYO&group_by=route';
    expect((await getJson(url)).body.data).toEqual([]);
    await insertShipment(get().store.db, {
      origin_port: 'TRIST', destination_port: 'JPTYO', status: 'delivered',
      actual_departure: '2024-06-01T00:00:00.000Z', actual_arrival: '2024-06-29T00:00:00.000Z',
    });
    let data: Record<string, unknown>[] = [];
    for (let i = 0; i < 40 && data.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      data = (await getJson(url)).body.data;
    }
    expect(data).toEqual([{ origin_port: 'TRIST', destination_port: 'JPTYO', carrier: null, count: 1, mean_days: 28, p10_days: 28, p50_days: 28, p90_days: 28, min_days: 28, max_days: 28 }]);
  });
});
