import { describe, it, expect } from 'vitest';
import { buildVocabulary } from '../../../src/domain/matching/vocabulary.js';

describe('buildVocabulary', () => {
  const v = buildVocabulary(['petrol', 'petro', 'tekstil', 'dokuma', 'dokum', 'kaya', 'kara', 'can', 'tekstil']);

  it('knows its words', () => {
    expect(v.has('petrol')).toBe(true);
    expect(v.has('pertol')).toBe(false);
  });

  it('finds the words one swap, substitution, insertion or deletion away', () => {
    expect(v.neighbours('pertol')).toEqual(['petrol']);
    expect(v.neighbours('tekstl')).toEqual(['tekstil']);
    expect(v.neighbours('teksstil')).toEqual(['tekstil']);
    expect(v.neighbours('tekztil')).toEqual(['tekstil']);
    expect(v.neighbours('dokuam').sort()).toEqual(['dokum', 'dokuma']);
    expect(v.neighbours('petrol').sort()).toEqual(['petro']);
  });

  it('leaves out words two edits away and words too short to correct', () => {
    expect(v.neighbours('ptreol')).toEqual([]);
    expect(v.neighbours('cna')).toEqual([]);
    expect(v.neighbours('kaay')).toEqual(['kaya']);
  });
});
