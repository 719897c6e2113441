// Values drawn from the dataset itself, so requests hit real records with varied parameters
// rather than one cached URL per operation.
import { sql } from 'kysely';
import { openStore } from '../src/db/connect.js';

export interface Samples {
  declarationNo: { import: string[]; export: string[] };
  recordIds: number[];
  blNumber: { import: string[]; export: string[] };
  companyIds: number[];
  foreignCompanyIds: number[];
  gtips: string[];
  countries: string[];
  ports: string[];
  customsOffices: string[];
  shipmentIds: number[];
  containers: string[];
  bookings: string[];
  routes: [string, string][];
  /** Shipment references that resolve: B/L numbers and bookings of tracked shipments. */
  trackable: string[];
  /** Trading pairs (Turkish company, foreign partner) seen in declarations. */
  pairs: [number, number][];
  carriers: string[];
  descriptions: string[];
  words: string[];
  months: string[];
}

export async function drawSamples(databaseUrl: string, n = 400): Promise<Samples> {
  const store = await openStore(databaseUrl);
  const db = store.db;
  // An ORDER BY on a hash of the id spreads the sample over the whole table deterministically.
  const spread = store.engine === 'sqlite' ? sql`(id * 2654435761) % 1000003` : sql`(id * 2654435761) % 1000003`;
  try {
    const decl = async (flow: 'import' | 'export') =>
      (await db.selectFrom('declarations').select(['declaration_no', 'id']).where('flow', '=', flow).orderBy(spread).limit(n).execute());
    const imp = await decl('import');
    const exp = await decl('export');
    const bl = async (flow: 'import' | 'export') =>
      (await db.selectFrom('bills_of_lading').select('bl_number').where('flow', '=', flow).limit(n).execute()).map((r) => r.bl_number);
    const distinct = async (col: 'partner_country' | 'port' | 'customs_office') =>
      (await db.selectFrom('declarations').select(col).distinct().limit(200).execute()).map((r) => String((r as Record<string, unknown>)[col]));
    const companies = await db.selectFrom('companies').select(['id', 'name', 'country']).orderBy(spread).limit(n * 2).execute();
    const items = await db.selectFrom('declaration_items').select(['gtip', 'description']).limit(n * 5).execute();
    const shipments = await db.selectFrom('shipments').select(['id', 'booking_number', 'bl_number', 'origin_port', 'destination_port', 'carrier']).orderBy(spread).limit(n).execute();
    const containers = (await db.selectFrom('containers').select('container_no').limit(n).execute()).map((r) => r.container_no);
    const range = await db.selectFrom('declarations').select((eb) => [eb.fn.min('registered_at').as('lo'), eb.fn.max('registered_at').as('hi')]).executeTakeFirst();
    const months: string[] = [];
    if (range?.lo && range.hi) {
      let y = Number(String(range.lo).slice(0, 4));
      let m = Number(String(range.lo).slice(5, 7));
      const end = String(range.hi).slice(0, 7);
      for (;;) {
        const s = `${y}-${String(m).padStart(2, '0')}`;
        months.push(s);
        if (s >= end) break;
        m += 1;
        if (m > 12) { m = 1; y += 1; }
      }
    }
    const words = [...new Set(companies.flatMap((c) => c.name.split(/\s+/)).filter((w) => w.length > 4 && /^\p{L}+$/u.test(w)))].slice(0, 200);
    return {
      declarationNo: { import: imp.map((r) => r.declaration_no), export: exp.map((r) => r.declaration_no) },
      recordIds: [...imp, ...exp].map((r) => Number(r.id)),
      blNumber: { import: await bl('import'), export: await bl('export') },
      companyIds: companies.filter((c) => c.country === 'TR').map((c) => Number(c.id)),
      foreignCompanyIds: companies.filter((c) => c.country !== 'TR').map((c) => Number(c.id)),
      gtips: [...new Set(items.map((i) => i.gtip))],
      countries: await distinct('partner_country'),
      ports: await distinct('port'),
      customsOffices: await distinct('customs_office'),
      shipmentIds: shipments.map((s) => Number(s.id)),
      containers,
      bookings: shipments.map((s) => s.booking_number).filter((b): b is string => !!b),
      routes: shipments.map((s) => [s.origin_port, s.destination_port] as [string, string]),
      trackable: shipments.flatMap((s) => [s.booking_number, s.bl_number]).filter((r): r is string => !!r),
      pairs: (await db.selectFrom('declarations').select(['company_id', 'partner_company_id']).where('partner_company_id', 'is not', null).orderBy(spread).limit(n).execute())
        .map((r) => [Number(r.company_id), Number(r.partner_company_id)] as [number, number]),
      carriers: [...new Set(shipments.map((s) => s.carrier).filter((c): c is string => !!c))],
      descriptions: [...new Set(items.map((i) => i.description))].slice(0, n),
      words,
      months,
    };
  } finally {
    await store.close();
  }
}
