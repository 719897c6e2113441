// Bytes and server time of one large page with and without compression, over a real socket:
//   npx tsx scripts/measure-compression.ts [declarations=3000] [rounds=30]
// Seeds an in-memory store with the synthetic generator, then asks each URL `rounds` times per
// encoding (remembered answers off, so every request serialises and compresses afresh) and prints
// the median bytes on the wire and the median time to the last byte.
import { loadConfig } from '../src/config.js';
import { openStore } from '../src/db/connect.js';
import { buildApp } from '../src/app.js';
import { prepareDeps } from '../src/bootstrap.js';
import { seedIfEmpty } from '../src/synth/seed-if-empty.js';
import { createKey } from '../src/features/auth/queries.js';
import { request } from 'node:http';

const declarations = process.argv[2] ?? '3000';
const rounds = Number(process.argv[3] ?? 30);
const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', TOKEN_SECRET: 'measure-only-secret-0123456789abcdef', SEED_DECLARATIONS: declarations });
const store = await openStore(config.databaseUrl);
const deps = await prepareDeps(store, config);
await seedIfEmpty(store, config, () => {});
const app = await buildApp(deps, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const key = await createKey(store.db, { name: 'measure', scopes: ['trade:read'], rateLimitPerMinute: 1_000_000, monthlyQuota: null });
const tokenRes = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: key.api_key, api_secret: key.api_secret } });
const token = (tokenRes.json() as { data: [{ access_token: string }] }).data[0].access_token;

function get(path: string, encoding: string): Promise<{ bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ bytes, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const urls = ['/v1/exports/declarations?limit=200', '/v1/imports/declarations?limit=1000', '/v1/exports/declarations?format=ndjson'];
console.log(`${declarations} declarations, ${rounds} rounds each; median bytes on the wire and ms to the last byte`);
for (const url of urls) {
  for (const encoding of ['identity', 'gzip', 'br']) {
    await get(url, encoding);
    const runs = [];
    for (let i = 0; i < rounds; i++) runs.push(await get(url, encoding));
    console.log(`${url.padEnd(42)} ${encoding.padEnd(8)} ${String(median(runs.map((r) => r.bytes))).padStart(9)} B ${median(runs.map((r) => r.ms)).toFixed(1).padStart(7)} ms`);
  }
}
await app.close();
await deps.usage.stop();
await store.close();
