// Private stand-in for the shared Turkish folding in codes/text.ts; to be unified once that lands.

// The letters of Turkish and its neighbours, folded by table: decomposing every name with NFD
// was the slowest step of building a company index.
const TABLE: Readonly<Record<string, string>> = {
  ş: 's', Ş: 's', ı: 'i', İ: 'i', ğ: 'g', Ğ: 'g', ç: 'c', Ç: 'c', ö: 'o', Ö: 'o', ü: 'u', Ü: 'u',
  â: 'a', Â: 'a', î: 'i', Î: 'i', û: 'u', Û: 'u', é: 'e', É: 'e', è: 'e', ä: 'a', Ä: 'a',
};

// Anything else: lower-case, decompose, drop the marks (combining marks alone fold to nothing).
function slowFold(ch: string): string {
  return ch.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '').replace(/ı/g, 'i');
}

/** Lower case, Turkish letters and diacritics folded to ASCII, whitespace collapsed. */
export function fold(s: string): string {
  // A hand-written loop: this runs once per name and alias when an index is built.
  let out = '';
  let space = false;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code === 32 || (code >= 9 && code <= 13) || code === 0xa0) {
      space = out.length > 0;
      continue;
    }
    const ch = s[i]!;
    const folded =
      code >= 65 && code <= 90 ? String.fromCharCode(code + 32)
      : code < 128 ? ch
      : Object.hasOwn(TABLE, ch) ? TABLE[ch]!
      : /\s/.test(ch) ? ' '
      : slowFold(ch);
    if (folded === ' ') {
      space = out.length > 0;
      continue;
    }
    if (folded.length === 0) continue;
    if (space) out += ' ';
    space = false;
    out += folded;
  }
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Words of an already folded string: letters and digits only, punctuation separates. */
export function splitWords(folded: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= folded.length; i++) {
    const code = i < folded.length ? folded.charCodeAt(i) : 32;
    const word =
      (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 128 && WORD_CHAR.test(folded[i]!));
    if (word && start < 0) start = i;
    else if (!word && start >= 0) {
      words.push(folded.slice(start, i));
      start = -1;
    }
  }
  return words;
}

/** Folded words: letters and digits only, punctuation acts as a separator. */
export function foldedWords(s: string): string[] {
  return splitWords(fold(s));
}
