// A page of a declaration list found in the in-memory record copies: the filters narrow the rows,
// then the next `limit` declarations after the keyset position are picked in sort order, and only
// those are read from the store. Same order and keyset rules as the SQL list (ties by id).
// Free text keeps the SQL's meaning: either party's folded name, or a line's description, contains
// the word (company names from the copies' name list, descriptions from item-texts.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Filters } from './filters.js';
import { cubeCacheOf } from './cube-cache.js';
import { cubeFilters } from './aggregate.js';
import { selectRows } from './memcube.js';
import { DECLARATION_CUBE, LINE_CUBE } from './record-cubes.js';
import { itemTextsFor, warmItemTexts, withDescriptionMatch, type ItemTexts } from './item-texts.js';
import type { Cube, CubeFilters } from './memcube.js';
import { markRows, valueOrderMade, valueOrderOf, walkByValue } from './value-order.js';

export interface IdPageInput {
  filters: Filters;
  /** `registered_at` or `value_usd`, `-` first for descending. */
  sort: string;
  after: { key: string | number; id: number } | null;
  count: number;
}

/** Free text as masks: over the company and partner codes of a copy, and over declaration ids. */
interface TextMatch {
  companies: Int32Array;
  partners: Int32Array;
  /** Whether a line of the declaration has a matching description; null when none has. */
  describes: ((id: number) => boolean) | null;
}

// The codes of the companies a word names, per copy (a word can name tens of thousands): read from
// an array indexed by company id, made once per copy, and remembered per word.
const MEMO_MAX = 2000;
const partyMemo = new WeakMap<Cube, Map<string, [Int32Array, Int32Array]>>();
const codeOfId = new WeakMap<Cube, [Int32Array, Int32Array]>();

function codesById(cube: Cube): [Int32Array, Int32Array] {
  let known = codeOfId.get(cube);
  if (!known) {
    const of = (column: string) => {
      const values = cube.dims.get(column)!.values as number[];
      let max = 0;
      for (const v of values) if (v > max) max = v;
      const codes = new Int32Array(max + 1).fill(-1);
      values.forEach((v, c) => (codes[v] = c));
      return codes;
    };
    known = [of('company_id'), of('partner_company_id')];
    codeOfId.set(cube, known);
  }
  return known;
}

function partyCodes(cube: Cube, word: string, ids: readonly number[]): [Int32Array, Int32Array] {
  let memo = partyMemo.get(cube);
  if (!memo) partyMemo.set(cube, (memo = new Map()));
  let codes = memo.get(word);
  if (!codes) {
    const of = (byId: Int32Array) => {
      const out: number[] = [];
      for (const id of ids) {
        const c = id < byId.length ? byId[id]! : -1;
        if (c >= 0) out.push(c);
      }
      return Int32Array.from(out);
    };
    const [company, partner] = codesById(cube);
    codes = [of(company), of(partner)];
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
    memo.set(word, codes);
  }
  return codes;
}

/** The companies a word names on this copy and the description index, or null when the copies cannot tell yet. */
function textMatch(db: Kysely<DB>, cube: Cube, word: string): { companies: Int32Array; partners: Int32Array; texts: ItemTexts } | null {
  const names = cubeCacheOf(db)?.companyNames();
  const declarations = cubeCacheOf(db)?.get(DECLARATION_CUBE);
  // The description index follows the declaration copy, which holds every declaration of the line copy.
  const texts = names && declarations ? itemTextsFor(db, declarations) : null;
  if (!names || !texts) return null;
  const [companies, partners] = partyCodes(cube, word, names.matching(word));
  return { companies, partners, texts };
}

// Masks over company codes, reused (evaluation is synchronous) and cleared after each use.
let companyMask: Uint8Array = new Uint8Array(1 << 16);
let partnerMask: Uint8Array = new Uint8Array(1 << 16);
function grown(mask: Uint8Array, size: number): Uint8Array {
  return mask.length >= size ? mask : new Uint8Array(Math.max(size, mask.length * 2));
}

/** Resolves when the record copies and what the lists add to them are ready (server start). */
export async function warmDeclarationLists(db: Kysely<DB>): Promise<void> {
  await warmItemTexts(db);
  const cube = cubeCacheOf(db)?.get(DECLARATION_CUBE);
  const lines = cubeCacheOf(db)?.get(LINE_CUBE);
  if (cube) codesById(cube);
  if (lines) codesById(lines);
  if (cube) await valueOrderMade(cube);
}

/**
 * Ids of the next `count` matching declarations in list order, or null when the copies cannot
 * answer (not built, stale, or free text before the copies' description index is read).
 */
export function declarationIdsFromCopies(db: Kysely<DB>, input: IdPageInput): number[] | null {
  const f = input.filters;
  // A product filter is a condition on lines: read the line copy and take each declaration once.
  const cube = cubeCacheOf(db)?.get(f.hs.length ? LINE_CUBE : DECLARATION_CUBE);
  if (!cube) return null;
  // Made for every new copy, so that free text finds the index read when it comes.
  const declarations = f.hs.length ? cubeCacheOf(db)?.get(DECLARATION_CUBE) : cube;
  if (declarations) {
    itemTextsFor(db, declarations);
    valueOrderOf(declarations);
  }
  if (!f.q) return pickPage(cube, input, null);
  const text = textMatch(db, cube, f.q);
  if (!text) return null;
  companyMask = grown(companyMask, cube.dims.get('company_id')!.values.length);
  partnerMask = grown(partnerMask, cube.dims.get('partner_company_id')!.values.length);
  for (const c of text.companies) companyMask[c] = 1;
  for (const c of text.partners) partnerMask[c] = 1;
  try {
    return withDescriptionMatch(text.texts, f.q, (describes) => pickPage(cube, input, { companies: text.companies, partners: text.partners, describes }));
  } finally {
    for (const c of text.companies) companyMask[c] = 0;
    for (const c of text.partners) partnerMask[c] = 0;
  }
}

function pickPage(cube: Cube, input: IdPageInput, text: TextMatch | null): number[] {
  const filters = cubeFilters({ ...input.filters, q: null }, null, true);
  const byValue = input.sort.endsWith('value_usd');
  const desc = input.sort.startsWith('-');
  if (byValue) {
    // Only flow and dates: the merge tests the day of each row it reads, no selection is needed.
    const simple = !text && !filters.hs.length && !filters.lists.length && !filters.parties.length && filters.valueMin == null && filters.valueMax == null;
    const walked = simple ? walkedByValue(cube, filters, null, input, desc) : null;
    if (walked) return walked;
    const sel = selectRows(cube, filters);
    const kept = text ? keepText(cube, sel, text) : sel;
    return walkedByValue(cube, filters, kept, input, desc) ?? new Picker(cube, input, null, true, desc).take(kept).page();
  }
  const picker = new Picker(cube, input, text, false, desc);
  // Ordered by date: months are taken best first (newest first for a descending sort), one, then
  // two, four… at a time, until the page is full: every row of a later month is worse than the
  // page, so the rest of a long window is never read.
  let lo = filters.periodFrom ?? -Infinity;
  let hi = filters.periodTo ?? Infinity;
  if (input.after) {
    const cursorPeriod = Math.floor(Number(String(input.after.key).replaceAll('-', '')) / 100);
    if (desc) hi = Math.min(hi, cursorPeriod);
    else lo = Math.max(lo, cursorPeriod);
  }
  const periods = (cube.dims.get('period')!.values as number[]).filter((p) => p >= lo && p <= hi);
  if (desc) periods.reverse();
  for (let at = 0, span = 1; at < periods.length && !picker.full(); at += span, span *= 2) {
    const chunk = periods.slice(at, at + span);
    const a = chunk[0]!;
    const b = chunk[chunk.length - 1]!;
    picker.take(selectRows(cube, { ...filters, periodFrom: Math.min(a, b), periodTo: Math.max(a, b) }));
  }
  return picker.page();
}

/**
 * A value-sorted page merged from the declaration copy's ranges kept in value order, when the
 * filters keep enough of the window that the merge meets the page long before the end of the
 * selection; null otherwise (or before the order is made).
 */
function walkedByValue(cube: Cube, filters: CubeFilters, sel: Int32Array | null, input: IdPageInput, desc: boolean): number[] | null {
  if (cube.table !== DECLARATION_CUBE) return null;
  const flows = cube.dims.get('flow')!.values;
  const periods = cube.dims.get('period')!.values as number[];
  const ranges = cube.segments.filter((s) =>
    (filters.flow === null || flows[s.flow] === filters.flow) &&
    (filters.periodFrom === null || periods[s.period]! >= filters.periodFrom) &&
    (filters.periodTo === null || periods[s.period]! <= filters.periodTo));
  const window = ranges.reduce((a, s) => a + s.end - s.start, 0);
  // The merge reads about count × window / kept rows; ranking reads every kept row.
  if (sel && (sel.length === 0 || input.count * window > sel.length * sel.length)) return null;
  const order = valueOrderOf(cube);
  if (!order) return null;
  const after = input.after ? { key: Number(input.after.key), id: input.after.id } : null;
  const days: [number, number] = [filters.dateFrom ?? 0, filters.dateTo ?? 99_999_999];
  return walkByValue(cube, order, { ranges, desc, after, count: input.count, mark: sel ? markRows(cube, sel) : null, days });
}

/** The selected rows that free text keeps, compacted in place. */
function keepText(cube: Cube, sel: Int32Array, text: TextMatch): Int32Array {
  const ids = cube.ints.get('declaration_id')!;
  const companyCodes = cube.dims.get('company_id')!.codes;
  const partnerCodes = cube.dims.get('partner_company_id')!.codes;
  const describes = text.describes;
  let n = 0;
  for (let i = 0; i < sel.length; i++) {
    const r = sel[i]!;
    const id = ids[r]!;
    if (companyMask[companyCodes[r]!] || partnerMask[partnerCodes[r]!] || (describes !== null && describes(id))) sel[n++] = r;
  }
  return sel.subarray(0, n);
}

/** The first `count` declarations after the keyset position, from selections given in turn. */
class Picker {
  // The k smallest (key, id) pairs after the position, in ascending terms (the sign flips a
  // descending order), kept sorted; most rows fail the first test.
  private readonly bestKey: number[] = [];
  private readonly bestId: number[] = [];
  private readonly ids: Int32Array;
  private readonly keys: Int32Array | Float64Array;
  private readonly sign: number;
  private readonly afterKey: number = Infinity;
  private readonly afterId: number = 0;

  constructor(
    private readonly cube: Cube,
    private readonly input: IdPageInput,
    private readonly text: TextMatch | null,
    byValue: boolean,
    private readonly desc: boolean,
  ) {
    this.ids = cube.ints.get('declaration_id')!;
    this.keys = byValue ? cube.measures.get('decl_value_cents')! : cube.ints.get('date')!;
    this.sign = desc ? -1 : 1;
    if (input.after) {
      const key = input.after.key;
      this.afterKey = this.sign * (typeof key === 'string' ? Number(key.replaceAll('-', '')) : key);
      this.afterId = this.sign * input.after.id;
    }
  }

  full(): boolean {
    return this.bestKey.length >= this.input.count;
  }

  take(sel: Int32Array): this {
    const { ids, keys, sign, afterKey, afterId, bestKey, bestId, text } = this;
    const after = this.input.after !== null;
    const k = this.input.count;
    const companyCodes = this.cube.dims.get('company_id')!.codes;
    const partnerCodes = this.cube.dims.get('partner_company_id')!.codes;
    const describes = text?.describes ?? null;
    // Rows run in (flow, period) order: for a descending date sort, visit them backwards so that
    // dates come roughly best first and most rows fail the first test instead of being inserted.
    const backwards = this.desc && keys instanceof Int32Array;
    let lastDecl = -1;
    for (let j = 0; j < sel.length; j++) {
      const r = sel[backwards ? sel.length - 1 - j : j]!;
      const id = ids[r]!;
      if (id === lastDecl) continue;
      lastDecl = id;
      if (text && !companyMask[companyCodes[r]!] && !partnerMask[partnerCodes[r]!] && !(describes !== null && describes(id))) continue;
      const key = sign * keys[r]!;
      const sid = sign * id;
      if (after && (key < afterKey || (key === afterKey && sid <= afterId))) continue;
      const m = bestKey.length;
      if (m === k && (key > bestKey[m - 1]! || (key === bestKey[m - 1]! && sid > bestId[m - 1]!))) continue;
      let at = m;
      while (at > 0 && (bestKey[at - 1]! > key || (bestKey[at - 1]! === key && bestId[at - 1]! > sid))) at--;
      bestKey.splice(at, 0, key);
      bestId.splice(at, 0, sid);
      if (bestKey.length > k) {
        bestKey.pop();
        bestId.pop();
      }
    }
    return this;
  }

  page(): number[] {
    return this.bestId.map((x) => this.sign * x);
  }
}
