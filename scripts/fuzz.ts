// Fuzz a running server with hostile requests generated from its OpenAPI document
// (scripts/fuzz-cases.ts): every answer must be below 500 and every error in the envelope.
//
//   npx tsx scripts/fuzz.ts --url http://127.0.0.1:8080 --key tk_… --secret ts_… [--requests 100000] [--concurrency 16] [--seed 1]
//
// Give the key a rate limit above the run's pace (or start the server with a high
// RATE_LIMIT_PER_MINUTE), or most answers are 429s. Start the server with TRUST_PROXY=true: the
// run's own token requests come from an address of their own (X-Forwarded-For), so the login
// throttle that the hostile token requests trip does not lock the run out.
const OWN_ADDRESS = '198.51.100.250';
import { parseArgs } from 'node:util';
import { operationsOf, nextRequest, check, rng, type OpenApiDoc } from './fuzz-cases.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    key: { type: 'string' },
    secret: { type: 'string' },
    requests: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '16' },
    seed: { type: 'string', default: '1' },
  },
});
const base = values.url!.replace(/\/$/, '');
if (!values.key || !values.secret) throw new Error('--key and --secret are required (a key with every scope finds the most)');

async function token(): Promise<string> {
  const res = await fetch(`${base}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': OWN_ADDRESS }, body: JSON.stringify({ api_key: values.key, api_secret: values.secret }) });
  if (!res.ok) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: [{ access_token: string }] }).data[0].access_token;
}

const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as OpenApiDoc;
const ops = operationsOf(doc);
const total = Number(values.requests);
const r = rng(Number(values.seed));
let bearer = await token();
let tokenAt = Date.now();
let sent = 0;
const statuses = new Map<number, number>();
const problems: string[] = [];
const started = Date.now();

async function lane(): Promise<void> {
  while (sent < total) {
    sent++;
    // Access tokens are short-lived: a fresh one every 5 minutes.
    if (Date.now() - tokenAt > 300_000) {
      tokenAt = Date.now();
      bearer = await token();
    }
    const q = nextRequest(r, ops, bearer);
    try {
      const res = await fetch(base + q.url, { method: q.method, headers: q.headers, ...(q.payload !== undefined && q.method !== 'GET' && q.method !== 'HEAD' ? { body: q.payload } : {}) });
      const body = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const why = check(res.status, res.headers.get('content-type') ?? undefined, body, q.method);
      if (why && problems.length < 50) problems.push(`${q.method} ${q.url.slice(0, 200)}: ${why}`);
      else if (why) problems.push('');
    } catch (err) {
      problems.push(`${q.method} ${q.url.slice(0, 200)}: ${(err as Error).message}`);
    }
    if (sent % 10_000 === 0) console.log(`${sent} sent, ${problems.length} problems, ${Math.round(sent / ((Date.now() - started) / 1000))} req/s`);
  }
}

await Promise.all(Array.from({ length: Number(values.concurrency) }, lane));
const counts = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', ');
console.log(JSON.stringify({ requests: sent, operations: ops.length, seconds: Math.round((Date.now() - started) / 1000), statuses: counts, problems: problems.length, ge500: [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0) }));
for (const p of problems.filter(Boolean).slice(0, 50)) console.log(p);
process.exit(problems.length ? 1 : 0);
