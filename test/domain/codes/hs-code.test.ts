import { describe, it, expect } from 'vitest';
import {
  formatGtip,
  hsAncestors,
  hsChapter,
  hsLevel,
  hsMatchesPrefix,
  hsParent,
  isHsPrefix,
  normalizeHsCode,
  normalizeHsPrefix,
} from '../../../src/domain/codes/hs-code.js';
import { mulberry32, randomDigits } from './prng.js';

describe('normalizeHsCode', () => {
  it('strips dots and spaces', () => {
    expect(normalizeHsCode('6109.10.00.00.11')).toBe('610910000011');
    expect(normalizeHsCode(' 6109 10 ')).toBe('610910');
    expect(normalizeHsCode('3920.20.21.00.19')).toBe('392020210019');
  });

  it('accepts only even lengths from 2 to 12', () => {
    expect(normalizeHsCode('61')).toBe('61');
    expect(normalizeHsCode('6109100000')).toBe('6109100000');
    for (const s of ['6', '610', '61091', '6109100000111', '6109100000110', '']) expect(normalizeHsCode(s)).toBeNull();
  });

  it('refuses letters and other separators', () => {
    for (const s of ['61a9', '6109-10', '6109/10', 'abcd', '６１０９']) expect(normalizeHsCode(s)).toBeNull();
  });
});

describe('normalizeHsPrefix', () => {
  it('allows any length from 2 to 12', () => {
    for (let len = 2; len <= 12; len++) expect(normalizeHsPrefix('6'.repeat(len))).toBe('6'.repeat(len));
    expect(normalizeHsPrefix('6109.1')).toBe('61091');
    expect(normalizeHsPrefix('6')).toBeNull();
    expect(normalizeHsPrefix('6'.repeat(13))).toBeNull();
    expect(normalizeHsPrefix('61x')).toBeNull();
    expect(isHsPrefix('6109.10')).toBe(true);
    expect(isHsPrefix('x')).toBe(false);
  });
});

describe('levels and ancestry', () => {
  it('gives the textbook path of a GTİP', () => {
    expect(hsAncestors('610910000011')).toEqual(['61', '6109', '610910', '61091000', '6109100000']);
    expect(hsAncestors('6109.10')).toEqual(['61', '6109']);
    expect(hsAncestors('61')).toEqual([]);
    expect(hsAncestors('61091')).toEqual([]);
    expect(hsParent('610910')).toBe('6109');
    expect(hsParent('61')).toBeNull();
    expect(hsChapter('6109.10')).toBe('61');
    expect(hsChapter('6')).toBeNull();
  });

  it('reports the level or null', () => {
    expect(hsLevel('61')).toBe(2);
    expect(hsLevel('6109.10.00.00.11')).toBe(12);
    expect(hsLevel('610')).toBeNull();
  });

  it('each ancestor is a prefix two digits shorter than the next, for random codes', () => {
    const rand = mulberry32(5);
    for (let n = 0; n < 500; n++) {
      const len = 2 * (1 + Math.floor(rand() * 6));
      const code = randomDigits(rand, len);
      const chain = [...hsAncestors(code), code];
      expect(chain.length).toBe(len / 2);
      chain.forEach((c, i) => {
        expect(c.length).toBe(2 * (i + 1));
        expect(code.startsWith(c)).toBe(true);
      });
    }
  });

  it('matches prefixes ignoring dots', () => {
    expect(hsMatchesPrefix('610910000011', '6109.10')).toBe(true);
    expect(hsMatchesPrefix('610910000011', '61091')).toBe(true);
    expect(hsMatchesPrefix('610910000011', '6110')).toBe(false);
    expect(hsMatchesPrefix('610910000011', '6')).toBe(false);
  });
});

describe('formatGtip', () => {
  it('writes the dotted form', () => {
    expect(formatGtip('610910000011')).toBe('6109.10.00.00.11');
    expect(formatGtip('392020210019')).toBe('3920.20.21.00.19');
    expect(formatGtip('610910')).toBe('6109.10');
    expect(formatGtip('61')).toBe('61');
  });

  it('round-trips through normalisation and matches the documented pattern', () => {
    const rand = mulberry32(6);
    for (let n = 0; n < 300; n++) {
      const code = randomDigits(rand, 12);
      const written = formatGtip(code);
      expect(written).toMatch(/^\d{4}\.\d{2}\.\d{2}\.\d{2}\.\d{2}$/);
      expect(normalizeHsCode(written)).toBe(code);
    }
  });

  it('throws on something that is not a code', () => {
    expect(() => formatGtip('610')).toThrow(RangeError);
  });
});
