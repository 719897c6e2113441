// Seeds a store: companies and contacts first (with the attributes ingestion does not know:
// aliases, sector, size band), then the declarations through the ingestion writer, which also keeps
// the rollups; each batch's bills of lading, containers, shipments and events are written in the
// same transaction as its declarations, so a batch is all there or not at all.
import type { Kysely } from 'kysely';
import type { Store } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { nowIso } from '../db/dialect.js';
import { foldTurkish } from '../domain/codes/text.js';
import { insertRows, type SqlValue } from '../ingest/bulk.js';
import { writeBatch } from '../ingest/writer.js';
import { deferIndexes, dropIndexesForLoad, restoreDeferredIndexes, withLoadSettings } from '../ingest/bulk-indexes.js';
import { rememberCompanies } from '../ingest/companies.js';
import type { StoredDeclaration } from '../ingest/rollups.js';
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

/**
 * Declarations per batch (one transaction each) when none is asked for: each commit rewrites every
 * page its batch touched, which for random index positions is most of them, so fewer and larger
 * commits write far less (see docs/operations.md).
 */
export const DEFAULT_SEED_BATCH = 50_000;

/**
 * Tables whose secondary indexes a seed into an empty store builds once at the end rather than
 * maintaining them batch after batch (SQLite; see deferIndexes): the seeded rows reach them at
 * random places (companies, values, container numbers, company pairs), so after the first batches
 * every batch rewrote most of their pages. Indexes whose rows arrive in date order are cheaper to
 * keep than to rebuild, and stay.
 */
export const SEED_DEFERRED_INDEXES = ['declarations', 'containers', 'rollup_company_monthly'] as const;

export async function seedStore(store: Store, opts: SeedOptions): Promise<SeedSummary> {
  return withLoadSettings(store, () => seed(store, opts));
}

async function seed(store: Store, opts: SeedOptions): Promise<SeedSummary> {
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
  const batchSize = opts.batchSize ?? DEFAULT_SEED_BATCH;
  // Only worth it when the seed writes more than one batch: a single batch into empty tables
  // already goes in without its indexes (writer.ts).
  if (existing === 0 && opts.declarations > batchSize && deferIndexes(store, SEED_DEFERRED_INDEXES)) {
    log('secondary indexes of declarations, containers and company rollups deferred to the end of the seed');
  }
  try {
    await seedBatches(store, opts, parties, ids, summary, batchSize, existing, log);
  } finally {
    // Also when a batch failed: the store gets its indexes back whatever happened.
    const t = performance.now();
    if (restoreDeferredIndexes(store)) log(`deferred indexes built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

async function seedBatches(
  store: Store, opts: SeedOptions, parties: Parties, ids: PartyIds, summary: SeedSummary, batchSize: number, existing: number,
  log: (msg: string) => void,
): Promise<void> {
  const keyBase = `seed:${opts.seed}:${opts.declarations}:${formatYearMonth(opts.from)}:${formatYearMonth(opts.to)}:${existing}`;
  let batch: Generated[] = [];
  let batchNo = 0;
  const flush = async () => {
    if (!batch.length) return;
    const records: DeclarationInput[] = batch.map((g) => g.drawn.record);
    const generated = batch;
    const res = await writeBatch(store, records, {
      batchKey: `${keyBase}:${batchNo++}`,
      source: 'synthetic',
      kind: 'seed',
      alsoWrite: (trx, stored) => storeLogistics(trx, store, generated, stored, ids, summary),
    });
    summary.declarations += res.stored;
    summary.duplicates += res.duplicates;
    summary.rejected += new Set(res.rejected.map((r) => r.index)).size;
    if (res.rejected.length) log(`rejected in batch ${batchNo}: ${JSON.stringify(res.rejected.slice(0, 3))}`);
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
}

interface PartyIds {
  turkish: number[];
  foreign: number[];
  created: number;
  contacts: number;
}

const COMPANY_COLUMNS = ['name', 'name_folded', 'aliases', 'tax_number', 'country', 'city', 'address', 'roles', 'sector', 'size_band', 'website', 'created_at'];

/**
 * Inserts the firms the store does not have yet (append runs reuse earlier ones), in one
 * transaction, and returns ids by position. The ingestion writer's company cache learns them
 * after the commit, so the batches do not look every party up again.
 */
async function storeParties(store: Store, parties: Parties): Promise<PartyIds> {
  const now = nowIso();
  const known = new Map<string, { id: number; roles: string[] }>();
  const identity = (country: string, taxNumber: string | null, folded: string) => (country === 'TR' && taxNumber ? `TR|${taxNumber}` : `${country}|${folded}`);
  // Folding a name is several regular expressions: once per firm, not once per use.
  const folded = new Map<SynthCompany, string>();
  const foldedName = (c: SynthCompany) => {
    let f = folded.get(c);
    if (f === undefined) folded.set(c, (f = foldTurkish(c.name)));
    return f;
  };
  const keys = new Map<SynthCompany, string>();
  const keyOf = (c: SynthCompany) => {
    let k = keys.get(c);
    if (k === undefined) keys.set(c, (k = identity(c.country, c.tax_number, foldedName(c))));
    return k;
  };
  const roles = (c: SynthCompany) => [...c.roles].sort();
  const all = [...parties.turkish, ...parties.foreign];

  const ids = await store.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('companies').select(['id', 'tax_number', 'country', 'name_folded', 'roles']).execute();
    for (const r of rows) known.set(identity(r.country, r.tax_number, r.name_folded), { id: Number(r.id), roles: r.roles.split(',').filter(Boolean) });
    const missing = all.filter((c) => !known.has(keyOf(c)));
    const created = await insertIndexed<{ id: number; tax_number: string | null; country: string; name_folded: string }>(
      trx, store, { table: 'companies', columns: COMPANY_COLUMNS, suffix: 'returning id, tax_number, country, name_folded' },
      missing.map((c) => [c.name, foldedName(c), JSON.stringify(c.aliases), c.tax_number, c.country, c.city, c.address, roles(c).join(','), c.sector, c.size_band, c.website, now]),
    );
    const rolesByKey = new Map(missing.map((c) => [keyOf(c), roles(c)]));
    for (const r of created) {
      const key = identity(r.country, r.tax_number, r.name_folded);
      known.set(key, { id: Number(r.id), roles: rolesByKey.get(key) ?? [] });
    }
    const idOf = (c: SynthCompany) => known.get(keyOf(c))!.id;
    const ids: PartyIds = { turkish: parties.turkish.map(idOf), foreign: parties.foreign.map(idOf), created: created.length, contacts: 0 };

    const fresh = new Set(created.map((r) => Number(r.id)));
    const contacts = parties.contacts.filter((c) => fresh.has(ids.foreign[c.company] as number));
    await insertIndexed(
      trx, store,
      { table: 'contacts', columns: ['company_id', 'full_name', 'title', 'department', 'email', 'phone', 'languages', 'updated_at'] },
      contacts.map((c) => [ids.foreign[c.company] as number, c.full_name, c.title, c.department, c.email, null, c.languages, now]),
    );
    ids.contacts = contacts.length;
    return ids;
  });
  rememberCompanies(store.db, [...known].map(([key, c]) => ({ key, id: c.id, roles: c.roles })));
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

/**
 * The documents and shipments of the declarations this batch stored, inside its transaction. A
 * declaration already stored (by an earlier run) got its documents with it, so only stored ones
 * count here, and their ids come from the writer.
 */
async function storeLogistics(
  trx: Kysely<DB>,
  store: Store,
  batch: readonly Generated[],
  stored: readonly StoredDeclaration[],
  ids: PartyIds,
  summary: SeedSummary,
): Promise<void> {
  const companyId = (index: number, turkish: boolean) => (turkish ? ids.turkish[index] : ids.foreign[index]) as number;
  const declIds = new Map<string, number>();
  for (const s of stored) declIds.set(s.record.declaration_no, s.id);
  const fresh = batch.filter((g) => declIds.has(g.drawn.record.declaration_no));
  const bls: SqlValue[][] = [];
  const boxes: SqlValue[][] = [];
  for (const g of fresh) {
    if (!g.bl) continue;
    bls.push(blRow(g.bl, companyId));
    for (const c of g.containers) boxes.push(containerRow(c));
  }
  await insertIndexed(trx, store, { table: 'bills_of_lading', columns: BL_COLUMNS, suffix: 'on conflict (bl_number) do nothing' }, bls);
  await insertIndexed(trx, store, { table: 'containers', columns: ['container_no', 'bl_number', 'iso_type', 'seal_no', 'gross_weight_kg'], suffix: 'on conflict do nothing' }, boxes);

  const withShipment = fresh.filter((g) => g.shipment);
  const created = await insertIndexed<{ id: number; booking_number: string }>(
    trx, store, { table: 'shipments', columns: SHIPMENT_COLUMNS, suffix: 'returning id, booking_number' },
    withShipment.map((g) => shipmentRow(g, companyId, declIds.get(g.drawn.record.declaration_no) ?? null)),
  );
  // Matched back by booking number: RETURNING order is not promised on PostgreSQL.
  const byBooking = new Map(created.map((r) => [r.booking_number, Number(r.id)]));
  const events: SqlValue[][] = [];
  for (const g of withShipment) {
    const s = g.shipment as Shipment;
    const id = byBooking.get(s.booking_number) as number;
    for (const e of s.events) events.push([id, e.event_type, e.event_code, e.classifier, e.occurred_at, e.location, e.container_no, e.vessel, e.occurred_at, 'synthetic']);
  }
  await insertIndexed(trx, store, { table: 'shipment_events', columns: EVENT_COLUMNS }, events);
  summary.shipments += withShipment.length;
  summary.shipment_events += events.length;
  summary.bills_of_lading += bls.length;
  summary.containers += boxes.length;
}

/** insertRows, with the table's secondary indexes rebuilt after it when the rows at least double it. */
async function insertIndexed<R = Record<string, unknown>>(
  trx: Kysely<DB>,
  store: Store,
  spec: { table: string; columns: readonly string[]; suffix?: string },
  rows: SqlValue[][],
): Promise<R[]> {
  const restore = dropIndexesForLoad(store, spec.table, rows.length);
  const out = await insertRows<R>(trx, store, spec, rows);
  restore();
  return out;
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
