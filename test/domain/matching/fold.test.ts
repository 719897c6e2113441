import { describe, it, expect } from 'vitest';
import { fold, foldedWords, splitWords } from '../../../src/domain/matching/fold.js';

describe('fold', () => {
  it('folds the Turkish letters in both cases, dotted and dotless i alike', () => {
    expect(fold('İSTANBUL IŞIK Ğüçöş')).toBe('istanbul isik gucos');
    expect(fold('ÇAĞDAŞ Gıda')).toBe(fold('cagdas gida'));
    expect(fold('ılık')).toBe('ilik');
  });

  it('strips other diacritics, including already decomposed ones', () => {
    expect(fold('Café Müller')).toBe('cafe muller');
    expect(fold('Cafe\u0301')).toBe('cafe');
    expect(fold('I\u0307zmir')).toBe('izmir');
  });

  it('collapses and trims whitespace of any kind but keeps punctuation', () => {
    expect(fold('  A.Ş.\t\n Ltd\u00a0 Şti. ')).toBe('a.s. ltd sti.');
  });

  it('is idempotent and never yields upper case or Turkish letters', () => {
    const alphabet = 'AaBbÇçĞğIıİiÖöŞşÜüZz .,&-\t';
    let seed = 1;
    for (let n = 0; n < 500; n++) {
      let s = '';
      for (let k = 0; k < 12; k++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        s += alphabet[seed % alphabet.length];
      }
      const f = fold(s);
      expect(fold(f)).toBe(f);
      expect(f).not.toMatch(/[A-ZÇĞİÖŞÜıçğöşü]|\s\s|^\s|\s$/);
    }
  });
});

describe('splitWords', () => {
  it('splits on punctuation and spaces, keeping letters and digits', () => {
    expect(splitWords('ab.cd, ef-12 x')).toEqual(['ab', 'cd', 'ef', '12', 'x']);
    expect(foldedWords('Yılmaz & Oğulları A.Ş.')).toEqual(['yilmaz', 'ogullari', 'a', 's']);
    expect(splitWords('')).toEqual([]);
  });
});
