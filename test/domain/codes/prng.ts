// Deterministic generator for property tests, so a failure is reproducible.
export { mulberry32 } from '../../../src/synth/prng.js';

export function randomDigits(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(rand() * 10));
  return s;
}

export function randomLetters(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(65 + Math.floor(rand() * 26));
  return s;
}

/** Every string that differs from `s` in exactly one digit position. */
export function singleDigitChanges(s: string, positions: number[]): string[] {
  const out: string[] = [];
  for (const p of positions) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) === s[p]) continue;
      out.push(s.slice(0, p) + String(d) + s.slice(p + 1));
    }
  }
  return out;
}
