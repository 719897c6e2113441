import { describe, it, expect } from 'vitest';
import { isValidTckn, isValidVkn, tcknCheckDigits, vknCheckDigit } from '../../../src/domain/codes/vkn.js';
import { mulberry32, randomDigits, singleDigitChanges } from './prng.js';

// Right-indexed form of the published algorithm, written independently of the implementation
// (which uses the left-indexed form) so the two cross-check each other.
function referenceVknCheck(first9: string): number {
  let s = 0;
  for (let i = 1; i <= 9; i++) {
    const d = Number(first9[9 - i]);
    const c1 = (d + i) % 10;
    if (c1 !== 0) {
      const c2 = (c1 * 2 ** i) % 9;
      s += c2 === 0 ? 9 : c2;
    }
  }
  return (10 - (s % 10)) % 10;
}

describe('VKN', () => {
  it('accepts and refuses the known vectors', () => {
    expect(isValidVkn('4540536920')).toBe(true);
    expect(isValidVkn('4540536921')).toBe(false);
    expect(isValidVkn('1234567890')).toBe(true);
    expect(vknCheckDigit('001000000')).toBe(9);
    expect(vknCheckDigit('454053692')).toBe(0);
  });

  it('refuses wrong shapes', () => {
    for (const s of ['', '454053692', '45405369200', '454053692a', ' 4540536920', '4540-536920']) {
      expect(isValidVkn(s)).toBe(false);
    }
    expect(() => vknCheckDigit('12345678')).toThrow(RangeError);
    expect(() => vknCheckDigit('12345678x')).toThrow(RangeError);
  });

  it('agrees with the right-indexed formulation on random bodies', () => {
    const rand = mulberry32(1);
    for (let n = 0; n < 5000; n++) {
      const body = randomDigits(rand, 9);
      expect(vknCheckDigit(body)).toBe(referenceVknCheck(body));
    }
  });

  it('validates every computed number and refuses every single-digit change', () => {
    const rand = mulberry32(2);
    for (let n = 0; n < 500; n++) {
      const body = randomDigits(rand, 9);
      const check = vknCheckDigit(body);
      expect(isValidVkn(body + String(check))).toBe(true);
      for (const wrong of singleDigitChanges(body + String(check), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])) expect(isValidVkn(wrong)).toBe(false);
    }
  });
});

describe('TCKN', () => {
  it('accepts a hand-checked number and refuses its neighbours', () => {
    // 1+0+0+0+1 = 2 on odd positions, 0 on even: d10 = 7·2 mod 10 = 4, d11 = (2+4) mod 10 = 6.
    expect(isValidTckn('10000000146')).toBe(true);
    expect(tcknCheckDigits('100000001')).toEqual([4, 6]);
    expect(isValidTckn('10000000147')).toBe(false);
    expect(isValidTckn('10000000136')).toBe(false);
  });

  it('refuses a leading zero and wrong lengths', () => {
    expect(isValidTckn('00000000000')).toBe(false);
    expect(isValidTckn('1000000014')).toBe(false);
    expect(isValidTckn('100000001466')).toBe(false);
    expect(() => tcknCheckDigits('012345678')).toThrow(RangeError);
  });

  it('keeps the 10th digit in range when the alternating sum is negative', () => {
    // odd = 1, even = 9·4 = 36: 7 − 36 = −29 → 1 (not −9).
    const [d10] = tcknCheckDigits('190909090');
    expect(d10).toBe(1);
  });

  it('validates computed numbers; any single changed digit in the checked part is refused', () => {
    const rand = mulberry32(3);
    for (let n = 0; n < 300; n++) {
      const body = String(1 + Math.floor(rand() * 9)) + randomDigits(rand, 8);
      const [d10, d11] = tcknCheckDigits(body);
      const full = `${body}${d10}${d11}`;
      expect(isValidTckn(full)).toBe(true);
      // d11 is the sum of all earlier digits mod 10, so a change in any one digit moves it.
      for (const wrong of singleDigitChanges(full, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])) {
        expect(isValidTckn(wrong)).toBe(false);
      }
    }
  });
});
