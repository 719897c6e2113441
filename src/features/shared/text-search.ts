// Free text matched in memory exactly as the SQL matches it: `foldedSql(column) LIKE '%q%'`.
//
// Each distinct text is folded once the way that SQL folds it on the store's engine, and all of
// them sit in one string, so a search is a few native `indexOf` calls whatever the number of
// texts, and the codes a word matches are remembered.
import type { Engine } from '../../db/connect.js';

/** The replacements `foldedSql` makes before lower(): ı/İ → i, ş → s, ğ → g, ç → c, ö → o, ü → u. */
export const FOLD_PAIRS: readonly [string, string][] = [
  ['İ', 'i'], ['I', 'i'], ['ı', 'i'], ['Ş', 's'], ['ş', 's'], ['Ğ', 'g'], ['ğ', 'g'], ['Ç', 'c'], ['ç', 'c'], ['Ö', 'o'], ['ö', 'o'], ['Ü', 'u'], ['ü', 'u'],
];

// SQLite's lower() and upper() change ASCII letters only; PostgreSQL's change every letter one
// character at a time (a letter whose case mapping is longer, like ß → SS, stays as it is).
function eachChar(s: string, f: (c: string) => string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(s)) return f(s);
  let out = '';
  for (const c of s) {
    const m = f(c);
    out += m.length === c.length ? m : c;
  }
  return out;
}

/** What `foldedSql(column)` makes of this text on this engine. */
export function foldAsSql(text: string, engine: Engine): string {
  let s = text;
  for (const [a, b] of FOLD_PAIRS) s = s.replaceAll(a, b);
  return engine === 'sqlite' ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : eachChar(s, (c) => c.toLowerCase());
}

/** What `upper(column)` makes of this text on this engine. */
export function upperAsSql(text: string, engine: Engine): string {
  return engine === 'sqlite' ? text.replace(/[a-z]+/g, (m) => m.toUpperCase()) : eachChar(text, (c) => c.toUpperCase());
}

const MEMO_MAX = 2000;

/** Distinct folded texts (code = position), searchable by substring. */
export class TextDictionary {
  private readonly text: string;
  private readonly starts: Int32Array;
  private readonly memo = new Map<string, Int32Array>();

  constructor(folded: readonly string[]) {
    const starts = new Int32Array(folded.length);
    let at = 0;
    folded.forEach((t, i) => {
      starts[i] = at;
      at += t.length + 1;
    });
    this.starts = starts;
    // One separator after each text: a search word never holds it (folded queries are letters,
    // digits and spaces), so no match runs across two texts.
    this.text = folded.join('\n') + '\n';
  }

  get size(): number {
    return this.starts.length;
  }

  /** Codes (ascending) of the texts containing `word`; callers must not change the array. */
  matching(word: string): Int32Array {
    let codes = this.memo.get(word);
    if (!codes) {
      codes = this.scan(word);
      if (this.memo.size >= MEMO_MAX) this.memo.delete(this.memo.keys().next().value as string);
      this.memo.set(word, codes);
    }
    return codes;
  }

  private scan(word: string): Int32Array {
    const out: number[] = [];
    if (!word || word.includes('\n')) return new Int32Array(0);
    let from = 0;
    for (;;) {
      const at = this.text.indexOf(word, from);
      if (at < 0) break;
      // The text holding this position: the last start at or before it.
      let lo = 0;
      let hi = this.starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      out.push(lo);
      from = lo + 1 < this.starts.length ? this.starts[lo + 1]! : this.text.length;
    }
    return Int32Array.from(out);
  }
}

/** Dictionary codes for values as they are read, in order of first appearance. */
export class Codes<V> {
  readonly values: V[] = [];
  private readonly index = new Map<V, number>();

  of(v: V): number {
    let c = this.index.get(v);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(v);
      this.index.set(v, c);
    }
    return c;
  }
}
