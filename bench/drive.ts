// The load generator: `connections` closed loops over keep-alive sockets, each sending its next
// request when its last one has answered. At the deadline no new request starts, and the ones in
// flight are waited for and counted. Stopping them instead (what autocannon's stop does) drops the
// slowest requests of a slow operation from its figures, where they are most often in flight, and
// leaves their work running on the server into the next operation's first requests (a single
// record driven after a list then showed the list's latency as its p99).
import { Pool } from 'undici';
import type { Variant } from './requests.js';

export interface DriveResult {
  /** Requests sent beyond the distinct variants (0 with unique requests). */
  repeated: number;
  requests: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  errors: number;
  non2xx: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

/** Nearest-rank percentile of ascending `sorted`, to 0.1 ms. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const v = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Math.round(v * 10) / 10;
}

async function send(pool: Pool, token: string, v: Variant): Promise<number> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (v.body !== undefined) headers['content-type'] = 'application/json';
  const res = await pool.request({ method: v.method as 'GET', path: v.path, headers, body: v.body, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });
  await res.body.dump({ limit: Infinity }); // read to its end, as a client would, and dropped
  return res.statusCode;
}

/**
 * Drives `variants` for `duration` seconds. Unique: each variant is sent once at most, and the run
 * ends early when they are used up, so no cache answers a request it has seen; otherwise they are
 * cycled for the whole time.
 */
export async function drive(url: string, token: string, variants: Variant[], connections: number, duration: number, unique: boolean): Promise<DriveResult> {
    const loops = unique ? Math.min(connections, variants.length) : connections;
  const pool = new Pool(url, { connections: loops });
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let non2xx = 0;
  const start = performance.now();
  const deadline = start + duration * 1000;
  const loop = async () => {
    while (performance.now() < deadline && (!unique || next < variants.length)) {
      const v = variants[next++ % variants.length]!;
      const t = performance.now();
      try {
        const status = await send(pool, token, v);
        latencies.push(performance.now() - t);
        if (status < 200 || status >= 300) non2xx++;
      } catch {
        errors++;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: loops }, loop));
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    repeated: Math.max(0, next - variants.length),
    requests: latencies.length,
    rps: Math.round((latencies.length / seconds) * 100) / 100,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    max_ms: percentile(latencies, 100),
    errors,
    non2xx,
  };
}
