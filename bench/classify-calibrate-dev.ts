// The dev half's aggregate reliability curve for src/domain/classify/calibration.ts: of the first
// answers whose margin over the second falls in a bin, the share right at 6 digits (its lower bound). Only the dev
// half (even rows) is read; only these shares, never a row's words, go into the service.
// Run: npx tsx bench/classify-calibrate-dev.ts [--data DIR]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { buildTariffClassifier } from '../src/domain/classify/tariff-classifier.js';
import { marginOf } from '../src/domain/classify/calibration.js';
import { loadKnowledge } from '../src/reference/tariff-files.js';
import { loadWordNet } from '../src/reference/wordnet.js';

const { values } = parseArgs({ options: { data: { type: 'string', default: path.join(process.cwd(), '../shared/data') } } });
const dataDir = path.resolve(values.data);
const records = parse(fs.readFileSync(path.join(dataDir, 'eval/hs-real-descriptions.csv')), { columns: true }) as Array<Record<string, string>>;
const dev = records.filter((_, i) => i % 2 === 0);
const classifier = buildTariffClassifier((await loadKnowledge(dataDir))!, await loadWordNet());
const samples = dev.map((r) => {
  const top = classifier.classify(r.description!, 2);
  return { margin: top[0] ? marginOf(top[0].score, top[1]?.score ?? 0) : 0, right: top[0]?.hs6 === r.hs6, contained: top[0]?.contained ?? false };
});
console.log(`${samples.length} dev-half answers, ${((100 * samples.filter((s) => s.right).length) / samples.length).toFixed(1)} % right at 6 digits`);
// Two curves: answers whose best line the question names in full (REAL_CONTAINED), and the others
// (REAL); the first are right about twice as often at the same margin.
for (const [name, contained, edges] of [['REAL', false, [0, 0.05, 0.1, 0.2, 0.3, 1.0001]], ['REAL_CONTAINED', true, [0, 0.1, 0.2, 1.0001]]] as const) {
  curve(name, samples.filter((s) => s.contained === contained), edges);
}

function curve(name: string, part: typeof samples, EDGES: readonly number[]): void {
  console.log(`${name}: ${part.length} answers; [margin from, share right], // answers in the bin`);
  // Bins of margin, made monotone by pooling adjacent violators (isotonic regression): a larger margin
  // never gets a lower confidence. Per bin, not per corner: a corner would lend the low-margin answers
  // the accuracy of the high-margin ones above them.
  const blocks: Array<{ from: number; n: number; right: number }> = [];
  for (let b = 0; b + 1 < EDGES.length; b++) {
    const bin = part.filter((s) => s.margin >= EDGES[b]! && s.margin < EDGES[b + 1]!);
    blocks.push({ from: EDGES[b]!, n: bin.length, right: bin.filter((s) => s.right).length });
  }
  const pooled: Array<{ froms: number[]; n: number; right: number }> = [];
  for (const b of blocks) {
    pooled.push({ froms: [b.from], n: b.n, right: b.right });
    while (pooled.length > 1) {
      const last = pooled[pooled.length - 1]!;
      const prev = pooled[pooled.length - 2]!;
      if (prev.right / Math.max(1, prev.n) <= last.right / Math.max(1, last.n)) break;
      pooled.splice(-2, 2, { froms: [...prev.froms, ...last.froms], n: prev.n + last.n, right: prev.right + last.right });
    }
  }
  // The share claimed is the lower end of the pooled bin's 90 % one-sided Wilson interval, not its
  // share on the dev half: a few hundred answers measure it to within several points, and the dev
  // half scoring above the test half made the plain shares claim too much there.
  for (const p of pooled) {
    for (const from of p.froms) {
      const share = p.right / Math.max(1, p.n);
      console.log(`  [${from}, ${wilsonLower(p.right, p.n).toFixed(2)}], // ${blocks.find((b) => b.from === from)!.n} (pooled ${p.n}, ${share.toFixed(2)} right)`);
    }
  }
}

function wilsonLower(right: number, n: number, z = 1.2816): number {
  if (n === 0) return 0;
  const p = right / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return (centre - spread) / (1 + (z * z) / n);
}
