// Tuning on the DEV half only: builds the index once, then scores the dev half under each setting
// given as JSON on the command line (applied on top of the defaults in tariff-classifier.ts).
// Run: npx tsx bench/classify-sweep.ts '{"heading":0.5}' '{"heading":1}'
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
for (const arg of ['{}', ...process.argv.slice(2)]) {
  Object.assign(TUNING, defaults, JSON.parse(arg));
  const hit: Record<string, number[]> = {};
  const t0 = performance.now();
  for (const r of dev) {
    const c = classifier.classify(r.text, 10).map((x) => x.hs6);
    const four = [...new Set(c.map((x) => x.slice(0, 4)))];
    const row = [c[0] === r.hs6 ? 1 : 0, c.slice(0, 5).includes(r.hs6) ? 1 : 0, four[0] === r.hs6.slice(0, 4) ? 1 : 0];
    for (const k of ['all', r.kind]) {
      const h = (hit[k] ??= [0, 0, 0, 0]);
      row.forEach((v, j) => (h[j]! += v));
      h[3]!++;
    }
  }
  const ms = (performance.now() - t0) / dev.length;
  const cell = (k: string) => { const h = hit[k]!; return `${k} ${(100 * h[0]! / h[3]!).toFixed(1)}/${(100 * h[1]! / h[3]!).toFixed(1)}/${(100 * h[2]! / h[3]!).toFixed(1)}`; };
  console.log(`${arg.padEnd(40)} ${['all', 'listing', 'ruling-en', 'ruling-tr'].map(cell).join(' | ')}  ${ms.toFixed(1)} ms`);
}
