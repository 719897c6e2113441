import { describe, it, expect } from 'vitest';
import {
  checkContainerNumber,
  completeContainerNumber,
  iso6346CheckDigit,
  isValidContainerNumber,
  parseContainerNumber,
} from '../../../src/domain/codes/iso6346.js';
import { mulberry32, randomDigits, randomLetters, singleDigitChanges } from './prng.js';

describe('iso6346CheckDigit', () => {
  it('matches a hand computation for CSQU305438', () => {
    // C13·1 + S30·2 + Q28·4 + U32·8 + 3·16 + 0·32 + 5·64 + 4·128 + 3·256 + 8·512 = 6185; 6185 mod 11 = 3.
    expect(iso6346CheckDigit('CSQU305438')).toBe(3);
  });

  it('computes the check digit of known real numbers', () => {
    expect(isValidContainerNumber('CSQU3054383')).toBe(true);
    expect(isValidContainerNumber('MSKU9070323')).toBe(true);
  });

  it('uses letter values that skip multiples of 11', () => {
    // AAAU000000: 10·1 + 10·2 + 10·4 + 32·8 = 326 ≡ 7 (mod 11); B = 12 adds 2 → 9.
    expect(iso6346CheckDigit('AAAU000000')).toBe(7);
    expect(iso6346CheckDigit('BAAU000000')).toBe(9);
    // K = 21 and L = 23 (22 skipped): 337 ≡ 7 and 339 ≡ 9.
    expect(iso6346CheckDigit('KAAU000000')).toBe(7);
    expect(iso6346CheckDigit('LAAU000000')).toBe(9);
  });

  it('turns a remainder of 10 into 0', () => {
    // Search for a prefix whose remainder is 10 and check it yields 0.
    const rand = mulberry32(7);
    let found = false;
    for (let n = 0; n < 2000 && !found; n++) {
      const prefix = `${randomLetters(rand, 3)}U${randomDigits(rand, 6)}`;
      let sum = 0;
      for (let i = 0; i < 10; i++) {
        const ch = prefix.charAt(i);
        const v = /\d/.test(ch) ? Number(ch) : [10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 34, 35, 36, 37, 38][ch.charCodeAt(0) - 65]!;
        sum += v * 2 ** i;
      }
      if (sum % 11 === 10) {
        found = true;
        expect(iso6346CheckDigit(prefix)).toBe(0);
      }
    }
    expect(found).toBe(true);
  });

  it('throws on a malformed prefix', () => {
    for (const s of ['CSQ305438', 'CSQX305438', 'CSQU30543', '1SQU305438']) {
      expect(() => iso6346CheckDigit(s)).toThrow(RangeError);
    }
  });
});

describe('parseContainerNumber', () => {
  it('accepts spaces, dashes and lower case', () => {
    const want = { owner: 'CSQ', category: 'U', serial: '305438', check_digit: 3 };
    expect(parseContainerNumber('CSQU3054383')).toEqual(want);
    expect(parseContainerNumber('csqu 305438 3')).toEqual(want);
    expect(parseContainerNumber('CSQU-305438-3')).toEqual(want);
    expect(parseContainerNumber(' CSQ U 305 438-3 ')).toEqual(want);
  });

  it('accepts categories J and Z and refuses others', () => {
    expect(parseContainerNumber('ABCJ1234567')?.category).toBe('J');
    expect(parseContainerNumber('ABCZ1234567')?.category).toBe('Z');
    expect(parseContainerNumber('ABCX1234567')).toBeNull();
  });

  it('refuses wrong shapes', () => {
    for (const s of ['', 'CSQU305438', 'CSQU30543833', 'CS1U3054383', 'CSQU30A4383', 'CSQU3054383/']) {
      expect(parseContainerNumber(s)).toBeNull();
    }
  });
});

describe('checkContainerNumber', () => {
  it('says the expected check digit when it is wrong', () => {
    const r = checkContainerNumber('csqu 305438 4');
    expect(r).toMatchObject({ valid: false, reason: 'check_digit', number: 'CSQU3054384', expected_check_digit: 3 });
    if (!r.valid) expect(r.message).toBe('check digit should be 3');
  });

  it('reports a format problem separately', () => {
    expect(checkContainerNumber('CSQU30543')).toMatchObject({ valid: false, reason: 'format' });
  });

  it('returns the compact form when valid', () => {
    expect(checkContainerNumber('msku-907032-3')).toMatchObject({ valid: true, number: 'MSKU9070323' });
  });
});

// Values the standard assigns to A..Z, written out independently of the implementation.
const LETTER = [10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 34, 35, 36, 37, 38];

function remainder(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10.charAt(i);
    sum += (/\d/.test(ch) ? Number(ch) : LETTER[ch.charCodeAt(0) - 65]!) * 2 ** i;
  }
  return sum % 11;
}

describe('properties', () => {
  it('every completed number validates', () => {
    const rand = mulberry32(10);
    for (let n = 0; n < 1000; n++) {
      const cat = 'UJZ'.charAt(Math.floor(rand() * 3));
      const full = completeContainerNumber(`${randomLetters(rand, 3)}${cat}${randomDigits(rand, 6)}`);
      expect(isValidContainerNumber(full)).toBe(true);
      expect(Number(full[10])).toBe(remainder(full.slice(0, 10)) % 10);
    }
  });

  it('refuses every single-digit change when the check digit is unambiguous', () => {
    // Remainders 0 and 10 both give check digit 0, so only numbers with remainder 1..9 are
    // guaranteed to expose a one-digit slip; that is why owners avoid serials with remainder 10.
    const rand = mulberry32(11);
    let tested = 0;
    while (tested < 400) {
      const full = completeContainerNumber(`${randomLetters(rand, 3)}U${randomDigits(rand, 6)}`);
      if (full[10] === '0') continue;
      tested++;
      for (const wrong of singleDigitChanges(full, [4, 5, 6, 7, 8, 9, 10])) {
        expect(isValidContainerNumber(wrong)).toBe(false);
      }
    }
  });

  it('refuses a changed owner letter unless the two letter values differ by 11', () => {
    const rand = mulberry32(12);
    let tested = 0;
    while (tested < 150) {
      const full = completeContainerNumber(`${randomLetters(rand, 3)}U${randomDigits(rand, 6)}`);
      if (full[10] === '0') continue;
      tested++;
      for (let p = 0; p < 3; p++) {
        const from = LETTER[full.charCodeAt(p) - 65]!;
        for (let c = 0; c < 26; c++) {
          const ch = String.fromCharCode(65 + c);
          if (ch === full[p]) continue;
          const changed = full.slice(0, p) + ch + full.slice(p + 1);
          expect(isValidContainerNumber(changed)).toBe((LETTER[c]! - from) % 11 === 0);
        }
      }
    }
  });

  it('has the known blind spot A ↔ K (10 and 21)', () => {
    expect(iso6346CheckDigit('ASQU305438')).toBe(iso6346CheckDigit('KSQU305438'));
  });
});
