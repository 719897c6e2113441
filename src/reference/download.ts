// Fetches the reference files into a directory all or nothing: each file is streamed to a
// temporary name beside its target and checked (not empty, parses as CSV, the expected header,
// at least one row); only when every file passed are they renamed into place, so a failed
// download (a 404, a page of HTML, a cut connection) never leaves a half-written or wrong file
// where the service would read it.
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parse } from 'csv-parse';
import type { ReferenceSource } from './reference-sources.js';

export class ReferenceDownloadError extends Error {}

export interface DownloadPlan {
  source: ReferenceSource;
  url: string;
}

/** Each source's URL: `base/file` with a mirror, else its own URL; sources with neither are skipped. */
export function planDownloads(sources: readonly ReferenceSource[], base: string | null): { plans: DownloadPlan[]; skipped: ReferenceSource[] } {
  const plans: DownloadPlan[] = [];
  const skipped: ReferenceSource[] = [];
  for (const source of sources) {
    const url = base ? `${base.replace(/\/+$/, '')}/${source.file}` : source.url;
    if (url) plans.push({ source, url });
    else skipped.push(source);
  }
  return { plans, skipped };
}

export interface DownloadedFile {
  file: string;
  url: string;
  bytes: number;
  rows: number;
}

export interface DownloadOptions {
  /** Called as bytes arrive; `total` is the Content-Length, or null when the server sends none. */
  progress?: (file: string, bytes: number, total: number | null) => void;
}

/** Downloads every planned file into `dir`; on any failure nothing in `dir` changes and it throws. */
export async function downloadReferenceFiles(dir: string, plans: readonly DownloadPlan[], opts: DownloadOptions = {}): Promise<DownloadedFile[]> {
  fs.mkdirSync(dir, { recursive: true });
  const temps: string[] = [];
  try {
    const done: DownloadedFile[] = [];
    for (const plan of plans) {
      const temp = path.join(dir, `.${plan.source.file}.${process.pid}.download`);
      temps.push(temp);
      const bytes = await fetchTo(plan, temp, opts);
      const rows = await checkCsv(temp, plan.source);
      done.push({ file: plan.source.file, url: plan.url, bytes, rows });
    }
    // Renames within one directory are atomic: a reader sees the old file or the new one.
    plans.forEach((plan, i) => fs.renameSync(temps[i]!, path.join(dir, plan.source.file)));
    return done;
  } finally {
    for (const t of temps) fs.rmSync(t, { force: true });
  }
}

async function fetchTo(plan: DownloadPlan, temp: string, opts: DownloadOptions): Promise<number> {
  const { file } = plan.source;
  let res: Response;
  try {
    res = await fetch(plan.url, { redirect: 'follow' });
  } catch (err) {
    throw new ReferenceDownloadError(`${file}: cannot reach ${plan.url}: ${(err as Error).cause ?? (err as Error).message}`);
  }
  if (!res.ok || !res.body) throw new ReferenceDownloadError(`${file}: ${plan.url} answered ${res.status} ${res.statusText}`);
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, next) {
      bytes += chunk.length;
      opts.progress?.(file, bytes, total);
      next(null, chunk);
    },
  });
  try {
    // Opened here, not by the stream: a stream's own open may still be pending when a download
    // breaks off, and would create the file after the caller has removed it.
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), count, fs.createWriteStream(temp, { fd: fs.openSync(temp, 'w') }));
  } catch (err) {
    throw new ReferenceDownloadError(`${file}: download from ${plan.url} broke off after ${bytes} bytes: ${(err as Error).message}`);
  }
  if (bytes === 0) throw new ReferenceDownloadError(`${file}: ${plan.url} sent an empty file`);
  if (total !== null && bytes !== total) throw new ReferenceDownloadError(`${file}: got ${bytes} of ${total} bytes from ${plan.url}`);
  return bytes;
}

/** Rows of a downloaded file after checking its header; throws naming the file when it is not the expected CSV. */
async function checkCsv(temp: string, source: ReferenceSource): Promise<number> {
  let header: string[] | null = null;
  let rows = 0;
  try {
    const parser = fs.createReadStream(temp).pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true }));
    for await (const record of parser as AsyncIterable<string[]>) {
      if (header === null) header = record.map((c) => c.trim());
      else rows++;
    }
  } catch (err) {
    throw new ReferenceDownloadError(`${source.file}: not a CSV file (${(err as Error).message})`);
  }
  if (header === null || header.join(',') !== source.header.join(',')) {
    throw new ReferenceDownloadError(`${source.file}: expected the header ${source.header.join(',')}, got ${header ? header.join(',').slice(0, 200) : 'nothing'}`);
  }
  if (rows === 0) throw new ReferenceDownloadError(`${source.file}: header only, no rows`);
  return rows;
}
