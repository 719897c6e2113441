// The analysts' explorer: the page at `/` and its files from web/ (plain ES modules, no build), plus
// the chart library's browser build from node_modules, so the page works offline. Each file is one
// explicit route; a file is read (and gzipped) on its first request, not when the app is built, so
// the many apps the test suite builds never read the 1.1 MB chart library. The page only talks to
// the public /v1 API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = fileURLToPath(new URL('../../web/', import.meta.url));
const ECHARTS = createRequire(import.meta.url).resolve('echarts/dist/echarts.esm.min.mjs');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// Scripts only from files of this origin, no inline script or handler, no eval; the page calls
// only this origin. Styles allow 'unsafe-inline' because ECharts writes its tooltips as markup
// with style attributes (a CSP without it blocks them); no script can be injected through a style.
export const EXPLORER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

interface Loaded { body: Buffer; gzipped: Buffer | null; etag: string }
interface Asset { type: string; load(): Loaded }

function asset(file: string): Asset {
  let loaded: Loaded | null = null;
  return {
    type: TYPES[path.extname(file)] ?? 'application/octet-stream',
    load() {
      if (!loaded) {
        const body = readFileSync(file);
        // Worth it for the chart library (1.1 MB → 0.37 MB) and the larger modules; not for tiny files.
        const gzipped = body.length > 4096 ? gzipSync(body) : null;
        loaded = { body, gzipped, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"` };
      }
      return loaded;
    },
  };
}

/** URL → file: index.html at `/`, every other file of web/ under /explorer/, ECharts as a vendor file. */
export function explorerAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const entry of readdirSync(WEB_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TYPES[path.extname(entry.name)]) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(WEB_DIR, file).split(path.sep).join('/');
    assets.set(rel === 'index.html' ? '/' : `/explorer/${rel}`, asset(file));
  }
  assets.set('/explorer/vendor/echarts.esm.min.mjs', asset(ECHARTS));
  return assets;
}

export function registerExplorer(app: FastifyInstance): void {
  for (const [url, file] of explorerAssets()) {
    // Outside the API: not in the OpenAPI document, no token, and not counted against rate limits
    // (a page load fetches a dozen files).
    app.get(url, { schema: { hide: true }, config: { scope: 'public', rateLimit: false } }, async (req, reply) => send(req, reply, file));
  }
}

function send(req: FastifyRequest, reply: FastifyReply, file: Asset) {
  const { body, gzipped, etag } = file.load();
  // Revalidated on every load: an upgraded server never mixes old and new modules of the page.
  reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
  if (file.type.startsWith('text/html')) reply.header('content-security-policy', EXPLORER_CSP);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  if (gzipped && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.type(file.type).header('content-encoding', 'gzip').send(gzipped);
  return reply.type(file.type).send(body);
}
