// Bulk exports: POST starts a background export of a records query (CSV or NDJSON, gzip), GET
// reports its state and progress, and /download serves the finished file with byte ranges so a
// broken download resumes where it stopped.
import fs from 'node:fs';
import { Type } from 'typebox';
import { defineOperation, type Ctx } from '../../http/operation.js';
import { ApiError, notFound } from '../../http/errors.js';
import { activeJobCount, createJob, findJob, storedExports, type BulkJob } from '../../bulk/jobs.js';
import { exportFile, wakeBulkRunner } from '../../bulk/runner.js';
import { ExportQuery, exportFilters } from './bulk-source.js';
import { echoFilters } from '../shared/filters.js';

const JobView = Type.Object({
  job_id: Type.String(),
  status: Type.Unsafe<BulkJob['status']>({ type: 'string', enum: ['queued', 'running', 'completed', 'failed'] }),
  format: Type.Unsafe<'csv' | 'ndjson'>({ type: 'string', enum: ['csv', 'ndjson'] }),
  query: Type.Unknown({ description: 'The export\'s query as sent' }),
  rows_written: Type.Integer(),
  rows_total: Type.Union([Type.Integer(), Type.Null()], { description: 'Records matching the query, known once the job starts' }),
  progress: Type.Union([Type.Number(), Type.Null()], { description: 'rows_written / rows_total, 0–1' }),
  file_bytes: Type.Union([Type.Integer(), Type.Null()], { description: 'Size of the gzip file once completed' }),
  content_type: Type.String(),
  download_url: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});

function jobView(job: BulkJob) {
  const progress = job.status === 'completed' ? 1 : job.rowsTotal ? Math.min(1, Math.round((job.rowsWritten / job.rowsTotal) * 10_000) / 10_000) : job.rowsTotal === 0 ? 1 : null;
  return {
    job_id: job.id,
    status: job.status,
    format: job.format,
    query: job.query,
    rows_written: job.rowsWritten,
    rows_total: job.rowsTotal,
    progress: job.status === 'queued' ? 0 : progress,
    file_bytes: job.fileBytes,
    content_type: 'application/gzip',
    download_url: job.status === 'completed' ? `/v1/trade/bulk-exports/${job.id}/download` : null,
    error: job.error,
    created_at: job.createdAt,
    finished_at: job.finishedAt,
  };
}

const JobPath = Type.Object({ job_id: Type.String({ maxLength: 64, description: 'job_id returned at creation' }) });

async function ownJob(ctx: Ctx, id: string): Promise<BulkJob> {
  const job = await findJob(ctx.deps.store.db, id, ctx.auth!.keyId);
  if (!job) throw notFound('Bulk export', id);
  return job;
}

export const createBulkExport = defineOperation({
  method: 'POST',
  url: '/v1/trade/bulk-exports',
  operationId: 'createBulkExport',
  tag: 'Trade Data',
  summary: 'Start an asynchronous export of a records query (CSV or NDJSON, gzip)',
  description:
    'Body: `{ "query": { flow?, from?, to?, hs?, country?, … , sort? }, "format": "csv" | "ndjson" }` — the query takes the filters of ' +
    'GET /v1/trade/records and is checked now (400 for anything impossible). Answers 202 with the job; poll GET /v1/trade/bulk-exports/{job_id} ' +
    'and fetch the file from its download_url when status is completed. Only the key that created a job can see it. ' +
    'A key may have a few exports queued or running at once (429 rate_limited with Retry-After beyond that); while the finished ' +
    'export files kept by the service reach its disk bound, new exports are refused with 503 service_unavailable and Retry-After. ' +
    'A finished export (file and job) is kept for a retention period (24 hours by default), then removed: its job and download answer 404.',
  scope: 'trade:read',
  status: 202,
  errors: ['rate_limited', 'service_unavailable'],
  body: Type.Object(
    { query: Type.Optional(ExportQuery), format: Type.Unsafe<'csv' | 'ndjson'>({ type: 'string', enum: ['csv', 'ndjson'] }) },
    { additionalProperties: false },
  ),
  data: JobView,
  async handle({ body }, { deps, auth }) {
    const query = body.query ?? {};
    const filters = exportFilters(query);
    await checkBulkLimits(deps, auth!.keyId);
    const job = await createJob(deps.store.db, { keyId: auth!.keyId, query, format: body.format });
    wakeBulkRunner(deps.store.db);
    return { data: [jobView(job)], meta: { query: echoFilters(filters) }, headers: { location: `/v1/trade/bulk-exports/${job.id}` } };
  },
});

/** The per-key cap and the disk bound, checked before a job is created (a count, not a lock: two creations at the same instant may both pass). */
async function checkBulkLimits(deps: Ctx['deps'], keyId: string): Promise<void> {
  const { bulkMaxJobsPerKey, bulkMaxDiskBytes, bulkRetentionHours } = deps.config;
  if ((await activeJobCount(deps.store.db, keyId)) >= bulkMaxJobsPerKey) {
    throw new ApiError(
      'rate_limited',
      `At most ${bulkMaxJobsPerKey} bulk exports of one key may be queued or running at once; create this one when one of them has finished`,
      [{ field: 'key', issue: 'too many bulk exports queued or running' }],
      { 'retry-after': '30' },
    );
  }
  const kept = await storedExports(deps.store.db);
  if (kept.bytes >= bulkMaxDiskBytes) {
    // Room is made when the oldest file reaches the end of its retention.
    const freedAt = kept.oldestFinishedAt ? Date.parse(kept.oldestFinishedAt) + bulkRetentionHours * 3_600_000 : Date.now();
    const wait = Math.max(60, Math.ceil((freedAt - Date.now()) / 1000));
    throw new ApiError('service_unavailable', 'The service holds as many export files as it may keep; try again once older exports have expired', [], { 'retry-after': String(wait) });
  }
}

export const getBulkExport = defineOperation({
  method: 'GET',
  url: '/v1/trade/bulk-exports/:job_id',
  operationId: 'getBulkExport',
  tag: 'Trade Data',
  summary: 'A bulk export\'s state (queued, running, completed, failed) and progress',
  scope: 'trade:read',
  // Progress moves, and a job is its key's own.
  live: true,
  errors: ['not_found'],
  params: JobPath,
  data: JobView,
  async handle({ params }, ctx) {
    return { data: [jobView(await ownJob(ctx, params.job_id))] };
  },
});

/** `Range: bytes=a-b | a- | -n` → inclusive byte range; null when the header asks for the whole file or is not one range. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or another unit: RFC 9110 lets us send the whole file
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null; // invalid range: ignored
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

export const downloadBulkExport = defineOperation({
  method: 'GET',
  url: '/v1/trade/bulk-exports/:job_id/download',
  operationId: 'downloadBulkExport',
  tag: 'Trade Data',
  summary: 'The finished export as a gzip file, with resumable Range support',
  description:
    'Served as `application/gzip` (not Content-Encoding: the file is the gzip) with Content-Length, Accept-Ranges: bytes and an ETag. ' +
    '`Range: bytes=a-b` (or `a-`, `-n`) answers 206 with Content-Range; a range starting past the end answers 416. Send `If-Range` with the ETag ' +
    'when resuming so a changed file is sent whole. 409 while the job is not completed.',
  scope: 'trade:read',
  live: true,
  errors: ['not_found', 'conflict'],
  params: JobPath,
  data: Type.Object({}, { description: 'Not used: the answer is the file itself' }),
  async handle({ params }, ctx) {
    const job = await ownJob(ctx, params.job_id);
    if (job.status !== 'completed') throw new ApiError('conflict', `Bulk export ${job.id} is ${job.status}; download it once status is completed`);
    const file = job.filePath ?? exportFile(ctx.deps.config.dataDir, job);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      throw notFound('Bulk export file', job.id);
    }
    const size = stat.size;
    const etag = `"${job.id}-${size}-${Math.floor(stat.mtimeMs)}"`;
    const { req, reply } = ctx;
    const ifRange = req.headers['if-range'];
    let range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, size);
    if (range !== null && typeof ifRange === 'string' && ifRange !== etag) range = null;
    if (range === 'unsatisfiable') {
      throw new ApiError('validation_error', `Range not satisfiable: the file has ${size} bytes`, [{ field: 'range', issue: `must start before byte ${size}` }], { 'content-range': `bytes */${size}` }, 416);
    }
    const headers: Record<string, string | number> = {
      ...(reply.getHeaders() as Record<string, string | number>),
      'x-request-id': req.id,
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="${job.id}.${job.format}.gz"`,
      'accept-ranges': 'bytes',
      etag,
      'last-modified': stat.mtime.toUTCString(),
      'cache-control': 'private, no-store',
    };
    const status = range ? 206 : 200;
    const start = range ? range.start : 0;
    const end = range ? range.end : size - 1;
    headers['content-length'] = size === 0 ? 0 : end - start + 1;
    if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    // The file is sent as bytes, outside the JSON envelope: the reply is taken over from Fastify.
    reply.hijack();
    reply.raw.writeHead(status, headers);
    if (req.method === 'HEAD' || size === 0) reply.raw.end();
    else {
      const stream = fs.createReadStream(file, { start, end });
      stream.on('error', () => reply.raw.destroy());
      stream.pipe(reply.raw);
    }
    return { data: [], status };
  },
});
