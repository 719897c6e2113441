// Stores one batch of declarations: validation, then one transaction holding the batch record,
// the companies, and the declarations and items that are new. The sums over them (rollups and
// pre-aggregations) are derived in the analytic store from the committed batch (analytics/sync.ts).
// A batch key already committed returns the stored result and writes nothing, and a declaration
// number already stored is a duplicate, so sending a batch twice changes nothing. On SQLite a
// batch at least as large as a table goes in with that table's secondary indexes rebuilt after
// it, inside the same transaction (bulk-indexes.ts).
import type { Kysely } from 'kysely';
import type { Store } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { nowIso } from '../db/dialect.js';
import { CompanyResolver, type Role } from './companies.js';
import { insertNew, insertRows, type RowSource } from './bulk.js';
import { itemTextIds } from './item-texts.js';
import type { StoredDeclaration } from './rollups.js';
import { dropIndexesForLoad, type RestoreIndexes } from './bulk-indexes.js';
import { batchCommitted } from './events.js';
import { writeEvent } from '../webhooks/outbox.js';
import type { ValidDeclaration, ValidItem } from './validate.js';
import { BatchBuilder, type RejectedRow } from './batch-builder.js';

export { BatchBuilder, type RejectedRow };

export interface BatchResult {
  batch_id: number;
  stored: number;
  duplicates: number;
  rejected: RejectedRow[];
  /** True when the batch key had been committed before and nothing was written now. */
  replayed: boolean;
}

export interface BatchOptions {
  /** Unique per batch: re-sending the same key returns the first result. */
  batchKey: string;
  /** Dataset name stored on every declaration (e.g. "synthetic", "upload:<key id>"). */
  source: string;
  keyId?: string | null;
  /** What loaded it: "file", "api", "seed". */
  kind?: string;
  /** Rows rejected before validation (e.g. by the parser), recorded with the batch. */
  preRejected?: RejectedRow[];
  /** For tests: the date after which registered_at counts as future. */
  today?: string;
  /**
   * More writes that belong with the stored declarations (the seed's documents and shipments),
   * run in the batch's transaction after the declarations: they commit or roll back with the batch.
   */
  alsoWrite?(trx: Kysely<DB>, stored: readonly StoredDeclaration[]): Promise<void>;
}

const DECLARATION_COLUMNS = [
  'declaration_no', 'flow', 'regime', 'registered_at', 'period', 'customs_office', 'declarant', 'company_id', 'partner_company_id',
  'partner_country', 'country_of_origin', 'country_of_dispatch', 'country_of_destination', 'incoterm', 'currency', 'invoice_value',
  'value_usd_cents', 'transport_mode', 'port', 'vessel', 'bl_number', 'net_weight_kg', 'gross_weight_kg', 'items_count',
  'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents', 'source', 'batch_id', 'estimated',
] as const;

const ITEM_COLUMNS = [
  'declaration_id', 'line_no', 'gtip', 'hs6', 'description', 'quantity', 'quantity_unit', 'net_weight_kg', 'gross_weight_kg',
  'value_usd_cents', 'country_of_origin', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents', 'text_id',
] as const;

export async function writeBatch(store: Store, records: readonly unknown[], opts: BatchOptions): Promise<BatchResult> {
  const built = new BatchBuilder(opts.today);
  for (const r of records) built.add(r);
  return writeBuilt(store, built, opts);
}

/** writeBatch for records already validated through a BatchBuilder. */
export async function writeBuilt(store: Store, built: BatchBuilder, opts: Omit<BatchOptions, 'today'>): Promise<BatchResult> {
  const write = () => writeStreamed(store, { chunks: [built.valid], expected: built.valid.length, finish: () => built }, opts);
  try {
    return await write();
  } catch (err) {
    // Another batch created one of this batch's new companies first (migration 030's unique
    // indexes): this one rolled back whole; written again it finds that company.
    if (!isCompanyConflict(err)) throw err;
    return write();
  }
}

function isCompanyConflict(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  return (e.code === '23505' && /^companies_/.test(String(e.constraint))) || (e.code === 'SQLITE_CONSTRAINT_UNIQUE' && /companies\./.test(String(e.message)));
}

/**
 * A batch whose validated declarations arrive in chunks while it is being written (a file parsed
 * on another thread): the chunks go into one transaction as they come, so parsing the rest of
 * the batch overlaps with writing what is already there.
 */
export interface StreamedBatch {
  chunks: Iterable<readonly ValidDeclaration[]> | AsyncIterable<readonly ValidDeclaration[]>;
  /** Most declarations the chunks can hold: decides, before the first chunk, whether to rebuild the indexes. */
  expected: number;
  /**
   * Called once the chunks are exhausted: the batch's record count, rejections and in-batch
   * duplicates, and rows rejected before validation (parse errors) if not given in the options.
   */
  finish(): Pick<BatchBuilder, 'records' | 'rejected' | 'inBatchDuplicates'> & { preRejected?: RejectedRow[] };
}

export async function writeStreamed(store: Store, batch: StreamedBatch, opts: Omit<BatchOptions, 'today'>): Promise<BatchResult> {
  const resolver = new CompanyResolver(store.db);
  let committed: StoredDeclaration[] = [];
  const result = await store.db.transaction().execute(async (trx) => {
    const started = nowIso();
    const claimed = await insertRows<{ id: number }>(
      trx,
      store,
      { table: 'ingest_batches', columns: ['batch_key', 'source', 'kind', 'status', 'rows_total', 'started_at'], suffix: 'on conflict (batch_key) do nothing returning id' },
      [[opts.batchKey, opts.source, opts.kind ?? 'api', 'running', batch.expected, started]],
    );
    const batchId = claimed[0] ? Number(claimed[0].id) : null;
    if (batchId === null) {
      // Already committed: the chunks are read to the end (a parsing thread waits on it) and dropped.
      for await (const chunk of batch.chunks) void chunk;
      batch.finish();
      return replay(trx, opts.batchKey);
    }

    const { stored, valid } = await storeChunks(trx, store, resolver, batch, opts.source, batchId, started);
    committed = stored;
    const { records, rejected: invalid, inBatchDuplicates, preRejected } = batch.finish();
    const rejected: RejectedRow[] = [...(opts.preRejected ?? []), ...(preRejected ?? []), ...invalid];
    if (opts.alsoWrite && stored.length) await opts.alsoWrite(trx, stored);
    // The batch's `records.new` event commits with it (the webhook outbox): a process killed
    // after the commit still has it dispatched, and a batch rolled back announces nothing.
    if (stored.length) await writeEvent(trx, 'records.new', { batch_id: batchId });

    let first: string | null = null;
    let last: string | null = null;
    for (const s of stored) {
      const at = s.record.registered_at;
      if (first === null || at < first) first = at;
      if (last === null || at > last) last = at;
    }
    const duplicates = valid - stored.length + inBatchDuplicates;
    rejected.sort((a, b) => a.index - b.index);
    await trx
      .updateTable('ingest_batches')
      .set({
        status: 'done',
        rows_total: records,
        rows_stored: stored.length,
        rows_duplicate: duplicates,
        rows_rejected: new Set(rejected.map((r) => r.index)).size,
        period_from: first,
        period_to: last,
        key_id: opts.keyId ?? null,
        report: JSON.stringify(rejected),
        finished_at: nowIso(),
      })
      .where('id', '=', batchId)
      .execute();
    return { batch_id: batchId, stored: stored.length, duplicates, rejected, replayed: false } satisfies BatchResult;
  });
  resolver.commit();
  if (!result.replayed && result.stored > 0) await batchCommitted(store, committed, result.batch_id);
  return result;
}

/**
 * The declarations and items of every chunk that are new. The tables' secondary indexes are
 * dropped before the first chunk and built once after the last when the batch may at least double
 * them (bulk-indexes.ts): for declarations from the expected count, for items from it times the
 * lines per declaration of the first chunk (exact when the batch is one chunk).
 */
async function storeChunks(
  trx: Kysely<DB>,
  target: Pick<Store, 'engine' | 'sqlite'>,
  resolver: CompanyResolver,
  batch: StreamedBatch,
  source: string,
  batchId: number,
  now: string,
): Promise<{ stored: StoredDeclaration[]; valid: number }> {
  const stored: StoredDeclaration[] = [];
  let valid = 0;
  const restoreDeclarations = dropIndexesForLoad(target, 'declarations', batch.expected);
  let restoreItems: RestoreIndexes | null = null;
  for await (const chunk of batch.chunks) {
    valid += chunk.length;
    if (!chunk.length) continue;
    const { lines, owners } = await storeDeclarations(trx, target, resolver, chunk, source, batchId, now, stored);
    restoreItems ??= dropIndexesForLoad(target, 'declaration_items', Math.round((lines.length * batch.expected) / chunk.length));
    const textIds = await itemTextIds(trx, target, lines.map((it) => it.description));
    const items: RowSource = {
      count: lines.length,
      fill(i, out) {
        const it = lines[i]!;
        out[0] = owners[i]!; out[1] = it.line_no; out[2] = it.gtip; out[3] = it.hs6; out[4] = it.description; out[5] = it.quantity;
        out[6] = it.quantity_unit; out[7] = it.net_weight_kg; out[8] = it.gross_weight_kg; out[9] = it.value_usd_cents;
        out[10] = it.country_of_origin; out[11] = it.customs_duty_usd_cents; out[12] = it.additional_duty_usd_cents; out[13] = it.vat_usd_cents;
        out[14] = textIds.get(it.description) ?? null;
      },
    };
    await insertRows(trx, target, { table: 'declaration_items', columns: ITEM_COLUMNS }, items);
  }
  restoreDeclarations();
  restoreItems?.();
  return { stored, valid };
}

/** One chunk's new declarations, appended to `stored`; returns their item lines and the declaration id of each. */
async function storeDeclarations(
  trx: Kysely<DB>,
  target: Pick<Store, 'engine' | 'sqlite'>,
  resolver: CompanyResolver,
  valid: readonly ValidDeclaration[],
  source: string,
  batchId: number,
  now: string,
  stored: StoredDeclaration[],
): Promise<{ lines: ValidItem[]; owners: number[] }> {
  const parties: { party: ValidDeclaration['company']; turkish: boolean; role: Role }[] = new Array(2 * valid.length);
  for (let i = 0; i < valid.length; i++) {
    const d = valid[i]!;
    const imports = d.flow === 'import';
    parties[2 * i] = { party: d.company, turkish: true, role: imports ? 'importer' : 'exporter' };
    parties[2 * i + 1] = { party: d.partner, turkish: false, role: imports ? 'supplier' : 'buyer' };
  }
  const ids = await resolver.resolve(trx, target, parties, now);

  const declarations: RowSource = {
    count: valid.length,
    fill(i, out) {
      const d = valid[i]!;
      out[0] = d.declaration_no; out[1] = d.flow; out[2] = d.regime; out[3] = d.registered_at; out[4] = d.period;
      out[5] = d.customs_office; out[6] = d.declarant; out[7] = ids[2 * i]!; out[8] = ids[2 * i + 1]!; out[9] = d.partner_country;
      out[10] = d.country_of_origin; out[11] = d.country_of_dispatch; out[12] = d.country_of_destination; out[13] = d.incoterm;
      out[14] = d.currency; out[15] = d.invoice_value; out[16] = d.value_usd_cents; out[17] = d.transport_mode; out[18] = d.port;
      out[19] = d.vessel; out[20] = d.bl_number; out[21] = d.net_weight_kg; out[22] = d.gross_weight_kg; out[23] = d.items.length;
      out[24] = d.customs_duty_usd_cents; out[25] = d.additional_duty_usd_cents; out[26] = d.vat_usd_cents; out[27] = source;
      out[28] = batchId; out[29] = d.estimated.length ? JSON.stringify(d.estimated) : '[]';
    },
  };
  // A declaration number already stored is a duplicate: no id, nothing else written for it.
  const newIds = await insertNew(trx, target, { table: 'declarations', columns: DECLARATION_COLUMNS, key: 'declaration_no' }, declarations);

  const lines: ValidItem[] = [];
  const owners: number[] = [];
  for (let i = 0; i < valid.length; i++) {
    const d = valid[i]!;
    const id = newIds[i];
    if (id === null || id === undefined) continue; // already stored by an earlier batch
    stored.push({ id, record: d, company_id: ids[2 * i]!, partner_company_id: ids[2 * i + 1]! });
    for (const it of d.items) {
      lines.push(it);
      owners.push(id);
    }
  }
  return { lines, owners };
}

async function replay(trx: Kysely<DB>, batchKey: string): Promise<BatchResult> {
  const row = await trx
    .selectFrom('ingest_batches')
    .select(['id', 'rows_stored', 'rows_duplicate', 'report'])
    .where('batch_key', '=', batchKey)
    .executeTakeFirstOrThrow();
  return {
    batch_id: Number(row.id),
    stored: Number(row.rows_stored),
    duplicates: Number(row.rows_duplicate),
    rejected: JSON.parse(row.report) as RejectedRow[],
    replayed: true,
  };
}
