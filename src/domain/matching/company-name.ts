import { fold, splitWords } from './fold.js';
import { withinOneEdit } from './similarity.js';

export interface NormalisedName {
  /** Folded input (lower case, Turkish letters folded, spaces collapsed; punctuation kept). */
  folded: string;
  /** Distinctive words only: no legal form, no generic trade words. */
  core: string;
  /** Canonical legal form(s), e.g. 'as', 'ltd', 'co ltd'; '' when none was found. */
  legal_form: string;
  /** All canonical words except the legal form, in order. */
  tokens: string[];
}

// Legal forms are recognised only at the end of a name, where they are written; single letters
// such as 'a s' or 's a' would be too ambiguous anywhere else. Longest rules are tried first.
const LEGAL_FORM_RULES: Array<[string[], string]> = [
  [['anonim', 'sirketi'], 'as'],
  [['a', 's'], 'as'],
  [['as'], 'as'],
  [['limited', 'sirketi'], 'ltd'],
  [['ltd', 'sti'], 'ltd'],
  [['ltd', 'sirketi'], 'ltd'],
  [['ltd'], 'ltd'],
  [['limited'], 'ltd'],
  [['sti'], 'ltd'],
  [['kollektif', 'sirketi'], 'koll'],
  [['koll', 'sti'], 'koll'],
  [['komandit', 'sirketi'], 'kom'],
  [['kom', 'sti'], 'kom'],
  [['kooperatifi'], 'koop'],
  [['koop'], 'koop'],
  [['gmbh'], 'gmbh'],
  [['ag'], 'ag'],
  [['plc'], 'plc'],
  [['llc'], 'llc'],
  [['l', 'l', 'c'], 'llc'],
  [['inc'], 'inc'],
  [['incorporated'], 'inc'],
  [['corp'], 'corp'],
  [['corporation'], 'corp'],
  [['s', 'r', 'l'], 'srl'],
  [['srl'], 'srl'],
  [['s', 'p', 'a'], 'spa'],
  [['spa'], 'spa'],
  [['s', 'a', 's'], 'sas'],
  [['sas'], 'sas'],
  [['s', 'a'], 'sa'],
  [['sa'], 'sa'],
  [['s', 'l'], 'sl'],
  [['sl'], 'sl'],
  [['b', 'v'], 'bv'],
  [['bv'], 'bv'],
  [['n', 'v'], 'nv'],
  [['nv'], 'nv'],
  [['ooo'], 'ooo'],
  [['oao'], 'oao'],
  [['zao'], 'zao'],
  [['pao'], 'pao'],
  [['ao'], 'ao'],
  [['kg'], 'kg'],
  [['sarl'], 'sarl'],
  [['llp'], 'llp'],
  [['dmcc'], 'dmcc'],
  [['pte'], 'pte'],
  [['pvt'], 'pvt'],
  [['co'], 'co'],
  [['company'], 'co'],
  [['fze'], 'fze'],
  [['fzco'], 'fzco'],
  [['fz', 'co'], 'fzco'],
];
const LEGAL_FORMS = [...LEGAL_FORM_RULES].sort((a, b) => b[0].length - a[0].length);

// Spelled-out words and their usual abbreviations share one canonical token.
const CANONICAL_WORDS: Readonly<Record<string, string>> = {
  sanayi: 'san', sanayii: 'san', sanayisi: 'san', san: 'san',
  ticaret: 'tic', ticareti: 'tic', tic: 'tic',
  ithalat: 'ith', ith: 'ith',
  ihracat: 'ihr', ihr: 'ihr',
  dis: 'dis',
  pazarlama: 'paz', pazarlamasi: 'paz', paz: 'paz',
  nakliyat: 'nak', nakliye: 'nak', nakliyesi: 'nak', nak: 'nak',
  taahhut: 'taah', taahhudu: 'taah', taah: 'taah',
  insaat: 'ins', insaati: 'ins', ins: 'ins',
  turizm: 'tur', tur: 'tur',
  imalat: 'imal', imalati: 'imal', imal: 'imal',
  uretim: 'uret', uretimi: 'uret', uret: 'uret',
  hizmetleri: 'hiz', hizmet: 'hiz', hizm: 'hiz', hiz: 'hiz',
  musavirlik: 'mus', mus: 'mus',
  danismanlik: 'dan', dan: 'dan',
  mumessillik: 'mumessillik',
  yatirim: 'yatirim', yatirimlari: 'yatirim',
  urunleri: 'urun', urun: 'urun',
  trading: 'trading', trade: 'trading',
  industry: 'industry', industries: 'industry', industrial: 'industry', ind: 'industry', industrie: 'industry',
  international: 'intl', intl: 'intl', int: 'intl',
  group: 'grup', grup: 'grup', grubu: 'grup',
  holding: 'holding',
};

const CANONICAL: ReadonlyMap<string, string> = new Map(Object.entries(CANONICAL_WORDS));

// Connectors are dropped so 'San. ve Tic.' and 'San. Tic.' agree.
const CONNECTORS: ReadonlySet<string> = new Set(['ve', 'and', 'und', '&']);

// Words that describe the kind of business rather than the business: many firms share them,
// so they must weigh less than a surname or a brand when comparing names.
const GENERIC: ReadonlySet<string> = new Set([
  'san', 'tic', 'ith', 'ihr', 'dis', 'ic', 'paz', 'nak', 'taah', 'ins', 'tur', 'imal', 'uret',
  'hiz', 'mus', 'dan', 'mumessillik', 'yatirim', 'urun', 'trading', 'industry', 'intl', 'grup',
  'holding', 'the', 'of', 'ltd', 'sti', 'sirketi', 'koll', 'kom',
]);

export function isGenericToken(token: string): boolean {
  return GENERIC.has(token);
}

// The activity words of Turkish trade names ('San. ve Tic.', 'İth. İhr.', 'İnş. Taah.') and stray
// words: declarations abbreviate them or leave them out all the time, so a name without them is
// still the name. The other generic words ('Holding', 'Group', 'Trading') are part of the name.
const OPTIONAL: ReadonlySet<string> = new Set([
  'san', 'tic', 'ith', 'ihr', 'dis', 'ic', 'paz', 'nak', 'taah', 'ins', 'tur', 'imal', 'uret', 'hiz',
  'mus', 'dan', 'the', 'of', 'ltd', 'sti', 'sirketi', 'koll', 'kom',
]);

/** A generic word a name may leave out without becoming another name. */
export function isOptionalToken(token: string): boolean {
  return OPTIONAL.has(token);
}

// Spelled-out generic words long enough that one typo cannot turn them into another word; five
// letters are enough when the typo is a swap of neighbours, which keeps every letter ('Gropu').
const LONG_FORMS = [...CANONICAL.keys()].filter((w) => w.length >= 6);
const SWAP_FORMS = [...CANONICAL.keys()].filter((w) => w.length === 5);

// Words seen before; names repeat their words a lot, and the typo check below is the slow part.
const memo = new Map<string, string>();

export function canonicalToken(word: string): string {
  const known = CANONICAL.get(word) ?? memo.get(word);
  if (known !== undefined) return known;
  let out = word;
  // 'Tciaret', 'Snaayi': a misspelt generic word must not pass for a rare, distinctive one.
  if (word.length >= 6) {
    for (const long of LONG_FORMS) {
      if (withinOneEdit(word, long)) {
        out = CANONICAL.get(long)!;
        break;
      }
    }
  } else if (word.length === 5) {
    for (const form of SWAP_FORMS) {
      if (withinOneEdit(word, form) && sameLetters(word, form)) {
        out = CANONICAL.get(form)!;
        break;
      }
    }
  }
  if (memo.size > 100_000) memo.clear();
  memo.set(word, out);
  return out;
}

function sameLetters(a: string, b: string): boolean {
  return [...a].sort().join('') === [...b].sort().join('');
}

/** The folded words of a name (connectors dropped) and where its legal forms begin. */
function peel(name: string): { folded: string; words: string[]; end: number; forms: string[] } {
  const folded = fold(name);
  const words = splitWords(folded).filter((w) => !CONNECTORS.has(w));
  const forms: string[] = [];
  let end = words.length;
  // Peel legal forms off the tail ('Co. Ltd.', 'Ltd. Şti.'), keeping at least one word as the name.
  for (;;) {
    const rule = LEGAL_FORMS.find(([seq]) => seq.length < end && tailEquals(words, end, seq));
    if (!rule) break;
    forms.unshift(rule[1]);
    end -= rule[0].length;
  }
  return { folded, words, end, forms };
}

export function normaliseCompanyName(name: string): NormalisedName {
  const { folded, words, end, forms } = peel(name);
  const tokens = words.slice(0, end).map(canonicalToken);
  const distinctive = tokens.filter((t) => !GENERIC.has(t));
  return {
    folded,
    core: (distinctive.length > 0 ? distinctive : tokens).join(' '),
    legal_form: [...new Set(forms)].join(' '),
    tokens,
  };
}

/**
 * The name's folded words as written, without its legal form: what a name index is asked for
 * ('A.Ş.' and 'Anonim Şirketi' name one form and share no letters).
 */
export function nameWithoutLegalForm(name: string): string {
  const { words, end } = peel(name);
  return words.slice(0, end).join(' ');
}

function tailEquals(words: string[], end: number, seq: string[]): boolean {
  const start = end - seq.length;
  for (let i = 0; i < seq.length; i++) if (words[start + i] !== seq[i]) return false;
  return true;
}

/** A key under which spellings of one name coincide: canonical words plus legal form. */
export function nameKey(n: NormalisedName): string {
  return n.legal_form ? `${n.tokens.join(' ')} | ${n.legal_form}` : n.tokens.join(' ');
}
