// PostgreSQL restarted under load: while it is away every answer that needs it is a 503
// service_unavailable with Retry-After (never a 500, never a dropped connection), the process
// stays up, and it serves again within 5 s of the store coming back, without a restart.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startPostgres, type ThrowawayPostgres } from '../helpers/throwaway.js';
import { serve, request, type Served, type Answer } from './child.js';

let pg: ThrowawayPostgres | null = null;
let server: Served | null = null;

beforeAll(async () => {
  pg = await startPostgres();
  if (!pg) console.warn('PostgreSQL binaries not found: the restart test is skipped');
}, 60_000);

afterAll(() => {
  server?.child.kill('SIGKILL');
  pg?.destroy();
});

describe('PostgreSQL restarted under load', () => {
  it('answers 503 with Retry-After while away, recovers within 5 s, never exits', async (ctx) => {
    if (!pg) return ctx.skip();
    server = await serve({ DATABASE_URL: pg.url, DB_CONNECT_TIMEOUT_MS: '1000', DEMO_KEY: 'true' });
    const { port } = server;
    // The demo key is printed just after the serving line.
    const until = Date.now() + 10_000;
    while (!server.output().includes('"api_secret"') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const key = JSON.parse(server.output().split('\n').find((l) => l.includes('"api_secret"'))!) as { api_key: string; api_secret: string };
    const tok = await request(port, 'POST', '/v1/auth/token', { body: { api_key: key.api_key, api_secret: key.api_secret } });
    expect(tok.status).toBe(200);
    const bearer = { authorization: `Bearer ${JSON.parse(tok.body).data[0].access_token as string}` };

    // Load: a steady stream of store-bound requests from 8 clients until told to stop.
    const answers: Answer[] = [];
    let running = true;
    const clients = Array.from({ length: 8 }, async (_, i) => {
      while (running) {
        const sent = i % 2 === 0 ? request(port, 'GET', '/v1/health') : request(port, 'GET', '/v1/account', { headers: bearer });
        // A dropped connection counts as a failure (status 0).
        answers.push(await sent.catch((err: Error) => ({ status: 0, headers: {}, body: err.message })));
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    pg.stop();
    const awayFrom = answers.length;
    await new Promise((r) => setTimeout(r, 1500));
    const away = answers.slice(awayFrom);
    pg.start();
    const back = Date.now();
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - back < 10_000) {
      const a = await request(port, 'GET', '/v1/account', { headers: bearer });
      if (a.status === 200) recoveredAt = Date.now();
      else await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    await Promise.all(clients);

    expect(away.length).toBeGreaterThan(5);
    expect(away.some((a) => a.status === 503)).toBe(true);
    for (const a of answers) {
      expect([200, 503], a.body).toContain(a.status);
      if (a.status === 503) {
        expect(a.headers['retry-after']).toMatch(/^\d+$/);
        expect(JSON.parse(a.body)).toMatchObject({ status: 'error', code: 503, error: { type: 'service_unavailable' } });
      }
    }
    expect(recoveredAt, 'served again').toBeGreaterThan(0);
    expect(recoveredAt - back).toBeLessThan(5000);
    expect(server.child.exitCode, server.output()).toBeNull();
  }, 240_000);
});
