// Deterministic generator for property tests, so a failure is reproducible.
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
