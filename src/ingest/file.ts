// Loads a whole CSV or NDJSON file in batches. Each batch's key is derived from the file's content
// hash and the batch's position, so re-running a file (after a crash, or by mistake) skips the
// batches already committed and completes the rest; a killed run leaves only whole batches.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import type { Store } from '../db/connect.js';
import type { FileFormat } from './parse.js';
import { writeStreamed } from './writer.js';
import { batchesOnThread } from './parse-thread.js';
import { batchesHere } from './file-batches.js';
import { coreFree } from './worker-thread.js';
import { deferIndexes, restoreDeferredIndexesAside, withLoadSettings } from './bulk-indexes.js';
import { deferPgIndexes, restorePgDeferredIndexes, PG_FILE_DEFERRED_TABLES } from './pg-indexes.js';

/**
 * Declarations per batch (one transaction each) when none is asked for. Large, because each
 * commit rewrites every page the batch touched (random index positions touch most of them); a
 * killed load redoes at most one batch.
 */
export const DEFAULT_FILE_BATCH = 50_000;

/** Tables whose secondary indexes a file load into an empty store builds once, at its end. */
const FILE_DEFERRED_INDEXES = ['declarations'];

export interface FileIngestOptions {
  format: FileFormat;
  batchSize?: number;
  /** Where to write rejected rows as JSON lines; omitted: not written. */
  reportPath?: string;
  /** Dataset name stored on the declarations; default "file:<base name>". */
  source?: string;
  onBatch?(progress: FileIngestSummary & { batch: number }): void;
  /** Parse and validate on a second thread; default: when a core is free (coreFree). */
  parseThread?: boolean;
  /** Called once every batch is committed, before deferred indexes are built: work started here runs while they are built. */
  afterBatches?(): void;
  /** Progress lines of the deferred index builds. */
  log?(line: string): void;
}

export interface ReportLine {
  line: number;
  declaration_no: string | null;
  field: string;
  reason: string;
}

export interface FileIngestSummary {
  batches: number;
  /** Batches committed by an earlier run and skipped now. */
  replayed_batches: number;
  rows: number;
  stored: number;
  duplicates: number;
  rejected: number;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function ingestFile(store: Store, file: string, opts: FileIngestOptions): Promise<FileIngestSummary> {
  const batchSize = opts.batchSize ?? DEFAULT_FILE_BATCH;
  const source = opts.source ?? `file:${file.split(/[\\/]/).pop()}`;
  const report = opts.reportPath ? fs.createWriteStream(opts.reportPath) : null;
  const summary: FileIngestSummary = { batches: 0, replayed_batches: 0, rows: 0, stored: 0, duplicates: 0, rejected: 0 };

  // Records are validated as they are read and handed to the writer in chunks, which go into the
  // batch's transaction as they arrive: on a second thread (parse-thread.ts), reading, parsing
  // and validating overlap with writing. The file's hash, needed for the first batch key, is
  // computed meanwhile.
  const onThread = opts.parseThread ?? coreFree();
  const batches = (onThread ? batchesOnThread : batchesHere)(file, opts.format, batchSize);
  const first = batches.next();
  first.catch(() => {}); // awaited below; not an unhandled rejection while hashing
  try {
    const fileHash = await sha256File(file);
    const loadBatches = async (): Promise<void> => {
      for (let step = await first; !step.done; step = await batches.next()) {
        const batch = step.value;
        const key = createHash('sha256').update(`${fileHash}:${batchSize}:${batch.index}`).digest('hex');
        // Parse errors ride along with the batch (negative indexes) so a replay reports them too.
        const res = await writeStreamed(store, { chunks: batch.chunks, expected: batchSize, finish: batch.end }, { batchKey: key, source, kind: 'file' });
        const { rows, lines, preLines } = batch.end();
        summary.batches++;
        if (res.replayed) summary.replayed_batches++;
        summary.rows += rows;
        // A replayed batch wrote nothing now: its rows are all already present.
        summary.stored += res.replayed ? 0 : res.stored;
        summary.duplicates += res.replayed ? res.stored + res.duplicates : res.duplicates;
        summary.rejected += new Set(res.rejected.map((r) => r.index)).size;
        if (report) {
          for (const r of res.rejected) {
            const line = r.index >= 0 ? lines[r.index] : preLines[-1 - r.index];
            const out: ReportLine = { line: line ?? 0, declaration_no: r.declaration_no, field: r.field, reason: r.reason };
            if (!report.write(JSON.stringify(out) + '\n')) await once(report, 'drain');
          }
        }
        opts.onBatch?.({ ...summary, batch: batch.index });
      }
    };
    await withLoadSettings(store, async () => {
      // A file loaded into an empty store builds the declarations' secondary indexes once, after
      // its last batch, instead of in every batch that doubles the table (bulk-indexes.ts).
      deferIndexes(store, FILE_DEFERRED_INDEXES, 'declarations');
      await deferPgIndexes(store, PG_FILE_DEFERRED_TABLES, 'declarations');
      try {
        await loadBatches();
        opts.afterBatches?.();
      } finally {
        // On SQLite on a thread of its own, so that this one is free for what afterBatches started.
        await restoreDeferredIndexesAside(store, opts.log);
        await restorePgDeferredIndexes(store, opts.log);
      }
    });
  } finally {
    await batches.return(undefined);
    if (report) {
      report.end();
      await once(report, 'finish');
    }
  }
  return summary;
}
