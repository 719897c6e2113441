// Turkish tax identifiers. VKN (vergi kimlik numarası) identifies companies and other taxpayers;
// TCKN (T.C. kimlik numarası) identifies citizens, who use it as their tax number.

const NINE_DIGITS = /^\d{9}$/;
const VKN = /^\d{10}$/;
const TCKN = /^[1-9]\d{10}$/;

function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

/** Check digit of a VKN from its first nine digits. Throws on anything but nine digits. */
export function vknCheckDigit(first9: string): number {
  if (!NINE_DIGITS.test(first9)) throw new RangeError(`VKN body must be 9 digits, got "${first9}"`);
  let sum = 0;
  for (let j = 0; j < 9; j++) {
    // Position counted from the right: the 9th digit has weight exponent 1, the 1st has 9.
    const exponent = 9 - j;
    const x = (digitAt(first9, j) + exponent) % 10;
    if (x === 0) continue;
    const y = (x * 2 ** exponent) % 9;
    // A non-zero term that is a multiple of 9 counts as 9, not 0.
    sum += y === 0 ? 9 : y;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidVkn(s: string): boolean {
  if (!VKN.test(s)) return false;
  return vknCheckDigit(s.slice(0, 9)) === digitAt(s, 9);
}

/** The two check digits (10th and 11th) of a TCKN from its first nine digits. */
export function tcknCheckDigits(first9: string): [number, number] {
  if (!NINE_DIGITS.test(first9) || first9.startsWith('0')) {
    throw new RangeError(`TCKN body must be 9 digits not starting with 0, got "${first9}"`);
  }
  let odd = 0;
  let even = 0;
  for (let i = 0; i < 9; i++) {
    if (i % 2 === 0) odd += digitAt(first9, i);
    else even += digitAt(first9, i);
  }
  // The difference can be negative; keep the result in 0..9.
  const d10 = (((7 * odd - even) % 10) + 10) % 10;
  const d11 = (odd + even + d10) % 10;
  return [d10, d11];
}

export function isValidTckn(s: string): boolean {
  if (!TCKN.test(s)) return false;
  const [d10, d11] = tcknCheckDigits(s.slice(0, 9));
  return d10 === digitAt(s, 9) && d11 === digitAt(s, 10);
}
