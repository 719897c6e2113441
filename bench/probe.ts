// Sends each planned request of the named operations once, one at a time, to a running server and
// prints the distribution of the server's own time per request (meta.took_ms) and the slowest
// requests: where a benchmark's p99 comes from, without the queueing of concurrent load.
//   npx tsx bench/probe.ts --server URL --declarations N --only op1,op2 [--passes 2] [--match REGEX]
// `--match` keeps only the requests whose path matches (e.g. `q=` for the free-text ones).
import { parseArgs } from 'node:util';
import { livePlans } from './live-plans.js';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://127.0.0.1:8080' },
    declarations: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string', default: '' },
    passes: { type: 'string', default: '2' },
    variants: { type: 'string', default: '400' },
    match: { type: 'string', default: '' },
  },
});
const url = values.server!;
const { token, plans } = await livePlans(url, { declarations: Number(values.declarations), seed: Number(values.seed), variants: Number(values.variants), only: values.only! });

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const match = values.match ? new RegExp(values.match) : null;
for (const plan of plans) {
  if (match) plan.variants = plan.variants.filter((v) => match.test(v.path));
  for (let pass = 1; pass <= Number(values.passes); pass++) {
    const times: { ms: number; wall: number; path: string }[] = [];
    for (const v of plan.variants) {
      const t = performance.now();
      const r = await fetch(url + v.path, { method: v.method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: v.body });
      const body = (await r.json()) as { meta?: { took_ms?: number } };
      times.push({ ms: body.meta?.took_ms ?? -1, wall: performance.now() - t, path: `${r.status} ${v.path}` });
    }
    const ms = times.map((x) => x.ms).sort((a, b) => a - b);
    const total = ms.reduce((a, b) => a + b, 0);
    console.log(`${plan.operationId} pass ${pass}: n=${ms.length} p50=${q(ms, 0.5)} p90=${q(ms, 0.9)} p99=${q(ms, 0.99)} max=${ms[ms.length - 1]} mean=${(total / ms.length).toFixed(2)} ms`);
    if (pass === 1) for (const x of [...times].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.PROBE_TOP ?? 4))) console.log(`   ${x.ms} ms  ${x.path}`);
  }
}
