import { fold, splitWords } from '../matching/fold.js';
import { stem } from './stem.js';

// Only words that carry no product meaning at all. 'other', 'than', 'not' and 'without' stay:
// in the tariff they are what tells 'pure-bred' from 'other than pure-bred'.
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'and', 'or', 'in', 'on', 'for', 'to', 'by', 'with', 'its', 'their', 'be', 'as', 'at',
  'from', 'whether', 'is', 'are', 'which', 'this', 'that',
  've', 'ile', 'icin', 'veya', 'bir', 'bu', 'da', 'de', 'gibi', 'olan', 'olsun', 'olmasin', 'her',
]);

// American spellings of the US tariff and of listings, to the British ones of the HS, EU and UK
// texts: one word, one statistic ('jewelry' and 'jewellery' are the same goods).
const SPELLING: ReadonlyMap<string, string> = new Map([
  ['jewelry', 'jewellery'], ['jewelries', 'jewellery'], ['color', 'colour'], ['colors', 'colours'], ['colored', 'coloured'],
  ['aluminum', 'aluminium'], ['tire', 'tyre'], ['tires', 'tyres'], ['fiber', 'fibre'], ['fibers', 'fibres'],
  ['center', 'centre'], ['centers', 'centres'], ['gray', 'grey'], ['mold', 'mould'], ['molds', 'moulds'], ['molded', 'moulded'],
  ['molding', 'moulding'], ['liter', 'litre'], ['liters', 'litres'], ['meter', 'metre'], ['meters', 'metres'],
  ['sulfur', 'sulphur'], ['sulfate', 'sulphate'], ['sulfide', 'sulphide'], ['woolen', 'woollen'], ['plow', 'plough'],
  ['catalog', 'catalogue'], ['flavor', 'flavour'], ['flavored', 'flavoured'], ['flavors', 'flavours'],
  ['harbor', 'harbour'], ['labor', 'labour'], ['vapor', 'vapour'], ['armor', 'armour'], ['odor', 'odour'],
  ['pajamas', 'pyjamas'], ['pajama', 'pyjamas'], ['yoghurt', 'yogurt'], ['cozy', 'cosy'],
  ['airplane', 'aeroplane'], ['airplanes', 'aeroplanes'], ['diaper', 'napkin'], ['diapers', 'napkins'],
  ['ax', 'axe'],
]);

export interface Term {
  /** Folded word as written (an American spelling in its British form). */
  word: string;
  /** Its stem, the unit of matching. */
  term: string;
}

/** Folded, stop-word-free, stemmed words of a description, in order; `keep` names stop words to keep. */
export function terms(text: string, keep?: ReadonlySet<string>): Term[] {
  const out: Term[] = [];
  for (const written of splitWords(fold(text))) {
    if (STOP_WORDS.has(written) && !keep?.has(written)) continue;
    const word = SPELLING.get(written) ?? written;
    out.push({ word, term: stem(word) });
  }
  return out;
}
