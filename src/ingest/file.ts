// Loads a whole CSV or NDJSON file in batches. Each batch's key is derived from the file's content
// hash and the batch's position, so re-running a file (after a crash, or by mistake) skips the
// batches already committed and completes the rest; a killed run leaves only whole batches.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import type { Store } from '../db/connect.js';
import { parseFile, type FileFormat, type ParsedRow } from './parse.js';
import { writeBatch, type RejectedRow } from './writer.js';

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
  const batchSize = opts.batchSize ?? 5000;
  const fileHash = await sha256File(file);
  const source = opts.source ?? `file:${file.split(/[\\/]/).pop()}`;
  const report = opts.reportPath ? fs.createWriteStream(opts.reportPath) : null;
  const summary: FileIngestSummary = { batches: 0, replayed_batches: 0, rows: 0, stored: 0, duplicates: 0, rejected: 0 };

  let rows: ParsedRow[] = [];
  const flush = async () => {
    const index = summary.batches;
    const records: unknown[] = [];
    const lines: number[] = [];
    const preRejected: RejectedRow[] = [];
    const preLines: number[] = [];
    for (const r of rows) {
      if ('error' in r) {
        preRejected.push({ index: -1 - preLines.length, declaration_no: r.declaration_no, field: r.error.field, reason: r.error.reason });
        preLines.push(r.line);
      } else {
        records.push(r.record);
        lines.push(r.line);
      }
    }
    // Parse errors ride along with the batch (negative indexes) so a replay reports them too.
    const key = createHash('sha256').update(`${fileHash}:${batchSize}:${index}`).digest('hex');
    const res = await writeBatch(store, records, { batchKey: key, source, kind: 'file', preRejected });
    summary.batches++;
    if (res.replayed) summary.replayed_batches++;
    summary.rows += rows.length;
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
    rows = [];
    opts.onBatch?.({ ...summary, batch: index });
  };

  try {
    for await (const row of parseFile(fs.createReadStream(file), opts.format)) {
      rows.push(row);
      if (rows.length >= batchSize) await flush();
    }
    if (rows.length) await flush();
  } finally {
    if (report) {
      report.end();
      await once(report, 'finish');
    }
  }
  return summary;
}
