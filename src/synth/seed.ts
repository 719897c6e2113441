// Seeds a store: companies and contacts first (with the attributes ingestion does not know:
// aliases, sector, size band), then the declarations through the ingestion writer, which also keeps
// the rollups, then bills of lading, containers, shipments and their events in multi-row inserts.
import type { Store } from '../db/connect.js';
import { nowIso } from '../db/dialect.js';
import { foldTurkish } from '../domain/codes/text.js';
import { insertRows, type SqlValue } from '../ingest/bulk.js';
import { writeBatch } from '../ingest/writer.js';
import type { DeclarationInput } from '../ingest/record.js';
import { buildParties, type Parties, type SynthCompany } from './companies.js';
import { generate, type Generated } from './generate.js';
import { formatYearMonth, type Month } from './calendar.js';
import { Calibration } from './calibration.js';
import type { BillOfLading, Container, Shipment } from './logistics.js';

export interface SeedOptions {
  seed: number;
  declarations: number;
  from: Month;
  to: Month;
  /** Add to a store that already holds declarations. */
  append?: boolean;
  batchSize?: number;
  log?: (msg: string) => void;
}

export interface SeedSummary {
  declarations: number;
  duplicates: number;
  rejected: number;
  companies: number;
  contacts: number;
  bills_of_lading: number;
  containers: number;
  shipments: number;
  shipment_events: number;
  ms: number;
  calibration: Calibration;
}

export class StoreNotEmptyError extends Error {}

export async function seedStore(store: Store, opts: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const existing = Number((await store.db.selectFrom('declarations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  if (existing > 0 && !opts.append) {
    throw new StoreNotEmptyError(`the store already holds ${existing} declarations; use --append to add to them`);
  }
  const parties = buildParties(opts.seed, opts.declarations);
  const ids = await storeParties(store, parties);
  log(`companies ready: ${parties.turkish.length} Turkish, ${parties.foreign.length} foreign`);

  const summary: SeedSummary = {
    declarations: 0, duplicates: 0, rejected: 0, companies: ids.created, contacts: ids.contacts, bills_of_lading: 0, containers: 0,
    shipments: 0, shipment_events: 0, ms: 0, calibration: new Calibration(),
  };
  const batchSize = opts.batchSize ?? 5000;
  const keyBase = `seed:${opts.seed}:${opts.declarations}:${formatYearMonth(opts.from)}:${formatYearMonth(opts.to)}:${existing}`;
  let batch: Generated[] = [];
  let batchNo = 0;
  const flush = async () => {
    if (!batch.length) return;
    const records: DeclarationInput[] = batch.map((g) => g.drawn.record);
    const res = await writeBatch(store, records, { batchKey: `${keyBase}:${batchNo++}`, source: 'synthetic', kind: 'seed' });
    summary.declarations += res.stored;
    summary.duplicates += res.duplicates;
    summary.rejected += new Set(res.rejected.map((r) => r.index)).size;
    if (res.rejected.length) log(`rejected in batch ${batchNo}: ${JSON.stringify(res.rejected.slice(0, 3))}`);
    await storeLogistics(store, batch, ids, summary);
    batch = [];
  };
  for (const g of generate({ seed: opts.seed, declarations: opts.declarations, from: opts.from, to: opts.to, serialOffset: existing }, parties)) {
    summary.calibration.add(g.drawn.record);
    batch.push(g);
    if (batch.length >= batchSize) {
      await flush();
      if (summary.declarations % 100_000 < batchSize) log(`${summary.declarations} declarations stored`);
    }
  }
  await flush();
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

interface PartyIds {
  turkish: number[];
  foreign: number[];
  created: number;
  contacts: number;
}

const COMPANY_COLUMNS = ['name', 'name_folded', 'aliases', 'tax_number', 'country', 'city', 'address', 'roles', 'sector', 'size_band', 'website', 'created_at'];

/** Inserts the firms the store does not have yet (append runs reuse earlier ones) and returns ids by position. */
async function storeParties(store: Store, parties: Parties): Promise<PartyIds> {
  const now = nowIso();
  const known = new Map<string, number>();
  const keyOf = (c: SynthCompany) => (c.tax_number ? `TR|${c.tax_number}` : `${c.country}|${foldTurkish(c.name)}`);
  const rows = await store.db.selectFrom('companies').select(['id', 'tax_number', 'country', 'name_folded']).execute();
  for (const r of rows) known.set(r.country === 'TR' && r.tax_number ? `TR|${r.tax_number}` : `${r.country}|${r.name_folded}`, Number(r.id));

  const all = [...parties.turkish, ...parties.foreign];
  const missing = all.filter((c) => !known.has(keyOf(c)));
  const roles = (c: SynthCompany) => [...c.roles].sort().join(',');
  const created = await insertRows<{ id: number; tax_number: string | null; country: string; name_folded: string }>(
    store.db, store.engine, { table: 'companies', columns: COMPANY_COLUMNS, suffix: 'returning id, tax_number, country, name_folded' },
    missing.map((c) => [c.name, foldTurkish(c.name), JSON.stringify(c.aliases), c.tax_number, c.country, c.city, c.address, roles(c), c.sector, c.size_band, c.website, now]),
  );
  for (const r of created) known.set(r.country === 'TR' && r.tax_number ? `TR|${r.tax_number}` : `${r.country}|${r.name_folded}`, Number(r.id));
  const idOf = (c: SynthCompany) => known.get(keyOf(c)) as number;
  const ids = { turkish: parties.turkish.map(idOf), foreign: parties.foreign.map(idOf), created: created.length, contacts: 0 };

  const fresh = new Set(created.map((r) => Number(r.id)));
  const contacts = parties.contacts.filter((c) => fresh.has(ids.foreign[c.company] as number));
  await insertRows(
    store.db, store.engine,
    { table: 'contacts', columns: ['company_id', 'full_name', 'title', 'department', 'email', 'phone', 'languages', 'updated_at'] },
    contacts.map((c) => [ids.foreign[c.company] as number, c.full_name, c.title, c.department, c.email, null, c.languages, now]),
  );
  ids.contacts = contacts.length;
  return ids;
}

const BL_COLUMNS = [
  'bl_number', 'flow', 'carrier_scac', 'vessel', 'voyage', 'booking_number', 'port_of_loading', 'port_of_discharge', 'shipper_name',
  'shipper_company_id', 'consignee_name', 'consignee_company_id', 'notify_party', 'packages', 'package_type', 'gross_weight_kg',
  'volume_m3', 'goods_description', 'issued_at', 'shipped_on_board_at', 'source',
];
const SHIPMENT_COLUMNS = [
  'flow', 'transport_mode', 'status', 'bl_number', 'booking_number', 'awb_number', 'carrier', 'vessel', 'voyage', 'origin_port',
  'destination_port', 'company_id', 'partner_company_id', 'declaration_id', 'planned_departure', 'planned_arrival',
  'actual_departure', 'actual_arrival', 'eta', 'updated_at',
];
const EVENT_COLUMNS = ['shipment_id', 'event_type', 'event_code', 'classifier', 'occurred_at', 'location', 'container_no', 'vessel', 'recorded_at', 'source'];

async function storeLogistics(store: Store, batch: Generated[], ids: PartyIds, summary: SeedSummary): Promise<void> {
  const companyId = (index: number, turkish: boolean) => (turkish ? ids.turkish[index] : ids.foreign[index]) as number;
  const bls: SqlValue[][] = [];
  const boxes: SqlValue[][] = [];
  for (const g of batch) {
    if (!g.bl) continue;
    bls.push(blRow(g.bl, companyId));
    for (const c of g.containers) boxes.push(containerRow(c));
  }
  await store.db.transaction().execute(async (trx) => {
    await insertRows(trx, store, { table: 'bills_of_lading', columns: BL_COLUMNS, suffix: 'on conflict (bl_number) do nothing' }, bls);
    await insertRows(trx, store, { table: 'containers', columns: ['container_no', 'bl_number', 'iso_type', 'seal_no', 'gross_weight_kg'], suffix: 'on conflict do nothing' }, boxes);

    const withShipment = batch.filter((g) => g.shipment);
    if (!withShipment.length) return;
    const numbers = withShipment.map((g) => g.drawn.record.declaration_no);
    const declIds = new Map<string, number>();
    for (let i = 0; i < numbers.length; i += 500) {
      const rows = await trx.selectFrom('declarations').select(['id', 'declaration_no']).where('declaration_no', 'in', numbers.slice(i, i + 500)).execute();
      for (const r of rows) declIds.set(r.declaration_no, Number(r.id));
    }
    // Shipments of declarations stored by an earlier run (an interrupted seed re-run) are skipped.
    const existing = new Set(
      (await trx.selectFrom('shipments').select('booking_number').where('booking_number', 'in', withShipment.map((g) => (g.shipment as Shipment).booking_number)).execute()).map((r) => r.booking_number),
    );
    const fresh = withShipment.filter((g) => !existing.has((g.shipment as Shipment).booking_number));
    const created = await insertRows<{ id: number; booking_number: string }>(
      trx, store.engine, { table: 'shipments', columns: SHIPMENT_COLUMNS, suffix: 'returning id, booking_number' },
      fresh.map((g) => shipmentRow(g, companyId, declIds.get(g.drawn.record.declaration_no) ?? null)),
    );
    const shipmentIds = new Map(created.map((r) => [r.booking_number, Number(r.id)]));
    const events: SqlValue[][] = [];
    for (const g of fresh) {
      const s = g.shipment as Shipment;
      const id = shipmentIds.get(s.booking_number) as number;
      for (const e of s.events) events.push([id, e.event_type, e.event_code, e.classifier, e.occurred_at, e.location, e.container_no, e.vessel, e.occurred_at, 'synthetic']);
    }
    await insertRows(trx, store, { table: 'shipment_events', columns: EVENT_COLUMNS }, events);
    summary.shipments += fresh.length;
    summary.shipment_events += events.length;
  });
  summary.bills_of_lading += bls.length;
  summary.containers += boxes.length;
}

function blRow(b: BillOfLading, companyId: (index: number, turkish: boolean) => number): SqlValue[] {
  return [
    b.bl_number, b.flow, b.carrier_scac, b.vessel, b.voyage, b.booking_number, b.port_of_loading, b.port_of_discharge, b.shipper_name,
    companyId(b.shipper_company, b.shipper_turkish), b.consignee_name, companyId(b.consignee_company, b.consignee_turkish), b.notify_party,
    b.packages, b.package_type, b.gross_weight_kg, b.volume_m3, b.goods_description, b.issued_at, b.shipped_on_board_at, 'synthetic',
  ];
}

function containerRow(c: Container): SqlValue[] {
  return [c.container_no, c.bl_number, c.iso_type, c.seal_no, c.gross_weight_kg];
}

function shipmentRow(g: Generated, companyId: (index: number, turkish: boolean) => number, declarationId: number | null): SqlValue[] {
  const s = g.shipment as Shipment;
  return [
    s.flow, s.transport_mode, s.status, s.bl_number, s.booking_number, s.awb_number, s.carrier, s.vessel, s.voyage, s.origin_port,
    s.destination_port, companyId(g.drawn.company.index, true), companyId(g.drawn.partner.index, false), declarationId,
    s.planned_departure, s.planned_arrival, s.actual_departure, s.actual_arrival, s.eta, s.updated_at,
  ];
}
