import { isGenericToken, nameKey, normaliseCompanyName } from './company-name.js';
import type { NormalisedName } from './company-name.js';
import { splitWords } from './fold.js';
import { tokenSetSimilarity, trigramDice, trigrams, wordSimilarity } from './similarity.js';

export interface CompanyRecord {
  id: string;
  name: string;
  aliases?: readonly string[];
  country: string;
  tax_number?: string | null;
  trade_value_usd: number;
}

export type MatchReason = 'exact_tax_number' | 'exact_name' | 'normalised_name' | 'fuzzy';

export interface SearchHit {
  id: string;
  name: string;
  /** The name or alias that matched. */
  matched_name: string;
  country: string;
  trade_value_usd: number;
  score: number;
}

export interface MatchInput {
  name: string;
  country?: string | null;
  tax_number?: string | null;
}

export interface MatchCandidate {
  id: string;
  name: string;
  matched_name: string;
  country: string;
  score: number;
  reason: MatchReason;
}

export interface MatchResult {
  matched: boolean;
  best: MatchCandidate | null;
  /** Best few distinct companies, best first (includes `best`). */
  candidates: MatchCandidate[];
}

export interface SearchOptions {
  country?: string | null;
  limit?: number;
  /** Hits scoring below this are dropped; default 0.3. */
  min_score?: number;
}

export interface MatchOptions {
  threshold?: number;
  /** Candidates returned per input; default 3. */
  candidates?: number;
}

export interface NameIndex {
  readonly size: number;
  search(query: string, options?: SearchOptions): SearchHit[];
  match(inputs: readonly MatchInput[], options?: MatchOptions): MatchResult[];
  /** The score a single input gets against one company's best name, for diagnostics and tests. */
  scorePair(input: MatchInput, companyId: string): MatchCandidate | null;
}

/** Tuned on generated Turkish trade names (see evaluate.ts and its test). */
export const DEFAULT_MATCH_THRESHOLD = 0.84;

// Generic trade words still count, a little: two names that differ only in 'San. ve Tic.' are
// probably the same firm, while 'Yılmaz Tekstil' and 'Yılmaz Gıda' are not.
const GENERIC_WEIGHT = 0.15;
const LEGAL_CONFLICT_PENALTY = 0.25;
const LEGAL_MISSING_PENALTY = 0.03;
const COUNTRY_CONFLICT_PENALTY = 0.15;
const FUZZY_CAP = 0.94;
// Word overlap decides; whole-string trigrams only break ties between near-equal word sets.
const TOKEN_SHARE = 0.9;

interface Entry {
  company: number;
  name: string;
  norm: NormalisedName;
  exactKey: string;
  key: string;
}

interface Query {
  norm: NormalisedName;
  exactKey: string;
  key: string;
  trigrams: string[];
}

export function buildNameIndex(companies: readonly CompanyRecord[]): NameIndex {
  const entries: Entry[] = [];
  const byTax = new Map<string, number>();
  const byExact = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  const df = new Map<string, number>();
  const lists = new Map<string, number[]>();

  companies.forEach((c, ci) => {
    const tax = cleanTax(c.tax_number);
    if (tax && !byTax.has(tax)) byTax.set(tax, ci);
    const seen = new Set<string>();
    for (const name of [c.name, ...(c.aliases ?? [])]) {
      const norm = normaliseCompanyName(name);
      const exactKey = splitWords(norm.folded).join(' ');
      if (exactKey.length === 0 || seen.has(exactKey)) continue;
      seen.add(exactKey);
      const e = entries.length;
      const key = nameKey(norm);
      entries.push({ company: ci, name, norm, exactKey, key });
      push(byExact, exactKey, e);
      push(byKey, key, e);
      for (const t of new Set(norm.tokens)) df.set(t, (df.get(t) ?? 0) + 1);
      for (const g of trigrams(norm.core)) push(lists, g, e);
    }
  });

  const postings = new Map<string, Int32Array>();
  for (const [g, list] of lists) postings.set(g, Int32Array.from(list));
  lists.clear();

  const n = Math.max(1, entries.length);
  const idfCache = new Map<string, number>();
  const weight = (t: string): number => {
    let w = idfCache.get(t);
    if (w === undefined) {
      w = Math.log(1 + n / ((df.get(t) ?? 0) + 1)) * (isGenericToken(t) ? GENERIC_WEIGHT : 1);
      idfCache.set(t, w);
    }
    return w;
  };
  const acc = new Float64Array(entries.length);

  function prepare(name: string): Query {
    const norm = normaliseCompanyName(name);
    return { norm, exactKey: splitWords(norm.folded).join(' '), key: nameKey(norm), trigrams: [...trigrams(norm.core)] };
  }

  /** Entries sharing enough rare trigrams with the query, plus its exact and normalised twins. */
  function candidates(q: Query, max: number, allowed: (e: number) => boolean): number[] {
    // Rarest first; trigrams found in a large share of all names ('tek', 'ler') cost the most to
    // walk and say the least, so they are skipped once a few rarer ones are in hand.
    const lists = q.trigrams.map((g) => postings.get(g)).sort((a, b) => (a?.length ?? 0) - (b?.length ?? 0));
    const common = Math.max(2_000, n * 0.02);
    const touched: number[] = [];
    let total = 0;
    let used = 0;
    for (const p of lists) {
      if (!p) {
        total += Math.log(1 + n);
        continue;
      }
      if (p.length > common && used >= 3) break;
      used++;
      const w = Math.log(1 + n / p.length);
      total += w;
      for (let i = 0; i < p.length; i++) {
        const e = p[i]!;
        if (acc[e] === 0) touched.push(e);
        acc[e]! += w;
      }
    }
    // A floor keeps the sort small; a short misspelt name shares few trigrams, so relax it once.
    let kept: number[] = [];
    for (const share of [0.3, 0.1]) {
      const floor = share * total;
      kept = touched.filter((e) => acc[e]! >= floor && allowed(e));
      if (kept.length >= 5) break;
    }
    if (kept.length > max) kept = kept.sort((a, b) => acc[b]! - acc[a]!).slice(0, max);
    for (const e of touched) acc[e] = 0;
    const out = new Set(kept);
    for (const e of byExact.get(q.exactKey) ?? []) if (allowed(e)) out.add(e);
    for (const e of byKey.get(q.key) ?? []) if (allowed(e)) out.add(e);
    return [...out];
  }

  function pairScore(q: Query, e: Entry, country: string | null): { score: number; reason: MatchReason } {
    let score: number;
    let reason: MatchReason;
    if (q.exactKey === e.exactKey) {
      score = 1;
      reason = 'exact_name';
    } else if (q.key === e.key) {
      score = 0.97;
      reason = 'normalised_name';
    } else if (q.norm.tokens.join(' ') === e.norm.tokens.join(' ') && legalPenalty(q.norm, e.norm) < LEGAL_CONFLICT_PENALTY) {
      score = 0.95;
      reason = 'normalised_name';
    } else {
      const ts = tokenSetSimilarity(q.norm.tokens, e.norm.tokens, weight);
      const td = trigramDice(q.norm.core, e.norm.core);
      score = Math.min(FUZZY_CAP, TOKEN_SHARE * ts + (1 - TOKEN_SHARE) * td - legalPenalty(q.norm, e.norm));
      reason = 'fuzzy';
    }
    const c = companies[e.company]!;
    if (country && c.country && country.toUpperCase() !== c.country.toUpperCase()) score -= COUNTRY_CONFLICT_PENALTY;
    return { score: clamp01(score), reason };
  }

  function matchOne(input: MatchInput, threshold: number, keep: number): MatchResult {
    const tax = cleanTax(input.tax_number);
    const taxHit = tax ? byTax.get(tax) : undefined;
    if (taxHit !== undefined) {
      const c = companies[taxHit]!;
      const best: MatchCandidate = { id: c.id, name: c.name, matched_name: c.name, country: c.country, score: 1, reason: 'exact_tax_number' };
      return { matched: true, best, candidates: [best] };
    }
    const q = prepare(input.name);
    const byCompany = new Map<number, MatchCandidate>();
    for (const ei of candidates(q, 60, () => true)) {
      const e = entries[ei]!;
      const { score, reason } = pairScore(q, e, input.country ?? null);
      const prev = byCompany.get(e.company);
      if (prev && prev.score >= score) continue;
      const c = companies[e.company]!;
      byCompany.set(e.company, { id: c.id, name: c.name, matched_name: e.name, country: c.country, score: round4(score), reason });
    }
    const ranked = [...byCompany.values()].sort((a, b) => b.score - a.score).slice(0, keep);
    const best = ranked[0] ?? null;
    return { matched: best !== null && best.score >= threshold, best, candidates: ranked };
  }

  function searchScore(q: Query, e: Entry): number {
    if (q.exactKey === e.exactKey) return 1;
    // How much of what the user typed is found in the name; a typed word may be the start of a
    // longer word, since search runs as the user types.
    const qTokens = [...new Set(q.norm.tokens)];
    let have = 0;
    let want = 0;
    for (const t of qTokens) {
      const w = weight(t);
      want += w;
      let best = 0;
      for (const u of e.norm.tokens) {
        const s = u === t ? 1 : u.startsWith(t) && t.length >= 2 ? 0.9 : wordSimilarity(t, u);
        if (s > best) best = s;
      }
      have += w * best;
    }
    const coverage = want === 0 ? 0 : have / want;
    const symmetric = tokenSetSimilarity(q.norm.tokens, e.norm.tokens, weight);
    const legal = q.norm.legal_form && e.norm.legal_form && q.norm.legal_form !== e.norm.legal_form ? 0.1 : 0;
    return clamp01(0.75 * coverage + 0.25 * symmetric - legal);
  }

  return {
    size: companies.length,
    search(query, options = {}) {
      const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
      const minScore = options.min_score ?? 0.3;
      const q = prepare(query);
      if (q.exactKey.length === 0) return [];
      const country = options.country?.toUpperCase() ?? null;
      const allowed = country ? (e: number) => companies[entries[e]!.company]!.country.toUpperCase() === country : () => true;
      const best = new Map<number, SearchHit>();
      for (const ei of candidates(q, Math.max(200, limit * 4), allowed)) {
        const e = entries[ei]!;
        const score = round4(searchScore(q, e));
        if (score < minScore) continue;
        const prev = best.get(e.company);
        if (prev && prev.score >= score) continue;
        const c = companies[e.company]!;
        best.set(e.company, { id: c.id, name: c.name, matched_name: e.name, country: c.country, trade_value_usd: c.trade_value_usd, score });
      }
      // Relevance first, in steps of 0.01 so that near-equal names are ordered by trade size.
      return [...best.values()]
        .sort((a, b) => Math.round(b.score * 100) - Math.round(a.score * 100) || b.trade_value_usd - a.trade_value_usd || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },
    match(inputs, options = {}) {
      const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
      const keep = Math.max(1, options.candidates ?? 3);
      return inputs.map((input) => matchOne(input, threshold, keep));
    },
    scorePair(input, companyId) {
      const ci = companies.findIndex((c) => c.id === companyId);
      if (ci < 0) return null;
      const c = companies[ci]!;
      const tax = cleanTax(input.tax_number);
      if (tax && tax === cleanTax(c.tax_number)) {
        return { id: c.id, name: c.name, matched_name: c.name, country: c.country, score: 1, reason: 'exact_tax_number' };
      }
      const q = prepare(input.name);
      let out: MatchCandidate | null = null;
      for (const e of entries) {
        if (e.company !== ci) continue;
        const { score, reason } = pairScore(q, e, input.country ?? null);
        if (!out || score > out.score) out = { id: c.id, name: c.name, matched_name: e.name, country: c.country, score: round4(score), reason };
      }
      return out;
    },
  };
}

function legalPenalty(a: NormalisedName, b: NormalisedName): number {
  if (a.legal_form === b.legal_form) return 0;
  if (!a.legal_form || !b.legal_form) return LEGAL_MISSING_PENALTY;
  // 'co ltd' and 'ltd' describe the same kind of firm; only disjoint forms conflict.
  const fa = a.legal_form.split(' ');
  const fb = new Set(b.legal_form.split(' '));
  return fa.some((f) => fb.has(f)) ? 0 : LEGAL_CONFLICT_PENALTY;
}

function cleanTax(tax: string | null | undefined): string | null {
  if (!tax) return null;
  const digits = tax.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
