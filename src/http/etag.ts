// Conditional reads: trade and company data change only when a batch is applied, so an answer is
// named by the data version and the request (and the caller, whose key may shape it). A client or
// proxy that sends the name back in If-None-Match gets 304 before any work is done. The version
// is the set of batches the analytic store has applied, the same in every process that applied
// them, so any process of several answers the same tag.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { openedAnalytics } from '../analytics/registry.js';
import type { AppDeps } from './types.js';

/** Cache-Control of revalidated reads: kept by the caller only, checked each time (a 304 is cheap). */
export const REVALIDATE = 'private, no-cache';

export async function etagOf(req: FastifyRequest, deps: AppDeps): Promise<string | null> {
  const analytics = await openedAnalytics(deps.store.db);
  if (!analytics || analytics.state() !== 'ready') return null;
  const h = createHash('sha1');
  h.update(req.url);
  h.update('\0');
  h.update(req.auth?.keyId ?? '');
  h.update('\0');
  h.update(String(req.headers.accept ?? ''));
  return `W/"${analytics.version()}-${h.digest('base64url').slice(0, 22)}"`;
}

/** Whether the request's If-None-Match names this tag (or any, with *). */
export function matches(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const weak = (t: string) => t.trim().replace(/^W\//, '');
  const want = weak(etag);
  return header.split(',').some((t) => t.trim() === '*' || weak(t) === want);
}
