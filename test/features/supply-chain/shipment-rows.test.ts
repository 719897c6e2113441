// Route, carrier and port summaries filter an in-memory copy of the shipments; the filter must keep
// exactly the rows the SQL filter reads, including shipments without a carrier or a departure.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { buildWorld, type World } from '../companies/fixture.js';
import { allShipmentRows, readShipmentTable, selectShipments, shipmentRows, shipmentTable, type ShipmentFilter, type ShipmentRow } from '../../../src/features/supply-chain/queries.js';
import { forgetShipmentSnapshots } from '../../../src/features/shipments/snapshot.js';

// The rows a filter keeps, by brute force in the same terms as the SQL: the reference for the copy.
function filterShipments(rows: readonly ShipmentRow[], f: ShipmentFilter): ShipmentRow[] {
  const from = f.range.from ? `${f.range.from}T00:00:00.000Z` : null;
  const to = f.range.to ? `${f.range.to}T23:59:59.999Z` : null;
  return rows.filter((r) =>
    (!f.origin_port || r.origin_port === f.origin_port) &&
    (!f.destination_port || r.destination_port === f.destination_port) &&
    (!f.port || r.origin_port === f.port || r.destination_port === f.port) &&
    (!f.carrier || r.carrier === f.carrier) &&
    (!f.transport_mode || r.transport_mode === f.transport_mode) &&
    (from === null || (r.departure !== null && r.departure >= from)) &&
    (to === null || (r.departure !== null && r.departure <= to)));
}

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
    const table = (await readShipmentTable(db))!;
    for (const f of filters) {
      const sqlRows = (await shipmentRows(db, f)).map(key).sort();
      expect(filterShipments(all, f).map(key).sort(), JSON.stringify(f)).toEqual(sqlRows);
      // The window read from the departure order gives the same rows, in id order.
      expect(selectShipments(table, f).map(key), JSON.stringify(f)).toEqual(filterShipments(all, f).map(key));
    }
    // Every window with bounds on and between the stored departures, and one empty.
    const days = [...new Set(all.map((r) => r.departure?.slice(0, 10)).filter((d): d is string => !!d))].sort();
    for (const from of [null, ...days]) {
      for (const to of [null, ...days, '2024-01-01']) {
        const f = { range: { from, to } };
        expect(selectShipments(table, f).map(key), JSON.stringify(f)).toEqual(filterShipments(all, f).map(key));
      }
    }
  });

  it('works out transit days once per row: actual departure to actual arrival, when in order', async () => {
    const all = (await allShipmentRows(get().store.db, 1_000))!;
    const days = all.filter((r) => r.carrier === 'MSCU' && r.departure !== null).map((r) => r.transit_days).sort();
    expect(days).toEqual([10, 12, 14]);
    expect(all.find((r) => r.carrier === 'MAEU' && r.transport_mode === 'air')!.transit_days).toBeNull();
    expect(all.find((r) => r.carrier === null)!.transit_days).toBeNull();
  });

  it('shows a new shipment in the in-memory copy within about a second, without a cache being cleared', async () => {
    const db = get().store.db;
    forgetShipmentSnapshots();
    const before = (await shipmentTable(db))!.rows.length;
    await db.insertInto('shipments').values({
      flow: 'export', transport_mode: 'road', status: 'planned', bl_number: null, booking_number: null, awb_number: null, vessel: null, voyage: null,
      company_id: w.A, partner_company_id: null, declaration_id: null, planned_arrival: null, actual_departure: null, actual_arrival: null, eta: null,
      updated_at: '2024-04-01T00:00:00.000Z', carrier: 'XRBORL', origin_port: 'TRIST', destination_port: 'BGSOF', planned_departure: '2024-03-05T00:00:00.000Z',
    }).execute();
    let rows = (await shipmentTable(db))!.rows;
    for (let i = 0; i < 40 && rows.length === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = (await shipmentTable(db))!.rows;
    }
    expect(rows.length).toBe(before + 1);
    expect(rows[rows.length - 1]!.destination_port).toBe('BGSOF');
  });

  it('leaves a table larger than the bound to SQL', async () => {
    expect(await allShipmentRows(get().store.db, 7)).toBeNull();
  });
});
