import { describe, it, expect } from 'vitest';
import {
  alignTokens, damerauLevenshtein, dice, jaccard, jaro, jaroWinkler, tokenSetSimilarity, trigramDice, trigrams, withinOneEdit,
  wordSimilarity,
} from '../../../src/domain/matching/similarity.js';

function randomWords(count: number, seed: number): string[] {
  const letters = 'abcde';
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let w = '';
    const len = seed % 7;
    for (let k = 0; k < len; k++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      w += letters[seed % letters.length];
    }
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    out.push(w);
  }
  return out;
}

describe('jaro and jaroWinkler', () => {
  it('match the textbook values', () => {
    expect(jaro('martha', 'marhta')).toBeCloseTo(0.9444, 4);
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 4);
    expect(jaro('dixon', 'dicksonx')).toBeCloseTo(0.7667, 4);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.8133, 4);
  });

  it('are 1 for equal strings, 0 with nothing in common or an empty side', () => {
    expect(jaroWinkler('abc', 'abc')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'abc')).toBe(0);
  });

  it('are symmetric and within [0, 1]', () => {
    const a = randomWords(200, 7);
    const b = randomWords(200, 99);
    a.forEach((x, i) => {
      const y = b[i]!;
      const s = jaroWinkler(x, y);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
      expect(jaroWinkler(y, x)).toBeCloseTo(s, 12);
    });
  });
});

describe('trigrams, dice, jaccard', () => {
  it('pads each word like pg_trgm', () => {
    expect([...trigrams('ab')]).toEqual(['  a', ' ab', 'ab ']);
    expect(trigrams('ab ab').size).toBe(3);
  });

  it('computes Dice and Jaccard by hand', () => {
    // abc: '  a',' ab','abc','bc '; abd: '  a',' ab','abd','bd ' -> 2 shared of 4 + 4.
    expect(trigramDice('abc', 'abd')).toBe(0.5);
    expect(jaccard(trigrams('abc'), trigrams('abd'))).toBeCloseTo(2 / 6, 12);
    expect(dice(new Set(), new Set())).toBe(1);
    expect(trigramDice('abc', 'xyz')).toBe(0);
  });
});

describe('damerauLevenshtein', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(damerauLevenshtein('ca', 'ac')).toBe(1);
    expect(damerauLevenshtein('yilmaz', 'yimlaz')).toBe(1);
    expect(damerauLevenshtein('kitten', 'sitting')).toBe(3);
    expect(damerauLevenshtein('', 'abc')).toBe(3);
    expect(damerauLevenshtein('abc', 'abc')).toBe(0);
  });

  it('stops early and reports max + 1 beyond the bound', () => {
    expect(damerauLevenshtein('kitten', 'sitting', 2)).toBe(3);
    expect(damerauLevenshtein('a', 'abcdef', 1)).toBe(2);
    expect(damerauLevenshtein('kitten', 'sitting', 3)).toBe(3);
  });

  it('agrees with its bounded form, is symmetric, and withinOneEdit is its <= 1 test', () => {
    const a = randomWords(400, 3);
    const b = randomWords(400, 11);
    a.forEach((x, i) => {
      const y = i % 3 === 0 ? x.slice(0, -1) : i % 3 === 1 ? x.split('').reverse().join('') : b[i]!;
      const d = damerauLevenshtein(x, y);
      expect(damerauLevenshtein(y, x)).toBe(d);
      expect(damerauLevenshtein(x, y, 2)).toBe(Math.min(d, 3));
      expect(withinOneEdit(x, y)).toBe(d <= 1);
    });
  });
});

describe('wordSimilarity', () => {
  it('forgives one edit in long words, only a swap in four-letter words, nothing in short ones', () => {
    expect(wordSimilarity('yilmaz', 'yilmaz')).toBe(1);
    expect(wordSimilarity('yilmaz', 'yilmz')).toBe(0.9);
    // A swap keeps every letter: a little closer than a letter lost or changed.
    expect(wordSimilarity('yilmaz', 'yimlaz')).toBe(0.92);
    expect(wordSimilarity('dokuam', 'dokuma')).toBeGreaterThan(wordSimilarity('dokuam', 'dokum'));
    expect(wordSimilarity('acar', 'ucar')).toBe(0);
    expect(wordSimilarity('acar', 'aacr')).toBe(0.8);
    expect(wordSimilarity('can', 'cna')).toBe(0);
    expect(wordSimilarity('elektrik', 'elektronik')).toBe(0);
  });
});

describe('tokenSetSimilarity', () => {
  const one = () => 1;

  it('is a Dice coefficient over words with weights', () => {
    expect(tokenSetSimilarity(['a', 'b'], ['a', 'b'], one)).toBe(1);
    expect(tokenSetSimilarity(['a', 'b'], ['a', 'c'], one)).toBe(0.5);
    expect(tokenSetSimilarity(['a', 'b', 'c'], ['a', 'b'], one)).toBeCloseTo(0.8, 12);
    const w = (t: string) => (t === 'rare' ? 3 : 1);
    // shared: 2 * 3; total: (3 + 1) + (3 + 1).
    expect(tokenSetSimilarity(['rare', 'x'], ['rare', 'y'], w)).toBeCloseTo(0.75, 12);
    expect(tokenSetSimilarity([], [], one)).toBe(1);
    expect(tokenSetSimilarity(['a'], [], one)).toBe(0);
  });

  it('gives partial credit to near-identical words, preferring exact partners', () => {
    expect(tokenSetSimilarity(['yilmaz'], ['yilmz'], one)).toBeCloseTo(0.9, 12);
    expect(tokenSetSimilarity(['kaya', 'kayaa'], ['kaya'], one)).toBeCloseTo(2 / 3, 12);
  });
});

describe('alignTokens', () => {
  const one = () => 1;
  const all = () => true;

  it('is a Dice coefficient over words, counting repeated words as often as they appear', () => {
    expect(alignTokens(['a', 'b'], ['a', 'b'], one, all)).toEqual({ similarity: 1, outOfOrder: 0, unpaired: 0 });
    expect(alignTokens(['a', 'a', 'b'], ['a', 'b'], one, all)).toMatchObject({ similarity: 0.8, unpaired: 1 });
    expect(alignTokens(['a'], ['b'], one, all)).toMatchObject({ similarity: 0, unpaired: 2 });
  });

  it('counts words out of order', () => {
    expect(alignTokens(['a', 'b', 'c'], ['b', 'a', 'c'], one, all).outOfOrder).toBe(1);
    expect(alignTokens(['a', 'b', 'c'], ['c', 'b', 'a'], one, all).outOfOrder).toBe(2);
    // A typo of one of two equal words is not a change of order.
    expect(alignTokens(['padana', 'paadna', 'x'], ['padana', 'padana', 'x'], one, all).outOfOrder).toBe(0);
    expect(alignTokens(['paadna', 'padana', 'x'], ['padana', 'padana', 'x'], one, all).outOfOrder).toBe(0);
  });

  it('weighs an unknown word of the input like its partner', () => {
    const w = (t: string) => (t === 'pertol' ? 10 : 1);
    const known = (t: string) => t !== 'pertol';
    expect(alignTokens(['kaya', 'pertol'], ['kaya', 'petrol'], w, known).similarity).toBeCloseTo((2 + 0.92 * 2) / 4, 12);
    // Taken for a word of its own, it would outweigh the rest.
    expect(alignTokens(['kaya', 'pertol'], ['kaya', 'petrol'], w, all).similarity).toBeCloseTo((2 + 0.92 * 11) / 13, 12);
  });
});
