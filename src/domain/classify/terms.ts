import { fold, splitWords } from '../matching/fold.js';
import { stem } from './stem.js';

// Only words that carry no product meaning at all. 'other', 'than', 'not' and 'without' stay:
// in the tariff they are what tells 'pure-bred' from 'other than pure-bred'.
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'and', 'or', 'in', 'on', 'for', 'to', 'by', 'with', 'its', 'their', 'be', 'as', 'at',
  'from', 'whether', 'is', 'are', 'which', 'this', 'that',
  've', 'ile', 'icin', 'veya', 'bir', 'bu', 'da', 'de', 'gibi', 'olan', 'olsun', 'olmasin', 'her',
]);

export interface Term {
  /** Folded word as written. */
  word: string;
  /** Its stem, the unit of matching. */
  term: string;
}

/** Folded, stop-word-free, stemmed words of a description, in order. */
export function terms(text: string): Term[] {
  const out: Term[] = [];
  for (const word of splitWords(fold(text))) {
    if (STOP_WORDS.has(word)) continue;
    out.push({ word, term: stem(word) });
  }
  return out;
}
