import { describe, it, expect } from 'vitest';
import { stem, stemEnglish, stemTurkish } from '../../../src/domain/classify/stem.js';
import { terms } from '../../../src/domain/classify/terms.js';

describe('stemEnglish', () => {
  it.each([
    ['batteries', 'battery'], ['glasses', 'glass'], ['boxes', 'box'], ['matches', 'match'], ['dishes', 'dish'],
    ['tomatoes', 'tomato'], ['shoes', 'shoe'], ['horses', 'horse'], ['parts', 'part'], ['glass', 'glass'],
    ['asparagus', 'asparagus'], ['analysis', 'analysis'], ['gas', 'gas'], ['cotton', 'cotton'],
  ])('%s -> %s', (word, expected) => {
    expect(stemEnglish(word)).toBe(expected);
  });
});

describe('stemTurkish', () => {
  it.each([
    ['gomlekler', 'gomlek'], ['kadinlar', 'kadin'], ['urunleri', 'urun'], ['urunlerinden', 'urun'],
    ['kumastan', 'kumas'], ['demirden', 'demir'], ['salcasi', 'salca'], ['meyveleri', 'meyve'],
    ['pamuklu', 'pamuk'], ['elektrikli', 'elektrik'], ['derileri', 'deri'],
    // Locative and genitive: 'maskesinde' (in its mask), 'makinelerinin' (of the machines).
    ['maskesinde', 'maske'], ['makinelerinin', 'makine'], ['bilgisayarlarda', 'bilgisayar'],
    // English words ending in -de/-te keep their ending when the rest would be short.
    ['plate', 'plate'], ['blade', 'blade'], ['suede', 'suede'],
    // Too short to lose a letter: 'deri' (leather) is not 'der'.
    ['deri', 'deri'], ['garden', 'garden'],
  ])('%s -> %s', (word, expected) => {
    expect(stemTurkish(word)).toBe(expected);
  });
});

describe('stem', () => {
  it('brings singular and plural, bare and suffixed forms together', () => {
    const pairs = [['domates', 'domatesler'], ['tomato', 'tomatoes'], ['boiler', 'boilers'], ['findik', 'findiklar']] as const;
    for (const [a, b] of pairs) expect(stem(a)).toBe(stem(b));
  });

  it('is idempotent over the words of a real description', () => {
    const text = 'Meat of bovine animals, frozen, boneless; sığır etleri dondurulmuş kemiksiz parçaları, kabuklu fındıklardan';
    for (const { term } of terms(text)) expect(stem(term)).toBe(term);
  });

  it('keeps words with digits whole', () => {
    expect(stem('50kg')).toBe('50kg');
    expect(stem('3000s')).toBe('3000s');
  });
});

describe('terms', () => {
  it('folds, drops stop words in both languages, and keeps the written word', () => {
    expect(terms('Coffee, not roasted; and Kahve ve Çaylar')).toEqual([
      { word: 'coffee', term: 'coffee' },
      { word: 'not', term: 'not' },
      { word: 'roasted', term: 'roasted' },
      { word: 'kahve', term: 'kahve' },
      { word: 'caylar', term: 'cay' },
    ]);
  });

  it('reads American spellings as the British ones of the HS texts', () => {
    expect(terms('Jewelry, aluminum color')).toEqual(terms('jewellery aluminium colour'));
  });
});
