// Classification latency over HTTP against a running server, every description unique.
// Run: npx tsx bench/classify-load.ts --url http://127.0.0.1:8080 [--requests 2000] [--connections 4]
// Credentials: DEMO_API_KEY / DEMO_API_SECRET (exchanged for a token at /v1/auth/token).
// Descriptions are the shipped catalogue's texts (English or Turkish) with listing filler and a
// running number, so no answer can be remembered; the evaluation set is not used.
import { parseArgs } from 'node:util';
import { CATALOGUE } from '../src/reference/catalogue.js';

const { values } = parseArgs({
  options: { url: { type: 'string', default: 'http://127.0.0.1:8080' }, requests: { type: 'string', default: '2000' }, connections: { type: 'string', default: '4' } },
});
const base = values.url.replace(/\/$/, '');
const total = Number(values.requests);
const FILLER = ['new', 'hot sale', 'premium', 'for home', '2pcs', 'wholesale', 'yeni', 'kaliteli', 'fashion', 'set of 3'];

const key = process.env.DEMO_API_KEY;
const secret = process.env.DEMO_API_SECRET;
if (!key || !secret) throw new Error('set DEMO_API_KEY and DEMO_API_SECRET to the server\'s demo key');
const tokenRes = await fetch(`${base}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: key, api_secret: secret }) });
const token = ((await tokenRes.json()) as { data: [{ access_token: string }] }).data[0].access_token;

function description(i: number): string {
  const p = CATALOGUE[(i * 7919) % CATALOGUE.length]!;
  return `${FILLER[i % FILLER.length]} ${i % 2 ? p.description_tr : p.description_en} ${FILLER[(i >> 3) % FILLER.length]} no ${i}`;
}

const latencies: number[] = [];
const used = new Map<string, number>();
let next = 0;
let failed = 0;
async function worker(): Promise<void> {
  while (next < total) {
    const i = next++;
    const t0 = performance.now();
    const res = await fetch(`${base}/v1/hs-codes/classify`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ description: description(i), top_k: 5 }),
    });
    const body = (await res.json()) as { meta?: { knowledge?: { used: string } } };
    latencies.push(performance.now() - t0);
    if (!res.ok) failed++;
    const k = body.meta?.knowledge?.used ?? 'unknown';
    used.set(k, (used.get(k) ?? 0) + 1);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: Number(values.connections) }, worker));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
console.log(`${latencies.length} unique descriptions, ${values.connections} connections, ${(latencies.length / seconds).toFixed(0)} req/s, failed ${failed}`);
console.log(`latency ms: p50 ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${latencies[latencies.length - 1]!.toFixed(1)}`);
console.log(`answered from: ${[...used].map(([k, v]) => `${k} ${v}`).join(', ')}`);
