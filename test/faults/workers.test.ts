// WORKERS=2 with REDIS_URL: two API processes on one port share one rate limit (a limit of N per
// minute accepts N across both), and SIGTERM under load fails no request the server accepted.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startRedis, type ThrowawayRedis } from '../helpers/throwaway.js';
import { serve, request, type Served, type Answer } from './child.js';

let redis: ThrowawayRedis | null = null;
let server: Served | null = null;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-workers-'));

beforeAll(async () => {
  redis = await startRedis();
  if (!redis) console.warn('redis-server not found: the WORKERS test is skipped');
});

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await redis?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('WORKERS=2 sharing limits through Redis', () => {
  it('accepts N of a limit of N per minute across both workers, and stops cleanly under load', async (ctx) => {
    if (!redis) return ctx.skip();
    const n = 200;
    server = await serve({ WORKERS: '2', REDIS_URL: redis.url, DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: String(n) }, 180_000);
    const { port } = server;
    const workers = execFileSync('ps', ['-o', 'args=', '--ppid', String(server.child.pid)]).toString().split('\n').filter((l) => l.includes('src/main.ts'));
    expect(workers.length).toBe(2);
    const key = JSON.parse(server.output().split('\n').find((l) => l.includes('"api_secret"'))!) as { api_key: string; api_secret: string };
    const tok = await request(port, 'POST', '/v1/auth/token', { body: { api_key: key.api_key, api_secret: key.api_secret } });
    const bearer = { authorization: `Bearer ${JSON.parse(tok.body).data[0].access_token as string}` };

    // A new connection per request: the primary hands connections to the workers in turn.
    const codes: number[] = [];
    for (let i = 0; i < 2 * n; i += 8) {
      const batch = await Promise.all(Array.from({ length: 8 }, () => request(port, 'GET', '/v1/account', { headers: bearer })));
      codes.push(...batch.map((a) => a.status));
    }
    const accepted = codes.filter((c) => c === 200).length;
    expect(Math.abs(accepted - n)).toBeLessThanOrEqual(Math.ceil(n / 100));
    expect(codes.filter((c) => c !== 200 && c !== 429)).toEqual([]);

    // SIGTERM while 8 clients keep requests in flight on kept-alive connections.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const answers: Answer[] = [];
    const failures: string[] = [];
    let running = true;
    const clients = Array.from({ length: 8 }, async () => {
      while (running) {
        try {
          answers.push(await request(port, 'GET', '/v1/health', { agent }));
        } catch (err) {
          const { code, reusedSocket } = err as { code?: string; reusedSocket?: boolean };
          // A new connection refused or reset while the processes close never reached a server
          // (a load balancer retries it elsewhere); a kept-alive connection cut under a request
          // would be a failed request.
          if (reusedSocket) failures.push(`${code}: ${(err as Error).message}`);
          break;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    const code = await server.exited;
    running = false;
    await Promise.all(clients);
    agent.destroy();
    expect(failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(8);
    // Every request that reached a server was answered in full: served, refused by the address
    // limit (the loop is faster than RATE_LIMIT_PER_MINUTE), or told the server is stopping.
    for (const a of answers) {
      expect([200, 429, 503]).toContain(a.status);
      if (a.status !== 200) expect(a.body).toMatch(/"status":"error"/);
    }
    expect(code, server.output()).toBe(0);
  }, 300_000);
});
