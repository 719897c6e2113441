import { nameKey, normaliseCompanyName } from './company-name.js';
import type { MatchInput, MatchResult, NameIndex } from './name-index.js';

/** A seeded PRNG (mulberry32): same seed, same sequence, uniform in [0, 1). */
export type Rng = () => number;

export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)]!;
}

export const VARIANT_KINDS = [
  'abbreviation',
  'legal_suffix',
  'missing_generic',
  'transposition',
  'ascii',
  'case',
  'punctuation',
  'combined',
] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

// Long and short spellings of the same trade words, as they appear on declarations.
const ABBREVIATIONS: ReadonlyArray<readonly [string, string]> = [
  ['Sanayi ve Ticaret', 'San. ve Tic.'],
  ['Sanayi ve Ticaret', 'San. Tic.'],
  ['İthalat İhracat', 'İth. İhr.'],
  ['Dış Ticaret', 'Dış Tic.'],
  ['Pazarlama', 'Paz.'],
  ['İnşaat', 'İnş.'],
  ['Taahhüt', 'Taah.'],
  ['Nakliyat', 'Nak.'],
  ['Turizm', 'Tur.'],
  ['Limited Şirketi', 'Ltd. Şti.'],
];

const LEGAL_SUFFIXES: ReadonlyArray<readonly string[]> = [
  ['A.Ş.', 'AŞ', 'A.S.', 'Anonim Şirketi'],
  ['Ltd. Şti.', 'Ltd Şti', 'Ltd. Sti.', 'Limited Şirketi'],
];

const GENERIC_PHRASES: readonly string[] = [
  'Sanayi ve Ticaret', 'San. ve Tic.', 'San. Tic.', 'İthalat İhracat', 'İth. İhr.', 'Dış Ticaret',
  'Dış Tic.', 'Pazarlama', 'Paz.', 'İnşaat', 'İnş.', 'Taahhüt', 'Taah.', 'Nakliyat', 'Nak.',
];

const ASCII: Readonly<Record<string, string>> = {
  ş: 's', Ş: 'S', ı: 'i', İ: 'I', ğ: 'g', Ğ: 'G', ç: 'c', Ç: 'C', ö: 'o', Ö: 'O', ü: 'u', Ü: 'U',
};

const tidy = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** One realistic re-spelling of a company name, or null when the kind does not apply to it. */
export function makeVariant(name: string, kind: VariantKind, rng: Rng): string | null {
  switch (kind) {
    case 'abbreviation': {
      const options: Array<[string, string]> = [];
      for (const [long, short] of ABBREVIATIONS) {
        if (name.includes(long)) options.push([long, short]);
        if (name.includes(short)) options.push([short, long]);
      }
      if (options.length === 0) return null;
      const [from, to] = pick(rng, options);
      return name.replace(from, to);
    }
    case 'legal_suffix': {
      for (const group of LEGAL_SUFFIXES) {
        const current = group.find((s) => name.endsWith(` ${s}`));
        if (!current) continue;
        const other = pick(rng, group.filter((s) => s !== current));
        return name.slice(0, name.length - current.length) + other;
      }
      return null;
    }
    case 'missing_generic': {
      const present = GENERIC_PHRASES.filter((p) => name.includes(` ${p} `));
      if (present.length === 0) return null;
      return tidy(name.replace(pick(rng, present), ' '));
    }
    case 'transposition': {
      const words = name.split(' ');
      const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^\p{L}{5,}$/u.test(w));
      if (long.length === 0) return null;
      const [word, at] = pick(rng, long);
      // People keep the first letter right; swap two neighbours after it that differ.
      const spots: number[] = [];
      for (let i = 1; i + 1 < word.length; i++) if (word[i] !== word[i + 1]) spots.push(i);
      if (spots.length === 0) return null;
      const i = pick(rng, spots);
      words[at] = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
      return words.join(' ');
    }
    case 'ascii': {
      const out = name.replace(/[şŞıİğĞçÇöÖüÜ]/g, (ch) => ASCII[ch] ?? ch);
      return out === name ? null : out;
    }
    case 'case':
      return rng() < 0.5 ? name.toLocaleUpperCase('tr-TR') : name.toLocaleLowerCase('tr-TR');
    case 'punctuation': {
      const r = rng();
      if (r < 0.33) return name.replace(/\./g, '');
      if (r < 0.66) return `${name.replace(/ /g, () => (rng() < 0.3 ? '  ' : ' '))} `;
      return name.replace(/ (A\.Ş\.|Ltd\. Şti\.)$/, ', $1').replace(/\. /g, '.');
    }
    case 'combined': {
      const base = makeVariant(name, pick(rng, ['abbreviation', 'legal_suffix', 'transposition'] as const), rng) ?? name;
      const ascii = makeVariant(base, 'ascii', rng) ?? base;
      return makeVariant(ascii, 'case', rng);
    }
  }
}

export interface LabelledQuery {
  input: MatchInput;
  /** Company the input refers to; null for a company that is not in the index. */
  expected_id: string | null;
  /**
   * Indexed companies a reader would accept as the answer: the input is as much a re-spelling of
   * them as of the company it was made from (see `acceptedAnswers`). Includes `expected_id`; for an
   * outsider, usually empty.
   */
  accepted_ids: readonly string[];
  kind: VariantKind | 'negative';
}

export interface EvalCompany {
  id: string;
  name: string;
  country?: string;
}

// The trade words a re-spelling may leave out: those of the phrases `missing_generic` drops.
let tradeWords: ReadonlySet<string> | null = null;
function isTradeWord(token: string): boolean {
  tradeWords ??= new Set(GENERIC_PHRASES.flatMap((p) => normaliseCompanyName(p).tokens));
  return tradeWords.has(token);
}

interface NameFacts {
  id: string;
  country: string;
  key: string;
  /** Canonical words without the trade words, in order. */
  rest: string;
  legal: string;
  trade: ReadonlyMap<string, number>;
}

function nameFacts(id: string, name: string, country: string | undefined): NameFacts {
  const n = normaliseCompanyName(name);
  const trade = new Map<string, number>();
  for (const t of n.tokens) if (isTradeWord(t)) trade.set(t, (trade.get(t) ?? 0) + 1);
  return {
    id,
    country: (country ?? '').toUpperCase(),
    key: nameKey(n),
    rest: n.tokens.filter((t) => !isTradeWord(t)).join(' '),
    legal: n.legal_form,
    trade,
  };
}

/**
 * Which indexed companies a name could equally refer to. The generator makes distinct firms whose
 * names differ only in spelling ('San. ve Tic.' and 'Sanayi ve Ticaret'), and a name with a trade
 * word left out fits every firm that has that word; counting such an answer as wrong would score
 * the coin toss, not the matcher. Decided on the clean names, never on the re-spelled input, with
 * the normaliser only for spelling (abbreviations, letters, case, punctuation, legal forms):
 * - `sameName(name)`: the same words and legal form after normalisation, the same country;
 * - `omitting(name)`: the firm's name with some of the trade words `missing_generic` drops left
 *   out (none added, the others in the same order), the same legal form (or none) and country.
 */
export function acceptedAnswers(companies: readonly EvalCompany[]): {
  sameName(name: string, country?: string): string[];
  omitting(name: string, country?: string): string[];
} {
  const byRest = new Map<string, NameFacts[]>();
  for (const c of companies) {
    const f = nameFacts(c.id, c.name, c.country);
    const k = `${f.country}|${f.rest}`;
    const list = byRest.get(k);
    if (list) list.push(f);
    else byRest.set(k, [f]);
  }
  const bucket = (q: NameFacts) => byRest.get(`${q.country}|${q.rest}`) ?? [];
  return {
    sameName(name, country) {
      const q = nameFacts('', name, country);
      return bucket(q).filter((c) => c.key === q.key).map((c) => c.id);
    },
    omitting(name, country) {
      const q = nameFacts('', name, country);
      return bucket(q)
        .filter((c) => (q.legal === '' || q.legal === c.legal) && [...q.trade].every(([t, k]) => (c.trade.get(t) ?? 0) >= k))
        .map((c) => c.id);
    },
  };
}

/**
 * Labelled queries: every applicable variant kind for `positives` companies drawn from the index,
 * and one name per outsider (companies absent from the index, sometimes re-spelled) as negatives.
 */
export function labelledQueries(
  companies: readonly EvalCompany[],
  outsiders: readonly EvalCompany[],
  rng: Rng,
  options: { positives?: number } = {},
): LabelledQuery[] {
  const out: LabelledQuery[] = [];
  const answers = acceptedAnswers(companies);
  const count = Math.min(options.positives ?? companies.length, companies.length);
  const order = shuffle(companies.map((_, i) => i), rng).slice(0, count);
  for (const i of order) {
    const c = companies[i]!;
    const twins = answers.sameName(c.name, c.country);
    for (const kind of VARIANT_KINDS) {
      const name = makeVariant(c.name, kind, rng);
      if (name === null) continue;
      // A dropped trade word is the only kind that makes the input fit more firms than its twins.
      const accepted = kind === 'missing_generic' ? answers.omitting(name, c.country) : twins;
      out.push({ input: { name, country: c.country ?? null }, expected_id: c.id, accepted_ids: withId(accepted, c.id), kind });
    }
  }
  for (const o of outsiders) {
    const kind = pick(rng, ['ascii', 'case', 'punctuation', 'abbreviation', 'legal_suffix'] as const);
    const name = rng() < 0.5 ? o.name : (makeVariant(o.name, kind, rng) ?? o.name);
    // An outsider whose own name only leaves words out of an indexed firm's name reads as that firm.
    out.push({ input: { name, country: o.country ?? null }, expected_id: null, accepted_ids: answers.omitting(o.name, o.country), kind: 'negative' });
  }
  return out;
}

function withId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [...ids] : [id, ...ids];
}

export interface ScoredQuery {
  expected_id: string | null;
  /** Answers counted as right; absent: `expected_id` only. */
  accepted_ids?: readonly string[];
  kind: LabelledQuery['kind'];
  best_id: string | null;
  score: number;
}

/** Runs each query through the matcher once; metrics at any threshold are then cheap. */
export function scoreQueries(index: NameIndex, queries: readonly LabelledQuery[]): ScoredQuery[] {
  return scoreResults(queries, index.match(queries.map((q) => q.input), { threshold: 0, candidates: 1 }));
}

/** Each query with the best answer a matcher gave it (asked at threshold 0). */
export function scoreResults(queries: readonly LabelledQuery[], results: readonly Pick<MatchResult, 'best'>[]): ScoredQuery[] {
  return queries.map((q, i) => {
    const best = results[i]?.best ?? null;
    return { expected_id: q.expected_id, accepted_ids: q.accepted_ids, kind: q.kind, best_id: best?.id ?? null, score: best?.score ?? 0 };
  });
}

export interface MatchMetrics {
  threshold: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface MetricsOptions {
  /** Count only `expected_id` as right, ignoring the other accepted answers. */
  strict?: boolean;
}

function accepts(s: ScoredQuery, id: string, options: MetricsOptions): boolean {
  if (options.strict || !s.accepted_ids) return id === s.expected_id;
  return s.accepted_ids.includes(id);
}

/**
 * A match above the threshold is a true positive when it names an accepted company; a company
 * outside the accepted ones counts as a false positive and, for a positive query, also as a miss.
 * An outsider matched to a firm its name cannot be told apart from is no error: it counts with
 * the true negatives.
 */
export function metricsAt(scored: readonly ScoredQuery[], threshold: number, options: MetricsOptions = {}): MatchMetrics {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const s of scored) {
    const matched = s.best_id !== null && s.score >= threshold;
    const right = matched && accepts(s, s.best_id!, options);
    if (s.expected_id === null) {
      if (matched && !right) fp++;
      else tn++;
    } else if (right) tp++;
    else {
      fn++;
      if (matched) fp++;
    }
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { threshold, tp, fp, fn, tn, precision, recall, f1 };
}

/** Recall of each variant kind (and specificity of negatives) at a threshold, to see what fails. */
export function recallByKind(scored: readonly ScoredQuery[], threshold: number, options: MetricsOptions = {}): Record<string, number> {
  const hit = new Map<string, [number, number]>();
  for (const s of scored) {
    const matched = s.best_id !== null && s.score >= threshold;
    const right = matched && accepts(s, s.best_id!, options);
    const ok = s.expected_id === null ? !matched || right : right;
    const [h, n] = hit.get(s.kind) ?? [0, 0];
    hit.set(s.kind, [h + (ok ? 1 : 0), n + 1]);
  }
  return Object.fromEntries([...hit].map(([k, [h, n]]) => [k, h / n]));
}

/** The threshold among `candidates` with the best F1 (ties go to the higher, stricter one). */
export function bestThreshold(scored: readonly ScoredQuery[], candidates: readonly number[]): MatchMetrics {
  let best: MatchMetrics | null = null;
  for (const t of candidates) {
    const m = metricsAt(scored, t);
    if (!best || m.f1 > best.f1 || (m.f1 === best.f1 && t > best.threshold)) best = m;
  }
  if (!best) throw new Error('no candidate thresholds');
  return best;
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
