// The item descriptions of the declarations in the in-memory record copies, so free text on
// declaration lists is matched in memory: each distinct description is folded as the SQL folds it
// and searched once per word (text-search.ts); each declaration lists the codes of its distinct
// descriptions, so a row is tested against the word's codes without a per-word set of declarations
// (a word found in a common description would otherwise cost a pass over its declarations).
//
// Freshness: an index is made for one declaration copy (record-cubes.ts) and answers only with it.
// Declarations and their lines are never changed once stored, so an index read after a copy holds
// the lines of every declaration in it, and the index of the previous copy is kept when it already
// holds every declaration of the new one. Until a new copy's index is read, lists with free text
// are answered by the store.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Cube } from './memcube.js';
import { DECLARATION_CUBE, readArrays, yieldToIo, type ReadStore } from './record-cubes.js';
import { cubeCacheOf } from './cube-cache.js';
import { Codes, TextDictionary, foldAsSql } from './text-search.js';

export interface ItemTexts {
  texts: TextDictionary;
  /** Description codes of declaration d: codes[start[d] .. start[d + 1]). */
  start: Int32Array;
  codes: Int32Array;
  /** One bit per declaration id whose lines were read. */
  covered: Uint32Array;
}

// Declarations per read: a few thousand lines, a few milliseconds of a synchronous connection.
const RANGE = 2000;

const stores = new WeakMap<Kysely<DB>, ReadStore>();
const byCube = new WeakMap<Cube, ItemTexts>();
const latest = new WeakMap<Kysely<DB>, { cube: Cube | null; work: Promise<void> | null; texts: ItemTexts | null }>();

/** Keeps description indexes for this store's record copies (the API server does). */
export function keepItemTexts(store: ReadStore): void {
  stores.set(store.db, store);
}

const has = (bits: Uint32Array, id: number) => id >>> 5 < bits.length && (bits[id >>> 5]! & (1 << (id & 31))) !== 0;

/** The index for this declaration copy, or null while it is read (the read starts here). */
export function itemTextsFor(db: Kysely<DB>, cube: Cube): ItemTexts | null {
  const found = byCube.get(cube);
  if (found) return found;
  const store = stores.get(db);
  if (!store) return null;
  const state = latest.get(db);
  if (state?.cube === cube) return null; // being read
  const previous = state?.texts ?? null;
  const next = { cube: cube as Cube | null, work: null as Promise<void> | null, texts: previous };
  latest.set(db, next);
  next.work = (async () => {
    const ids = cube.ints.get('declaration_id')!;
    let texts = previous;
    for (let r = 0; texts && r < ids.length; r++) if (!has(texts.covered, ids[r]!)) texts = null;
    texts ??= await readItemTexts(store, ids);
    byCube.set(cube, texts);
    if (latest.get(db) === next) next.texts = texts;
  })().catch(() => {
    // The next request tries again.
    if (latest.get(db) === next) next.cube = null;
  });
  return null;
}

async function readItemTexts(store: ReadStore, ids: Int32Array): Promise<ItemTexts> {
  let maxId = 0;
  for (let r = 0; r < ids.length; r++) if (ids[r]! > maxId) maxId = ids[r]!;
  const covered = new Uint32Array((maxId >>> 5) + 1);
  const codes = new Codes<string>();
  const pairDecl: number[] = [];
  const pairText: number[] = [];
  const text = 'select declaration_id, description from declaration_items where declaration_id > ? and declaration_id <= ? order by declaration_id, line_no';
  for (let lo = 0; lo < maxId; lo += RANGE) {
    const rows = await readArrays(store, text, [lo, Math.min(maxId, lo + RANGE)]);
    let last = -1;
    let first = pairDecl.length;
    for (const [d, description] of rows) {
      const id = Number(d);
      const c = codes.of(String(description));
      if (id !== last) {
        last = id;
        first = pairDecl.length;
        covered[id >>> 5]! |= 1 << (id & 31);
      }
      // A declaration once per description.
      let seen = false;
      for (let k = first; k < pairDecl.length && !seen; k++) seen = pairText[k] === c;
      if (seen) continue;
      pairDecl.push(id);
      pairText.push(c);
    }
    await yieldToIo();
  }
  const start = new Int32Array(maxId + 2);
  for (const d of pairDecl) start[d + 1]!++;
  for (let d = 0; d <= maxId; d++) start[d + 1]! += start[d]!;
  const engine = store.engine;
  return { texts: new TextDictionary(codes.values.map((t) => foldAsSql(t, engine))), start, codes: Int32Array.from(pairText), covered };
}

// A mask over description codes for the word being matched, set and cleared around each use
// (evaluation is synchronous).
let mask = new Uint8Array(1 << 12);

/**
 * Runs `use` with `describes(id)` telling whether a line of declaration `id` has a description
 * containing `word` (folded); `describes` is null when no description does.
 */
export function withDescriptionMatch<T>(t: ItemTexts, word: string, use: (describes: ((id: number) => boolean) | null) => T): T {
  const found = t.texts.matching(word);
  if (!found.length) return use(null);
  if (mask.length < t.texts.size) mask = new Uint8Array(Math.max(t.texts.size, mask.length * 2));
  const m = mask;
  for (const c of found) m[c] = 1;
  const { start, codes } = t;
  try {
    return use((id) => {
      for (let k = start[id]!, end = start[id + 1]!; k < end; k++) if (m[codes[k]!]) return true;
      return false;
    });
  } finally {
    for (const c of found) m[c] = 0;
  }
}

/** Resolves when the record copies are current and their description index is read (server start). */
export async function warmItemTexts(db: Kysely<DB>): Promise<void> {
  const cache = cubeCacheOf(db);
  if (!cache || !stores.has(db)) return;
  await cache.refresh();
  const cube = cache.get(DECLARATION_CUBE);
  if (!cube) return;
  itemTextsFor(db, cube);
  await latest.get(db)?.work;
}
