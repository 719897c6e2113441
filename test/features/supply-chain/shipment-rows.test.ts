// Route, carrier and port summaries filter an in-memory copy of the shipments; the filter must keep
// exactly the rows the SQL filter reads, including shipments without a carrier or a departure.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { buildWorld, type World } from '../companies/fixture.js';
import { allShipmentRows, filterShipments, shipmentRows, type ShipmentFilter, type ShipmentRow } from '../../../src/features/supply-chain/queries.js';

describeEachStore('shipment rows in memory', (get) => {
  let w: World;
  beforeAll(async () => {
    const { store } = get();
    w = await buildWorld(store);
    const base = {
      flow: 'import' as const, transport_mode: 'air', status: 'planned', bl_number: null, booking_number: null, awb_number: null,
      vessel: null, voyage: null, company_id: w.A, partner_company_id: null, declaration_id: null, planned_arrival: null,
      actual_departure: null, actual_arrival: null, eta: null, updated_at: '2024-04-01T00:00:00.000Z',
    };
    await store.db.insertInto('shipments').values([
      // No carrier, planned departure only, on the last instant of a day.
      { ...base, carrier: null, origin_port: 'DEHAM', destination_port: 'TRMER', planned_departure: '2024-02-29T23:59:59.999Z' },
      // No departure at all: outside every date range.
      { ...base, carrier: 'MSCU', origin_port: 'TRMER', destination_port: 'DEHAM', planned_departure: null },
      // Arrival before departure: no transit time.
      { ...base, carrier: 'MAEU', origin_port: 'TRMER', destination_port: 'DEHAM', planned_departure: '2024-03-01T00:00:00.000Z', actual_departure: '2024-03-02T00:00:00.000Z', actual_arrival: '2024-03-01T12:00:00.000Z' },
    ]).execute();
  });

  const key = (r: ShipmentRow) => JSON.stringify(r);

  it('keeps what the SQL filter reads, for every mix of filters', async () => {
    const db = get().store.db;
    const all = (await allShipmentRows(db, 1_000, 2))!;
    expect(all).toHaveLength(8);
    const filters: ShipmentFilter[] = [
      { range: { from: null, to: null } },
      { origin_port: 'TRMER', range: { from: null, to: null } },
      { origin_port: 'TRMER', destination_port: 'DEHAM', carrier: 'MSCU', range: { from: null, to: null } },
      { port: 'TRMER', range: { from: '2024-02-01', to: '2024-02-29' } },
      { port: 'DEHAM', range: { from: '2024-03-01', to: null } },
      { carrier: 'MAEU', transport_mode: 'air', range: { from: null, to: '2024-03-01' } },
      { transport_mode: 'sea', range: { from: '2024-01-11', to: '2024-02-16' } },
      { range: { from: '2024-03-02', to: '2024-03-02' } },
    ];
    for (const f of filters) {
      const sqlRows = (await shipmentRows(db, f)).map(key).sort();
      expect(filterShipments(all, f).map(key).sort(), JSON.stringify(f)).toEqual(sqlRows);
    }
  });

  it('works out transit days once per row: actual departure to actual arrival, when in order', async () => {
    const all = (await allShipmentRows(get().store.db, 1_000))!;
    const days = all.filter((r) => r.carrier === 'MSCU' && r.departure !== null).map((r) => r.transit_days).sort();
    expect(days).toEqual([10, 12, 14]);
    expect(all.find((r) => r.carrier === 'MAEU' && r.transport_mode === 'air')!.transit_days).toBeNull();
    expect(all.find((r) => r.carrier === null)!.transit_days).toBeNull();
  });

  it('leaves a table larger than the bound to SQL', async () => {
    expect(await allShipmentRows(get().store.db, 7)).toBeNull();
  });
});
