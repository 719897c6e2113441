// Okapi BM25 over documents given as term lists, with the usual k1 = 1.2, b = 0.75.

const K1 = 1.2;
const B = 0.75;

export interface Bm25Index {
  readonly docCount: number;
  has(term: string): boolean;
  /** Vocabulary, for fuzzy fallback on unknown words. */
  terms(): IterableIterator<string>;
  idf(term: string): number;
  /** The documents holding a term (ascending), empty when none. */
  docsOf(term: string): Int32Array;
  /**
   * Calls `visit` with the score of every document containing at least one query term.
   * `boost` scales a term's contribution (for fuzzy stand-ins).
   */
  score(query: ReadonlyArray<{ term: string; boost: number }>, visit: (doc: number, score: number) => void): void;
  /** What a document made of exactly the query's terms would score: the ceiling for the query. */
  selfScore(query: ReadonlyArray<{ term: string; boost: number }>): number;
}

const NONE = new Int32Array(0);

interface Posting {
  docs: Int32Array;
  tfs: Float32Array;
}

export function buildBm25(docs: ReadonlyArray<readonly string[]>, b = B): Bm25Index {
  const lengths = new Float64Array(docs.length);
  const lists = new Map<string, { docs: number[]; tfs: number[] }>();
  let totalLength = 0;
  docs.forEach((terms, d) => {
    lengths[d] = terms.length;
    totalLength += terms.length;
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, f] of tf) {
      let l = lists.get(t);
      if (!l) lists.set(t, (l = { docs: [], tfs: [] }));
      l.docs.push(d);
      l.tfs.push(f);
    }
  });
  const postings = new Map<string, Posting>();
  for (const [t, l] of lists) postings.set(t, { docs: Int32Array.from(l.docs), tfs: Float32Array.from(l.tfs) });
  const n = docs.length;
  const avg = n === 0 ? 1 : Math.max(1, totalLength / n);
  const idf = (term: string): number => {
    const df = postings.get(term)?.docs.length ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const acc = new Float64Array(n);

  return {
    docCount: n,
    has: (term) => postings.has(term),
    terms: () => postings.keys(),
    idf,
    docsOf: (term) => postings.get(term)?.docs ?? NONE,
    score(query, visit) {
      const touched: number[] = [];
      for (const { term, boost } of query) {
        const p = postings.get(term);
        if (!p) continue;
        const w = idf(term) * boost;
        for (let i = 0; i < p.docs.length; i++) {
          const d = p.docs[i]!;
          const tf = p.tfs[i]!;
          if (acc[d] === 0) touched.push(d);
          acc[d]! += (w * tf * (K1 + 1)) / (tf + K1 * (1 - b + (b * lengths[d]!) / avg));
        }
      }
      for (const d of touched) {
        const s = acc[d]!;
        acc[d] = 0;
        visit(d, s);
      }
    },
    selfScore(query) {
      const tf = new Map<string, { f: number; boost: number }>();
      for (const { term, boost } of query) {
        const e = tf.get(term);
        tf.set(term, { f: (e?.f ?? 0) + 1, boost: Math.max(e?.boost ?? 0, boost) });
      }
      let s = 0;
      for (const [term, { f, boost }] of tf) {
        s += (idf(term) * boost * f * (K1 + 1)) / (f + K1 * (1 - b + (b * query.length) / avg));
      }
      return s;
    },
  };
}
