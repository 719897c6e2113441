// Light suffix stripping for folded English and Turkish words. Descriptions arrive in either
// language and we do not know which, so every word goes through both rules, Turkish first: the
// same pipeline on both sides is what makes 'domatesler' meet 'domates' and 'tomatoes' 'tomato'.
// Over-stripping an English word ('boilers' -> 'boi') is harmless as long as it is consistent.

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/** English plurals: -ies -> -y, -sses -> -ss, -xes/-ches/-shes/-oes drop -es, else a final -s. */
export function stemEnglish(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(x|ch|sh|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('oes') && word.length > 5) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function strip(word: string, suffixes: readonly string[], minStem: number): string {
  for (const s of suffixes) {
    if (word.endsWith(s) && word.length - s.length >= minStem) return word.slice(0, -s.length);
  }
  return word;
}

/**
 * Turkish, outermost suffix first: case (-dan/-den/-tan/-ten, -ndan/-nden), then -li/-lu, possessive
 * (-si/-su after a vowel, -i/-u after a consonant), then plural (-lar/-ler). Works on folded text,
 * so -ı/-ü have already become -i/-u.
 */
export function stemTurkish(word: string): string {
  let w = strip(word, ['ndan', 'nden', 'dan', 'den', 'tan', 'ten'], 4);
  // Locative ('maskesinde', 'kutuda') and genitive after a vowel ('makinelerinin'): a longer stem
  // is required than for the ablative, as many English words end in -de/-te/-da/-ta.
  if (w === word) w = strip(word, ['nda', 'nde', 'nin', 'nun'], 4);
  if (w === word) w = strip(word, ['da', 'de', 'ta', 'te'], 5);
  // '-li/-lu' (made of, with): 'pamuklu' is about 'pamuk', 'elektrikli' about 'elektrik'.
  const made = strip(w, ['li', 'lu'], 4);
  if (made !== w) return made;
  const last = w[w.length - 1];
  const before = w[w.length - 2];
  if ((w.endsWith('si') || w.endsWith('su')) && w.length >= 6 && VOWELS.has(w[w.length - 3]!)) w = w.slice(0, -2);
  else if ((last === 'i' || last === 'u') && before !== undefined && !VOWELS.has(before) && w.length >= 5) w = w.slice(0, -1);
  return strip(w, ['lar', 'ler'], 3);
}

export function stem(word: string): string {
  // Numbers ('50kg', '2022') are kept whole.
  if (/\d/.test(word)) return word;
  // Until nothing changes, so that a word and its stem share a stem: 'boilers' -> 'boiler' -> 'boi'.
  let w = word;
  for (let i = 0; i < 4; i++) {
    const next = stemEnglish(stemTurkish(w));
    if (next === w) break;
    w = next;
  }
  return w;
}
