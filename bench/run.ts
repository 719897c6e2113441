// `npm run bench -- [--declarations N] [--connections C] [--duration S] [--store sqlite|postgres]
// [--only family,…]`, or `npm run bench -- --compare old.json new.json [--margin 0.25]`.
// See bench/README.md.
import os from 'node:os';
import fs from 'node:fs';
import { parseBenchArgs } from './args.js';
import { prepareDataset, createBenchKey } from './dataset.js';
import { startServer, attachServer } from './server.js';
import { drawSamples } from './samples.js';
import { planOperations, type OpenApiDoc, type Variant } from './requests.js';
import { drive } from './drive.js';
import { writeReport, compareReports, toMarkdown, type OpResult, type Report } from './report.js';

/** One pass over a few variants to name the first failure, if any, in the report. */
async function firstFailure(url: string, token: string, variants: Variant[]): Promise<string | undefined> {
  for (const v of variants.slice(0, 25)) {
    const r = await fetch(url + v.path, { method: v.method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: v.body });
    if (r.status < 200 || r.status >= 300) return `${v.method} ${v.path} → ${r.status} ${(await r.text()).slice(0, 300)}`;
  }
  return undefined;
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2));
  if (args.compare) {
    const [a, b] = args.compare.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Report) as [Report, Report];
    const { lines, regressions } = compareReports(a, b, args.margin);
    console.log(lines.join('\n') || 'no regressions');
    process.exit(regressions > 0 ? 1 : 0);
  }

  const dataset = await prepareDataset(args.store, args.declarations, args.seed);
  // A server of another version on its own copy of the dataset brings its own key (made with its own CLI).
  const given = process.env.BENCH_API_KEY && process.env.BENCH_API_SECRET ? { api_key: process.env.BENCH_API_KEY, api_secret: process.env.BENCH_API_SECRET } : null;
  const creds = given ?? createBenchKey(dataset.databaseUrl);
  const server = args.server ? await attachServer(args.server) : await startServer(dataset.databaseUrl, { ACCESS_TOKEN_TTL: '86400', WORKERS: String(args.workers) }, args.profile);
  try {
    const tokenRes = await fetch(`${server.url}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(creds) });
    if (!tokenRes.ok) throw new Error(`token request failed: ${tokenRes.status} ${await tokenRes.text()}`);
    const token = ((await tokenRes.json()) as { data: [{ access_token: string }] }).data[0].access_token;
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as OpenApiDoc;
    const samples = await drawSamples(dataset.databaseUrl, args.repeat ? 400 : 4000);
    let plans = planOperations(doc, samples, creds, args.variants);
    if (args.only.length) plans = plans.filter((p) => args.only.some((f) => p.tag.toLowerCase().includes(f) || p.route.includes(`/${f}`) || p.operationId.toLowerCase() === f));

    console.log(`bench: server up in ${server.startupMs.toFixed(0)} ms, analytic store ready at ${server.readyMs.toFixed(0)} ms; ${plans.length} operations, ${args.repeat ? 'requests replayed' : 'unique requests'}; ceiling first`);
    // The ceiling route is one request repeated: the fastest the server and the load generator go.
    const ceilingRun = await drive(server.url, token, [{ method: 'GET', path: '/v1/ping' }], args.connections, args.duration, false);
    const ceiling: OpResult = { operationId: 'ping', method: 'GET', route: '/v1/ping', tag: 'System', ...ceilingRun };

    const operations: OpResult[] = [];
    for (const plan of plans) {
      const base = { operationId: plan.operationId, method: plan.method, route: plan.route, tag: plan.tag };
      if (plan.skipped || plan.variants.length === 0) {
        operations.push({ ...base, skipped: plan.skipped ?? 'no variants' });
        console.log(`  ${plan.operationId.padEnd(36)} not driven: ${plan.skipped}`);
        continue;
      }
      const sample_failure = await firstFailure(server.url, token, plan.variants);
      const r = await drive(server.url, token, plan.variants, args.connections, args.duration, !args.repeat);
      const res: OpResult = { ...base, ...r, ratio_to_ceiling: r.rps / Math.max(ceiling.rps ?? 1, 1), ...(sample_failure ? { sample_failure } : {}) };
      operations.push(res);
      console.log(`  ${plan.operationId.padEnd(36)} p50 ${r.p50_ms.toFixed(1).padStart(6)} ms  p99 ${r.p99_ms.toFixed(1).padStart(6)} ms  ${r.rps.toFixed(0).padStart(6)} req/s  non-2xx ${r.non2xx}`);
    }
    const report: Report = {
      generated_at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` },
      settings: { store: args.store, declarations: args.declarations, seed: args.seed, connections: args.connections, duration_s: args.duration, requests: args.repeat ? 'replayed' : 'unique', workers: args.workers },
      dataset: { reused: dataset.reused, load_seconds: dataset.loadSeconds, declarations_per_second: dataset.declarationsPerSecond },
      server: { startup_ms: Math.round(server.startupMs), ready_ms: Math.round(server.readyMs), peak_rss_mb: server.peakRssMb() },
      ceiling,
      operations,
    };
    const files = writeReport(args.out, report);
    console.log(toMarkdown(report));
    console.log(`bench: wrote ${files.md} and ${files.json}`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(`bench: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
