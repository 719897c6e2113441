import { describe, it, expect } from 'vitest';
import { centsToUsd, percentOf, specificAmount, usdToCents } from '../../../src/domain/tariff/money.js';

// Small deterministic generator so failures reproduce.
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('usdToCents', () => {
  it('reads the decimal form, not the binary one', () => {
    expect(usdToCents(10_237.45)).toBe(1_023_745);
    expect(usdToCents(0.1 + 0.2)).toBe(30);
    expect(usdToCents(1.005)).toBe(101); // 1.005 * 100 is 100.49999… in binary
    expect(usdToCents(0)).toBe(0);
    expect(usdToCents(28_650)).toBe(2_865_000);
  });

  it('round-trips every two-decimal amount', () => {
    const rnd = lcg(7);
    for (let i = 0; i < 5_000; i++) {
      const cents = Math.floor(rnd() * 1e10);
      expect(usdToCents(centsToUsd(cents))).toBe(cents);
    }
  });
});

describe('percentOf', () => {
  it('rounds half up at the cent', () => {
    expect(percentOf(1_174_865, 30)).toBe(352_460); // 3524.595 → 3524.60
    expect(percentOf(1_174_865, 12)).toBe(140_984); // 1409.838 → 1409.84
    expect(percentOf(1_174_865, 6)).toBe(70_492); // 704.919 → 704.92
    expect(percentOf(100, 6.7)).toBe(7); // 6.7 cents → 7
    expect(percentOf(50, 1)).toBe(1); // 0.5 cent → 1
    expect(percentOf(49, 1)).toBe(0);
    expect(percentOf(3_000_000, 0)).toBe(0);
  });

  it('is the nearest cent, ties up, for many generated bases and two-decimal rates', () => {
    const rnd = lcg(42);
    for (let i = 0; i < 10_000; i++) {
      const cents = Math.floor(rnd() * 1e12);
      const bp = Math.floor(rnd() * 30_000); // 0.00 % … 299.99 %
      const amount = BigInt(percentOf(cents, bp / 100));
      const exact2 = 2n * BigInt(cents) * BigInt(bp); // twice the exact amount, in 1/10000 cent
      expect(exact2 >= (2n * amount - 1n) * 10_000n).toBe(true);
      expect(exact2 < (2n * amount + 1n) * 10_000n).toBe(true);
    }
  });
});

describe('specificAmount', () => {
  it('multiplies a per-unit rate by a quantity without float drift', () => {
    expect(specificAmount(2.5, 1_042.5)).toBe(260_625);
    expect(specificAmount(0.27, 3)).toBe(81);
    expect(specificAmount(0.1, 0.3)).toBe(3);
    expect(specificAmount(0.55, 0.001)).toBe(0); // 0.055 cent
  });
});
