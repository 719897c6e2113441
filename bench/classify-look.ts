// Dev half only: each dev question whose answer or first prediction starts with a prefix, with its
// first three answers, for error analysis. Run: npx tsx bench/classify-look.ts PREFIX [PREFIX…]
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { buildTariffClassifier } from '../src/domain/classify/tariff-classifier.js';
import { loadKnowledge } from '../src/reference/tariff-files.js';
import { loadWordNet } from '../src/reference/wordnet.js';

const dataDir = path.resolve(process.env.REFERENCE_DATA_DIR ?? '../shared/data');
const records = parse(fs.readFileSync(path.join(dataDir, 'eval/hs-real-descriptions.csv')), { columns: true }) as Array<Record<string, string>>;
const prefixes = process.argv.slice(2);
const classifier = buildTariffClassifier((await loadKnowledge(dataDir))!, await loadWordNet());
records.forEach((r, i) => {
  if (i % 2 !== 0) return;
  const c = classifier.classify(r.description!, 3);
  const got = c.map((x) => x.hs6);
  if (!prefixes.some((p) => r.hs6!.startsWith(p) || (got[0] ?? '').startsWith(p))) return;
  console.log(`${got[0] === r.hs6 ? 'OK ' : '   '}${r.hs6} got ${got.join(',')} ${r.description!.slice(0, 100)}`);
});
