// Classification benchmark. Run: npx tsx scripts/classification-benchmark.ts [DATA_DIR]
// (DATA_DIR holds harmonized-system.csv, the HS 2022 nomenclature; default ../shared/data).
//
// 1. Held-out descriptions. For every catalogue GTİP line we write item descriptions the way
//    declarants do (either language, extra words, dropped words, no Turkish letters, word order,
//    suffixes), with two independent random streams: one set plays the stored declarations the
//    classifier learns from, the other is the test set. A test text that also occurs in the
//    training set is discarded, so every query is unseen. Reported: top-1 and top-5 accuracy at
//    4 and 6 digits.
// 2. Self-retrieval. The full HS 2022 nomenclature is indexed as the search endpoint indexes it,
//    and each subheading is looked up by its own description: top-1 accuracy at 6 digits.
import fs from 'node:fs';
import path from 'node:path';
import { buildClassifier, type HsDoc } from '../src/domain/classify/classifier.js';
import { CATALOGUE, type Product } from '../src/reference/catalogue.js';
import { builtinHsRows } from '../src/features/hs-codes/builtin.js';
import { parseHsCsv } from '../src/ingest/hs-codes.js';
import { mulberry32 as rng } from '../src/synth/prng.js';

const dataDir = path.resolve(process.argv[2] ?? path.join(process.cwd(), '../shared/data'));
const hs2022 = parseHsCsv(fs.readFileSync(path.join(dataDir, 'harmonized-system.csv'), 'utf8'), 'HS2022').rows;


const EN_NOISE = ['new', 'assorted', 'export quality', 'packed in cartons', 'for industrial use', 'grade A', '1000 pcs', 'premium', 'bulk'];
const TR_NOISE = ['yeni', 'ihraç kalite', 'kolili', 'sanayi tipi', 'muhtelif', '1. sınıf', 'dökme', 'ambalajlı', 'adet'];
const ASCII: Record<string, string> = { ı: 'i', İ: 'I', ş: 's', Ş: 'S', ğ: 'g', Ğ: 'G', ç: 'c', Ç: 'C', ö: 'o', Ö: 'O', ü: 'u', Ü: 'U' };

function variant(p: Product, r: () => number): string {
  const tr = r() < 0.6; // most declared descriptions are in Turkish
  let words = (tr ? p.description_tr : p.description_en).split(/\s+/);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  if (words.length > 2 && r() < 0.4) words.splice(1 + Math.floor(r() * (words.length - 1)), 1);
  if (words.length > 1 && r() < 0.3) {
    const i = Math.floor(r() * (words.length - 1));
    [words[i], words[i + 1]] = [words[i + 1]!, words[i]!];
  }
  if (r() < 0.5) words = r() < 0.5 ? [pick(tr ? TR_NOISE : EN_NOISE), ...words] : [...words, pick(tr ? TR_NOISE : EN_NOISE)];
  if (r() < 0.3) words.push(`MODEL ${String.fromCharCode(65 + Math.floor(r() * 26))}-${Math.floor(r() * 900 + 100)}`);
  let text = words.join(' ');
  if (tr && r() < 0.3) text = text.replace(/[ıİşŞğĞçÇöÖüÜ]/g, (c) => ASCII[c] ?? c);
  if (r() < 0.3) text = text.toLocaleUpperCase(tr ? 'tr' : 'en');
  return text;
}

function examples(seed: number, perProduct: number): Array<{ code: string; text: string }> {
  const r = rng(seed);
  return CATALOGUE.flatMap((p) => Array.from({ length: perProduct }, () => ({ code: p.gtip, text: variant(p, r) })));
}

function nomenclatureDocs(): HsDoc[] {
  const docs: HsDoc[] = [];
  for (const row of hs2022) if (row.level === 6) docs.push({ code: row.code, text: row.description_en, source: 'nomenclature' });
  for (const row of builtinHsRows()) {
    if (row.level !== 6 && row.level !== 12) continue;
    docs.push({ code: row.code, text: row.description_en, source: 'nomenclature' });
    if (row.description_tr) docs.push({ code: row.code, text: row.description_tr, source: 'nomenclature' });
  }
  return docs;
}

function pct(n: number, d: number): string {
  return `${((100 * n) / d).toFixed(1)} %`;
}

function heldOut(learnFromDeclarations: boolean): void {
  const train = learnFromDeclarations ? examples(1, 3) : [];
  const seen = new Set(train.map((e) => e.text.toLowerCase()));
  const test = examples(2, 2).filter((e) => !seen.has(e.text.toLowerCase()));
  const started = performance.now();
  const classifier = buildClassifier([...nomenclatureDocs(), ...train.map((e): HsDoc => ({ ...e, source: 'declaration' }))]);
  const built = performance.now() - started;
  const hits = { top1_4: 0, top5_4: 0, top1_6: 0, top5_6: 0 };
  const t0 = performance.now();
  for (const e of test) {
    const ranked = classifier.classify(e.text, { top_k: 25, level: 6 }).map((c) => c.code);
    const six = ranked.slice(0, 5);
    const four = [...new Set(ranked.map((c) => c.slice(0, 4)))].slice(0, 5);
    if (six[0] === e.code.slice(0, 6)) hits.top1_6++;
    if (six.includes(e.code.slice(0, 6))) hits.top5_6++;
    if (four[0] === e.code.slice(0, 4)) hits.top1_4++;
    if (four.includes(e.code.slice(0, 4))) hits.top5_4++;
  }
  const perQuery = (performance.now() - t0) / test.length;
  console.log(`held-out descriptions, ${learnFromDeclarations ? 'nomenclature + 3 declared descriptions per line' : 'nomenclature only'}: ${test.length} queries, ${classifier.size} indexed texts (built in ${built.toFixed(0)} ms, ${perQuery.toFixed(2)} ms/query)`);
  console.log(`  4 digits: top-1 ${pct(hits.top1_4, test.length)}, top-5 ${pct(hits.top5_4, test.length)}`);
  console.log(`  6 digits: top-1 ${pct(hits.top1_6, test.length)}, top-5 ${pct(hits.top5_6, test.length)}`);
}

function selfRetrieval(): void {
  const docs: HsDoc[] = hs2022.map((r) => ({ code: r.code, text: r.description_en, source: 'nomenclature' }));
  const index = buildClassifier(docs);
  const subheadings = hs2022.filter((r) => r.level === 6);
  let top1 = 0;
  const misses: string[] = [];
  for (const r of subheadings) {
    const [best] = index.searchNomenclature(r.description_en, { level: 6, limit: 1 });
    if (best?.code === r.code) top1++;
    else if (misses.length < 5) misses.push(`${r.code} → ${best?.code ?? 'none'}: ${r.description_en.slice(0, 80)}`);
  }
  console.log(`HS 2022 self-retrieval: ${subheadings.length} subheadings, top-1 ${pct(top1, subheadings.length)}`);
  for (const m of misses) console.log(`  miss ${m}`);
}

heldOut(true);
heldOut(false);
selfRetrieval();
