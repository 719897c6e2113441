// Loads a whole CSV or NDJSON file in batches. Each batch's key is derived from the file's content
// hash and the batch's position, so re-running a file (after a crash, or by mistake) skips the
// batches already committed and completes the rest; a killed run leaves only whole batches.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import type { Store } from '../db/connect.js';
import { parseFile, type FileFormat, type ParsedRow } from './parse.js';
import { BatchBuilder, writeBuilt, type RejectedRow } from './writer.js';
import { withLoadSettings } from './bulk-indexes.js';

/**
 * Declarations per batch (one transaction each) when none is asked for. Large, because each
 * commit rewrites every page the batch touched (random index positions touch most of them) and
 * rollup deltas collapse over more rows; a killed load redoes at most one batch.
 */
export const DEFAULT_FILE_BATCH = 50_000;

export interface FileIngestOptions {
  format: FileFormat;
  batchSize?: number;
  /** Where to write rejected rows as JSON lines; omitted: not written. */
  reportPath?: string;
  /** Dataset name stored on the declarations; default "file:<base name>". */
  source?: string;
  onBatch?(progress: FileIngestSummary & { batch: number }): void;
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
  const fileHash = await sha256File(file);
  const source = opts.source ?? `file:${file.split(/[\\/]/).pop()}`;
  const report = opts.reportPath ? fs.createWriteStream(opts.reportPath) : null;
  const summary: FileIngestSummary = { batches: 0, replayed_batches: 0, rows: 0, stored: 0, duplicates: 0, rejected: 0 };

  // Each record is validated as it is read (BatchBuilder), so only its normalised form waits for
  // the batch to fill: the parsed originals die young, which keeps garbage collection cheap.
  let rows = 0;
  let built = new BatchBuilder();
  let lines: number[] = [];
  let preRejected: RejectedRow[] = [];
  let preLines: number[] = [];
  const take = (r: ParsedRow) => {
    rows++;
    if ('error' in r) {
      // Parse errors ride along with the batch (negative indexes) so a replay reports them too.
      preRejected.push({ index: -1 - preLines.length, declaration_no: r.declaration_no, field: r.error.field, reason: r.error.reason });
      preLines.push(r.line);
    } else {
      built.add(r.record);
      lines.push(r.line);
    }
  };
  const flush = async () => {
    const index = summary.batches;
    const key = createHash('sha256').update(`${fileHash}:${batchSize}:${index}`).digest('hex');
    const res = await writeBuilt(store, built, { batchKey: key, source, kind: 'file', preRejected });
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
    rows = 0;
    built = new BatchBuilder();
    lines = [];
    preRejected = [];
    preLines = [];
    opts.onBatch?.({ ...summary, batch: index });
  };

  try {
    await withLoadSettings(store, async () => {
      // Large reads: fewer chunks to split.
      for await (const row of parseFile(fs.createReadStream(file, { highWaterMark: 1 << 20 }), opts.format)) {
        take(row);
        if (rows >= batchSize) await flush();
      }
      if (rows) await flush();
    });
  } finally {
    if (report) {
      report.end();
      await once(report, 'finish');
    }
  }
  return summary;
}
