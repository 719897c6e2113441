// Sends N planned requests of every operation one at a time to a running server (by pid, on this
// machine) and prints the server's CPU time per request (all its threads, and the main thread alone,
// from /proc): the cost that queues under concurrent load, whatever the latency alone shows.
//   npx tsx bench/cost.ts --server URL --pid PID --declarations N [--only a,b] [--variants 40] [--match RE] [--exclude RE]
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { livePlans } from './live-plans.js';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://127.0.0.1:8080' },
    pid: { type: 'string' },
    declarations: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string', default: '' },
    variants: { type: 'string', default: '40' },
    match: { type: 'string', default: '' },
    exclude: { type: 'string', default: '' },
  },
});
const url = values.server!;
const tick = 100; // USER_HZ on Linux
// The process's CPU, and its main thread's alone (JavaScript: routing, planning, serialising; the
// engines run on other threads).
const ticks = (file: string) => {
  const f = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / tick;
};
const cpu = () => ticks(`/proc/${values.pid}/stat`);
const mainCpu = () => ticks(`/proc/${values.pid}/task/${values.pid}/stat`);
const { token, plans } = await livePlans(url, { declarations: Number(values.declarations), seed: Number(values.seed), variants: Number(values.variants), only: values.only! });
const match = values.match ? new RegExp(values.match) : null;
const exclude = values.exclude ? new RegExp(values.exclude) : null;
const rows: { op: string; n: number; cpuMs: number; mainMs: number; wallMs: number }[] = [];
for (const plan of plans) {
  if (plan.method !== 'GET' && plan.operationId !== 'classifyProduct' && plan.operationId !== 'matchCompanies') continue;
  plan.variants = plan.variants.filter((v) => (!match || match.test(v.path)) && (!exclude || !exclude.test(v.path)));
  if (!plan.variants.length) continue;
  const c0 = cpu();
  const m0 = mainCpu();
  const t0 = performance.now();
  for (const v of plan.variants) {
    const r = await fetch(url + v.path, { method: v.method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: v.body });
    await r.arrayBuffer();
  }
  const n = plan.variants.length;
  rows.push({ op: plan.operationId, n, cpuMs: ((cpu() - c0) * 1000) / n, mainMs: ((mainCpu() - m0) * 1000) / n, wallMs: (performance.now() - t0) / n });
}
rows.sort((a, b) => b.cpuMs - a.cpuMs);
for (const r of rows) console.log(`${r.op.padEnd(36)} n=${String(r.n).padStart(4)} cpu ${r.cpuMs.toFixed(1).padStart(7)} ms (main thread ${r.mainMs.toFixed(1).padStart(6)})  wall ${r.wallMs.toFixed(1).padStart(7)} ms`);
console.log(`sum of per-request CPU over ${rows.length} operations: ${rows.reduce((a, r) => a + r.cpuMs, 0).toFixed(0)} ms, main thread ${rows.reduce((a, r) => a + r.mainMs, 0).toFixed(0)} ms`);
