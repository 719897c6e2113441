// The goods a nomenclature line names: the head nouns of its phrases. English puts the head of a
// noun phrase last, before the first preposition ('tennis SHOES, rubber soles', 'Digital versatile
// DISCS', 'book cover manufacturing MACHINES'); a line that only mentions a word as a modifier
// ('versatile', 'book') is not about those goods. A question that names a line's head is
// evidence that no modifier match gives. Read from the line's own text, never from questions.
import { terms, type Term } from './terms.js';

// Words that end a noun phrase: what follows qualifies the head ('of cotton', 'for vehicles').
const CUT = new Set([
  'of', 'for', 'with', 'in', 'on', 'to', 'by', 'from', 'whether', 'not', 'other', 'than', 'excluding', 'excl', 'including',
  'incl', 'containing', 'used', 'suitable', 'having', 'without', 'nesoi', 'nes', 'nec', 'put', 'whose', 'being', 'at',
]);
// Enumerations: 'eyebrows and eyelashes' names two goods.
const JOIN = new Set(['and', 'or']);
// Heads that name no goods on their own: 'articles of jewellery' is about jewellery (taken from
// after 'of'); 'parts', 'other' and 'the like' name nothing a question would.
const GENERIC = new Set([
  'article', 'articles', 'part', 'parts', 'other', 'thereof', 'like', 'similar', 'goods', 'product', 'products', 'kind', 'kinds',
  'type', 'types', 'item', 'items', 'accessories', 'accessory', 'material', 'materials', 'preparation', 'preparations', 'use',
  'complete', 'new', 'used', 'n', 'e', 's', 'c', 'i',
]);
const KEEP = new Set([...CUT, ...JOIN]);

/** The stems of the head nouns of a line's text (segments joined by ' > '). */
export function lineHeads(text: string): string[] {
  const heads = new Set<string>();
  for (const segment of text.split(' > ')) {
    // Chapter titles in capitals (EU lines): too broad to say what one line is.
    if (/[A-Z]/.test(segment) && segment === segment.toUpperCase()) continue;
    for (const piece of segment.split(/[,;:()[\]]/)) headsOfPiece(terms(piece, KEEP), heads);
  }
  return [...heads];
}

function headsOfPiece(words: readonly Term[], heads: Set<string>): void {
  let run: Term[] = [];
  let cut = false;
  const flush = () => {
    const head = run[run.length - 1];
    if (head && !GENERIC.has(head.word) && head.word.length > 2 && !/\d/.test(head.word)) heads.add(head.term);
    run = [];
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (cut) continue;
    if (JOIN.has(w.word)) {
      flush();
      continue;
    }
    if (CUT.has(w.word)) {
      // 'articles of jewellery': the goods are named after 'of'.
      const last = run[run.length - 1];
      if (w.word === 'of' && last && (last.word === 'article' || last.word === 'articles')) {
        run = [];
        continue;
      }
      flush();
      cut = true;
      continue;
    }
    run.push(w);
  }
  if (!cut) flush();
}
