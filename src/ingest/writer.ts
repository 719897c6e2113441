// Stores one batch of declarations: validation, then one transaction holding the batch record,
// the companies, the declarations and items that are new, and the rollup deltas of exactly those.
// A batch key already committed returns the stored result and writes nothing, and a declaration
// number already stored is a duplicate, so sending a batch twice changes nothing. On SQLite a
// batch at least as large as a table goes in with that table's secondary indexes rebuilt after
// it, inside the same transaction (bulk-indexes.ts).
import type { Kysely } from 'kysely';
import type { Store } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { nowIso } from '../db/dialect.js';
import { CompanyResolver, type Role } from './companies.js';
import { addOnConflict, insertNew, insertRows, type RowSource } from './bulk.js';
import { ROLLUPS, RollupAccumulator, measuresOf, type StoredDeclaration } from './rollups.js';
import { dropIndexesForLoad } from './bulk-indexes.js';
import { batchCommitted } from './events.js';
import { declarationNoOf, validateDeclaration, todayUtc, type ValidDeclaration, type ValidItem } from './validate.js';

export interface RejectedRow {
  /** Position of the row in the batch (0-based). */
  index: number;
  declaration_no: string | null;
  field: string;
  reason: string;
}

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
   * run in the batch's transaction after the rollups: they commit or roll back with the batch.
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
  'value_usd_cents', 'country_of_origin', 'customs_duty_usd_cents', 'additional_duty_usd_cents', 'vat_usd_cents',
] as const;

/**
 * The validated form of a batch, built one record at a time: a loader streaming a file validates
 * each record as it is read and keeps only the normalised declaration, not the parsed original.
 */
export class BatchBuilder {
  /** Records added so far; a record's index is its position among them. */
  records = 0;
  readonly valid: ValidDeclaration[] = [];
  readonly rejected: RejectedRow[] = [];
  /** The same declaration twice in one batch: the second is a duplicate, as it would be in the next batch. */
  inBatchDuplicates = 0;
  private readonly seen = new Set<string>();

  constructor(private readonly today: string = todayUtc()) {}

  add(raw: unknown): void {
    const index = this.records++;
    const v = validateDeclaration(raw, this.today);
    if (!v.ok) {
      const declaration_no = declarationNoOf(raw);
      for (const e of v.errors) this.rejected.push({ index, declaration_no, field: e.field, reason: e.reason });
      return;
    }
    if (this.seen.has(v.value.declaration_no)) this.inBatchDuplicates++;
    else {
      this.seen.add(v.value.declaration_no);
      this.valid.push(v.value);
    }
  }
}

export async function writeBatch(store: Store, records: readonly unknown[], opts: BatchOptions): Promise<BatchResult> {
  const built = new BatchBuilder(opts.today);
  for (const r of records) built.add(r);
  return writeBuilt(store, built, opts);
}

/** writeBatch for records already validated through a BatchBuilder. */
export async function writeBuilt(store: Store, built: BatchBuilder, opts: Omit<BatchOptions, 'today'>): Promise<BatchResult> {
  const rejected: RejectedRow[] = [...(opts.preRejected ?? []), ...built.rejected];
  const { valid, inBatchDuplicates } = built;
  const resolver = new CompanyResolver(store.db);
  let committed: StoredDeclaration[] = [];
  const result = await store.db.transaction().execute(async (trx) => {
    const started = nowIso();
    const claimed = await insertRows<{ id: number }>(
      trx,
      store,
      { table: 'ingest_batches', columns: ['batch_key', 'source', 'kind', 'status', 'rows_total', 'started_at'], suffix: 'on conflict (batch_key) do nothing returning id' },
      [[opts.batchKey, opts.source, opts.kind ?? 'api', 'running', built.records, started]],
    );
    const batchId = claimed[0] ? Number(claimed[0].id) : null;
    if (batchId === null) return replay(trx, opts.batchKey);

    const stored = await storeDeclarations(trx, store, resolver, valid, opts.source, batchId, started);
    committed = stored;
    const deltas = new RollupAccumulator();
    deltas.add(stored);
    for (const def of ROLLUPS) {
      const rows = deltas.table(def.table);
      if (!rows.count) continue;
      const measures = measuresOf(def);
      const restore = dropIndexesForLoad(store, def.table, rows.count);
      await insertRows(trx, store, { table: def.table, columns: [...def.keys, ...measures], suffix: addOnConflict(def.table, def.keys, measures) }, rows);
      restore();
    }
    if (opts.alsoWrite && stored.length) await opts.alsoWrite(trx, stored);

    let first: string | null = null;
    let last: string | null = null;
    for (const s of stored) {
      const at = s.record.registered_at;
      if (first === null || at < first) first = at;
      if (last === null || at > last) last = at;
    }
    const duplicates = valid.length - stored.length + inBatchDuplicates;
    rejected.sort((a, b) => a.index - b.index);
    await trx
      .updateTable('ingest_batches')
      .set({
        status: 'done',
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
  if (!result.replayed && result.stored > 0) await batchCommitted(store, committed);
  return result;
}

async function storeDeclarations(
  trx: Kysely<DB>,
  target: Pick<Store, 'engine' | 'sqlite'>,
  resolver: CompanyResolver,
  valid: ValidDeclaration[],
  source: string,
  batchId: number,
  now: string,
): Promise<StoredDeclaration[]> {
  if (!valid.length) return [];
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
  let restore = dropIndexesForLoad(target, 'declarations', valid.length);
  // A declaration number already stored is a duplicate: no id, nothing else written for it.
  const newIds = await insertNew(trx, target, { table: 'declarations', columns: DECLARATION_COLUMNS, key: 'declaration_no' }, declarations);
  restore();

  const stored: StoredDeclaration[] = [];
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
  const items: RowSource = {
    count: lines.length,
    fill(i, out) {
      const it = lines[i]!;
      out[0] = owners[i]!; out[1] = it.line_no; out[2] = it.gtip; out[3] = it.hs6; out[4] = it.description; out[5] = it.quantity;
      out[6] = it.quantity_unit; out[7] = it.net_weight_kg; out[8] = it.gross_weight_kg; out[9] = it.value_usd_cents;
      out[10] = it.country_of_origin; out[11] = it.customs_duty_usd_cents; out[12] = it.additional_duty_usd_cents; out[13] = it.vat_usd_cents;
    },
  };
  restore = dropIndexesForLoad(target, 'declaration_items', lines.length);
  await insertRows(trx, target, { table: 'declaration_items', columns: ITEM_COLUMNS }, items);
  restore();
  return stored;
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
