import { trigrams } from '../matching/similarity.js';
import { buildBm25 } from './bm25.js';
import { terms } from './terms.js';

export type HsDocSource = 'nomenclature' | 'declaration';

export interface HsDoc {
  /** HS/GTİP code, digits only: 6 or 12 for classification; 2 to 12 for nomenclature search. */
  code: string;
  text: string;
  /** How much this example counts (e.g. how often it was declared); default 1. */
  weight?: number;
  source: HsDocSource;
}

export interface ClassifyCandidate {
  /** 6- or 12-digit code, per the requested level. */
  code: string;
  hs6: string;
  /** 0–1: the best example's relevance relative to a perfect match, plus a little for support. */
  score: number;
  evidence: {
    /** Words of the description found in this code's examples. */
    matched_terms: string[];
    /** Best-matching texts behind this code. */
    similar_examples: string[];
  };
}

export interface ClassifyOptions {
  top_k?: number;
  level?: 6 | 12;
}

export interface NomenclatureHit {
  code: string;
  /** Number of digits: 2 chapter, 4 heading, 6 subheading, 8–12 national lines. */
  level: number;
  description: string;
  score: number;
  matched_terms: string[];
}

export interface NomenclatureSearchOptions {
  limit?: number;
  level?: number;
}

export interface HsClassifier {
  readonly size: number;
  classify(description: string, options?: ClassifyOptions): ClassifyCandidate[];
  searchNomenclature(query: string, options?: NomenclatureSearchOptions): NomenclatureHit[];
}

interface QueryTerm {
  word: string;
  term: string;
  boost: number;
}

// Support from further examples of the same code adds to the best one, at a discount, so a code
// with many matching declarations edges out one with a single lucky description.
const SUPPORT = [1, 0.25, 0.25];
// A word unknown to the corpus may stand in for a similar known one, worth less than a true hit.
const FUZZY_MIN_DICE = 0.5;
const FUZZY_BOOST = 0.8;

// Neighbouring word pairs are indexed too: 'not roasted, not decaffeinated' and 'decaffeinated, not
// roasted' hold the same words, and only their order tells the two coffees apart.
const PAIR_BOOST = 0.5;

function withPairs(ts: readonly string[]): string[] {
  const out = [...ts];
  for (let i = 0; i + 1 < ts.length; i++) out.push(`${ts[i]} ${ts[i + 1]}`);
  return out;
}

const CODE = /^(\d{2}|\d{4}|\d{6}|\d{8}|\d{10}|\d{12})$/;

export function buildClassifier(docs: readonly HsDoc[]): HsClassifier {
  for (const d of docs) {
    if (!CODE.test(d.code)) throw new Error(`invalid HS code '${d.code}': 2 to 12 digits, an even count`);
  }
  const docTerms = docs.map((d) => terms(d.text));
  const termSets = docTerms.map((ts) => new Set(ts.map((t) => t.term)));
  const bm25 = buildBm25(docTerms.map((ts) => withPairs(ts.map((t) => t.term))));
  const weights = Float64Array.from(docs, (d) => d.weight ?? 1);
  const level6 = new Grouping(docs.map((d) => (d.code.length >= 6 ? d.code.slice(0, 6) : null)));
  const level12 = new Grouping(docs.map((d) => (d.code.length === 12 ? d.code : null)));
  let vocabTrigrams: Map<string, string[]> | null = null;
  let trigramCount: Map<string, number> | null = null;
  // Stand-ins per unknown term, remembered: the same misspellings come back, and the search over
  // the vocabulary's trigrams is the costliest step of a question. Bounded, cleared when full.
  const standIns = new Map<string, Array<[string, number]>>();

  function similarKnownTerms(term: string): Array<[string, number]> {
    const known = standIns.get(term);
    if (known) return known;
    if (!vocabTrigrams || !trigramCount) {
      vocabTrigrams = new Map();
      trigramCount = new Map();
      for (const t of bm25.terms()) {
        const own = trigrams(t);
        trigramCount.set(t, own.size);
        for (const g of own) {
          const l = vocabTrigrams.get(g);
          if (l) l.push(t);
          else vocabTrigrams.set(g, [t]);
        }
      }
    }
    const mine = trigrams(term);
    const shared = new Map<string, number>();
    for (const g of mine) for (const t of vocabTrigrams.get(g) ?? []) shared.set(t, (shared.get(t) ?? 0) + 1);
    const out: Array<[string, number]> = [];
    for (const [t, k] of shared) {
      const dice = (2 * k) / (mine.size + trigramCount.get(t)!);
      if (dice >= FUZZY_MIN_DICE) out.push([t, dice]);
    }
    const best = out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 2);
    if (standIns.size >= 20_000) standIns.clear();
    standIns.set(term, best);
    return best;
  }

  function prepare(text: string): QueryTerm[] {
    const out: QueryTerm[] = [];
    const words = terms(text);
    words.forEach(({ word, term }, i) => {
      if (bm25.has(term)) out.push({ word, term, boost: 1 });
      // A number ('2024', 'no 173') is not a misspelling of another number.
      else if (term.length >= 3 && !/^\d+$/.test(term)) {
        for (const [t, dice] of similarKnownTerms(term)) out.push({ word, term: t, boost: dice * FUZZY_BOOST });
      }
      const next = words[i + 1];
      if (next && bm25.has(`${term} ${next.term}`)) out.push({ word, term: `${term} ${next.term}`, boost: PAIR_BOOST });
    });
    return out;
  }

  function matchedWords(q: readonly QueryTerm[], doc: number): string[] {
    const set = termSets[doc]!;
    return [...new Set(q.filter((t) => set.has(t.term)).map((t) => t.word))];
  }

  return {
    size: docs.length,

    classify(description, options = {}) {
      const topK = Math.max(1, Math.min(options.top_k ?? 5, 100));
      const level = options.level ?? 6;
      const q = prepare(description);
      if (q.length === 0) return [];
      const ceiling = bm25.selfScore(q);
      const lv = level === 6 ? level6 : level12;
      const touched: number[] = [];
      bm25.score(q, (d, raw) => {
        const g = lv.docGroup[d]!;
        if (g < 0) return;
        if (lv.count[g] === 0) touched.push(g);
        lv.offer(g, d, raw * weights[d]!);
      });
      let ranked = touched.map((g) => ({ code: lv.keys[g]!, top: lv.take(g), agg: 0 }));
      for (const r of ranked) r.agg = r.top.reduce((sum, [, s], i) => sum + s * SUPPORT[i]!, 0);
      // Sorting thousands of faint matches to show five is most of the work; drop them first.
      const best = ranked.reduce((m, r) => Math.max(m, r.agg), 0);
      const strong = ranked.filter((r) => r.agg >= 0.05 * best);
      if (strong.length >= topK) ranked = strong;
      ranked.sort((a, b) => b.agg - a.agg || (a.code < b.code ? -1 : 1));
      return ranked.slice(0, topK).map(({ code, top: hits, agg }) => {
        const top = hits.map(([d]) => d);
        return {
          code,
          hs6: code.slice(0, 6),
          score: round4(Math.min(1, agg / ceiling)),
          evidence: {
            matched_terms: [...new Set(top.flatMap((d) => matchedWords(q, d)))],
            similar_examples: [...new Set(top.map((d) => docs[d]!.text))],
          },
        };
      });
    },

    searchNomenclature(query, options = {}) {
      const limit = Math.max(1, Math.min(options.limit ?? 20, 1000));
      const level = options.level;
      const isNomenclature = (d: number) =>
        docs[d]!.source === 'nomenclature' && (level === undefined || docs[d]!.code.length === level);
      const digits = query.replace(/[\s.]/g, '');
      if (/^\d+$/.test(digits)) {
        // A code or code prefix: the entries under it, broadest first.
        const seen = new Map<string, NomenclatureHit>();
        docs.forEach((doc, d) => {
          if (!isNomenclature(d) || !doc.code.startsWith(digits) || seen.has(doc.code)) return;
          seen.set(doc.code, { code: doc.code, level: doc.code.length, description: doc.text, score: 1, matched_terms: [] });
        });
        return [...seen.values()].sort((a, b) => a.level - b.level || (a.code < b.code ? -1 : 1)).slice(0, limit);
      }
      const q = prepare(query);
      if (q.length === 0) return [];
      const ceiling = bm25.selfScore(q);
      const best = new Map<string, [number, number]>();
      bm25.score(q, (d, s) => {
        if (!isNomenclature(d)) return;
        const prev = best.get(docs[d]!.code);
        if (!prev || s > prev[1]) best.set(docs[d]!.code, [d, s]);
      });
      return [...best]
        .sort((a, b) => b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, limit)
        .map(([code, [d, s]]) => ({
          code,
          level: code.length,
          description: docs[d]!.text,
          score: round4(Math.min(1, s / ceiling)),
          matched_terms: matchedWords(q, d),
        }));
    },
  };
}

/**
 * Documents grouped by the code they vote for at one level, with scratch space that keeps each
 * group's best examples during a query: typed arrays indexed by group, no strings or maps per hit.
 */
class Grouping {
  readonly keys: string[] = [];
  readonly docGroup: Int32Array;
  readonly count: Uint8Array;
  private readonly topDoc: Int32Array;
  private readonly topScore: Float64Array;

  constructor(keyOfDoc: ReadonlyArray<string | null>) {
    const ids = new Map<string, number>();
    this.docGroup = Int32Array.from(keyOfDoc, (k) => {
      if (k === null) return -1;
      let id = ids.get(k);
      if (id === undefined) {
        id = this.keys.length;
        ids.set(k, id);
        this.keys.push(k);
      }
      return id;
    });
    const n = this.keys.length;
    this.count = new Uint8Array(n);
    this.topDoc = new Int32Array(n * SUPPORT.length);
    this.topScore = new Float64Array(n * SUPPORT.length);
  }

  /** Keeps (doc, score) if it is among the group's best SUPPORT.length, in descending order. */
  offer(g: number, doc: number, score: number): void {
    const base = g * SUPPORT.length;
    const k = this.count[g]!;
    let i = k;
    while (i > 0 && this.topScore[base + i - 1]! < score) i--;
    if (i >= SUPPORT.length) return;
    for (let j = Math.min(k, SUPPORT.length - 1); j > i; j--) {
      this.topScore[base + j] = this.topScore[base + j - 1]!;
      this.topDoc[base + j] = this.topDoc[base + j - 1]!;
    }
    this.topScore[base + i] = score;
    this.topDoc[base + i] = doc;
    if (k < SUPPORT.length) this.count[g] = k + 1;
  }

  /** The group's best examples, best first; resets the group for the next query. */
  take(g: number): Array<[number, number]> {
    const base = g * SUPPORT.length;
    const out: Array<[number, number]> = [];
    for (let i = 0; i < this.count[g]!; i++) out.push([this.topDoc[base + i]!, this.topScore[base + i]!]);
    this.count[g] = 0;
    return out;
  }
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
