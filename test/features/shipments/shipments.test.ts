import { it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { completeContainerNumber } from '../../../src/domain/codes/iso6346.js';
import { clearEtaCache } from '../../../src/features/shipments/eta.js';
import { forgetTransitTables } from '../../../src/features/shipments/transit-table.js';
import { completed, insertBillOfLading, insertShipment } from './fixtures.js';

interface Envelope<T = Record<string, unknown>> {
  status: string;
  code: number;
  data: T[];
  meta: Record<string, unknown>;
  error?: { type: string; message: string; details: { field: string; issue: string; allowed?: string[] }[] };
}

describeEachStore('shipments over HTTP', (get) => {
  let t: TestApp;
  let read: string;
  let write: string;
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    read = await t.token(['shipments:read']);
    write = await t.token(['shipments:write', 'shipments:read']);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clearEtaCache(get().store.db);
    forgetTransitTables(get().store.db);
  });

  const db = () => get().store.db;
  const getJson = async <T = Record<string, unknown>>(url: string, token = read) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const post = async (id: number, payload: Record<string, unknown>, token = write) => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/events`, headers: { authorization: `Bearer ${token}` }, payload });
    return { status: res.statusCode, body: res.json() as Envelope };
  };
  const act = (event_code: string, occurred_at: string, extra: Record<string, unknown> = {}) => ({ event_code, classifier: 'ACT', occurred_at, ...extra });
  const statusOf = async (id: number) => (await getJson<{ status: string }>(`/v1/shipments/${id}`)).body.data[0]?.status;

  it('moves a sea shipment through every main status and records its actual times', async () => {
    const id = await insertShipment(db(), { destination_port: 'DEHAM' });
    const steps: [string, string, string, Record<string, unknown>?][] = [
      ['GTIN', '2024-03-01T08:00:00Z', 'gated_in'],
      ['LOAD', '2024-03-02T08:00:00Z', 'loaded'],
      ['DEPA', '2024-03-02T20:00:00+03:00', 'departed'],
      ['ARRI', '2024-03-10T08:00:00Z', 'transshipment', { location: 'GRPIR' }],
      ['DEPA', '2024-03-11T08:00:00Z', 'in_transit', { location: 'GRPIR' }],
      ['ARRI', '2024-03-20T08:00:00Z', 'arrived', { location: 'de ham' }],
      ['DISC', '2024-03-21T08:00:00Z', 'discharged'],
      ['CUSR', '2024-03-22T08:00:00Z', 'customs_cleared'],
      ['DLVR', '2024-03-23T08:00:00Z', 'delivered'],
    ];
    for (const [code, at, expected, extra] of steps) {
      const res = await post(id, act(code, at, extra));
      expect(res.status, `${code}: ${JSON.stringify(res.body.error)}`).toBe(201);
      expect(res.body.meta.shipment).toMatchObject({ status: expected });
      expect(await statusOf(id)).toBe(expected);
    }
    const s = (await getJson<Record<string, unknown>>(`/v1/shipments/${id}`)).body.data[0]!;
    // The first departure counts, in UTC; the arrival is the one at the destination, not the hub.
    expect(s.actual_departure).toBe('2024-03-02T17:00:00.000Z');
    expect(s.actual_arrival).toBe('2024-03-20T08:00:00.000Z');
    expect(s.eta).toBe('2024-03-20T08:00:00.000Z');
    expect(s.eta_estimate).toBeNull();
    const events = (await getJson<{ event_code: string }>(`/v1/shipments/${id}/events`)).body.data.map((e) => e.event_code);
    expect(events).toEqual(steps.map((s) => s[0]));
  });

  it('accepts planned and estimated events in any status without moving it', async () => {
    const id = await insertShipment(db());
    const res = await post(id, { event_code: 'ARRI', classifier: 'PLN', occurred_at: '2024-05-20T00:00:00Z', location: 'DEHAM' });
    expect(res.status).toBe(201);
    expect(await statusOf(id)).toBe('booked');
    const s = (await getJson<{ planned_arrival: string }>(`/v1/shipments/${id}`)).body.data[0]!;
    expect(s.planned_arrival).toBe('2024-05-20T00:00:00.000Z');
  });

  it('refuses impossible transitions with 409 and the reason', async () => {
    const id = await insertShipment(db());
    const disc = await post(id, act('DISC', '2024-03-01T08:00:00Z'));
    expect(disc.status).toBe(409);
    expect(disc.body.error?.type).toBe('conflict');
    expect(disc.body.error?.details[0]?.issue).toBe('illegal_transition');
    expect(disc.body.error?.message).toMatch(/DISC is not allowed while the shipment is booked/);

    expect((await post(id, act('GTIN', '2024-03-01T08:00:00Z'))).status).toBe(201);
    const before = await post(id, act('LOAD', '2024-02-28T08:00:00Z'));
    expect(before.status).toBe(409);
    expect(before.body.error?.details[0]?.issue).toBe('time_regression');

    // Departing without loading, and arriving before departing.
    expect((await post(id, act('DEPA', '2024-03-02T08:00:00Z'))).body.error?.details[0]?.issue).toBe('illegal_transition');
    expect((await post(id, act('ARRI', '2024-03-02T08:00:00Z'))).status).toBe(409);
    expect(await statusOf(id)).toBe('gated_in');
    const events = (await getJson(`/v1/shipments/${id}/events`)).body.data;
    expect(events).toHaveLength(1);
  });

  it('refuses ill-formed events with 400', async () => {
    const id = await insertShipment(db(), { transport_mode: 'road' });
    const noZone = await post(id, act('LOAD', '2024-03-01T08:00:00'));
    expect(noZone.status).toBe(400);
    expect(noZone.body.error?.message).toMatch(/time zone/);
    const gtinByRoad = await post(id, act('GTIN', '2024-03-01T08:00:00Z'));
    expect(gtinByRoad.status).toBe(400);
    expect(gtinByRoad.body.error?.message).toMatch(/not used for road/);
    const unknown = await post(id, act('XXXX', '2024-03-01T08:00:00Z'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.details[0]?.allowed).toContain('DEPA');
    const wrongType = await post(id, act('LOAD', '2024-03-01T08:00:00Z', { event_type: 'TRANSPORT' }));
    expect(wrongType.status).toBe(400);
    expect((await post(id, { classifier: 'ACT' })).status).toBe(400);
    expect((await post(id, { event_code: 'LOAD', occurred_at: '2024-03-01T08:00:00Z' })).status).toBe(400);
    const badContainer = await post(id, act('LOAD', '2024-03-01T08:00:00Z', { container_no: 'CSQU3054384' }));
    expect(badContainer.status).toBe(400);
    expect(badContainer.body.error?.message).toMatch(/should be 3/);
    expect((await post(999_999, act('LOAD', '2024-03-01T08:00:00Z'))).status).toBe(404);
  });

  it('moves road and air shipments along their own paths, with a hold and release', async () => {
    const road = await insertShipment(db(), { transport_mode: 'road', origin_port: 'TRKPK', destination_port: 'DEMUC', carrier: 'TRUCK1' });
    for (const [code, at, loc, expected] of [
      ['LOAD', '2024-04-01T06:00:00Z', null, 'loaded'],
      ['DEPA', '2024-04-01T08:00:00Z', null, 'departed'],
      ['ARRI', '2024-04-02T08:00:00Z', 'BGSVI', 'in_transit'],
      ['DEPA', '2024-04-02T12:00:00Z', 'BGSVI', 'in_transit'],
      ['ARRI', '2024-04-05T08:00:00Z', 'DEMUC', 'arrived'],
      ['HOLD', '2024-04-05T09:00:00Z', null, 'on_hold'],
      ['RELS', '2024-04-06T09:00:00Z', null, 'arrived'],
      ['CUSR', '2024-04-06T10:00:00Z', null, 'customs_cleared'],
      ['DLVR', '2024-04-06T18:00:00Z', null, 'delivered'],
    ] as const) {
      const res = await post(road, act(code, at, loc ? { location: loc } : {}));
      expect(res.status, `${code}: ${JSON.stringify(res.body.error)}`).toBe(201);
      expect(await statusOf(road)).toBe(expected);
    }
    // Delivered is terminal for movements.
    expect((await post(road, act('LOAD', '2024-04-07T08:00:00Z'))).status).toBe(409);

    const air = await insertShipment(db(), { transport_mode: 'air', origin_port: 'TRIST', destination_port: 'USJFK', carrier: 'TK', awb_number: '235-12345675' });
    for (const [code, expected] of [['GTIN', 'gated_in'], ['LOAD', 'loaded'], ['DEPA', 'departed'], ['ARRI', 'arrived'], ['DISC', 'discharged']] as const) {
      expect((await post(air, act(code, '2024-04-01T08:00:00Z'))).status).toBe(201);
      expect(await statusOf(air)).toBe(expected);
    }
    // Holding is not possible while under way.
    const underWay = await insertShipment(db(), { transport_mode: 'air', origin_port: 'TRIST', destination_port: 'USJFK' });
    for (const code of ['GTIN', 'LOAD', 'DEPA']) await post(underWay, act(code, '2024-04-01T08:00:00Z'));
    expect((await post(underWay, act('HOLD', '2024-04-01T09:00:00Z'))).status).toBe(409);
    // A booking can be voided; then nothing moves it.
    const voided = await insertShipment(db());
    expect((await post(voided, act('VOID', '2024-04-01T08:00:00Z'))).status).toBe(201);
    expect(await statusOf(voided)).toBe('cancelled');
    expect((await post(voided, act('GTIN', '2024-04-02T08:00:00Z'))).status).toBe(409);
  });

  it('corrects history by retraction, never deletion, and keeps it consistent', async () => {
    const id = await insertShipment(db());
    const gtin = await post(id, act('GTIN', '2024-03-01T08:00:00Z'));
    const load = await post(id, act('LOAD', '2024-03-02T08:00:00Z'));
    const depa = await post(id, act('DEPA', '2024-03-03T08:00:00Z'));
    const ids = [gtin, load, depa].map((r) => (r.body.data[0] as { event_id: number }).event_id);
    expect(await statusOf(id)).toBe('departed');
    expect((await getJson<{ actual_departure: string }>(`/v1/shipments/${id}`)).body.data[0]?.actual_departure).toBe('2024-03-03T08:00:00.000Z');

    // The LOAD cannot go while the DEPA that needs it is in force.
    const early = await post(id, { retracts_event_id: ids[1] });
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toMatch(/impossible history/);

    const undo = await post(id, { retracts_event_id: ids[2], reason: 'sent for the wrong vessel' });
    expect(undo.status).toBe(201);
    expect(undo.body.data[0]).toMatchObject({ kind: 'retraction', retracts_event_id: ids[2], reason: 'sent for the wrong vessel' });
    expect(await statusOf(id)).toBe('loaded');
    expect((await getJson<{ actual_departure: string | null }>(`/v1/shipments/${id}`)).body.data[0]?.actual_departure).toBeNull();
    expect((await post(id, { retracts_event_id: ids[2] })).body.error?.details[0]?.issue).toBe('already_retracted');
    expect((await post(id, { retracts_event_id: 987654 })).body.error?.details[0]?.issue).toBe('unknown_retraction_target');

    // A replacement carries retracts_event_id and takes the earlier one's place.
    const fixed = await post(id, act('LOAD', '2024-03-02T10:00:00Z', { retracts_event_id: ids[1] }));
    expect(fixed.status).toBe(201);
    expect(await statusOf(id)).toBe('loaded');

    const all = (await getJson<{ event_id: number; retracted: boolean; kind: string }>(`/v1/shipments/${id}/events`)).body.data;
    expect(all).toHaveLength(5);
    expect(all.filter((e) => e.retracted).map((e) => e.event_id).sort()).toEqual([ids[1], ids[2]].sort());
    const inForce = (await getJson<{ event_code: string }>(`/v1/shipments/${id}/events?include_retracted=false`)).body.data;
    expect(inForce.map((e) => e.event_code)).toEqual(['GTIN', 'LOAD']);
  });

  it('tracks by container, bill of lading, booking and air waybill numbers', async () => {
    const container = completeContainerNumber('TGHU765432');
    await insertBillOfLading(db(), 'MEDUTR123456', 'BKG778899', [container]);
    const bl = await insertShipment(db(), { bl_number: 'MEDUTR123456' });
    const booking = await insertShipment(db(), { booking_number: 'EBKG0042' });
    const awb = await insertShipment(db(), { transport_mode: 'air', awb_number: '157-12345675', origin_port: 'TRIST', destination_port: 'USJFK' });

    const byContainer = await getJson<{ shipment_id: number }>(`/v1/shipments/track?reference=${container.toLowerCase()}`);
    expect(byContainer.status).toBe(200);
    expect(byContainer.body.meta.reference_kind).toBe('container');
    expect(byContainer.body.data.map((s) => s.shipment_id)).toEqual([bl]);

    const wrong = container.slice(0, 10) + String((Number(container[10]) + 1) % 10);
    const bad = await getJson(`/v1/shipments/track?reference=${wrong}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.details[0]?.field).toBe('reference');
    expect(bad.body.error?.message).toContain(`should be ${container[10]}`);

    const byBl = await getJson<{ shipment_id: number }>('/v1/shipments/track?reference=MEDUTR123456');
    expect(byBl.body.meta.reference_kind).toBe('bl');
    expect(byBl.body.data.map((s) => s.shipment_id)).toEqual([bl]);

    const byBooking = await getJson<{ shipment_id: number }>('/v1/shipments/track?reference=EBKG0042');
    expect(byBooking.body.meta.reference_kind).toBe('booking');
    expect(byBooking.body.data.map((s) => s.shipment_id)).toEqual([booking]);
    // A booking number known only from the bill of lading finds the B/L's shipment.
    const viaBl = await getJson<{ shipment_id: number }>('/v1/shipments/track?reference=BKG778899&kind=booking');
    expect(viaBl.body.data.map((s) => s.shipment_id)).toEqual([bl]);

    for (const ref of ['157-12345675', '15712345675']) {
      const res = await getJson<{ shipment_id: number }>(`/v1/shipments/track?reference=${ref}`);
      expect(res.body.meta.reference_kind).toBe('awb');
      expect(res.body.data.map((s) => s.shipment_id)).toEqual([awb]);
    }
    const badAwb = await getJson('/v1/shipments/track?reference=157-12345676');
    expect(badAwb.status).toBe(400);
    expect(badAwb.body.error?.message).toMatch(/should be 5/);

    expect((await getJson('/v1/shipments/track?reference=NOSUCHBL99')).status).toBe(404);
    expect((await getJson('/v1/shipments/track?reference=a%20b')).status).toBe(400);
    expect((await getJson('/v1/shipments/track')).status).toBe(400);
  });

  it('filters, validates and pages the shipment list', async () => {
    const a = await insertShipment(db(), { carrier: 'LIST1', status: 'departed', company_id: 77, eta: '2024-06-10T00:00:00.000Z' });
    const b = await insertShipment(db(), { carrier: 'LIST1', status: 'arrived', partner_company_id: 77, eta: '2024-07-10T00:00:00.000Z' });
    await insertShipment(db(), { carrier: 'LIST1', status: 'departed', eta: '2024-06-15T00:00:00.000Z', destination_port: 'NLRTM' });
    const ids = async (q: string) => (await getJson<{ shipment_id: number }>(`/v1/shipments?carrier=LIST1&${q}`)).body.data.map((s) => s.shipment_id);
    expect(await ids('company_id=77')).toEqual([a, b]);
    expect(await ids('status=arrived')).toEqual([b]);
    expect((await ids('status=departed,arrived')).length).toBe(3);
    expect(await ids('eta_from=2024-06&eta_to=2024-06&destination_port=deham')).toEqual([a]);
    expect((await getJson('/v1/shipments?status=sailing')).body.error?.details[0]?.allowed).toContain('in_transit');
    expect((await getJson('/v1/shipments?origin_port=MERSIN')).status).toBe(400);
    expect((await getJson('/v1/shipments?eta_from=2024-06-10&eta_to=2024-06-01')).status).toBe(400);
    expect((await getJson('/v1/shipments?transport_mode=boat')).status).toBe(400);
    expect((await getJson('/v1/shipments?colour=red')).status).toBe(400);

    const first = await getJson<{ shipment_id: number }>('/v1/shipments?carrier=LIST1&limit=2');
    expect(first.body.data).toHaveLength(2);
    const next = await getJson<{ shipment_id: number }>(`/v1/shipments?carrier=LIST1&limit=2&cursor=${String(first.body.meta.next_cursor)}`);
    expect(next.body.data).toHaveLength(1);
    expect(next.body.meta.next_cursor).toBeNull();
    const csv = await t.app.inject({ url: '/v1/shipments?carrier=LIST1&format=csv', headers: { authorization: `Bearer ${read}` } });
    expect(csv.body.trim().split('\n')).toHaveLength(4);
  });

  it('estimates the ETA of a shipment under way from its route and carrier', async () => {
    // Ten past voyages TRMER → NLRTM with carrier ETA1 took 10..19 days.
    for (let d = 10; d < 20; d++) await insertShipment(db(), { carrier: 'ETA1', destination_port: 'NLRTM', ...completed('2023-01-01T00:00:00Z', d) });
    const departed = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const id = await insertShipment(db(), { carrier: 'ETA1', destination_port: 'NLRTM', status: 'departed', actual_departure: departed });
    const s = (await getJson<{ eta_estimate: Record<string, unknown> }>(`/v1/shipments/${id}`)).body.data[0]!;
    const e = s.eta_estimate;
    expect(e.basis).toBe('route_carrier');
    expect(e.sample_size).toBe(10);
    // Median of 10..19 is 14.5 days; p10 = 10.9, p90 = 18.1 (type 7).
    const days = (iso: unknown) => (Date.parse(String(iso)) - Date.parse(departed)) / 86_400_000;
    expect(days(e.eta)).toBeCloseTo(14.5, 6);
    expect(days(e.eta_p10)).toBeCloseTo(10.9, 6);
    expect(days(e.eta_p90)).toBeCloseTo(18.1, 6);

    // A new ACT event stores the estimate on the shipment.
    const moving = await insertShipment(db(), { carrier: 'ETA1', destination_port: 'NLRTM', status: 'booked' });
    for (const code of ['GTIN', 'LOAD']) await post(moving, act(code, '2024-01-01T00:00:00Z'));
    const dep = await post(moving, act('DEPA', '2024-01-02T00:00:00Z'));
    expect(dep.status).toBe(201);
    const stored = (await getJson<{ eta: string }>(`/v1/shipments/${moving}`)).body.data[0]!.eta;
    // Elapsed is long past every sample, so it is overdue: the estimate is "now", after departure.
    expect(Date.parse(stored)).toBeGreaterThan(Date.parse('2024-01-02T00:00:00Z'));
  });

  it('reports transit times and delivery performance per route and carrier', async () => {
    // Route TRAMB → ITGOA: carrier ST1 took 4, 6, 8, 10 days; ST2 took 5 days once.
    for (const d of [4, 6, 8, 10]) await insertShipment(db(), { origin_port: 'TRAMB', destination_port: 'ITGOA', carrier: 'ST1', ...completed('2024-02-01T00:00:00Z', d, 6) });
    await insertShipment(db(), { origin_port: 'TRAMB', destination_port: 'ITGOA', carrier: 'ST2', ...completed('2024-02-01T00:00:00Z', 5, 7) });
    const tt = await getJson<Record<string, unknown>>('/v1/shipments/transit-times?origin_port=TRAMB&destination_port=ITGOA');
    expect(tt.status).toBe(200);
    expect(tt.body.data[0]).toEqual({
      origin_port: 'TRAMB', destination_port: 'ITGOA', carrier: 'ST1', count: 4,
      mean_days: 7, p10_days: 4.6, p50_days: 7, p90_days: 9.4, min_days: 4, max_days: 10,
    });
    const route = await getJson<Record<string, unknown>>('/v1/shipments/transit-times?origin_port=TRAMB&group_by=route');
    expect(route.body.data).toHaveLength(1);
    expect(route.body.data[0]).toMatchObject({ carrier: null, count: 5, p50_days: 6 });
    expect((await getJson('/v1/shipments/transit-times?from=2024-03&to=2024-02')).status).toBe(400);
    expect((await getJson('/v1/shipments/transit-times?group_by=vessel')).status).toBe(400);

    // ST1 planned 6 days: delays −2, 0, +2, +4; with 24 h tolerance two are on time.
    const dp = await getJson<Record<string, unknown>>('/v1/shipments/delivery-performance?origin_port=TRAMB&group_by=carrier');
    const st1 = dp.body.data.find((r) => r.carrier === 'ST1');
    expect(st1).toMatchObject({ count: 4, on_time: 2, late: 2, on_time_share: 0.5, mean_delay_days: 1, mean_lateness_days: 1.5 });
    const st2 = dp.body.data.find((r) => r.carrier === 'ST2');
    expect(st2).toMatchObject({ count: 1, on_time: 1, mean_delay_days: -2 });
    // With a two-day tolerance, the +2 day arrival is on time (boundary included).
    const lenient = await getJson<Record<string, unknown>>('/v1/shipments/delivery-performance?origin_port=TRAMB&carrier=ST1&tolerance_hours=48');
    expect(lenient.body.data[0]).toMatchObject({ on_time: 3, late: 1 });
  });
});
