// Two benchmark reports side by side, per family: the median over the family's operations of
// p50 and of p99, each as milliseconds and as a ratio to its own run's ceiling (so runs on machines
// of different speed, or at different load, still compare), and the family's worst p99.
//   npx tsx bench/families.ts OLD.json NEW.json [--labels old,new]
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Report } from './report.js';
import { median as quantileMedian } from '../src/domain/stats/quantiles.js';

type Op = Report['operations'][number];

const median = (xs: number[]) => quantileMedian(xs) ?? NaN;

function families(r: Report): Map<string, Op[]> {
  const out = new Map<string, Op[]>();
  for (const o of r.operations) {
    if (o.skipped || o.p99_ms === undefined || o.p50_ms === undefined) continue;
    const list = out.get(o.tag) ?? [];
    list.push(o);
    out.set(o.tag, list);
  }
  return out;
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { labels: { type: 'string', default: 'old,new' } } });
if (positionals.length !== 2) {
  console.error('usage: npx tsx bench/families.ts OLD.json NEW.json [--labels old,new]');
  process.exit(2);
}
const [a, b] = positionals.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Report) as [Report, Report];
const [la, lb] = values.labels.split(',');
const fa = families(a);
const fb = families(b);
const ceil = (r: Report) => r.ceiling.p99_ms ?? NaN;
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const rows = [...new Set([...fa.keys(), ...fb.keys()])].sort();
console.log(`| family | ops | ${la} p50 | ${lb} p50 | ${la} p99 | ${lb} p99 | ${la} p99 / ceiling p99 | ${lb} p99 / ceiling p99 | ${la} worst p99 | ${lb} worst p99 |`);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const fam of rows) {
  const oa = fa.get(fam) ?? [];
  const ob = fb.get(fam) ?? [];
  const p50a = median(oa.map((o) => o.p50_ms!));
  const p50b = median(ob.map((o) => o.p50_ms!));
  const p99a = median(oa.map((o) => o.p99_ms!));
  const p99b = median(ob.map((o) => o.p99_ms!));
  const worst = (ops: Op[]) => (ops.length ? Math.max(...ops.map((o) => o.p99_ms!)) : NaN);
  console.log(
    `| ${fam} | ${Math.max(oa.length, ob.length)} | ${fmt(p50a)} | ${fmt(p50b)} | ${fmt(p99a)} | ${fmt(p99b)} | ${(p99a / ceil(a)).toFixed(1)} | ${(p99b / ceil(b)).toFixed(1)} | ${fmt(worst(oa))} | ${fmt(worst(ob))} |`,
  );
}
console.log(`\nceiling p99: ${la} ${ceil(a)} ms (${fmt(a.ceiling.rps ?? NaN)} req/s), ${lb} ${ceil(b)} ms (${fmt(b.ceiling.rps ?? NaN)} req/s)`);
