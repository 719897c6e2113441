// Search keys for free text. Turkish has a dotted and a dotless i, and users type with or without
// Turkish letters, so every name and query goes through the same folding before comparison.

const TURKISH_FOLD: Readonly<Record<string, string>> = {
  ı: 'i',
  ş: 's',
  ğ: 'g',
  ç: 'c',
  ö: 'o',
  ü: 'u',
};

/**
 * Lowercases with Turkish rules, folds Turkish letters to ASCII, removes other diacritics and
 * keeps letters and digits separated by single spaces.
 */
export function foldTurkish(s: string): string {
  // Generic toLowerCase turns İ into "i" + combining dot and I into "i"; map both first so the
  // result does not depend on the runtime locale.
  const lowered = s.replace(/İ/g, 'i').replace(/I/g, 'ı').toLowerCase();
  const folded = lowered.replace(/[ışğçöü]/g, (ch) => TURKISH_FOLD[ch] ?? ch);
  return folded
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function tokenize(s: string): string[] {
  const folded = foldTurkish(s);
  return folded === '' ? [] : folded.split(' ');
}
