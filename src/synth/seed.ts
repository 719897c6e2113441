// Seeds a store: companies and contacts first (with the attributes ingestion does not know:
// aliases, sector, size band), then the declarations through the ingestion writer; each batch's bills of lading, containers, shipments and events are written in the
// same transaction as its declarations, so a batch is all there or not at all.
import type { Kysely } from 'kysely';
import type { Store } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { nowIso } from '../db/dialect.js';
import { foldTurkish } from '../domain/codes/text.js';
import { insertRows, type RowSource, type SqlValue } from '../ingest/bulk.js';
import { writeStreamed } from '../ingest/writer.js';
import { deferIndexes, dropIndexesForLoad, restoreDeferredIndexesAside, withLoadSettings } from '../ingest/bulk-indexes.js';
import { deferPgIndexes, restorePgDeferredIndexes, PG_SEED_DEFERRED_TABLES } from '../ingest/pg-indexes.js';
import { rememberCompanies } from '../ingest/companies.js';
import { deferBillText } from '../ingest/bill-text.js';
import type { StoredDeclaration } from '../ingest/rollups.js';
import { coreFree } from '../ingest/worker-thread.js';
import { buildParties, type Parties, type SynthCompany } from './companies.js';
import { formatYearMonth, type Month } from './calendar.js';
import { Calibration } from './calibration.js';
import {
  BL_COLUMNS, BL_PARTY_COLUMNS, CONTAINER_COLUMNS, EVENT_COLUMNS, SHIPMENT_COLUMNS, SHIPMENT_DECLARATION_COLUMN, SHIPMENT_PARTY_COLUMNS,
  drawBatches, drawSlices, partyId, type PartyIds, type SeedBatch,
} from './seed-batches.js';
import { drawAhead, DRAW_SLICE } from './draw-ahead.js';
import { startSeedThread } from './seed-thread.js';

export interface SeedOptions {
  seed: number;
  declarations: number;
  from: Month;
  to: Month;
  /** Add to a store that already holds declarations. */
  append?: boolean;
  batchSize?: number;
  log?: (msg: string) => void;
  /** Declarations stored so far, after each batch (in place of the log's lines every 100,000). */
  progress?: (stored: number) => void;
  /**
   * Generate on a second thread while this one writes (seed-thread.ts); default: when the seed
   * has more than one batch and a core is free. The data is the same either way.
   */
  thread?: boolean;
  /** For tests: the generating thread fails after posting this many batches. */
  threadFailAfter?: number;
  /**
   * Called once every batch is committed, before the deferred indexes are built: work started
   * here (the analytic store's sums) runs while they are built.
   */
  afterBatches?: () => void;
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
  calibration: Pick<Calibration, 'rows'>;
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
 * random places (companies, values, container numbers, GTİP codes, booking numbers), so after the
 * first batches every batch rewrote most of their pages. Measured at 1M declarations on the same
 * busy machine: with only declarations and containers deferred, inserting the items took 51.6 s
 * and the bills 28.3 s; with items and bills deferred too, 16.2 s and 6.7 s, and the build at the
 * end about the same (21-22 s). Shipments (twelve indexes) and events are few rows next to
 * those (1.7 s and 3.3 s of inserts at 1M) but go the same way.
 */
export const SEED_DEFERRED_INDEXES = ['declarations', 'containers', 'declaration_items', 'bills_of_lading', 'shipments', 'shipment_events'] as const;

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
  const batchSize = opts.batchSize ?? DEFAULT_SEED_BATCH;
  const generateOpts = { seed: opts.seed, declarations: opts.declarations, from: opts.from, to: opts.to, serialOffset: existing };
  // Started first, so that the thread builds its parties and draws while this one stores them.
  const onThread = opts.thread ?? (opts.declarations > batchSize && coreFree());
  const thread = onThread ? startSeedThread({ generate: generateOpts, batchSize, ahead: 2, ...(opts.threadFailAfter === undefined ? {} : { failAfter: opts.threadFailAfter }) }) : null;
  try {
    const parties = buildParties(opts.seed, opts.declarations);
    const calibration = new Calibration();
    // Without a second thread the first batch is drawn while the parties are stored (the draws
    // need the parties, not their ids): drawAhead starts at once and draws when this one waits.
    const ahead = !thread && opts.declarations > batchSize ? drawAhead(drawSlices(generateOpts, parties, batchSize, calibration, DRAW_SLICE)) : null;
    const ids = await storeParties(store, parties);
    log(`companies ready: ${parties.turkish.length} Turkish, ${parties.foreign.length} foreign${thread ? '; generating on a second thread' : ''}`);

    const summary: SeedSummary = {
      declarations: 0, duplicates: 0, rejected: 0, companies: ids.created, contacts: ids.contacts, bills_of_lading: 0, containers: 0,
      shipments: 0, shipment_events: 0, ms: 0, calibration,
    };
    // Only worth it when the seed writes more than one batch: a single batch into empty tables
    // already goes in without its indexes (writer.ts).
    if (existing === 0 && opts.declarations > batchSize && deferIndexes(store, SEED_DEFERRED_INDEXES)) {
      log(`secondary indexes of ${SEED_DEFERRED_INDEXES.join(', ')} deferred to the end of the seed`);
    }
    if (existing === 0 && opts.declarations > batchSize && (await deferPgIndexes(store, PG_SEED_DEFERRED_TABLES))) {
      log(`secondary indexes and foreign keys of ${PG_SEED_DEFERRED_TABLES.join(', ')} deferred to the end of the seed`);
    }
    try {
      const batches = thread ? thread.batches() : (ahead ?? drawBatches(generateOpts, parties, batchSize, calibration));
      const keyBase = `seed:${opts.seed}:${opts.declarations}:${formatYearMonth(opts.from)}:${formatYearMonth(opts.to)}:${existing}`;
      await writeBatches(store, batches, keyBase, ids, summary, batchSize, log, opts.progress);
      opts.afterBatches?.();
    } finally {
      // Also when a batch failed: the store gets its indexes back whatever happened. On SQLite
      // on a thread of its own, so that this one is free for what afterBatches started.
      const t = performance.now();
      if ((await restoreDeferredIndexesAside(store, log)) || (await restorePgDeferredIndexes(store, log))) log(`deferred indexes built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    if (thread) {
      const rows = thread.calibration();
      summary.calibration = { rows: () => rows };
    }
    summary.ms = Math.round(performance.now() - started);
    return summary;
  } finally {
    await thread?.close();
  }
}

async function writeBatches(
  store: Store, batches: Iterable<SeedBatch> | AsyncIterable<SeedBatch>, keyBase: string, ids: PartyIds, summary: SeedSummary,
  batchSize: number, log: (msg: string) => void, progress?: (stored: number) => void,
): Promise<void> {
  let batchNo = 0;
  for await (const batch of batches) {
    const res = await writeStreamed(store, { chunks: [batch.valid], expected: batch.valid.length, finish: () => batch }, {
      batchKey: `${keyBase}:${batchNo++}`,
      source: 'synthetic',
      kind: 'seed',
      alsoWrite: (trx, stored) => storeDocs(trx, store, batch, stored, ids, summary),
    });
    summary.declarations += res.stored;
    summary.duplicates += res.duplicates;
    summary.rejected += new Set(res.rejected.map((r) => r.index)).size;
    if (res.rejected.length) log(`rejected in batch ${batchNo}: ${JSON.stringify(res.rejected.slice(0, 3))}`);
    if (progress) progress(summary.declarations);
    else if (batch.records === batchSize && summary.declarations % 100_000 < batchSize) log(`${summary.declarations} declarations stored`);
  }
}

interface StoredParties extends PartyIds {
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
async function storeParties(store: Store, parties: Parties): Promise<StoredParties> {
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
    const ids: StoredParties = { turkish: parties.turkish.map(idOf), foreign: parties.foreign.map(idOf), created: created.length, contacts: 0 };

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

/**
 * The documents and shipments of the declarations this batch stored, inside its transaction. A
 * declaration already stored (by an earlier run) got its documents with it, so only stored ones
 * count here, and their ids come from the writer.
 */
async function storeDocs(
  trx: Kysely<DB>,
  store: Store,
  batch: SeedBatch,
  stored: readonly StoredDeclaration[],
  ids: PartyIds,
  summary: SeedSummary,
): Promise<void> {
  // Declaration id by position among the batch's valid declarations (null: not stored now).
  const idByRecord = new Map<object, number>();
  for (const s of stored) idByRecord.set(s.record, s.id);
  const declIds = batch.valid.map((v) => idByRecord.get(v) ?? null);
  const all = stored.length === batch.valid.length;
  const { docs } = batch;

  const bls = owned(docs.bls, BL_COLUMNS.length, declIds, all, (row, out) => {
    for (const c of BL_PARTY_COLUMNS) out[c] = partyId(ids, out[c] as number);
  });
  const boxes = owned(docs.containers, CONTAINER_COLUMNS.length, declIds, all, () => {});
  // The bills' text index filled by one statement after them rather than by its trigger per bill (bill-text.ts).
  const restoreText = deferBillText(store, bls.count);
  await insertIndexed(trx, store, { table: 'bills_of_lading', columns: BL_COLUMNS, suffix: 'on conflict (bl_number) do nothing' }, bls);
  restoreText();
  await insertIndexed(trx, store, { table: 'containers', columns: CONTAINER_COLUMNS, suffix: 'on conflict do nothing' }, boxes);

  const shipments = owned(docs.shipments, SHIPMENT_COLUMNS.length, declIds, all, (row, out) => {
    for (const c of SHIPMENT_PARTY_COLUMNS) out[c] = partyId(ids, out[c] as number);
    out[SHIPMENT_DECLARATION_COLUMN] = declIds[row[0] as number]!;
  });
  const created = await insertIndexed<{ id: number; booking_number: string }>(
    trx, store, { table: 'shipments', columns: SHIPMENT_COLUMNS, suffix: 'returning id, booking_number' }, shipments,
  );
  // Matched back by booking number: RETURNING order is not promised on PostgreSQL.
  const byBooking = new Map(created.map((r) => [r.booking_number, Number(r.id)]));
  const events = owned(docs.events, EVENT_COLUMNS.length, declIds, all, (_row, out) => {
    out[0] = byBooking.get(out[0] as string) as number;
  });
  await insertIndexed(trx, store, { table: 'shipment_events', columns: EVENT_COLUMNS }, events);
  summary.shipments += shipments.count;
  summary.shipment_events += events.count;
  summary.bills_of_lading += bls.count;
  summary.containers += boxes.count;
}

/**
 * The rows of `source` whose declaration (first cell) was stored, without that cell, as a row
 * source: `fix` then replaces references by ids in the row given out (`row` is the full row).
 */
function owned(
  source: RowSource, width: number, declIds: readonly (number | null)[], all: boolean, fix: (row: SqlValue[], out: SqlValue[]) => void,
): RowSource {
  const row: SqlValue[] = new Array(width + 1);
  let keep: number[] | null = null;
  if (!all) {
    keep = [];
    for (let i = 0; i < source.count; i++) {
      source.fill(i, row);
      if (declIds[row[0] as number] !== null) keep.push(i);
    }
  }
  return {
    count: keep ? keep.length : source.count,
    fill(i, out) {
      source.fill(keep ? keep[i]! : i, row);
      for (let c = 0; c < width; c++) out[c] = row[c + 1]!;
      fix(row, out);
    },
  };
}

/** insertRows, with the table's secondary indexes rebuilt after it when the rows at least double it. */
async function insertIndexed<R = Record<string, unknown>>(
  trx: Kysely<DB>,
  store: Store,
  spec: { table: string; columns: readonly string[]; suffix?: string },
  rows: SqlValue[][] | RowSource,
): Promise<R[]> {
  const restore = dropIndexesForLoad(store, spec.table, Array.isArray(rows) ? rows.length : (rows as RowSource).count);
  const out = await insertRows<R>(trx, store, spec, rows);
  restore();
  return out;
}
