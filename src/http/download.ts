// Whole-result downloads (contract §3): rows are pulled from an async iterator and written as
// they come, so memory stays flat however large the result.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

export interface Download {
  /** Column order for CSV; NDJSON writes the objects as they are. */
  columns: string[];
  rows: AsyncIterable<Record<string, unknown>>;
  filename: string;
}

export type DownloadFormat = 'csv' | 'ndjson';

/** The download format asked for by `format=` or, failing that, the Accept header; null for JSON. */
export function wantsDownload(req: FastifyRequest): DownloadFormat | null {
  const format = (req.query as { format?: string } | undefined)?.format;
  if (format === 'csv' || format === 'ndjson') return format;
  if (format === 'json') return null;
  const accept = req.headers.accept ?? '';
  if (/\btext\/csv\b/.test(accept)) return 'csv';
  if (/\bapplication\/(x-)?ndjson\b/.test(accept)) return 'ndjson';
  return null;
}

// A text cell starting with one of these is run as a formula by spreadsheets (CSV injection):
// such cells get a leading apostrophe, the OWASP advice. Numbers are written as they are.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (typeof v === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export async function* encode(download: Download, format: DownloadFormat): AsyncGenerator<string> {
  if (format === 'csv') yield download.columns.join(',') + '\n';
  let buf = '';
  for await (const row of download.rows) {
    buf += format === 'csv' ? download.columns.map((c) => csvCell(row[c])).join(',') + '\n' : JSON.stringify(row) + '\n';
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

export function sendDownload(req: FastifyRequest, reply: FastifyReply, download: Download): FastifyReply {
  const format = wantsDownload(req) ?? 'ndjson';
  reply.header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson');
  reply.header('content-disposition', `attachment; filename="${download.filename}.${format === 'csv' ? 'csv' : 'ndjson'}"`);
  return reply.send(Readable.from(encode(download, format)));
}
