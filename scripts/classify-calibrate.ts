// Fits the confidence table of src/domain/classify/calibration.ts. Run:
// npx tsx scripts/classify-calibrate.ts [DATA_DIR]   (default ../shared/data)
//
// Held-out questions, none from the evaluation set: HMRC's curated search terms, each asked of an
// index built WITHOUT the search terms; the shipped catalogue's Turkish and English descriptions
// with their words shuffled and listing filler added, asked of an index without the catalogue;
// and US statistical lines cut to their own words, asked of an index without the US tariff; half of
// them with a few words of some other line added. For each
// first answer we record its margin over the second and whether it was right at 6 digits, then
// report accuracy per corner (margin ≥ m and explained ≥ e): the table's rows. The evaluation set is not read.
import path from 'node:path';
import { buildTariffClassifier } from '../src/domain/classify/tariff-classifier.js';
import { loadKnowledge } from '../src/reference/tariff-files.js';
import { loadWordNet } from '../src/reference/wordnet.js';
import { marginOf } from '../src/domain/classify/calibration.js';
import { mulberry32 } from '../src/synth/prng.js';

const dir = path.resolve(process.argv[2] ?? '../shared/data');
const knowledge = (await loadKnowledge(dir))!;
const wordnet = await loadWordNet();
const r = mulberry32(7);
const FILLER = ['new', 'hot sale', 'high quality', 'for home', 'wholesale', '2pcs', 'fashion', 'premium', 'yeni', 'kaliteli'];

function questions(source: 'uk-search-terms' | 'builtin' | 'us-hts'): Array<{ text: string; hs6: string }> {
  const own = knowledge.lines.filter((l) => l.source === source);
  if (source === 'uk-search-terms') return own.map((l) => ({ text: l.text, hs6: l.hs6 }));
  // A US statistical line's own words with one word of a grouping line above: terse and partial,
  // as shop listings are. Every fifth line, for time.
  if (source === 'us-hts') {
    return own.filter((_, i) => i % 5 === 0).map((l) => {
      const parts = l.text.split(' > ');
      const above = parts.slice(1, -1).join(' ').split(/\s+/).filter((w) => w.length > 3);
      const extra = above.length > 0 ? ` ${above[Math.floor(r() * above.length)]}` : '';
      return { text: `${parts[parts.length - 1]}${extra}`, hs6: l.hs6 };
    });
  }
  return own.map((l) => {
    const words = l.text.split(/\s+/).sort(() => r() - 0.5);
    if (r() < 0.5) words.push(FILLER[Math.floor(r() * FILLER.length)]!);
    return { text: words.join(' '), hs6: l.hs6 };
  });
}

// Words of some other line: real descriptions carry words that point at other goods (a listing's
// uses and accessories, a ruling's packing and maker), which the terse questions above lack; half
// the questions get one to three.
function distractors(): string {
  const words = knowledge.lines[Math.floor(r() * knowledge.lines.length)]!.text.split(' > ').pop()!.split(/\s+/).filter((w) => w.length > 3);
  const n = 1 + Math.floor(r() * 3);
  return words.sort(() => r() - 0.5).slice(0, n).join(' ');
}

const samples: Array<{ margin: number; cover: number; right: boolean }> = [];
for (const source of ['uk-search-terms', 'builtin', 'us-hts'] as const) {
  const index = buildTariffClassifier({ ...knowledge, lines: knowledge.lines.filter((l) => l.source !== source) }, wordnet);
  for (const q of questions(source)) {
    const text = r() < 0.5 ? `${q.text} ${distractors()}` : q.text;
    const top = index.classify(text, 2);
    if (top.length === 0) continue;
    samples.push({ margin: marginOf(top[0]!.score, top[1]?.score ?? 0), cover: top[0]!.explained, right: top[0]!.hs6 === q.hs6 });
  }
}
const MARGINS = [0, 0.1, 0.2, 0.35, 0.5, 1.0001];
const COVERS = [0, 0.5, 0.75, 0.9, 1.0001];
console.log(`${samples.length} questions, ${(100 * samples.filter((s) => s.right).length / samples.length).toFixed(1)} % right at 6 digits`);
console.log('[margin from, explained from, share right], // answers');
for (let i = 0; i + 1 < MARGINS.length; i++) {
  for (let j = 0; j + 1 < COVERS.length; j++) {
    // Pooled over the whole corner above the bin: steadier than one bin, and monotone by design.
    const bin = samples.filter((s) => s.margin >= MARGINS[i]! && s.cover >= COVERS[j]!);
    console.log(`  [${MARGINS[i]}, ${COVERS[j]}, ${(bin.filter((s) => s.right).length / Math.max(1, bin.length)).toFixed(2)}], // ${bin.length}`);
  }
}
