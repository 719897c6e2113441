// The bulk_export_jobs table: a job is created queued, claimed by one runner (running), and ends
// completed (with its file) or failed (with a message). Only the key that created a job sees it.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Selectable, Insertable } from 'kysely';
import type { DB, BulkExportJobsTable } from '../db/schema.js';
import { nowIso } from '../db/dialect.js';

export type BulkFormat = 'csv' | 'ndjson';
export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface BulkJob {
  id: string;
  keyId: string;
  /** The export's query as the client sent it (validated at creation). */
  query: Record<string, unknown>;
  format: BulkFormat;
  status: JobStatus;
  rowsWritten: number;
  rowsTotal: number | null;
  filePath: string | null;
  fileBytes: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

function toJob(r: Selectable<BulkExportJobsTable>): BulkJob {
  return {
    id: r.id,
    keyId: r.key_id,
    query: JSON.parse(r.query) as Record<string, unknown>,
    format: r.format as BulkFormat,
    status: r.status as JobStatus,
    rowsWritten: Number(r.rows_written),
    rowsTotal: r.rows_total === null ? null : Number(r.rows_total),
    filePath: r.file_path,
    fileBytes: r.file_bytes === null ? null : Number(r.file_bytes),
    error: r.error,
    createdAt: String(r.created_at),
    finishedAt: r.finished_at === null ? null : String(r.finished_at),
  };
}

export function newJobId(): string {
  return `bx_${randomBytes(10).toString('hex')}`;
}

export async function createJob(db: Kysely<DB>, input: { keyId: string; query: Record<string, unknown>; format: BulkFormat }): Promise<BulkJob> {
  const row = {
    id: newJobId(), key_id: input.keyId, query: JSON.stringify(input.query), format: input.format, status: 'queued', rows_written: 0,
    rows_total: null, file_path: null, file_bytes: null, error: null, created_at: nowIso(), finished_at: null, lease_until: null,
  } satisfies Insertable<BulkExportJobsTable>;
  await db.insertInto('bulk_export_jobs').values(row).execute();
  return toJob(row);
}

/** The job if it exists and belongs to this key; another key's job is indistinguishable from none. */
export async function findJob(db: Kysely<DB>, id: string, keyId: string): Promise<BulkJob | null> {
  const r = await db.selectFrom('bulk_export_jobs').selectAll().where('id', '=', id).where('key_id', '=', keyId).executeTakeFirst();
  return r ? toJob(r) : null;
}

export async function queuedJobIds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('bulk_export_jobs').select('id').where('status', '=', 'queued').orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** How long a claimed job is held without a renewal; the runner renews it every third of this. */
export const LEASE_MS = 60_000;

/**
 * Moves a queued job to running, leased to this process; null when another runner took it first
 * (the conditional update is the claim on both engines, as FOR UPDATE SKIP LOCKED would be).
 */
export async function claimJob(db: Kysely<DB>, id: string, now = new Date()): Promise<BulkJob | null> {
  const res = await db
    .updateTable('bulk_export_jobs')
    .set({ status: 'running', lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  const r = await db.selectFrom('bulk_export_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toJob(r);
}

export async function setProgress(db: Kysely<DB>, id: string, rowsWritten: number, rowsTotal?: number): Promise<void> {
  await db.updateTable('bulk_export_jobs').set({ rows_written: rowsWritten, ...(rowsTotal !== undefined ? { rows_total: rowsTotal } : {}) }).where('id', '=', id).execute();
}

export async function completeJob(db: Kysely<DB>, id: string, out: { rowsWritten: number; filePath: string; fileBytes: number }): Promise<void> {
  await db.updateTable('bulk_export_jobs')
    .set({ status: 'completed', rows_written: out.rowsWritten, rows_total: out.rowsWritten, file_path: out.filePath, file_bytes: out.fileBytes, finished_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function failJob(db: Kysely<DB>, id: string, message: string): Promise<void> {
  await db.updateTable('bulk_export_jobs').set({ status: 'failed', error: message.slice(0, 500), finished_at: nowIso() }).where('id', '=', id).execute();
}

/** The writer of a running job is alive: hold the job for another lease. */
export async function renewLease(db: Kysely<DB>, id: string, now = new Date()): Promise<void> {
  await db.updateTable('bulk_export_jobs').set({ lease_until: new Date(now.getTime() + LEASE_MS).toISOString() }).where('id', '=', id).where('status', '=', 'running').execute();
}

/**
 * Jobs left running by a process that stopped (lease run out, or none from before leases):
 * queued again so they are redone from scratch. A job another live process is writing is left alone.
 */
export async function requeueInterrupted(db: Kysely<DB>, now = new Date()): Promise<number> {
  const res = await db
    .updateTable('bulk_export_jobs')
    .set({ status: 'queued', rows_written: 0, lease_until: null })
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Jobs of this key that are queued or running: what the per-key cap counts. */
export async function activeJobCount(db: Kysely<DB>, keyId: string): Promise<number> {
  const row = await db
    .selectFrom('bulk_export_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key_id', '=', keyId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Bytes of the finished export files kept, and when the oldest of them ended (null: none). */
export async function storedExports(db: Kysely<DB>): Promise<{ bytes: number; oldestFinishedAt: string | null }> {
  const row = await db
    .selectFrom('bulk_export_jobs')
    .select((eb) => [eb.fn.sum<number>('file_bytes').as('bytes'), eb.fn.min<string>('finished_at').as('oldest')])
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return { bytes: Number(row?.bytes ?? 0), oldestFinishedAt: row?.oldest == null ? null : String(row.oldest) };
}

/** Finished jobs (completed or failed) that ended before `before`: what retention removes. */
export function endedBefore(db: Kysely<DB>, before: Date, limit = 500): Promise<{ id: string; format: string; file_path: string | null }[]> {
  return db
    .selectFrom('bulk_export_jobs')
    .select(['id', 'format', 'file_path'])
    .where('status', 'in', ['completed', 'failed'])
    .where('finished_at', '<', before.toISOString())
    .orderBy('finished_at')
    .limit(limit)
    .execute();
}

export async function deleteJob(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('bulk_export_jobs').where('id', '=', id).execute();
}
