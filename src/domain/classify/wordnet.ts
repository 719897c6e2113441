// WordNet's nouns as a related-words table for the tariff classifier: a shopper writes 'sneaker',
// the tariff says 'footwear'; 'necklace' is a kind of 'jewelry'. From each noun's most frequent
// senses we take its synonyms and its hypernyms a few levels up, and keep only words the tariff
// itself uses, so the table stays small (a few tens of thousands of entries) and every stand-in
// can match something.

/** word → related words with a weight in (0, 1]: synonyms high, distant hypernyms low. */
export type Related = Map<string, Array<{ word: string; weight: number }>>;

// Only the first senses: 'chain' is first a series of things, and a jewellery chain at sense 4
// would drag every query with 'chain' towards necklaces.
const SENSES = 2;
const DEPTH_WEIGHT = [0.7, 0.55, 0.4, 0.3];

interface Synset { words: string[]; hypernyms: string[] }

function* parseData(data: string, out: Map<string, Synset>): Generator<void> {
  let lineNo = 0;
  for (const line of data.split('\n')) {
    if (++lineNo % 5000 === 0) yield;
    if (line.length === 0 || line.startsWith(' ')) continue;
    const f = line.slice(0, line.indexOf(' | ')).split(' ');
    const wordCount = parseInt(f[3]!, 16);
    const words: string[] = [];
    for (let i = 0; i < wordCount; i++) words.push(f[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
    let p = 4 + 2 * wordCount;
    const pointers = Number(f[p]);
    const hypernyms: string[] = [];
    p++;
    for (let i = 0; i < pointers; i++, p += 4) {
      // '@' hypernym, '@i' instance hypernym
      if (f[p] === '@' || f[p] === '@i') hypernyms.push(f[p + 1]!);
    }
    out.set(f[0]!, { words, hypernyms });
  }
}

/**
 * Builds the table (a generator that pauses every few thousand lines, so a server can build it
 * between requests) from WordNet's `index.noun` and `data.noun`. `normalize` turns a WordNet lemma
 * (underscores for spaces) into the matching unit of the index, or null to drop it; `useful` says
 * whether the index knows that unit.
 */
export function* buildRelated(
  indexNoun: string,
  dataNoun: string,
  normalize: (lemma: string) => string | null,
  useful: (term: string) => boolean,
): Generator<void, Related> {
  const synsets = new Map<string, Synset>();
  yield* parseData(dataNoun, synsets);
  const related: Related = new Map();
  let n = 0;
  for (const line of indexNoun.split('\n')) {
    if (++n % 5000 === 0) yield;
    if (line.length === 0 || line.startsWith(' ')) continue;
    const f = line.split(' ');
    const lemma = f[0]!;
    if (lemma.includes('_')) continue;
    const key = normalize(lemma);
    if (key === null) continue;
    const senseCount = Number(f[2]);
    const pointerCount = Number(f[3]);
    const offsets = f.slice(6 + pointerCount, 6 + pointerCount + senseCount).slice(0, SENSES);
    const best = new Map<string, number>();
    const add = (word: string, weight: number) => {
      const t = normalize(word);
      if (t === null || t === key || !useful(t)) return;
      if ((best.get(t) ?? 0) < weight) best.set(t, weight);
    };
    offsets.forEach((offset, sense) => {
      const senseFactor = sense === 0 ? 1 : 0.6;
      const first = synsets.get(offset);
      if (!first) return;
      for (const w of first.words) add(w, 0.85 * senseFactor);
      let frontier = first.hypernyms;
      DEPTH_WEIGHT.forEach((weight) => {
        const next: string[] = [];
        for (const o of frontier) {
          const s = synsets.get(o);
          if (!s) continue;
          for (const w of s.words) add(w, weight * senseFactor);
          next.push(...s.hypernyms);
        }
        frontier = next;
      });
    });
    if (best.size === 0) continue;
    const list = [...best].map(([word, weight]) => ({ word, weight })).sort((a, b) => b.weight - a.weight).slice(0, 8);
    const prev = related.get(key);
    if (!prev) related.set(key, list);
  }
  return related;
}
