import { withinOneEdit } from './similarity.js';

/** The words of an index, found again from a spelling one edit away. */
export interface Vocabulary {
  has(word: string): boolean;
  /** Known words one insertion, deletion, substitution or swap away from `word` (not itself). */
  neighbours(word: string): string[];
}

// Shorter words are not looked up: one edit turns them into other words too easily.
const MIN_LENGTH = 4;

/**
 * A deletion index: every word is filed under itself with one letter removed, so a misspelling
 * finds its word by looking up its own one-letter deletions, in time proportional to its length
 * rather than to the vocabulary (the walk over all names that trigram candidates needed).
 */
export function buildVocabulary(words: Iterable<string>): Vocabulary {
  const all = new Set<string>();
  const byDeletion = new Map<string, string[]>();
  for (const w of words) {
    if (all.has(w)) continue;
    all.add(w);
    if (w.length < MIN_LENGTH) continue;
    for (const d of deletions(w)) {
      const list = byDeletion.get(d);
      if (list) {
        if (list[list.length - 1] !== w) list.push(w);
      } else byDeletion.set(d, [w]);
    }
  }
  return {
    has: (word) => all.has(word),
    neighbours(word) {
      if (word.length < MIN_LENGTH - 1) return [];
      const out = new Set<string>();
      // A letter added to `word`: the word is filed under `word` itself.
      for (const w of byDeletion.get(word) ?? []) out.add(w);
      for (const d of deletions(word)) {
        // A letter lost from `word`.
        if (all.has(d) && d.length >= MIN_LENGTH) out.add(d);
        // A letter changed, or two swapped: both lose a letter to the same string.
        for (const w of byDeletion.get(d) ?? []) out.add(w);
      }
      out.delete(word);
      return [...out].filter((w) => withinOneEdit(word, w));
    },
  };
}

function deletions(w: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < w.length; i++) out.add(w.slice(0, i) + w.slice(i + 1));
  return out;
}
