// Routes, carriers and a route's detail are grouped by the analytic store over its copy of the
// tracked shipments. Each summary must equal the one worked out here from the row store's own rows
// (including shipments without a carrier or a departure, and an arrival before the departure), for
// every mix of filters, and must show a change committed in the row store at the next request,
// also after the copy is rebuilt.
import { it, expect, beforeAll } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { buildWorld, type World } from '../companies/fixture.js';
import { carrierSummaries, routeDetail, routeSummaries, type ShipmentFilter } from '../../../src/features/supply-chain/shipment-summaries.js';
import { transitStats } from '../../../src/domain/shipments/transit-stats.js';
import { analyticsOf } from '../../../src/analytics/registry.js';
import { verifyAnalytics } from '../../../src/analytics/verify.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../../src/db/schema.js';

interface Plain {
  origin: string; destination: string; mode: string; carrier: string; company: number | null; departure: string | null; transit: number | null;
}

async function plainRows(db: Kysely<DB>): Promise<Plain[]> {
  const rows = await db.selectFrom('shipments').select(['origin_port', 'destination_port', 'transport_mode', 'carrier', 'company_id', 'planned_departure', 'actual_departure', 'actual_arrival']).execute();
  return rows.map((r) => {
    const dep = r.actual_departure ?? r.planned_departure;
    const departure = dep === null ? null : new Date(dep).toISOString();
    const arrival = r.actual_arrival === null ? null : new Date(r.actual_arrival).toISOString();
    const transit = departure && arrival && arrival >= departure ? (Date.parse(arrival) - Date.parse(departure)) / 86_400_000 : null;
    return { origin: r.origin_port, destination: r.destination_port, mode: r.transport_mode, carrier: r.carrier ?? '', company: r.company_id === null ? null : Number(r.company_id), departure, transit };
  });
}

function keep(rows: Plain[], f: ShipmentFilter): Plain[] {
  const from = f.range.from ? `${f.range.from}T00:00:00.000Z` : null;
  const to = f.range.to ? `${f.range.to}T23:59:59.999Z` : null;
  return rows.filter((r) =>
    (!f.origin_port || r.origin === f.origin_port) && (!f.destination_port || r.destination === f.destination_port) &&
    (!f.port || r.origin === f.port || r.destination === f.port) && (!f.carrier || r.carrier === f.carrier) &&
    (!f.transport_mode || r.mode === f.transport_mode) &&
    (from === null || (r.departure !== null && r.departure >= from)) && (to === null || (r.departure !== null && r.departure <= to)));
}

const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

function groupBy<T>(xs: T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
}

/** The summary of a group worked out in JavaScript: the reference for the engine's grouping. */
function summarise(g: Plain[]) {
  const t = transitStats(g.map((r) => r.transit).filter((d): d is number => d !== null));
  const carriers = [...groupBy(g, (r) => r.carrier).entries()].map(([carrier, xs]) => ({ carrier, shipments: xs.length, share: Math.round((xs.length / g.length) * 1e4) / 1e4 }));
  carriers.sort((a, b) => b.shipments - a.shipments || (a.carrier < b.carrier ? -1 : 1));
  return {
    shipments: g.length, companies: new Set(g.map((r) => r.company).filter((c) => c !== null)).size, carriers,
    transit_days_p50: r2(t.p50_days), transit_days_p90: r2(t.p90_days), transit_count: t.count,
  };
}

describeEachStore('shipment summaries', (get) => {
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

  const FILTERS: ShipmentFilter[] = [
    { range: { from: null, to: null } },
    { origin_port: 'TRMER', range: { from: null, to: null } },
    { origin_port: 'TRMER', destination_port: 'DEHAM', carrier: 'MSCU', range: { from: null, to: null } },
    { port: 'TRMER', range: { from: '2024-02-01', to: '2024-02-29' } },
    { port: 'DEHAM', range: { from: '2024-03-01', to: null } },
    { carrier: 'MAEU', transport_mode: 'air', range: { from: null, to: '2024-03-01' } },
    { transport_mode: 'sea', range: { from: '2024-01-11', to: '2024-02-16' } },
    { range: { from: '2024-03-02', to: '2024-03-02' } },
    { range: { from: '2030-01-01', to: null } },
  ];

  async function checkAll(db: Kysely<DB>): Promise<number> {
    const all = await plainRows(db);
    let seen = 0;
    for (const f of FILTERS) {
      const label = JSON.stringify(f);
      const kept = keep(all, f);
      seen += kept.length;
      const routes = await routeSummaries(db, f);
      const expected = [...groupBy(kept, (r) => `${r.origin}|${r.destination}|${r.mode}`).entries()].map(([k, g]) => {
        const [origin_port, destination_port, transport_mode] = k.split('|') as [string, string, string];
        return { origin_port, destination_port, transport_mode, ...summarise(g) };
      });
      expect(routes.shipments, label).toBe(kept.length);
      expect(new Set(routes.routes.map((r) => JSON.stringify(r))), label).toEqual(new Set(expected.map((r) => JSON.stringify(r))));
      expect(routes.routes.every((r, i) => i === 0 || routes.routes[i - 1]!.shipments >= r.shipments), label).toBe(true);

      const carriers = await carrierSummaries(db, f);
      const expectedCarriers = [...groupBy(kept, (r) => r.carrier).entries()].map(([carrier, g]) => ({
        carrier, shipments: g.length, share: Math.round((g.length / kept.length) * 1e4) / 1e4,
        routes: new Set(g.map((r) => `${r.origin}|${r.destination}`)).size, transit_days_p50: summarise(g).transit_days_p50,
      })).sort((a, b) => b.shipments - a.shipments || (a.carrier < b.carrier ? -1 : 1));
      expect(carriers, label).toEqual({ carriers: expectedCarriers, shipments: kept.length });
    }
    const route = { origin_port: 'TRMER', destination_port: 'DEHAM', range: { from: null, to: null } };
    const kept = keep(all, route);
    const detail = await routeDetail(db, route);
    const months = [...groupBy(kept.filter((r) => r.departure !== null), (r) => r.departure!.slice(0, 7)).entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(detail).toEqual({
      transport_mode: [...new Set(kept.map((r) => r.mode))].sort(), ...summarise(kept),
      series: months.map(([period, g]) => ({ period, shipments: g.length, transit_days_p50: summarise(g).transit_days_p50 })),
    });
    expect(await routeDetail(db, { origin_port: 'TRMER', destination_port: 'TRMER', range: { from: null, to: null } })).toBeNull();
    return seen;
  }

  it('groups exactly what the row store holds, for every mix of filters and a route in detail', async () => {
    expect(await checkAll(get().store.db)).toBeGreaterThan(20);
  });

  it('shows a new shipment and a moved arrival at the next request, and again after a rebuild', async () => {
    const db = get().store.db;
    const before = (await routeSummaries(db, { range: { from: null, to: null } })).shipments;
    await db.insertInto('shipments').values({
      flow: 'export', transport_mode: 'road', status: 'planned', bl_number: null, booking_number: null, awb_number: null, vessel: null, voyage: null,
      company_id: w.A, partner_company_id: null, declaration_id: null, planned_arrival: null, actual_departure: null, actual_arrival: null, eta: null,
      updated_at: '2024-04-01T00:00:00.000Z', carrier: 'XRBORL', origin_port: 'TRIST', destination_port: 'BGSOF', planned_departure: '2024-03-05T00:00:00.000Z',
    }).execute();
    const after = await routeSummaries(db, { range: { from: null, to: null } });
    expect(after.shipments).toBe(before + 1);
    expect(after.routes.find((r) => r.destination_port === 'BGSOF')?.carriers).toEqual([{ carrier: 'XRBORL', shipments: 1, share: 1 }]);

    // An arrival recorded with its event: the shipment is read again.
    const s = await db.selectFrom('shipments').select('id').where('destination_port', '=', 'BGSOF').executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('shipments').set({ actual_arrival: '2024-03-07T12:00:00.000Z', status: 'delivered' }).where('id', '=', s.id).execute();
      await trx.insertInto('shipment_events').values({
        shipment_id: s.id, event_type: 'transport', event_code: 'ARRI', classifier: 'ACT', occurred_at: '2024-03-07T12:00:00.000Z', location: 'BGSOF',
        container_no: null, vessel: null, retracts_event_id: null, recorded_at: '2024-03-07T12:00:00.000Z', source: 'test', reason: null,
      }).execute();
    });
    const moved = await routeDetail(db, { origin_port: 'TRIST', destination_port: 'BGSOF', range: { from: null, to: null } });
    expect(moved?.transit_days_p50).toBe(2.5);
    await checkAll(db);

    const analytics = await analyticsOf(db);
    await analytics.execute('delete from shipments');
    await analytics.rebuild();
    await checkAll(db);
    expect((await routeDetail(db, { origin_port: 'TRIST', destination_port: 'BGSOF', range: { from: null, to: null } }))?.transit_days_p50).toBe(2.5);

    // verify compares the copy with the row store, and finds a lost row.
    const check = async () => (await verifyAnalytics(db, analytics)).find((c) => c.table.startsWith('shipments'))!;
    expect((await check()).differences).toBe(0);
    await analytics.execute("delete from shipments where destination_port = 'BGSOF'");
    expect((await check()).differences).toBe(1);
    await analytics.rebuild();
    expect((await check()).differences).toBe(0);
  });
});
