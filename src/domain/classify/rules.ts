// Legal notes that words alone miss. Chapter 71: jewellery is of precious metal (7113) or goldsmiths'
// wares (7114) only when made of or clad with gold, silver or platinum; a listing that says
// 'jewelry' without such a metal, or only 'gold color' or 'gold plated', is imitation jewellery (7117).
import type { Term } from './terms.js';

const PRECIOUS = new Set(['gold', 'silver', 'platinum', 'palladium', 'rhodium', 'precious', 'sterling', 'karat', 'carat', 'kt', 'altin', 'gumus']);
const PRECIOUS_CODES = /^(\d{1,2}k|s?925|s?999|750|585)$/;
const LOOKALIKE = new Set(['color', 'colour', 'colored', 'coloured', 'tone', 'toned', 'plated', 'plating', 'filled', 'foil', 'rengi', 'kaplama']);

/** Headings a description cannot reach without the words their legal text requires. */
export function excludedHeadings(words: readonly Term[]): Set<string> {
  let precious = false;
  words.forEach(({ word }, i) => {
    if (PRECIOUS_CODES.test(word)) precious = true;
    else if (PRECIOUS.has(word) && !LOOKALIKE.has(words[i + 1]?.word ?? '')) precious = true;
  });
  return precious ? new Set() : new Set(['7113', '7114']);
}
