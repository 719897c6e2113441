// Tuning on the DEV half only: builds the index once, then scores the dev half under each setting
// given as JSON on the command line (applied on top of the defaults in tariff-classifier.ts).
// Run: npx tsx bench/classify-sweep.ts '{"heading":0.5}' '{"heading":1}'
// Each setting also says, answer by answer against the defaults, how many dev questions it turned
// right and wrong at 6 and 4 digits, with a two-sided sign test over the changed ones: a setting
// that moves a handful of answers moves them by chance as often as not.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { buildTariffClassifier, TUNING } from '../src/domain/classify/tariff-classifier.js';
import { loadKnowledge } from '../src/reference/tariff-files.js';
import { loadWordNet } from '../src/reference/wordnet.js';
import { evalKind } from './classify-report.js';

const dataDir = path.resolve(process.env.REFERENCE_DATA_DIR ?? '../shared/data');
const records = parse(fs.readFileSync(path.join(dataDir, 'eval/hs-real-descriptions.csv')), { columns: true }) as Array<Record<string, string>>;
const dev = records.map((r, i) => ({ i, text: r.description!, hs6: r.hs6!, kind: evalKind(r.source!) })).filter((r) => r.i % 2 === 0);
const classifier = buildTariffClassifier((await loadKnowledge(dataDir))!, await loadWordNet());
const defaults = { ...TUNING };
let baseline: number[][] | null = null;
for (const arg of ['{}', ...process.argv.slice(2)]) {
  Object.assign(TUNING, defaults, JSON.parse(arg));
  const hit: Record<string, number[]> = {};
  const rows: number[][] = [];
  const t0 = performance.now();
  for (const r of dev) {
    const c = classifier.classify(r.text, 10).map((x) => x.hs6);
    const four = [...new Set(c.map((x) => x.slice(0, 4)))];
    const row = [c[0] === r.hs6 ? 1 : 0, c.slice(0, 5).includes(r.hs6) ? 1 : 0, four[0] === r.hs6.slice(0, 4) ? 1 : 0];
    rows.push(row);
    for (const k of ['all', r.kind]) {
      const h = (hit[k] ??= [0, 0, 0, 0]);
      row.forEach((v, j) => (h[j]! += v));
      h[3]!++;
    }
  }
  const ms = (performance.now() - t0) / dev.length;
  const cell = (k: string) => { const h = hit[k]!; return `${k} ${(100 * h[0]! / h[3]!).toFixed(1)}/${(100 * h[1]! / h[3]!).toFixed(1)}/${(100 * h[2]! / h[3]!).toFixed(1)}`; };
  console.log(`${arg.padEnd(40)} ${['all', 'listing', 'ruling-en', 'ruling-tr'].map(cell).join(' | ')}  ${ms.toFixed(1)} ms`);
  if (baseline) console.log(`${''.padEnd(40)} against the defaults: ${[0, 2].map((j) => changes(baseline!, rows, j, j === 0 ? 'HS6' : 'HS4')).join(', ')}`);
  else baseline = rows;
}

/** '+a −b (p ≈ …)': questions turned right and wrong at one measure, and the sign test's p. */
function changes(before: number[][], after: number[][], j: number, name: string): string {
  let up = 0;
  let down = 0;
  before.forEach((row, i) => {
    if (after[i]![j]! > row[j]!) up++;
    if (after[i]![j]! < row[j]!) down++;
  });
  return `${name} +${up} −${down} (p ≈ ${signTest(up, down).toFixed(2)})`;
}

/** Two-sided exact sign test: the chance of a split at least this uneven among up + down coin flips. */
function signTest(up: number, down: number): number {
  const n = up + down;
  if (n === 0) return 1;
  let tail = 0;
  let choose = 1;
  for (let k = 0; k <= Math.min(up, down); k++) {
    tail += choose;
    choose = (choose * (n - k)) / (k + 1);
  }
  return Math.min(1, (2 * tail) / 2 ** n);
}
