// Responses compressed on request: br or gzip by Accept-Encoding, above 1 KB, streamed downloads
// included, with `Vary: Accept-Encoding` so caches keep the variants apart. A page of 200
// declarations is about 180 KB of JSON and an order of magnitude less compressed.
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';

/** Below this many bytes compressing costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // JSON, CSV and NDJSON; the default list leaves out application/x-ndjson.
    customTypes: /^text\/|[/+]json(;|$)|\/(x-)?ndjson(;|$)/,
    // Brotli's default quality (11) takes tens of milliseconds for a large page; 4 compresses
    // about as well as gzip's default in a fraction of the time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
