// Classification against the tariff itself: every nomenclature line of the HS and of national
// tariffs (their 8–10-digit lines carry the concrete product words), plus curated search terms,
// ranked with BM25 and grouped per HS 2022 subheading; the heading's other subheadings add their
// support, and WordNet stands in for words the tariff does not use.
import { buildBm25 } from './bm25.js';
import { confidenceOf, marginOf } from './calibration.js';
import type { Knowledge, KnowledgeSource, TariffLine } from './knowledge.js';
import { NOISE_WORDS, WEAK_WORDS } from './noise.js';
import { conflictingChapters, conflictingHeadings, excludedHeadings, names, namesMaterial, unnamedMachines, unnamedStates, withoutFauxLeather } from './rules.js';
import { TURKISH_GLOSSARY } from './glossary-tr.js';
import { CLASS_WORDS } from './classes.js';
import { terms } from './terms.js';
import { splitNegations } from './negation.js';
import { lineHeads } from './heads.js';
import { stem } from './stem.js';
import { skeleton, skeletonIndex } from './loanwords.js';
import { buildRelated } from './wordnet.js';

export interface TariffCandidate {
  hs6: string;
  /** Relevance, comparable only within one answer. */
  score: number;
  /** 0–1: how often an answer ranked first like this one was right (see calibration.ts). */
  confidence: number;
  /** Share of the question's weight the best line explains (first answer only; else 0). */
  explained: number;
  /** Whether the question names every word of the best line (first answer only; else false). */
  contained: boolean;
  evidence: {
    matched_terms: string[];
    /** The nomenclature lines that matched best, with their code and source. */
    lines: Array<{ code: string; source: KnowledgeSource; text: string }>;
  };
}

export interface TariffClassifier {
  readonly lineCount: number;
  readonly sources: KnowledgeSource[];
  /** Every text the index holds, for the check that no evaluation text leaked into it. */
  indexedTexts(): IterableIterator<string>;
  /** The HS 2022 text of a subheading, when the index holds it. */
  title(hs6: string): string | null;
  classify(description: string, topK?: number): TariffCandidate[];
}

// Curated search terms are what people type; a hit on one says more than a hit on a long line.
const SOURCE_WEIGHT: Record<KnowledgeSource, number> = {
  'hs2022': 1, 'us-hts': 1, 'eu-cn': 1, 'uk-tariff': 1, 'uk-search-terms': 1.2, 'builtin': 1,
};
// BM25's length normalisation: the usual 0.75 (0.4 and 0.2 measured worse on the dev half).
const LENGTH_NORM = 0.75;
export const TUNING = {
  // Best line of a subheading, then a discounted share of the next two.
  support: [1, 0.3, 0.15],
  // Words after 'for' tell use or parts, not the goods themselves ('case for phone').
  afterPreposition: 0.5,
  related: 0.2,
  weak: 0.35,
  headingCover: 0.5,
  chapterCover: 0,
  excluded: 0.3,
  coverLength: 25,
  glossary: 0.9,
  // Whole subheadings and whole headings as documents (every word of their lines): a listing's
  // words spread over many lines of one heading ('ring', 'pendant', 'jewelry' in 7117) are
  // evidence no single line shows. Each is scaled to the best of the question's candidates.
  // A stand-in found on more than this share of lines ('article', 'device') is too general to
  // help and costs a walk over thousands of lines.
  relatedMaxShare: 0.01,
  // Neighbouring words as one more term ('litter box', 'human hair'): the goods are often a
  // compound whose words alone point elsewhere ('litter' to peat, 'box' to packing).
  pair: 0.25,
  group: 0.3,
  heading: 0.5,
  // A word also stands for its class ('steel' for 'base metal', 'necklace' for 'jewellery'), at this
  // share of its weight.
  materialClass: 0.5,
  imitation: 0.5,
  // A chapter defined by a material the description does not name, when it names one.
  materialConflict: 0.6,
  // Turkish puts the head noun last: the last word of a Turkish text's first phrase names the goods.
  turkishHead: 1.5,
  // A question word the tariff mostly uses as a modifier ('magnetic', 'versatile', 'stainless')
  // counts less than one it uses as the goods themselves: weight × (1 − headRate + headRate × share
  // of its lines where it is a head).
  headRate: 0.6,
  // …in texts of more than this many distinct words.
  headRateFrom: 15,
  // Each noun of a one-word compound the index does not know ('keychain' → key, chain).
  split: 0.8,
  // A subheading whose distinctive words (see `distinctive`) the question names: × (1 + this ×
  // (1 − 0.5^named)) against its siblings (the heading's best score is kept); only question words
  // of at least distinctiveFrom of full weight count (not stand-ins, not words after 'for').
  // Dev half: 0.2–0.7 alike, 1.2 worse. Applied across headings it gained 0.9 point more at 4
  // digits but let a sibling-deciding word ('glass') pick the heading.
  distinctive: 0.4,
  distinctiveFrom: 0.9,
  // Headings that require a state (live, unworked, waste) the description does not name.
  state: 0.6,
  // How commonly goods are asked about: HMRC's search terms are written for what traders look
  // for, so a subheading with some is a likelier answer than one with none. Its score × (1 + this ×
  // ln(1 + its search terms, at most popularityCap)): past ten, more terms mark a catch-all
  // ('Other articles of plastics', 35 terms) holding many different goods. Dev half: 0.03–0.05
  // alike (0.04 and up put 'PU leather handbag' in 4202.32 over 4202.22), 0.07 loses at 4 digits;
  // over the heading's terms, −1.2 to −2.3 points; ordering siblings only, −0.3.
  popularity: 0.03,
  popularityCap: 10,
  // Headings of machines for working or making goods, for a description that names no machine, and
  // chapters 84/85 for a toy or a game (rules.ts, unnamedMachines).
  machine: 0.6,
  // A decoration word's stand-in 'ornamental', 'statuettes' when a material is named (DECOR).
  // Dev half: 0.35 no change, 0.6 one answer fewer, 1 two more at 6 digits and four in the top 5.
  ornament: 1,
  // A Turkish loanword's tariff words by their skeleton (loanwords.ts). Dev half: 0.5 to 1 alike.
  loan: 0.8,
};
const SUPPORT = TUNING.support;
const GLOSSARY_WORDS: ReadonlySet<string> = new Set(TURKISH_GLOSSARY.keys());
// Stands in, once per word, for the words a line excludes: they count in its length only.
const NOT = '!';
// English prepositions of use come before what they govern ('case for phone'): the words after
// them count less. Not 'with': in listings it mostly gives the goods' own make-up ('sneakers with
// rubber soles'). Turkish postpositions come after it ('telefon için kılıf', 'maskede kullanılan cam'): the
// few words before them count less. 'ile' is left out: it is also Turkish for 'and'.
const PREPOSITIONS = new Set(['for', 'suitable', 'used']);
const POSTPOSITIONS = new Set(['icin', 'uygun', 'kullanilan', 'kullanilmak', 'kullanilir', 'amacli', 'mahsus', 'ozgu']);
const TURKISH_LETTERS = /[çğışöüÇĞİŞÖÜ]/;
// The tariff files ornaments by material ('Statuettes and other ornamental articles' of plastics
// 3926.40, of wood 4420, of ceramics 6913, of base metal 8306.2x); listings say 'decoration'. With
// a material named, the decoration word also asks for the tariff's words, at full weight; without
// one it stays a weak word (noise.ts): 'car decoration accessories' are a car's.
const DECOR = new Set(['decoration', 'decorations', 'decor', 'decorative', 'ornament', 'ornaments', 'figurine', 'figurines', 'dekor', 'dekorasyon', 'susleme', 'biblo']);
// Heading 9505: festive and carnival articles ('Articles for Christmas festivities', 9505.10) are
// there whatever their material.
const FESTIVE = new Set(['christmas', 'xmas', 'halloween', 'carnival', 'festive', 'noel', 'yilbasi']);
const ORNAMENT_TERMS = ['ornamental', 'statuettes'].map((w) => terms(w)[0]!.term);
const KEEP = new Set([...PREPOSITIONS, ...POSTPOSITIONS]);
// English prefixes and suffixes that WordNet also lists as nouns ('ful', 'ling', 'dis'): not a
// compound's part ('powerful', 'cabling', 'disassembly').
const AFFIXES = new Set(['ful', 'ling', 'less', 'ness', 'ment', 'ship', 'rate', 'ism', 'ist', 'dis', 'con', 'sub', 'pre', 'pro', 'non', 'mis', 'uni', 'tri']);
// How many words before a postposition it governs, at most.
const POSTPOSITION_REACH = 3;

interface QueryTerm { word: string; term: string; boost: number }

/** WordNet's noun files (index.noun, data.noun) as text. */
export interface WordNetFiles { indexNoun: string; dataNoun: string }

/** Builds the classifier in one go (tests, benchmarks). */
export function buildTariffClassifier(knowledge: Knowledge, wordnet?: WordNetFiles): TariffClassifier {
  const steps = buildSteps(knowledge, wordnet);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Builds the classifier a slice at a time, awaiting `pause` between slices: a server keeps serving. */
export async function buildTariffClassifierInSteps(
  knowledge: Knowledge, wordnet: WordNetFiles | undefined, pause: () => Promise<void>,
): Promise<TariffClassifier> {
  const steps = buildSteps(knowledge, wordnet);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

function* buildSteps(knowledge: Knowledge, wordnet?: WordNetFiles): Generator<void, TariffClassifier> {
  const lines = knowledge.lines;
  const docTerms: string[][] = [];
  // How many lines name each word as their goods (a head noun), against how many hold it at all.
  const headLines = new Map<string, number>();
  for (const l of lines) {
    for (const h of lineHeads(l.text)) headLines.set(h, (headLines.get(h) ?? 0) + 1);
    // What a line excludes is not its own ('of other than base metal', '(not knitted)'), but it
    // still counts in the line's length: a line that excludes much is no shorter, for BM25, than
    // one that names as much (measured: dropping the words outright gained less).
    const { kept, negated } = splitNegations(l.text);
    const own = terms(kept).map((t) => t.term);
    const excluded = new Set(terms(negated).map((t) => t.term));
    for (const t of own) excluded.delete(t);
    docTerms.push([...own, ...[...excluded].map(() => NOT)]);
    if (docTerms.length % 2000 === 0) yield;
  }
  // Word pairs found on at least two lines: a pair on one line only is mostly a phrase of that
  // line's wording, and the many such pairs would cost more memory than all single words.
  const pairCount = new Map<string, number>();
  for (const ts of docTerms) for (const p of new Set(pairsOf(ts))) pairCount.set(p, (pairCount.get(p) ?? 0) + 1);
  docTerms.forEach((ts, d) => {
    for (const p of pairsOf(ts)) if (pairCount.get(p)! >= 2) docTerms[d]!.push(p);
  });
  pairCount.clear();
  yield;
  // Single words only: pairs rank lines but explain nothing a word does not.
  const termSets = docTerms.map((ts) => new Set(ts.filter((t) => !t.includes(' ') && !t.startsWith(NOT))));
  yield;
  const bm25 = buildBm25(docTerms, LENGTH_NORM);
  // Not needed past this point, and the answers' closures would otherwise keep it.
  docTerms.length = 0;
  yield;
  const related = wordnet && (yield* buildRelated(wordnet.indexNoun, wordnet.dataNoun, lemmaTerm, (t) => bm25.has(t)));
  // English nouns: a word that is one ('serum', 'monitor', 'sandal') is matched as English, not
  // translated as the Turkish word it is spelt like.
  const englishNouns = new Set<string>();
  if (wordnet) for (const line of wordnet.indexNoun.split('\n')) if (line && !line.startsWith(' ')) englishNouns.add(line.slice(0, line.indexOf(' ')));
  // The index's words by their loanword skeleton, for the Turkish spellings of technical words.
  const loanwords = skeletonIndex([...bm25.terms()].filter((t) => !t.includes(' ') && !t.startsWith(NOT)));
  // The glossary by stem as well, so that inflected forms find their entry ('ayakkabilar', 'cantasi').
  const glossaryByStem = new Map<string, readonly string[]>();
  for (const [tr, en] of TURKISH_GLOSSARY) if (!tr.includes(' ')) glossaryByStem.set(stem(tr), glossaryByStem.get(stem(tr)) ?? en);
  yield;
  const weight = Float64Array.from(lines, (l) => SOURCE_WEIGHT[l.source]);
  const hs6Keys: string[] = [];
  const hs6Id = new Map<string, number>();
  const docGroup = Int32Array.from(lines, (l) => {
    let id = hs6Id.get(l.hs6);
    if (id === undefined) {
      hs6Id.set(l.hs6, (id = hs6Keys.length));
      hs6Keys.push(l.hs6);
    }
    return id;
  });
  const groups = hs6Keys.length;
  // Each subheading's heading and chapter code, cut once: the rules ask by them for every candidate.
  const headingKey = hs6Keys.map((k) => k.slice(0, 4));
  const chapterKey = hs6Keys.map((k) => k.slice(0, 2));
  const groupDocs: string[][] = hs6Keys.map(() => []);
  // Heading and chapter of every line, as small integers, for the coverage of a query's words.
  const headingOf = new Map<string, number>();
  const docHeading = Int32Array.from(lines, (l) => {
    const h = l.hs6.slice(0, 4);
    let id = headingOf.get(h);
    if (id === undefined) headingOf.set(h, (id = headingOf.size));
    return id;
  });
  const headingDocs: string[][] = [...headingOf.keys()].map(() => []);
  termSets.forEach((ts, d) => {
    for (const t of ts) {
      // Word pairs only rank lines: in whole-subheading and whole-heading documents and in the
      // coverage they would add hundreds of MB and say what the single words already say.
      if (t.includes(' ') || t.startsWith(NOT)) continue;
      groupDocs[docGroup[d]!]!.push(t);
      headingDocs[docHeading[d]!]!.push(t);
    }
  });
  const groupBm25 = buildBm25(groupDocs, 0.5);
  const headingBm25 = buildBm25(headingDocs, 0.5);
  const groupScore = new Float64Array(groups);
  const headingScore = new Float64Array(headingOf.size);
  const headingBefore = new Float64Array(headingOf.size);
  const headingAfter = new Float64Array(headingOf.size);
  yield;
  const docChapter = Int32Array.from(lines, (l) => Number(l.hs6.slice(0, 2)));
  // Every term's headings and chapters, each once.
  const reach = new Map<string, { headings: Int32Array; chapters: Uint8Array }>();
  for (const t of bm25.terms()) {
    if (t.includes(' ') || t.startsWith(NOT)) continue;
    const hs = new Set<number>();
    const cs = new Set<number>();
    for (const d of bm25.docsOf(t)) {
      hs.add(docHeading[d]!);
      cs.add(docChapter[d]!);
    }
    reach.set(t, { headings: Int32Array.from(hs), chapters: Uint8Array.from(cs) });
  }
  yield;
  const ownScore = new Float64Array(groups);
  const finalScore = new Float64Array(groups);
  const headingCover = new Float64Array(headingOf.size);
  const chapterCover = new Float64Array(100);
  const headingMark = new Int32Array(headingOf.size).fill(-1);
  const chapterMark = new Int32Array(100).fill(-1);
  const top = new Float64Array(groups * SUPPORT.length);
  const topDoc = new Int32Array(groups * SUPPORT.length);
  const count = new Uint8Array(groups);
  const searchTerms = new Uint16Array(groups);
  lines.forEach((l, d) => {
    if (l.source === 'uk-search-terms') searchTerms[docGroup[d]!]!++;
  });
  const sources = [...new Set(lines.map((l) => l.source))];
  // The subheading's own words, without the heading text its line carries.
  const titles = new Map(lines.filter((l) => l.source === 'hs2022').map((l) => [l.hs6, l.text.slice(l.text.lastIndexOf(' > ') + 3)]));
  // What sets a subheading apart from its siblings: words of its own HS title (not what it
  // excludes) that fewer than half of the other subheadings of its heading have in theirs
  // ('human' for 670420 against 'synthetic' for 670411). A question naming one is evidence for it.
  // As term → the subheadings it sets apart, so a question visits only those.
  const distinctive = new Map<string, number[]>();
  {
    const own = new Map<string, Set<string>>();
    for (const [hs6, title] of titles) own.set(hs6, new Set(terms(splitNegations(title).kept).map((t) => t.term)));
    const siblings = new Map<string, string[]>();
    for (const hs6 of own.keys()) siblings.set(hs6.slice(0, 4), [...(siblings.get(hs6.slice(0, 4)) ?? []), hs6]);
    for (const [hs6, words] of own) {
      const others = siblings.get(hs6.slice(0, 4))!.filter((s) => s !== hs6);
      const g = hs6Id.get(hs6);
      if (others.length === 0 || g === undefined) continue;
      for (const w of words) {
        if (others.filter((o) => own.get(o)!.has(w)).length < others.length / 2) distinctive.set(w, [...(distinctive.get(w) ?? []), g]);
      }
    }
  }
  const named = new Uint8Array(groups);

  function prepare(text: string): QueryTerm[] {
    const out: QueryTerm[] = [];
    let after = false;
    let previous: string | null = null;
    let previousWord: string | null = null;
    let previousLetter = false;
    const turkish = TURKISH_LETTERS.test(text);
    const seen = new Map<string, number>();
    // Where each word of the current phrase starts in `out`, for a postposition to discount.
    let starts: number[] = [];
    const written = terms(text);
    const material = TUNING.ornament > 0 && namesMaterial(written) && !written.some((t) => FESTIVE.has(t.word));
    for (const { word, term } of withoutFauxLeather(terms(text, KEEP))) {
      if (PREPOSITIONS.has(word)) {
        after = true;
        previous = null;
        previousWord = null;
        continue;
      }
      if (POSTPOSITIONS.has(word)) {
        const from = starts.length > POSTPOSITION_REACH ? starts[starts.length - POSTPOSITION_REACH]! : (starts[0] ?? out.length);
        for (let i = from; i < out.length; i++) out[i]!.boost *= TUNING.afterPreposition;
        starts = [];
        previous = null;
        previousWord = null;
        continue;
      }
      // A single letter names nothing alone but starts a compound the tariff writes the same way
      // ('T-shirts', 'V-belts', 'O-rings', 'X-ray'): it stays as the first word of a pair.
      if (word.length < 2 && /[a-z]/.test(word)) {
        previousLetter = true;
        previous = term;
        previousWord = word;
        continue;
      }
      if (/\d/.test(word) || NOISE_WORDS.has(word) || word.length < 2) continue;
      const pair = previous === null ? null : `${previous} ${term}`;
      // Two-word glossary entries ('diş macunu', 'kurutma makinesi') by their folded words.
      const phrase = previousWord === null ? undefined : TURKISH_GLOSSARY.get(`${previousWord} ${word}`);
      previous = term;
      previousWord = word;
      starts.push(out.length);
      let boost = after ? TUNING.afterPreposition : 1;
      if (WEAK_WORDS.has(word)) boost *= TUNING.weak;
      // A repeated word is the listing's subject; count it once more, not once per repetition.
      const times = seen.get(term) ?? 0;
      seen.set(term, times + 1);
      if (times >= 2) continue;
      if (times === 1) boost *= 0.5;
      if (bm25.has(term)) out.push({ word, term, boost });
      // A letter compound ('t shirt') is one word written in two: it counts in full.
      const compound = previousLetter;
      previousLetter = false;
      if (pair !== null && TUNING.pair > 0 && bm25.has(pair)) out.push({ word, term: pair, boost: boost * (compound ? 1 : TUNING.pair) });
      // A Turkish word also stands for its English tariff words (by its folded form or its stem).
      const single = englishNouns.has(word) ? undefined : (TURKISH_GLOSSARY.get(word) ?? glossaryByStem.get(term) ?? glossaryByStem.get(hardened(term)) ?? glossaryBySuffix(word));
      for (const english of [single, phrase]) {
        for (const en of english ?? []) {
          for (const t of terms(en)) if (bm25.has(t.term)) out.push({ word, term: t.term, boost: (boost * TUNING.glossary) / english!.length ** 0.5 });
        }
      }
      // A Turkish loanword the glossary does not know ('kompresör', 'konnektör'): the tariff words
      // spelt with its skeleton (loanwords.ts).
      if (TUNING.loan > 0 && turkish && single === undefined && phrase === undefined && !bm25.has(term) && word.length >= 5) {
        // By the stem and by the word as written (the stemmer also cuts a loanword's own ending:
        // 'enerji' → 'enerj'); a stem of under five letters says too little ('çok' is no 'cock').
        const found = new Set([...(term.length >= 5 ? (loanwords.get(skeleton(term)) ?? []) : []), ...(loanwords.get(skeleton(word)) ?? [])]);
        const list = [...found].slice(0, 3);
        for (const t of list) out.push({ word, term: t, boost: (boost * TUNING.loan) / list.length ** 0.5 });
      }
      // An English compound written as one word that the tariff writes as two ('keychain',
      // 'watchbands', 'shoelace'): its two nouns, and their pair, stand in for it.
      if (TUNING.split > 0 && !turkish && single === undefined && !bm25.has(term)) {
        const parts = splitCompound(word);
        if (parts) {
          for (const t of parts) out.push({ word, term: t, boost: boost * TUNING.split });
          const joined = parts.join(' ');
          if (bm25.has(joined)) out.push({ word, term: joined, boost });
        }
      }
      for (const cls of TUNING.materialClass > 0 ? (CLASS_WORDS.get(word) ?? []) : []) {
        const ts = cls.map((w) => terms(w)[0]!.term);
        for (const t of ts) if (bm25.has(t)) out.push({ word, term: t, boost: (boost * TUNING.materialClass) / ts.length });
        const phrase = ts.join(' ');
        if (ts.length === 2 && bm25.has(phrase)) out.push({ word, term: phrase, boost: boost * TUNING.materialClass * TUNING.pair * 2 });
      }
      if (material && DECOR.has(word)) for (const t of ORNAMENT_TERMS) if (bm25.has(t)) out.push({ word, term: t, boost: (after ? TUNING.afterPreposition : 1) * TUNING.ornament });
      for (const r of related?.get(term) ?? []) {
        if (r.word !== term && bm25.docsOf(r.word).length <= TUNING.relatedMaxShare * bm25.docCount) out.push({ word, term: r.word, boost: boost * r.weight * TUNING.related });
      }
    }
    // Only in long texts (rulings), which describe the goods at length: in a short listing title the
    // modifiers are few and often decide the heading ('human hair', 'stainless steel').
    if (TUNING.headRate > 0 && seen.size > TUNING.headRateFrom) {
      for (const t of out) {
        if (t.term.includes(' ')) continue;
        const share = Math.min(1, (headLines.get(t.term) ?? 0) / Math.max(1, bm25.docsOf(t.term).length));
        t.boost *= 1 - TUNING.headRate + TUNING.headRate * share;
      }
    }
    if (TUNING.turkishHead !== 1 && TURKISH_LETTERS.test(text)) {
      const first = text.split(/[:;.(]/)[0] ?? '';
      const head = terms(first).filter(({ word }) => !NOISE_WORDS.has(word) && !/\d/.test(word)).pop();
      if (head) for (const t of out) if (t.word === head.word) t.boost *= TUNING.turkishHead;
    }
    return out;
  }

  /** Two English nouns the index knows that a word is made of, the most even cut first; else null. */
  function splitCompound(word: string): [string, string] | null {
    if (word.length < 6 || !/^[a-z]+$/.test(word)) return null;
    let best: [string, string] | null = null;
    let bestShort = 0;
    for (let i = 3; i <= word.length - 3; i++) {
      const a = word.slice(0, i);
      const b = word.slice(i);
      const short = Math.min(a.length, b.length);
      if (short <= bestShort || AFFIXES.has(a) || AFFIXES.has(b) || !englishNouns.has(a) || !(englishNouns.has(b) || englishNouns.has(stem(b)))) continue;
      const ta = stem(a);
      const tb = stem(b);
      if (bm25.has(ta) && bm25.has(tb)) {
        best = [ta, tb];
        bestShort = short;
      }
    }
    return best;
  }

  // Turkish softens a final k, t, p before a vowel ('kaşık' → 'kaşığı', 'kilit' → 'kilidi', 'kitap'
  // → 'kitabı'): the stem of the inflected word ends in g, d or b where the entry has k, t or p.
  function hardened(term: string): string {
    const last = term[term.length - 1];
    const hard = last === 'g' ? 'k' : last === 'd' ? 't' : last === 'b' ? 'p' : undefined;
    return hard === undefined || term.length < 4 ? term : term.slice(0, -1) + hard;
  }

  // A short word with a case or '-li' suffix that stemming leaves alone ('camdan', 'taştan').
  function glossaryBySuffix(word: string): readonly string[] | undefined {
    const bare = names(GLOSSARY_WORDS, word);
    return bare === undefined ? undefined : TURKISH_GLOSSARY.get(bare);
  }

  function offer(g: number, doc: number, score: number): void {
    const base = g * SUPPORT.length;
    const k = count[g]!;
    let i = k;
    while (i > 0 && top[base + i - 1]! < score) i--;
    if (i >= SUPPORT.length) return;
    for (let j = Math.min(k, SUPPORT.length - 1); j > i; j--) {
      top[base + j] = top[base + j - 1]!;
      topDoc[base + j] = topDoc[base + j - 1]!;
    }
    top[base + i] = score;
    topDoc[base + i] = doc;
    if (k < SUPPORT.length) count[g] = k + 1;
  }

  return {
    lineCount: lines.length,
    sources,
    title: (hs6) => titles.get(hs6) ?? null,
    *indexedTexts() {
      for (const l of lines) yield l.text;
    },
    classify(description, topK = 5) {
      const q = prepare(description);
      if (q.length === 0) return [];
      const written = withoutFauxLeather(terms(description));
      const excluded = excludedHeadings(written);
      const conflicts = TUNING.materialConflict < 1 ? conflictingChapters(written) : new Set<string>();
      for (const h of TUNING.materialConflict < 1 ? conflictingHeadings(written) : []) conflicts.add(h);
      const states = TUNING.state < 1 ? unnamedStates(written) : new Set<string>();
      const machines = TUNING.machine < 1 ? unnamedMachines(written) : new Set<string>();
      // Chapter 71 note 11: jewellery without precious metal, pearls or stones is imitation jewellery.
      if (TUNING.imitation > 0 && excluded.has('7113') && q.some((t) => t.term === 'jewellery') && bm25.has('imitation')) {
        q.push({ word: 'jewellery', term: 'imitation', boost: TUNING.imitation });
      }
      // Coverage: the share of the query's weight that some line of a heading (chapter) matches.
      // One stray word ('ring' in organic chemistry) covers little of a listing; the heading
      // whose lines meet most of its words is the likelier home. A term's headings are listed
      // once at build time, so this costs a few hundred additions, not a walk over its lines.
      headingCover.fill(0);
      chapterCover.fill(0);
      let total = 0;
      q.forEach((t, qi) => {
        if (t.term.includes(' ')) return;
        const w = bm25.idf(t.term) * t.boost;
        total += w;
        const where = reach.get(t.term);
        if (!where) return;
        for (const h of where.headings) {
          if (headingMark[h] !== qi) {
            headingMark[h] = qi;
            headingCover[h]! += w;
          }
        }
        for (const c of where.chapters) {
          if (chapterMark[c] !== qi) {
            chapterMark[c] = qi;
            chapterCover[c]! += w;
          }
        }
      });
      headingMark.fill(-1);
      chapterMark.fill(-1);
      // A ruling's long description names the goods and much around them (use, packing, maker),
      // so coverage counts less the longer the text.
      const shortness = Math.min(1, TUNING.coverLength / q.length);
      const touched: number[] = [];
      bm25.score(q, (d, s) => {
        const g = docGroup[d]!;
        if (count[g] === 0) touched.push(g);
        offer(g, d, s * weight[d]!);
      });
      let maxOwn = 0;
      for (const g of touched) {
        const base = g * SUPPORT.length;
        let own = 0;
        for (let i = 0; i < count[g]!; i++) own += top[base + i]! * TUNING.support[i]!;
        ownScore[g] = own;
        if (own > maxOwn) maxOwn = own;
      }
      let maxGroup = 0;
      let maxHeading = 0;
      for (const g of touched) groupScore[g] = 0;
      headingScore.fill(0);
      if (TUNING.group > 0) {
        groupBm25.score(q, (g, s) => {
          groupScore[g] = s;
          if (s > maxGroup) maxGroup = s;
        });
      }
      if (TUNING.heading > 0) {
        headingBm25.score(q, (h, s) => {
          headingScore[h] = s;
          if (s > maxHeading) maxHeading = s;
        });
      }
      const asked = new Set(q.filter((t) => t.boost >= TUNING.distinctiveFrom).map((t) => t.term));
      if (TUNING.distinctive > 0) for (const t of asked) for (const g of distinctive.get(t) ?? []) named[g]!++;
      // Scores in a typed array; objects only for the few answers returned.
      for (const g of touched) {
        const d0 = topDoc[g * SUPPORT.length]!;
        const h = docHeading[d0]!;
        const cover = (headingCover[h]! / total) ** (TUNING.headingCover * shortness) * (chapterCover[docChapter[d0]!]! / total) ** (TUNING.chapterCover * shortness);
        const heading = headingKey[g]!;
        const chapter = chapterKey[g]!;
        const penalty = (excluded.has(heading) ? TUNING.excluded : 1)
          * (conflicts.has(chapter) || conflicts.has(heading) ? TUNING.materialConflict : 1)
          * (states.has(chapter) || states.has(heading) ? TUNING.state : 1)
          * (machines.has(heading) || machines.has(chapter) ? TUNING.machine : 1);
        let mix = ownScore[g]! / maxOwn;
        if (maxGroup > 0) mix += (TUNING.group * groupScore[g]!) / maxGroup;
        if (maxHeading > 0) mix += (TUNING.heading * headingScore[h]!) / maxHeading;
        const popular = 1 + TUNING.popularity * Math.log1p(Math.min(TUNING.popularityCap, searchTerms[g]!));
        const before = mix * cover * penalty * popular;
        finalScore[g] = before * (1 + TUNING.distinctive * (1 - 0.5 ** named[g]!));
        headingBefore[h] = Math.max(headingBefore[h]!, before);
        headingAfter[h] = Math.max(headingAfter[h]!, finalScore[g]!);
      }
      // The distinctive words only order siblings: each heading keeps its best score from before,
      // so a word that sets one subheading apart ('glass' in moulds for glass) does not pull the
      // question into that heading.
      for (const g of touched) {
        const h = docHeading[topDoc[g * SUPPORT.length]!]!;
        if (headingAfter[h]! > 0) finalScore[g] = (finalScore[g]! * headingBefore[h]!) / headingAfter[h]!;
      }
      headingBefore.fill(0);
      headingAfter.fill(0);
      const wanted = Math.max(2, topK);
      const ranked = topGroups(touched, wanted);
      const answers = ranked.map((g) => {
        const docs: number[] = [];
        for (let i = 0; i < count[g]!; i++) docs.push(topDoc[g * SUPPORT.length + i]!);
        return { hs6: hs6Keys[g]!, score: finalScore[g]!, docs };
      });
      for (const g of touched) count[g] = 0;
      named.fill(0);
      const best = answers[0]?.score ?? 0;
      const second = answers[1]?.score ?? 0;
      // How much of the question the first answer's best line explains.
      const first = answers[0] ? termSets[answers[0].docs[0]!]! : new Set<string>();
      let explained = 0;
      for (const t of q) if (first.has(t.term)) explained += bm25.idf(t.term) * t.boost;
      // The best line named in full ('pearl necklace', 'hand pump'): the question says all the line
      // says, which on the dev half doubles the share of right answers.
      const own = new Set(written.map((t) => t.term));
      const contained = first.size > 0 && [...first].every((t) => own.has(t));
      const confidence = confidenceOf(marginOf(best, second), total > 0 ? explained / total : 0, contained);
      return answers.slice(0, Math.max(1, topK)).map((r, i) => ({
        hs6: r.hs6,
        score: Math.round(r.score * 1000) / 1000,
        // Below the first: part of what the first leaves, by score, never above the first.
        confidence: i === 0 ? confidence : Math.min(confidence, Math.round((1 - confidence) * (r.score / best) * 500) / 1000),
        explained: i === 0 ? Math.round((total > 0 ? explained / total : 0) * 1000) / 1000 : 0,
        contained: i === 0 && contained,
        evidence: {
          matched_terms: [...new Set(q.filter((t) => r.docs.some((d) => termSets[d]!.has(t.term))).map((t) => t.word))],
          lines: r.docs.map((d) => ({ code: lines[d]!.code, source: lines[d]!.source, text: lines[d]!.text })),
        },
      }));
    },
  };

  /** The `n` best touched subheadings by final score, best first (ties by code). */
  function topGroups(touched: readonly number[], n: number): number[] {
    const out: number[] = [];
    const better = (a: number, b: number) => finalScore[a]! > finalScore[b]! || (finalScore[a] === finalScore[b] && hs6Keys[a]! < hs6Keys[b]!);
    for (const g of touched) {
      if (out.length === n && !better(g, out[n - 1]!)) continue;
      let i = Math.min(out.length, n - 1);
      if (out.length < n) out.push(g);
      while (i > 0 && better(g, out[i - 1]!)) {
        out[i] = out[i - 1]!;
        i--;
      }
      out[i] = g;
    }
    return out;
  }
}

function pairsOf(ts: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < ts.length; i++) if (!ts[i]!.startsWith(NOT) && !ts[i + 1]!.startsWith(NOT)) out.push(`${ts[i]} ${ts[i + 1]}`);
  return out;
}

function lemmaTerm(lemma: string): string | null {
  const ts = terms(lemma);
  return ts.length === 1 ? ts[0]!.term : null;
}

export type { TariffLine };
