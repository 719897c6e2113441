import { describe, it, expect } from 'vitest';
import { foldTurkish, tokenize } from '../../../src/domain/codes/text.js';

describe('foldTurkish', () => {
  it('folds every spelling of İstanbul to one key', () => {
    for (const s of ['İSTANBUL', 'istanbul', 'Istanbul', 'ıstanbul', 'ISTANBUL', 'İstanbul']) {
      expect(foldTurkish(s)).toBe('istanbul');
    }
  });

  it('folds the Turkish letters in both cases', () => {
    expect(foldTurkish('ŞİŞLİ ÇAĞLAYAN ÖDEMİŞ ÜNYE IĞDIR')).toBe('sisli caglayan odemis unye igdir');
    expect(foldTurkish('şişli çağlayan ödemiş ünye ığdır')).toBe('sisli caglayan odemis unye igdir');
  });

  it('does not leave a combining dot after İ', () => {
    expect(foldTurkish('İ')).toBe('i');
    expect(foldTurkish('İ').length).toBe(1);
  });

  it('strips other diacritics and compatibility forms', () => {
    expect(foldTurkish('Crème Brûlée Zürich Łódź')).toBe('creme brulee zurich łodz');
    expect(foldTurkish('ﬁrma')).toBe('firma');
  });

  it('keeps digits, turns punctuation into single spaces', () => {
    expect(foldTurkish('  Yılmaz Tekstil San. ve Tic. A.Ş.  ')).toBe('yilmaz tekstil san ve tic a s');
    expect(foldTurkish('6109.10 / T-Shirt\t\n')).toBe('6109 10 t shirt');
    expect(foldTurkish('!!!')).toBe('');
  });

  it('is idempotent', () => {
    for (const s of ['Gürbulak Gümrük Müdürlüğü', 'KOÇ Holding', 'Ağrı-Doğubayazıt']) {
      expect(foldTurkish(foldTurkish(s))).toBe(foldTurkish(s));
    }
  });
});

describe('tokenize', () => {
  it('splits the folded text into words', () => {
    expect(tokenize('Fındık İhracatçısı A.Ş.')).toEqual(['findik', 'ihracatcisi', 'a', 's']);
    expect(tokenize('   ')).toEqual([]);
  });
});
