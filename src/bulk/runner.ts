// Runs bulk-export jobs in the API process: each queued job streams its records through the same
// CSV/NDJSON encoder as the downloads, gzip, into `<dataDir>/exports/<job_id>.<ext>.gz`, writing
// progress as it goes. A failing job is marked failed with a message; the runner carries on.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Store } from '../db/connect.js';
import type { DB } from '../db/schema.js';
import { stateKey, stateOf } from '../db/state.js';
import { encode } from '../http/download.js';
import { ApiError } from '../http/errors.js';
import { openExport, type ExportQueryValue } from '../features/trade/bulk-source.js';
import { claimJob, completeJob, deleteJob, endedBefore, failJob, queuedJobIds, renewLease, requeueInterrupted, setProgress, LEASE_MS, type BulkJob } from './jobs.js';

export interface BulkDeps {
  store: Store;
  config: { dataDir: string; bulkRetentionHours: number };
}

const PROGRESS_EVERY_ROWS = 5000;

export function exportsDir(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

export function exportFile(dataDir: string, job: { id: string; format: string }): string {
  return path.join(exportsDir(dataDir), `${job.id}.${job.format}.gz`);
}

async function runJob(deps: BulkDeps, job: BulkJob): Promise<void> {
  const db = deps.store.db;
  const file = exportFile(deps.config.dataDir, job);
  const partial = `${file}.part`;
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const source = openExport(db, job.query as ExportQueryValue);
    await setProgress(db, job.id, 0, await source.count());
    let written = 0;
    async function* counted() {
      for await (const row of source.rows) {
        yield row;
        written++;
        if (written % PROGRESS_EVERY_ROWS === 0) await setProgress(db, job.id, written);
      }
    }
    await pipeline(Readable.from(encode({ columns: source.columns, rows: counted(), filename: job.id }, job.format)), createGzip(), fs.createWriteStream(partial));
    await fs.promises.rename(partial, file);
    const { size } = await fs.promises.stat(file);
    await completeJob(db, job.id, { rowsWritten: written, filePath: file, fileBytes: size });
  } catch (err) {
    await fs.promises.rm(partial, { force: true }).catch(() => undefined);
    // A validation error from the stored query is the client's to read; anything else is ours
    // and stays in the log, not in the job.
    const message = err instanceof ApiError ? err.message : 'The export failed while writing; create a new export to retry';
    await failJob(db, job.id, message);
    if (!(err instanceof ApiError)) throw err;
  }
}

/**
 * Retention: the files and rows of jobs that ended more than `bulkRetentionHours` ago are removed,
 * the file first, so a crash in between leaves a row whose download is a 404 (and which the next
 * pass removes), never a file nothing points at. Any process may do it; removing twice is
 * harmless. Returns how many jobs were removed.
 */
export async function expireJobs(deps: BulkDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.bulkRetentionHours * 3_600_000);
  let removed = 0;
  for (const job of await endedBefore(deps.store.db, before)) {
    const file = job.file_path ?? exportFile(deps.config.dataDir, job);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(`${file}.part`, { force: true });
    await deleteJob(deps.store.db, job.id);
    removed++;
  }
  return removed;
}

/** Runs every queued job to its end, one after another; returns how many were run. */
export async function runPendingJobs(deps: BulkDeps, onError: (err: unknown, jobId: string) => void = () => undefined): Promise<number> {
  let ran = 0;
  await expireJobs(deps);
  // Jobs of a process that stopped mid-export come back once their lease runs out.
  await requeueInterrupted(deps.store.db);
  for (const id of await queuedJobIds(deps.store.db)) {
    const job = await claimJob(deps.store.db, id);
    if (!job) continue;
    // The heartbeat: renewed while this process writes the job.
    const heartbeat = setInterval(() => void renewLease(deps.store.db, id).catch(() => undefined), LEASE_MS / 3);
    heartbeat.unref();
    try {
      await runJob(deps, job);
    } catch (err) {
      onError(err, id);
    } finally {
      clearInterval(heartbeat);
    }
    ran++;
  }
  return ran;
}

// Operations ask the runners of their store to look now instead of at their next tick.
const WAKERS = stateKey({ name: 'bulk runner wakers', create: () => new Set<() => void>(), close: (w) => w.clear() });

export function wakeBulkRunner(db: Kysely<DB>): void {
  for (const wake of stateOf(db).peek(WAKERS) ?? []) wake();
}

export interface BulkRunner {
  stop(): Promise<void>;
}

/** Polls for queued jobs every `intervalMs` and when woken; stop() waits for the job in progress. */
export function startBulkRunner(deps: BulkDeps & { log?: (msg: string, err: unknown) => void }, intervalMs = 2000): BulkRunner {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runPendingJobs(deps, (err, id) => deps.log?.(`bulk export ${id} failed`, err))
      .then(() => undefined, (err: unknown) => deps.log?.('bulk export runner error', err))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };
  const startup = requeueInterrupted(deps.store.db).then(() => tick(), (err: unknown) => deps.log?.('bulk export runner could not start', err));
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const wakers = stateOf(deps.store.db).get(WAKERS);
  wakers.add(tick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      wakers.delete(tick);
      await startup;
      await running;
    },
  };
}
