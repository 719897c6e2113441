/** Jaro similarity in [0, 1]. */
export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aHit = new Uint8Array(la);
  const bHit = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (bHit[j] || a[i] !== b[j]) continue;
      aHit[i] = 1;
      bHit[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let half = 0;
  for (let i = 0, j = 0; i < la; i++) {
    if (!aHit[i]) continue;
    while (!bHit[j]) j++;
    if (a[i] !== b[j]) half++;
    j++;
  }
  const m = matches;
  return (m / la + m / lb + (m - half / 2) / m) / 3;
}

/** Jaro–Winkler: Jaro boosted for a common prefix of up to 4 characters. */
export function jaroWinkler(a: string, b: string, prefixScale = 0.1): number {
  const j = jaro(a, b);
  let prefix = 0;
  const max = Math.min(4, a.length, b.length);
  while (prefix < max && a[prefix] === b[prefix]) prefix++;
  return j + prefix * prefixScale * (1 - j);
}

/**
 * Character trigrams of each word, padded like PostgreSQL's pg_trgm ('  w', ' wo', 'wor', 'rd ')
 * so that word starts count and short words still yield trigrams.
 */
export function trigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (const word of s.split(' ')) {
    if (word.length === 0) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let n = 0;
  for (const x of small) if (large.has(x)) n++;
  return n;
}

/** Sørensen–Dice coefficient of two sets. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size + b.size === 0) return 1;
  return (2 * overlap(a, b)) / (a.size + b.size);
}

/** Jaccard index of two sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const inter = overlap(a, b);
  const union = a.size + b.size - inter;
  return union === 0 ? 1 : inter / union;
}

export function trigramDice(a: string, b: string): number {
  return dice(trigrams(a), trigrams(b));
}

/**
 * Optimal-string-alignment distance (Damerau–Levenshtein where an adjacent transposition costs 1),
 * bounded: returns max + 1 as soon as the distance is known to exceed max, which keeps the cost
 * near O(max · n) for the dissimilar pairs that dominate candidate scoring.
 */
export function damerauLevenshtein(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = Array.from({ length: lb + 1 }, (_, j) => j);
  let cur = new Array<number>(lb + 1).fill(0);
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, prev2[j - 2]! + 1);
      }
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  const d = prev[lb]!;
  return d > max ? max + 1 : d;
}

/**
 * How alike two words are, for token-set comparison: equal words score 1; one typo scores high
 * only in words long enough that one edit does not make a different word ('Acar' and 'Uçar' are
 * two surnames), though a swapped pair of letters is forgiven in four-letter words too. A swap
 * keeps every letter, so it scores a little above an added or lost one: 'Dokuam' is read as
 * 'Dokuma' rather than 'Döküm'.
 */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const len = Math.min(a.length, b.length);
  if (len < 4 || !withinOneEdit(a, b)) return 0;
  const swap = a.length === b.length && sameLetters(a, b);
  if (len >= 5) return swap ? 0.92 : 0.9;
  return swap ? 0.8 : 0;
}

/**
 * True when one insertion, deletion, substitution or swap of neighbours turns a into b (or they
 * are equal): damerauLevenshtein(a, b) <= 1 in linear time, the test run on every candidate word.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function sameLetters(a: string, b: string): boolean {
  return [...a].sort().join('') === [...b].sort().join('');
}

/**
 * Weighted token-set similarity in [0, 1]: a Dice coefficient where each word counts with its
 * weight (typically IDF, lowered for generic words) and near-identical words count partially.
 * Each word of `b` pairs with at most one word of `a`.
 */
export function tokenSetSimilarity(
  a: readonly string[],
  b: readonly string[],
  weight: (token: string) => number,
  similar: (x: string, y: string) => number = wordSimilarity,
): number {
  const ua = [...new Set(a)];
  const ub = [...new Set(b)];
  let wa = 0;
  let wb = 0;
  for (const t of ua) wa += weight(t);
  for (const t of ub) wb += weight(t);
  if (wa + wb === 0) return ua.length === 0 && ub.length === 0 ? 1 : 0;
  const used = new Uint8Array(ub.length);
  let shared = 0;
  // Exact pairs first so a fuzzy pair cannot steal a word that has an exact partner.
  const pending: string[] = [];
  for (const t of ua) {
    const j = ub.indexOf(t);
    if (j >= 0) {
      used[j] = 1;
      shared += 2 * weight(t);
    } else pending.push(t);
  }
  for (const t of pending) {
    let best = 0;
    let bestJ = -1;
    for (let j = 0; j < ub.length; j++) {
      if (used[j]) continue;
      const s = similar(t, ub[j]!);
      if (s > best) {
        best = s;
        bestJ = j;
      }
    }
    if (bestJ >= 0) {
      used[bestJ] = 1;
      shared += best * (weight(t) + weight(ub[bestJ]!));
    }
  }
  return Math.min(1, shared / (wa + wb));
}

export interface TokenAlignment {
  /** Weighted Dice coefficient of the two token lists, near-identical words counting partially. */
  similarity: number;
  /** Paired words that are not in the same order on both sides (outside the longest run in order). */
  outOfOrder: number;
  /** Words of either side left without a partner. */
  unpaired: number;
}

/**
 * Pairs the words of `a` (a query) with those of `b` (a name), each word used once, exact pairs
 * first; repeated words count as often as they appear ('Xinghua Xinghua' is not 'Xinghua'). A
 * query word that `known` rejects is taken for a misspelling of its partner and weighs what the
 * partner weighs: an unseen word would otherwise carry the largest weight there is.
 */
export function alignTokens(
  a: readonly string[],
  b: readonly string[],
  weight: (token: string) => number,
  known: (token: string) => boolean,
  similar: (x: string, y: string) => number = wordSimilarity,
): TokenAlignment {
  // Plain arrays: names have a handful of words, and typed arrays cost more to allocate.
  const partner: number[] = a.map(() => -1);
  const sim: number[] = a.map(() => 0);
  const used: boolean[] = b.map(() => false);
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      if (used[j] || a[i] !== b[j]) continue;
      used[j] = true;
      partner[i] = j;
      sim[i] = 1;
      break;
    }
  }
  for (let i = 0; i < a.length; i++) {
    if (partner[i]! >= 0) continue;
    let best = 0;
    let bestJ = -1;
    for (let j = 0; j < b.length; j++) {
      if (used[j]) continue;
      const s = similar(a[i]!, b[j]!);
      if (s > best) {
        best = s;
        bestJ = j;
      }
    }
    if (bestJ >= 0) {
      used[bestJ] = true;
      partner[i] = bestJ;
      sim[i] = best;
    }
  }
  inOrderAmongEquals(b, partner);
  let wa = 0;
  let wb = 0;
  let shared = 0;
  for (const t of b) wb += weight(t);
  const order: number[] = [];
  let unpaired = b.length;
  for (let i = 0; i < a.length; i++) {
    const j = partner[i]!;
    if (j < 0) {
      unpaired++;
      wa += weight(a[i]!);
      continue;
    }
    const wj = weight(b[j]!);
    const wi = sim[i] === 1 || known(a[i]!) ? weight(a[i]!) : wj;
    wa += wi;
    shared += sim[i]! * (wi + wj);
    order.push(j);
    unpaired--;
  }
  const total = wa + wb;
  const similarity = total === 0 ? (a.length === 0 && b.length === 0 ? 1 : 0) : Math.min(1, shared / total);
  return { similarity, outOfOrder: order.length - longestIncreasing(order), unpaired };
}

/**
 * Words of `b` that are equal are interchangeable partners: hand them out in order, so that
 * 'Paadna Padana' pairs its typo with the first 'Padana' and is not taken for a reordering.
 */
function inOrderAmongEquals(b: readonly string[], partner: number[]): void {
  if (b.every((t, j) => b.indexOf(t) === j)) return;
  const groups = new Map<string, number[]>();
  for (let i = 0; i < partner.length; i++) {
    const j = partner[i]!;
    if (j < 0) continue;
    const list = groups.get(b[j]!);
    if (list) list.push(i);
    else groups.set(b[j]!, [i]);
  }
  for (const is of groups.values()) {
    if (is.length < 2) continue;
    const js = is.map((i) => partner[i]!).sort((x, y) => x - y);
    is.forEach((i, k) => (partner[i] = js[k]!));
  }
}

/** Length of the longest strictly increasing subsequence (patience sorting). */
function longestIncreasing(xs: readonly number[]): number {
  const tails: number[] = [];
  for (const x of xs) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = x;
  }
  return tails.length;
}
