// The nomenclature's texts say what a line is not as often as what it is: '(excl. jewellery of base
// metal)', 'of other than base metal', '(not knitted or crocheted)', 'not of bamboo'. Those words
// must not count as the line's own, or 'stainless steel necklace' matches the line for jewellery
// of other than base metal and 'knitted dress' the dresses that are not knitted.
//
// A negation runs from its trigger to the end of the parenthesis it stands in, or, outside one,
// to the next ',', ';', ':', '>' (the path separator of the grouping lines) or parenthesis; a
// ', incl.' within it ends it too. 'whether or not' and 'with or without' are not negations: they
// say the words are optional.

const TRIGGER = /\b(?:excl\.?|excluding|except|other than|not|without)(?=[\s(]|$)/gi;
const INCLUDED = /[,;]\s*(?:incl\.?|including)(?=[\s(]|$)/i;
const OPTIONAL_BEFORE = /\b(?:whether or|with or)\s*$/i;

/** The text with every negated span (trigger included) replaced by a space, and those spans. */
export function splitNegations(text: string): { kept: string; negated: string } {
  let out = '';
  let negated = '';
  let from = 0;
  TRIGGER.lastIndex = 0;
  for (let m = TRIGGER.exec(text); m !== null; m = TRIGGER.exec(text)) {
    if (m.index < from) continue;
    if (OPTIONAL_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    let end = scopeEnd(text, m.index + m[0].length, depthAt(text, m.index) > 0);
    // '(excl. warp knitting machines, incl. Raschel type)': what is included is the line's again.
    const included = INCLUDED.exec(text.slice(m.index, end));
    if (included) end = m.index + included.index;
    out += `${text.slice(from, m.index)} `;
    negated += ` ${text.slice(m.index + m[0].length, end)}`;
    from = end;
    TRIGGER.lastIndex = end;
  }
  return { kept: out + text.slice(from), negated };
}

function depthAt(text: string, at: number): number {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && depth > 0) depth--;
  }
  return depth;
}

function scopeEnd(text: string, from: number, inParenthesis: boolean): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(') {
      if (!inParenthesis) return i;
      depth++;
    } else if (ch === ')') {
      if (depth === 0) return i;
      depth--;
    } else if (!inParenthesis && (ch === ',' || ch === ';' || ch === ':' || ch === '>')) {
      return i;
    }
  }
  return text.length;
}
