import { describe, it, expect } from 'vitest';
import { lineHeads } from '../../../src/domain/classify/heads.js';

describe('head nouns of nomenclature lines', () => {
  it('takes the last word before a preposition, in every item of an enumeration', () => {
    expect(lineHeads('Digital versatile discs, recorded')).toContain('disc');
    expect(lineHeads('Digital versatile discs, recorded')).not.toContain('versatile');
    expect(lineHeads('book cover manufacturing machines')).toEqual(['machine']);
    expect(lineHeads('Wigs, false beards, eyebrows and eyelashes, of human hair')).toEqual(['wig', 'beard', 'eyebrow', 'eyelash']);
  });

  it('reads the goods after "articles of", and skips generic heads and chapter titles in capitals', () => {
    expect(lineHeads('Articles of jewellery and parts thereof, of precious metal')).toEqual(['jewellery']);
    expect(lineHeads('ARTICLES OF APPAREL, KNITTED > Tracksuits, ski suits and swimwear')).toEqual(['tracksuit', 'suit', 'swimwear']);
    expect(lineHeads('Parts suitable for use solely with the machines of heading 8501')).toEqual([]);
  });
});
