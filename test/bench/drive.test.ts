import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drive } from '../../bench/drive.js';

// A server whose answers take `delayMs`, counting what it is still working on.
function slowServer(delayMs: number) {
  const seen: string[] = [];
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
    inFlight++;
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      setTimeout(() => {
        inFlight--;
        res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ body }));
      }, delayMs);
    });
  });
  return { server, seen, inFlight: () => inFlight };
}

describe('bench load generator', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function listen(delayMs: number) {
    const s = slowServer(delayMs);
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise<void>((resolve) => s.server.close(() => resolve()));
    return { ...s, url: `http://127.0.0.1:${(s.server.address() as AddressInfo).port}` };
  }

  it('waits for the requests in flight at the deadline and counts them', async () => {
    const s = await listen(400);
    const variants = Array.from({ length: 100 }, (_, i) => ({ method: 'GET', path: `/r/${i}` }));
    const r = await drive(s.url, 't', variants, 4, 0.1, true);
    // Each of the 4 loops started one request before the 0.1 s deadline; all 4 answered.
    expect(s.inFlight()).toBe(0);
    expect(r.requests).toBe(4);
    expect(r.errors).toBe(0);
    expect(r.p50_ms).toBeGreaterThanOrEqual(390);
    expect(r.max_ms).toBeLessThan(2000); // answered once each, not retried or waited out
  });

  it('sends each variant once with unique requests, and counts non-2xx', async () => {
    const s = await listen(1);
    const variants = [
      { method: 'GET', path: '/a' },
      { method: 'POST', path: '/b', body: '{"x":1}' },
      { method: 'GET', path: '/missing' },
    ];
    const r = await drive(s.url, 'tok', variants, 16, 5, true);
    expect(r.requests).toBe(3);
    expect(r.repeated).toBe(0);
    expect(r.non2xx).toBe(1);
    expect([...s.seen].sort()).toEqual(['GET /a Bearer tok', 'GET /missing Bearer tok', 'POST /b Bearer tok']);
  });

  it('cycles the variants for the whole time when not unique', async () => {
    const s = await listen(5);
    const r = await drive(s.url, 't', [{ method: 'GET', path: '/a' }], 2, 0.3, false);
    expect(r.requests).toBeGreaterThan(2);
    expect(r.repeated).toBe(r.requests - 1);
  });
});
