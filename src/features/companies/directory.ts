// The order of the company directory: every company's id by trade size, with what a search
// filters on (country, city, sector, roles, HS chapters traded) as typed columns, about 32 bytes a
// company. Names are not held: a search by name asks the store's name index (name-search.ts) and
// reads the page's rows. Built lazily once per store; a cheap fingerprint of the table (max id,
// count) is checked at most every few seconds and a change triggers a rebuild, while the old order
// keeps answering.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { stateKey, stateOf } from '../../db/state.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { allCompanyFilters, companiesFingerprint, nameIndexStats, tradeValues, type CompanyFilterRow, type NameIndexStats } from './queries.js';
import { uncancellable } from '../../cancel.js';
import { CHAPTER_WORDS, tradedChapters, type TradedChapters } from './traders.js';

/** A text column as dictionary codes: `codes[i]` indexes `values`; `index` is the reverse. */
export interface CodeColumn {
  codes: Int32Array;
  index: Map<string, number>;
}

export interface FilterColumns {
  country: CodeColumn;
  city: CodeColumn;
  sector: CodeColumn;
  id: Int32Array;
  /** Trade value in US dollars (all time, either side), rounded to cents. */
  value: Float64Array;
  /** Bit r set when the company has role r of ROLES. */
  roles: Uint8Array;
  /** Position of each id, indexed by id (-1: no such company); `positionOf` reads it. */
  position: Int32Array;
}

export const ROLES = ['importer', 'exporter', 'manufacturer', 'buyer', 'supplier'] as const;

function codeColumn(values: readonly string[]): CodeColumn {
  const index = new Map<string, number>();
  const codes = Int32Array.from(values, (v) => {
    let c = index.get(v);
    if (c === undefined) index.set(v, (c = index.size));
    return c;
  });
  return { codes, index };
}

interface Sized extends CompanyFilterRow {
  value: number;
}

function filterColumns(bySize: readonly Sized[]): FilterColumns {
  const roles = new Uint8Array(bySize.length);
  bySize.forEach((e, i) => {
    for (const r of e.roles) {
      const bit = (ROLES as readonly string[]).indexOf(r);
      if (bit >= 0) roles[i]! |= 1 << bit;
    }
  });
  const position = new Int32Array(bySize.reduce((m, e) => Math.max(m, e.id), 0) + 1).fill(-1);
  bySize.forEach((e, i) => (position[e.id] = i));
  return {
    country: codeColumn(bySize.map((e) => e.country)),
    city: codeColumn(bySize.map((e) => (e.city ? foldTurkish(e.city) : ''))),
    sector: codeColumn(bySize.map((e) => (e.sector ? foldTurkish(e.sector) : ''))),
    id: Int32Array.from(bySize, (e) => e.id),
    value: Float64Array.from(bySize, (e) => e.value),
    roles,
    position,
  };
}

/** Position of a company id in the directory's order, or -1. */
export function positionOf(columns: FilterColumns, id: number): number {
  return Number.isInteger(id) && id >= 0 && id < columns.position.length ? columns.position[id]! : -1;
}

/** Trade value of a company id (0 when it is not in the directory). */
export function valueOf(columns: FilterColumns, id: number): number {
  const p = positionOf(columns, id);
  return p >= 0 ? columns.value[p]! : 0;
}

export interface Directory {
  /** In trade-size order, largest first, then by id: the order of a search without `q`. */
  columns: FilterColumns;
  /** The store's name index: a name search asks SQLite's for the rarest trigrams of its text. */
  names: NameIndexStats;
  /** HS chapters each company traded, CHAPTER_WORDS words a position, as of the analytic store's `version`. */
  chapters: { version: string; words: Int32Array };
  fingerprint: string;
  /** The highest declaration id when trade sizes were read. */
  declarations: number;
}

const CHECK_EVERY_MS = 5_000;
// Trade sizes move with every batch, but ranking ties on them only; refreshing them now and then
// is enough even when no company was added.
const MAX_AGE_MS = 10 * 60_000;

interface Slot {
  current: Directory | null;
  builtAt: number;
  checkedAt: number;
  building: Promise<Directory> | null;
}

const SLOT = stateKey<Slot>({ name: 'company directory', create: () => ({ current: null, builtAt: 0, checkedAt: 0, building: null }) });

async function latestDeclaration(db: Kysely<DB>): Promise<number> {
  const r = await db.selectFrom('declarations').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst();
  return Number(r?.m ?? 0);
}

async function build(db: Kysely<DB>): Promise<Directory> {
  const fingerprint = await companiesFingerprint(db);
  const declarations = await latestDeclaration(db);
  const [values, names, chapters] = await Promise.all([tradeValues(db), nameIndexStats(db), tradedChapters(db)]);
  const rows: Sized[] = [];
  // Pages with a pause between them: requests keep being answered while a rebuild reads.
  for await (const page of allCompanyFilters(db, 20_000)) {
    for (const c of page) rows.push({ ...c, value: Math.round((values.get(c.id) ?? 0) * 100) / 100 });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  rows.sort((a, b) => b.value - a.value || a.id - b.id);
  const columns = filterColumns(rows);
  return { columns, names, chapters: chapterWords(chapters, columns), fingerprint, declarations };
}

function chapterWords(chapters: TradedChapters, columns: FilterColumns): { version: string; words: Int32Array } {
  const words = new Int32Array(columns.id.length * CHAPTER_WORDS);
  chapters.ids.forEach((id, n) => {
    const p = positionOf(columns, id);
    if (p >= 0) words.set(chapters.words.subarray(n * CHAPTER_WORDS, (n + 1) * CHAPTER_WORDS), p * CHAPTER_WORDS);
  });
  return { version: chapters.version, words };
}

export async function getDirectory(db: Kysely<DB>, now = Date.now()): Promise<Directory> {
  const s = stateOf(db).get(SLOT);
  const rebuild = () => {
    s.building ??= uncancellable(() => build(db))
      .then((d) => {
        s.current = d;
        s.builtAt = Date.now();
        s.checkedAt = s.builtAt;
        return d;
      })
      .finally(() => {
        s.building = null;
      });
    return s.building;
  };
  if (!s.current) return rebuild();
  // Only trade sizes have aged: the old order keeps answering while the new one is built.
  // Trade sizes change only when declarations are added: without one since the build, the
  // directory is current and is not rebuilt.
  if (now - s.builtAt > MAX_AGE_MS) {
    const current = s.current;
    s.builtAt = now;
    void latestDeclaration(db)
      .then((mark) => (mark !== current.declarations ? rebuild() : undefined))
      .catch(() => undefined);
    return s.current;
  }
  if (now - s.checkedAt >= CHECK_EVERY_MS) {
    s.checkedAt = now;
    if ((await companiesFingerprint(db)) !== s.current.fingerprint) return rebuild();
  }
  return s.current;
}

/** Drop the directory of a store (tests that add companies and search at once). */
export function forgetDirectory(db: Kysely<DB>): void {
  void stateOf(db).delete(SLOT);
}
