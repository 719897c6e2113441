// A small, hand-computable trade world shared by the company and supply-chain suites:
//   exports  A→X DE 6109 $1,000 (Jan) and $3,000 (Feb) via TRMER; A→Y GB 6109 $1,000 (Feb) via TRALI;
//            B→X DE 6109 $2,000 (Mar) via TRMER; C→Y GB 0802 $4,000 (Mar) via TRALI
//   imports  A←Z CN 7208 $5,000 (Jan) via TRMER
// so the company graph is B–X–A–Y–C plus A–Z, and every share below can be checked by hand.
import type { Store } from '../../../src/db/connect.js';
import type { DeclarationInput } from '../../../src/ingest/record.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { vkn } from '../../helpers/random-records.js';

export interface World {
  A: number; B: number; C: number; X: number; Y: number; Z: number;
}

export const NAMES = {
  A: 'Yılmaz Tekstil Sanayi ve Ticaret A.Ş.',
  B: 'Demir Örme Tekstil Ltd. Şti.',
  C: 'Kaya Gıda İthalat İhracat A.Ş.',
  X: 'Hamburger Textilhandel GmbH',
  Y: 'London Apparel Ltd',
  Z: 'Shanghai Steel Trading Co Ltd',
};

const TR = { A: { n: 1, city: 'İstanbul' }, B: { n: 2, city: 'Bursa' }, C: { n: 3, city: 'İzmir' } };
const FOREIGN = { X: 'DE', Y: 'GB', Z: 'CN' };

export function decl(no: string, flow: 'import' | 'export', tr: keyof typeof TR, partner: keyof typeof FOREIGN, gtip: string, usd: number, date: string, port: string): DeclarationInput {
  return {
    declaration_no: `FX-${no}`,
    flow,
    regime: flow === 'export' ? '1000' : '4000',
    registered_at: date,
    customs_office: customsOfficeForPort(port)!.code,
    company: { tax_number: vkn(TR[tr].n), name: NAMES[tr], country: 'TR', city: TR[tr].city },
    partner: { name: NAMES[partner], country: FOREIGN[partner] },
    incoterm: 'FOB',
    currency: 'USD',
    invoice_value: usd,
    value_usd: usd,
    transport_mode: 'sea',
    port,
    net_weight_kg: 100,
    gross_weight_kg: 110,
    items: [{ line_no: 1, gtip, description: 'goods', quantity: 10, quantity_unit: 'kg', net_weight_kg: 100, gross_weight_kg: 110, value_usd: usd }],
  };
}

export const DECLARATIONS: DeclarationInput[] = [
  decl('1', 'export', 'A', 'X', '610910000011', 1000, '2024-01-10', 'TRMER'),
  decl('2', 'export', 'A', 'X', '610910000011', 3000, '2024-02-10', 'TRMER'),
  decl('3', 'export', 'A', 'Y', '610910000011', 1000, '2024-02-15', 'TRALI'),
  decl('4', 'export', 'B', 'X', '610910000019', 2000, '2024-03-05', 'TRMER'),
  decl('5', 'export', 'C', 'Y', '080222000000', 4000, '2024-03-20', 'TRALI'),
  decl('6', 'import', 'A', 'Z', '720839000000', 5000, '2024-01-20', 'TRMER'),
];

export async function buildWorld(store: Store): Promise<World> {
  const res = await writeBatch(store, DECLARATIONS, { batchKey: 'fixture-world', source: 'test' });
  if (res.rejected.length) throw new Error(`fixture rejected: ${JSON.stringify(res.rejected)}`);
  const rows = await store.db.selectFrom('companies').select(['id', 'name']).execute();
  const id = (name: string) => Number(rows.find((r) => r.name === name)!.id);
  const w: World = { A: id(NAMES.A), B: id(NAMES.B), C: id(NAMES.C), X: id(NAMES.X), Y: id(NAMES.Y), Z: id(NAMES.Z) };
  await store.db
    .insertInto('contacts')
    .values([
      { company_id: w.X, full_name: 'Anna Schmidt', title: 'Head of Purchasing', department: 'Purchasing', email: 'anna@example.de', phone: '+49 40 000000', languages: 'de,en', updated_at: '2024-04-01T00:00:00.000Z' },
      { company_id: w.X, full_name: 'Jonas Weber', title: 'Buyer', department: 'Purchasing', email: null, phone: null, languages: 'de', updated_at: '2024-04-01T00:00:00.000Z' },
    ])
    .execute();
  // Tracked shipments: three MSC and one Maersk on TRMER→DEHAM, one CMA CGM on TRALI→GBFXT.
  const ship = (carrier: string, origin: string, dest: string, dep: string, days: number, company: number, partner: number) => ({
    flow: 'export' as const, transport_mode: 'sea', status: 'delivered', bl_number: null, booking_number: null, awb_number: null, carrier,
    vessel: null, voyage: null, origin_port: origin, destination_port: dest, company_id: company, partner_company_id: partner,
    declaration_id: null, planned_departure: `${dep}T00:00:00.000Z`, planned_arrival: null, actual_departure: `${dep}T00:00:00.000Z`,
    actual_arrival: new Date(Date.parse(`${dep}T00:00:00.000Z`) + days * 86_400_000).toISOString(), eta: null, updated_at: '2024-04-01T00:00:00.000Z',
  });
  await store.db
    .insertInto('shipments')
    .values([
      ship('MSCU', 'TRMER', 'DEHAM', '2024-01-11', 10, w.A, w.X),
      ship('MSCU', 'TRMER', 'DEHAM', '2024-02-11', 12, w.A, w.X),
      ship('MSCU', 'TRMER', 'DEHAM', '2024-03-06', 14, w.B, w.X),
      ship('MAEU', 'TRMER', 'DEHAM', '2024-03-07', 20, w.B, w.X),
      ship('CMDU', 'TRALI', 'GBFXT', '2024-02-16', 9, w.A, w.Y),
    ])
    .execute();
  return w;
}
