// Markdown and JSON reports, and the regression comparison of two JSON reports.
import fs from 'node:fs';
import path from 'node:path';
import { targetsMarkdown } from './targets.js';

export interface OpResult {
  operationId: string;
  method: string;
  route: string;
  tag: string;
  skipped?: string;
  requests?: number;
  rps?: number;
  p50_ms?: number;
  p99_ms?: number;
  max_ms?: number;
  errors?: number;
  non2xx?: number;
  ratio_to_ceiling?: number;
  sample_failure?: string;
  /** Requests that repeated one sent before (unique runs: only those in flight when the variants ran out). */
  repeated?: number;
}

export interface Report {
  generated_at: string;
  machine: { cpus: number; node: string; platform: string };
  settings: { store: string; declarations: number; seed: number; connections: number; duration_s: number; requests?: 'unique' | 'replayed'; workers?: number };
  dataset: { reused: boolean; load_seconds: number | null; declarations_per_second: number | null };
  server: { startup_ms: number; ready_ms?: number; peak_rss_mb: number | null };
  ceiling: OpResult;
  operations: OpResult[];
}

const fmt = (n: number | undefined, d = 1) => (n === undefined ? '–' : n.toFixed(d));

export function toMarkdown(r: Report): string {
  const lines = [
    `# Benchmark: ${r.settings.store}, ${r.settings.declarations.toLocaleString('en')} declarations`,
    '',
    `${r.generated_at} · ${r.machine.cpus} cores · Node ${r.machine.node} · ${r.settings.connections} connections · ${r.settings.duration_s} s per operation · seed ${r.settings.seed}`,
    '',
    `- Server start-up (process start → healthy): ${fmt(r.server.startup_ms, 0)} ms; analytic store ready: ${r.server.ready_ms === undefined ? '–' : fmt(r.server.ready_ms, 0)} ms; peak RSS ${r.server.peak_rss_mb ?? '–'} MB${(r.settings.workers ?? 1) > 1 ? ` (${r.settings.workers} API processes and their primary: the sum of each one's peak)` : ''}`,
    `- Requests: ${r.settings.requests === 'replayed' ? 'a few hundred per operation, replayed for the whole run (--repeat)' : 'unique: no request sent twice in a run (each operation ends when its distinct requests are used up or its time is over)'}`,
    `- Dataset: ${r.dataset.reused ? 'reused' : `generated and loaded in ${fmt(r.dataset.load_seconds ?? undefined)} s (${fmt(r.dataset.declarations_per_second ?? undefined, 0)} declarations/s)`}`,
    `- Ceiling (minimal JSON route, same process and stack): ${fmt(r.ceiling.rps, 0)} req/s, p50 ${fmt(r.ceiling.p50_ms)} ms, p99 ${fmt(r.ceiling.p99_ms)} ms`,
    '',
    '| family | operation | method | path | p50 ms | p99 ms | max ms | req/s | ratio | errors | non-2xx |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const o of r.operations) {
    if (o.skipped) {
      lines.push(`| ${o.tag} | ${o.operationId} | ${o.method} | \`${o.route}\` | not driven: ${o.skipped} |||||||`);
      continue;
    }
    lines.push(`| ${o.tag} | ${o.operationId} | ${o.method} | \`${o.route}\` | ${fmt(o.p50_ms)} | ${fmt(o.p99_ms)} | ${fmt(o.max_ms)} | ${fmt(o.rps, 0)} | ${fmt(o.ratio_to_ceiling, 3)} | ${o.errors} | ${o.non2xx} |`);
  }
  const worst = new Map<string, OpResult>();
  for (const o of r.operations) if (!o.skipped && (o.p99_ms ?? 0) > (worst.get(o.tag)?.p99_ms ?? -1)) worst.set(o.tag, o);
  lines.push('', '## Worst p99 per family', '', '| family | operation | p99 ms | ratio to ceiling |', '|---|---|---:|---:|');
  for (const [tag, o] of worst) lines.push(`| ${tag} | ${o.operationId} | ${fmt(o.p99_ms)} | ${fmt(o.ratio_to_ceiling, 3)} |`);
  lines.push(...targetsMarkdown(r));
  const failures = r.operations.filter((o) => (o.non2xx ?? 0) > 0 || (o.errors ?? 0) > 0);
  if (failures.length) {
    lines.push('', '## Failures', '');
    for (const o of failures) lines.push(`- ${o.operationId}: ${o.errors} errors, ${o.non2xx} non-2xx${o.sample_failure ? ` — e.g. ${o.sample_failure}` : ''}`);
  }
  return lines.join('\n') + '\n';
}

export function writeReport(dir: string, r: Report): { json: string; md: string } {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = r.generated_at.slice(0, 19).replace(/[:T]/g, '-');
  const base = path.join(dir, `${stamp}-${r.settings.store}-${r.settings.declarations}`);
  fs.writeFileSync(`${base}.json`, JSON.stringify(r, null, 2) + '\n');
  fs.writeFileSync(`${base}.md`, toMarkdown(r));
  return { json: `${base}.json`, md: `${base}.md` };
}

/** Operations whose p99 grew by more than `margin` (0.25 = 25 %), or that started failing. */
export function compareReports(oldR: Report, newR: Report, margin: number): { lines: string[]; regressions: number } {
  const before = new Map(oldR.operations.map((o) => [o.operationId, o]));
  const lines: string[] = [];
  let regressions = 0;
  for (const o of newR.operations) {
    const b = before.get(o.operationId);
    if (!b || b.skipped || o.skipped || b.p99_ms === undefined || o.p99_ms === undefined) continue;
    const growth = (o.p99_ms - b.p99_ms) / Math.max(b.p99_ms, 0.1);
    const failing = (o.non2xx ?? 0) + (o.errors ?? 0) > 0 && (b.non2xx ?? 0) + (b.errors ?? 0) === 0;
    if (growth > margin || failing) {
      regressions++;
      lines.push(`REGRESSION ${o.operationId}: p99 ${b.p99_ms.toFixed(1)} → ${o.p99_ms.toFixed(1)} ms (${(growth * 100).toFixed(0)} %)${failing ? ', now failing' : ''}`);
    }
  }
  for (const id of before.keys()) if (!newR.operations.some((o) => o.operationId === id)) lines.push(`missing in the new report: ${id}`);
  return { lines, regressions };
}
