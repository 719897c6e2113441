import { isGenericToken, isOptionalToken, nameKey, normaliseCompanyName } from './company-name.js';
import type { NormalisedName } from './company-name.js';
import { isValidTckn, isValidVkn } from '../codes/vkn.js';
import { splitWords } from './fold.js';
import { alignTokens, tokenSetSimilarity, trigrams, wordSimilarity } from './similarity.js';
import { buildVocabulary } from './vocabulary.js';

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

/**
 * Tuned on generated Turkish trade names (scripts/match-eval.ts): F1 is flat between 0.82 and 0.90;
 * below, names a word apart start to match, above, misspelt names stop matching.
 */
export const DEFAULT_MATCH_THRESHOLD = 0.84;

// Generic trade words still count, a little, when a search ranks names: 'Yılmaz Tekstil' and
// 'Yılmaz Gıda' are two firms, two names differing in 'San. ve Tic.' are probably one.
const GENERIC_WEIGHT = 0.15;
const LEGAL_CONFLICT_PENALTY = 0.25;
const LEGAL_MISSING_PENALTY = 0.03;
// 'Co., Ltd.' and 'Ltd.' name one kind of firm, written two ways.
const LEGAL_ALIKE_PENALTY = 0.01;
const LEGAL_ALIKE: ReadonlyArray<readonly [string, string]> = [['co ltd', 'ltd']];
const COUNTRY_CONFLICT_PENALTY = 0.15;
// A well-formed tax number (its check digits hold) that is not the firm's names another taxpayer;
// a malformed one is a typo and says nothing.
const TAX_CONFLICT_PENALTY = 0.2;
// Generic words: one the input has and the firm's names lack ('Dış Tic.' against 'San. ve Tic.')
// names another firm. Leaving one out is usual for the activity words of Turkish names and costs
// a hair; for the others ('Group', 'Trading') it is as telling as adding one. A firm known only by
// names without a legal form may have more words than those names show.
const GENERIC_CONFLICT_PENALTY = 0.2;
const GENERIC_UNSURE_PENALTY = 0.05;
const OPTIONAL_OMITTED_PENALTY = 0.01;
// A distinctive word on one side only: the weighted overlap already counts it by its rarity, but
// a whole word more or less usually means another firm however common the word is ('Al Khaleej
// General Trading' and 'Al Khaleej Trading').
const UNPAIRED_PENALTY = 0.1;
// 'Haiyue Zhongda' and 'Zhongda Haiyue' are two firms; a word out of place costs this much.
const ORDER_PENALTY = 0.2;
// Two words both well attested in the index are two words, not one word and its typo
// ('Dokuma' and 'Döküm'); a word seen this often or less may be a typo.
const RARE_WORD = 2;
// Fuzzy scores stay below normalised ones; above the knee they are compressed, not cut, so a
// closer name still ranks first.
const FUZZY_KNEE = 0.9;
const FUZZY_CAP = 0.94;
// A candidate must share at least this share of the input's distinctive weight; a name sharing
// less cannot reach a useful score (with none at all, shared letters are tried instead).
const CANDIDATE_FLOOR = 0.7;
// Candidates scored per input: the best 64 by shared words, more only while they tie with the
// best (many firms can share a name but its trade words), at most 512.
const CANDIDATES_SCORED = 64;
const CANDIDATES_MAX = 512;

interface Entry {
  company: number;
  name: string;
  norm: NormalisedName;
  exactKey: string;
  key: string;
  /** Distinctive words in order (all words when none is distinctive). */
  core: string[];
}

/** What all of a company's names say about it, for words an input has and a name lacks. */
interface Profile {
  /** Legal forms of its names ('as', 'co ltd'). */
  legal: Set<string>;
  /** Generic words of its names, each as often as the name using it most has it. */
  generic: Map<string, number>;
  /** Some name carries a legal form, so it is written out in full. */
  full: boolean;
}

interface Query {
  norm: NormalisedName;
  exactKey: string;
  key: string;
  trigrams: string[];
  core: string[];
  /** Generic words beside a distinctive core, counted. */
  generic: Map<string, number>;
  legal: string;
  /** The input's tax number when it is well formed (a VKN or TCKN whose check digits hold). */
  tax: string | null;
}

interface Slot {
  /** Postings of the word and of its likely typos, with how alike each is to the input's word. */
  lists: Array<[Int32Array, number]>;
  weight: number;
  size: number;
}

export function buildNameIndex(companies: readonly CompanyRecord[]): NameIndex {
  const entries: Entry[] = [];
  const profiles: Profile[] = [];
  const byTax = new Map<string, number>();
  const byExact = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  const df = new Map<string, number>();
  const lists = new Map<string, number[]>();
  const words = new Map<string, number[]>();

  // Profiles are shared: most firms have one of a few dozen combinations of forms and words.
  const profileIds = new Map<string, number>();
  const profileOf = new Int32Array(companies.length);

  companies.forEach((c, ci) => {
    const tax = cleanTax(c.tax_number);
    if (tax && !byTax.has(tax)) byTax.set(tax, ci);
    const seen: string[] = [];
    const legal: string[] = [];
    let generic: string[] = [];
    for (const name of [c.name, ...(c.aliases ?? [])]) {
      const norm = normaliseCompanyName(name);
      const exactKey = splitWords(norm.folded).join(' ');
      if (exactKey.length === 0 || seen.includes(exactKey)) continue;
      seen.push(exactKey);
      const e = entries.length;
      const core = coreTokens(norm);
      const key = nameKey(norm);
      entries.push({ company: ci, name, norm, exactKey, key, core });
      push(byExact, exactKey, e);
      push(byKey, key, e);
      norm.tokens.forEach((t, i) => {
        if (norm.tokens.indexOf(t) === i) df.set(t, (df.get(t) ?? 0) + 1);
      });
      core.forEach((t, i) => {
        if (core.indexOf(t) === i) push(words, t, e);
      });
      for (const g of trigrams(norm.core)) push(lists, g, e);
      if (norm.legal_form && !legal.includes(norm.legal_form)) legal.push(norm.legal_form);
      generic = mostOfEach(generic, genericTokens(norm, core));
    }
    const key = `${legal.sort().join(',')}|${generic.join(',')}`;
    let id = profileIds.get(key);
    if (id === undefined) {
      id = profiles.length;
      profileIds.set(key, id);
      profiles.push({ legal: new Set(legal), generic: counted(generic), full: legal.length > 0 });
    }
    profileOf[ci] = id;
  });

  const postings = new Map<string, Int32Array>();
  for (const [g, list] of lists) postings.set(g, Int32Array.from(list));
  lists.clear();
  const wordPostings = new Map<string, Int32Array>();
  for (const [w, list] of words) wordPostings.set(w, Int32Array.from(list));
  words.clear();
  const vocabulary = buildVocabulary(wordPostings.keys());

  const n = Math.max(1, entries.length);
  const idf = (t: string): number => Math.log(1 + n / ((df.get(t) ?? 0) + 1));
  const idfCache = new Map<string, number>();
  const weight = (t: string): number => {
    let w = idfCache.get(t);
    if (w === undefined) {
      w = idf(t) * (isGenericToken(t) ? GENERIC_WEIGHT : 1);
      if (idfCache.size > 100_000) idfCache.clear();
      idfCache.set(t, w);
    }
    return w;
  };
  const known = (t: string): boolean => df.has(t);
  const similar = (a: string, b: string): number => {
    const s = wordSimilarity(a, b);
    return s > 0 && s < 1 && (df.get(a) ?? 0) > RARE_WORD && (df.get(b) ?? 0) > RARE_WORD ? 0 : s;
  };
  const acc = new Float64Array(entries.length);
  // Weight of each entry's distinctive words, to rank candidates by overlap with the whole name.
  const entryWeight = Float64Array.from(entries, (e) => e.core.reduce((a, t, i) => (e.core.indexOf(t) === i ? a + idf(t) : a), 0));
  const countryOf = companies.map((c) => (c.country ?? '').toUpperCase());
  const taxOf = companies.map((c) => cleanTax(c.tax_number));

  function prepare(name: string, taxNumber?: string | null): Query {
    const norm = normaliseCompanyName(name);
    const tax = cleanTax(taxNumber);
    const core = coreTokens(norm);
    return {
      norm,
      exactKey: splitWords(norm.folded).join(' '),
      key: nameKey(norm),
      trigrams: [...trigrams(norm.core)],
      core,
      generic: counted(genericTokens(norm, core)),
      legal: norm.legal_form,
      tax: tax && (isValidVkn(tax) || isValidTckn(tax)) ? tax : null,
    };
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
    return withTwins(q, kept, allowed);
  }

  function withTwins(q: Query, kept: readonly number[], allowed: (e: number) => boolean): number[] {
    const out = new Set(kept);
    for (const e of byExact.get(q.exactKey) ?? []) if (allowed(e)) out.add(e);
    for (const e of byKey.get(q.key) ?? []) if (allowed(e)) out.add(e);
    return [...out];
  }

  /** Where a distinctive word of the input is found: its own postings and those of its likely typos. */
  function slot(t: string): Slot {
    const lists: Array<[Int32Array, number]> = [];
    const exact = wordPostings.get(t);
    let w = idf(t);
    if (exact) lists.push([exact, 1]);
    // A word seen once or twice may itself be a typo of a common one.
    if (!exact || exact.length <= RARE_WORD) {
      let typoWeight = Infinity;
      for (const u of vocabulary.neighbours(t)) {
        const s = similar(t, u);
        if (s === 0) continue;
        lists.push([wordPostings.get(u)!, s]);
        typoWeight = Math.min(typoWeight, idf(u));
      }
      // An unknown word weighs what the word it is a typo of weighs.
      if (!exact && typoWeight < Infinity) w = typoWeight;
    }
    return { lists, weight: w, size: lists.reduce((a, [p]) => a + p.length, 0) };
  }

  /**
   * Entries holding the input's distinctive words, or words one typo away from them. Words are
   * visited rarest first; once the words left could not lift an entry not yet seen to the floor,
   * no new entry is taken, so the long lists of common words ('Tekstil') are never walked alone.
   */
  function wordCandidates(q: Query, country: string | null): number[] {
    const slots = new Map<string, Slot>();
    // Distinct words only, here and in `entryWeight`: whether a word is there twice is left to
    // the full score.
    for (const t of q.core) if (!slots.has(t)) slots.set(t, slot(t));
    const order = [...slots.values()].sort((a, b) => a.size - b.size);
    const total = order.reduce((a, s) => a + s.weight, 0);
    const floor = CANDIDATE_FLOOR * total;
    let left = total;
    const touched: number[] = [];
    for (const s of order) {
      const open = left >= floor;
      left -= s.weight;
      if (!open && touched.length < s.size) {
        // Only entries already in hand can still gain: look the word up in them.
        for (const e of touched) {
          let best = 0;
          for (const [p, sim] of s.lists) if (sim > best && holds(p, e)) best = sim;
          acc[e]! += s.weight * best;
        }
        continue;
      }
      for (const [p, sim] of s.lists) {
        const add = s.weight * sim;
        for (let i = 0; i < p.length; i++) {
          const e = p[i]!;
          if (acc[e] === 0) {
            if (!open) continue;
            touched.push(e);
          }
          acc[e]! += add;
        }
      }
    }
    let kept = touched.filter((e) => acc[e]! >= floor - 1e-9);
    if (kept.length > CANDIDATES_SCORED) {
      // Many names share the input's words ('Delta Import Export' in sixty countries): first
      // those whose own words are mostly shared too, in the input's country.
      for (const e of kept) {
        acc[e] = (2 * acc[e]!) / (total + entryWeight[e]!);
        if (country && countryOf[entries[e]!.company] !== country) acc[e]! -= COUNTRY_CONFLICT_PENALTY;
      }
      kept.sort((a, b) => acc[b]! - acc[a]!);
      const top = acc[kept[0]!]!;
      let end = CANDIDATES_SCORED;
      while (end < kept.length && end < CANDIDATES_MAX && acc[kept[end]!]! >= top - 1e-9) end++;
      kept = kept.slice(0, end);
    }
    for (const e of touched) acc[e] = 0;
    return kept;
  }

  function pairScore(q: Query, e: Entry, input: MatchInput): { score: number; reason: MatchReason } {
    let score: number;
    let reason: MatchReason;
    const p = profiles[profileOf[e.company]!]!;
    const legal = legalPenalty(q.legal, p);
    if (q.exactKey === e.exactKey) {
      score = 1;
      reason = 'exact_name';
    } else if (q.key === e.key) {
      score = 0.97;
      reason = 'normalised_name';
    } else if (legal < LEGAL_CONFLICT_PENALTY && sameWords(q.norm.tokens, e.norm.tokens) && genericPenalty(q.generic, p) < GENERIC_CONFLICT_PENALTY) {
      // The same words, short of a legal form or of activity words another name of the firm has.
      score = 0.95;
      reason = 'normalised_name';
    } else {
      const a = alignTokens(q.core, e.core, weight, known, similar);
      const raw =
        a.similarity - ORDER_PENALTY * a.outOfOrder - UNPAIRED_PENALTY * a.unpaired - legal - genericPenalty(q.generic, p);
      score = raw <= FUZZY_KNEE ? raw : FUZZY_KNEE + ((Math.min(1, raw) - FUZZY_KNEE) * (FUZZY_CAP - FUZZY_KNEE)) / (1 - FUZZY_KNEE);
      reason = 'fuzzy';
    }
    const country = input.country?.toUpperCase();
    if (country && countryOf[e.company] && country !== countryOf[e.company]) score -= COUNTRY_CONFLICT_PENALTY;
    const tax = taxOf[e.company];
    if (tax && q.tax && q.tax !== tax) score -= TAX_CONFLICT_PENALTY;
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
    const q = prepare(input.name, input.tax_number);
    if (q.exactKey.length === 0) return { matched: false, best: null, candidates: [] };
    let found = withTwins(q, wordCandidates(q, input.country?.toUpperCase() ?? null), () => true);
    // No word in common, not even one typo away: fall back to shared letters.
    if (found.length === 0) found = candidates(q, 60, () => true);
    const byCompany = new Map<number, MatchCandidate>();
    for (const ei of found) {
      const e = entries[ei]!;
      const { score, reason } = pairScore(q, e, input);
      const prev = byCompany.get(e.company);
      if (prev && prev.score >= score) continue;
      const c = companies[e.company]!;
      byCompany.set(e.company, { id: c.id, name: c.name, matched_name: e.name, country: c.country, score: round4(score), reason });
    }
    const ranked = [...byCompany]
      // Equal scores: the larger trader is the likelier party to a declaration.
      .sort(([ca, a], [cb, b]) => b.score - a.score || companies[cb]!.trade_value_usd - companies[ca]!.trade_value_usd || ca - cb)
      .slice(0, keep)
      .map(([, m]) => m);
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
      const q = prepare(input.name, input.tax_number);
      let out: MatchCandidate | null = null;
      for (const e of entries) {
        if (e.company !== ci) continue;
        const { score, reason } = pairScore(q, e, input);
        if (!out || score > out.score) out = { id: c.id, name: c.name, matched_name: e.name, country: c.country, score: round4(score), reason };
      }
      return out;
    },
  };
}

function coreTokens(n: NormalisedName): string[] {
  const distinctive = n.tokens.filter((t) => !isGenericToken(t));
  return distinctive.length > 0 ? distinctive : [...n.tokens];
}

/** Generic words beside a distinctive core, sorted; a name of generic words only has none. */
function genericTokens(n: NormalisedName, core: readonly string[]): string[] {
  if (core.length === n.tokens.length) return [];
  return n.tokens.filter(isGenericToken).sort();
}

/** Two sorted lists merged, each word as often as the list with more of it has it. */
function mostOfEach(a: string[], b: string[]): string[] {
  if (b.length === 0 || sameWords(a, b)) return a;
  if (a.length === 0) return b;
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) out.push(b[j++]!);
    else {
      out.push(a[i++]!);
      j++;
    }
  }
  return out;
}

function counted(words: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const w of words) out.set(w, (out.get(w) ?? 0) + 1);
  return out;
}

function legalPenalty(form: string, p: Profile): number {
  if (!form && p.legal.size === 0) return 0;
  if (!form || p.legal.size === 0) return LEGAL_MISSING_PENALTY;
  if (p.legal.has(form)) return 0;
  for (const [x, y] of LEGAL_ALIKE) if ((form === x && p.legal.has(y)) || (form === y && p.legal.has(x))) return LEGAL_ALIKE_PENALTY;
  return LEGAL_CONFLICT_PENALTY;
}

function genericPenalty(q: ReadonlyMap<string, number>, p: Profile): number {
  let penalty = 0;
  for (const [g, k] of q) {
    const extra = k - (p.generic.get(g) ?? 0);
    if (extra > 0) penalty += extra * (p.full ? GENERIC_CONFLICT_PENALTY : GENERIC_UNSURE_PENALTY);
  }
  for (const [g, k] of p.generic) {
    const omitted = k - (q.get(g) ?? 0);
    if (omitted > 0) penalty += omitted * (isOptionalToken(g) ? OPTIONAL_OMITTED_PENALTY : GENERIC_CONFLICT_PENALTY);
  }
  return penalty;
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A tax number's digits, or null when it has none. */
export function cleanTax(tax: string | null | undefined): string | null {
  if (!tax) return null;
  const digits = tax.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}

/** Whether a posting list (ascending, as entries are added in order) holds entry `e`. */
function holds(p: Int32Array, e: number): boolean {
  let lo = 0;
  let hi = p.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = p[mid]!;
    if (x === e) return true;
    if (x < e) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
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
