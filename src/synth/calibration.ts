// Compares a generated dataset with the calibration targets: export/import ratio by year, partner
// shares, chapter mix, transport modes, seaports and the monthly index. Fed record by record, so it
// costs nothing extra during a seed.
import type { DeclarationInput } from '../ingest/record.js';
import { CHAPTER_WEIGHTS } from '../reference/catalogue.js';
import { EXPORT_PARTNER_WEIGHTS, IMPORT_PARTNER_WEIGHTS } from '../reference/countries.js';
import { TRANSPORT_MODE_WEIGHTS, TR_PORT_WEIGHTS } from '../reference/ports.js';
import { monthIndex, targetRatio } from './calendar.js';

type Flow = 'import' | 'export';

export interface CalibrationRow {
  metric: string;
  key: string;
  target: number;
  actual: number;
  /** Largest accepted |actual − target|, in the metric's unit. */
  tolerance: number;
  ok: boolean;
}

class Sums {
  readonly map = new Map<string, number>();
  add(key: string, v: number): void {
    this.map.set(key, (this.map.get(key) ?? 0) + v);
  }
  get(key: string): number {
    return this.map.get(key) ?? 0;
  }
  total(): number {
    let t = 0;
    for (const v of this.map.values()) t += v;
    return t;
  }
}

export class Calibration {
  private readonly byYear = { export: new Sums(), import: new Sums() };
  private readonly partner = { export: new Sums(), import: new Sums() };
  private readonly chapter = { export: new Sums(), import: new Sums() };
  private readonly mode = { export: new Sums(), import: new Sums() };
  private readonly seaPort = { export: new Sums(), import: new Sums() };
  private readonly month = new Sums();
  count = 0;

  add(r: DeclarationInput): void {
    const f = r.flow;
    const v = r.value_usd;
    this.count++;
    this.byYear[f].add(r.registered_at.slice(0, 4), v);
    this.partner[f].add(r.partner.country, v);
    this.mode[f].add(r.transport_mode, v);
    if (r.transport_mode === 'sea') this.seaPort[f].add(r.port, v);
    this.month.add(r.registered_at.slice(0, 7), v);
    for (const it of r.items) this.chapter[f].add(it.gtip.slice(0, 2), it.value_usd);
  }

  rows(): CalibrationRow[] {
    const out: CalibrationRow[] = [];
    const push = (metric: string, key: string, target: number, actual: number, tolerance: number) =>
      out.push({ metric, key, target, actual, tolerance, ok: Math.abs(actual - target) <= tolerance });

    for (const [year, exp] of [...this.byYear.export.map].sort()) {
      const imp = this.byYear.import.get(year);
      if (imp > 0) push('export/import ratio', year, targetRatio(Number(year)), exp / imp, 0.06);
    }
    const flows: Flow[] = ['export', 'import'];
    for (const f of flows) {
      const targets = f === 'export' ? EXPORT_PARTNER_WEIGHTS : IMPORT_PARTNER_WEIGHTS;
      const total = this.partner[f].total();
      for (const [c, w] of top(targets, 8)) push(`partner share (${f})`, c, w, this.partner[f].get(c) / total, Math.max(0.015, w * 0.3));
    }
    for (const f of flows) {
      const total = this.chapter[f].total();
      for (const [c, w] of top(CHAPTER_WEIGHTS[f], 8)) push(`chapter share (${f})`, c, w, this.chapter[f].get(c) / total, Math.max(0.015, w * 0.3));
    }
    for (const f of flows) {
      const total = this.mode[f].total();
      for (const [m, w] of top(TRANSPORT_MODE_WEIGHTS[f], 4)) push(`transport mode (${f})`, m, w, this.mode[f].get(m) / total, 0.1);
    }
    for (const f of flows) {
      const total = this.seaPort[f].total();
      for (const [p, w] of top(TR_PORT_WEIGHTS[f].sea, 5)) push(`seaport share (${f})`, p, w, this.seaPort[f].get(p) / total, Math.max(0.02, w * 0.3));
    }
    // Monthly index: each month's value over the mean month of its year, against the index
    // normalised the same way; only whole years are compared.
    const years = new Map<string, string[]>();
    for (const ym of this.month.map.keys()) {
      const list = years.get(ym.slice(0, 4)) ?? [];
      list.push(ym);
      years.set(ym.slice(0, 4), list);
    }
    for (const [year, months] of [...years].sort()) {
      if (months.length !== 12) continue;
      const mean = months.reduce((a, m) => a + this.month.get(m), 0) / 12;
      const idx = months.map((m) => monthIndex(Number(year), Number(m.slice(5))));
      const idxMean = idx.reduce((a, b) => a + b, 0) / 12;
      months.sort().forEach((m, i) => push('monthly index', m, (idx[i] as number) / idxMean, this.month.get(m) / mean, 0.12));
    }
    return out;
  }
}

function top(weights: Readonly<Record<string, number>>, n: number): [string, number][] {
  return Object.entries(weights).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n);
}

export function formatReport(rows: readonly CalibrationRow[]): string {
  const lines = ['| metric | key | target | generated | tolerance | ok |', '|---|---|---|---|---|---|'];
  const fmt = (x: number) => (Math.abs(x) < 2 ? x.toFixed(3) : x.toFixed(1));
  for (const r of rows) lines.push(`| ${r.metric} | ${r.key} | ${fmt(r.target)} | ${fmt(r.actual)} | ±${fmt(r.tolerance)} | ${r.ok ? 'yes' : 'NO'} |`);
  return lines.join('\n');
}
