import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { LimitParam, CursorParam, decodeCursor, encodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { normalizeHsPrefix } from '../../domain/codes/hs-code.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { DEFAULT_EDITION } from './builtin.js';
import { EditionParam } from './params.js';
import { ensureBuiltins, getCodes, listByPrefix, type StoredHsCode } from './queries.js';
import { searchIndex } from './indexes.js';
import { HsCodeView, toViews } from './view.js';

const LEVELS = [2, 4, 6, 8, 10, 12];
// Word search ranks at most this many entries; past that a query is too vague to page through.
const MAX_HITS = 1000;

const SearchHit = Type.Intersect([HsCodeView, Type.Object({
  score: Type.Union([Type.Number(), Type.Null()], { description: '0–1 relevance of a word search; null for a code listing' }),
  matched_terms: Type.Array(Type.String()),
})]);

const COLUMNS = ['code', 'code_formatted', 'edition', 'level', 'level_name', 'parent', 'section', 'description_en', 'description_tr', 'has_children', 'score', 'matched_terms', 'path'];

interface Plan { edition: string; words: string | null; prefix: string | null; level: number | null }

function plan(query: { q?: string; hs?: string; level?: number; edition?: string }): Plan {
  let prefix: string | null = null;
  if (query.hs !== undefined) {
    prefix = normalizeHsPrefix(query.hs);
    if (prefix === null) throw badParam('hs', `"${query.hs}" is not an HS/GTİP prefix of 2–12 digits`);
  }
  let words: string | null = null;
  if (query.q !== undefined) {
    const digits = query.q.replace(/[.\s]+/g, '');
    if (/^\d+$/.test(digits)) {
      // A code typed into the search box is a prefix, like `hs`.
      const asPrefix = normalizeHsPrefix(digits);
      if (asPrefix === null) throw badParam('q', 'a code searched for needs 2–12 digits');
      if (prefix !== null && !asPrefix.startsWith(prefix) && !prefix.startsWith(asPrefix)) prefix = '-';
      else if (prefix === null || asPrefix.length > prefix.length) prefix = asPrefix;
    } else {
      if (foldTurkish(query.q) === '') throw badParam('q', 'has no letters or digits to search for');
      words = query.q;
    }
  }
  return { edition: query.edition ?? DEFAULT_EDITION, words, prefix, level: query.level ?? null };
}

type Hit = StoredHsCode & { score: number | null; matched_terms: string[] };

async function wordHits(db: Kysely<DB>, p: Plan & { words: string }): Promise<Hit[]> {
  const index = await searchIndex(db, p.edition);
  const hits = index.searchNomenclature(p.words, { limit: MAX_HITS, ...(p.level !== null ? { level: p.level } : {}) })
    .filter((h) => p.prefix === null || h.code.startsWith(p.prefix));
  const rows = new Map((await getCodes(db, p.edition, hits.map((h) => h.code))).map((r) => [r.code, r]));
  return hits.flatMap((h) => {
    const r = rows.get(h.code);
    return r ? [{ ...r, score: h.score, matched_terms: h.matched_terms }] : [];
  });
}

async function views(db: Kysely<DB>, edition: string, hits: Hit[]) {
  const v = await toViews(db, edition, hits);
  return v.map((view, i) => ({ ...view, score: hits[i]!.score, matched_terms: hits[i]!.matched_terms }));
}

export const searchHsCodes = defineOperation({
  method: 'GET',
  url: '/v1/hs-codes',
  operationId: 'searchHsCodes',
  tag: 'HS Code and Product',
  summary: 'Search the nomenclature by words (English or Turkish) and/or code prefix',
  description: 'Words are ranked by relevance (BM25 over English and Turkish descriptions; Turkish letters fold, plurals and common suffixes are stripped). '
    + 'A code in `q`, or `hs`, lists the entries under that prefix in code order. Every entry carries its path section → chapter → heading → subheading → GTİP.',
  scope: 'trade:read',
  querystring: Type.Object({
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Words in English or Turkish, or a code prefix' })),
    hs: Type.Optional(Type.String({ maxLength: 40, description: 'Code prefix, 2–12 digits; dots and spaces ignored' })),
    level: Type.Optional(Type.Unsafe<number>({ type: 'integer', enum: LEVELS, description: 'Only entries with this many digits' })),
    edition: EditionParam,
    limit: LimitParam,
    cursor: CursorParam,
    format: FormatParam,
  }, { additionalProperties: false }),
  data: SearchHit,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    await ensureBuiltins(db);
    const p = plan(query);
    const limit = query.limit ?? 50;
    const echo = { q: query.q ?? null, hs: p.prefix === '-' ? null : p.prefix, level: p.level, edition: p.edition };
    if (p.words !== null) {
      const hits = await wordHits(db, { ...p, words: p.words });
      if (wantsDownload(req)) return { columns: COLUMNS, rows: chunked(db, p.edition, hits), filename: 'hs-codes' };
      const [offset] = (decodeCursor(query.cursor, 1) ?? [0]) as [number];
      if (!Number.isInteger(offset) || offset < 0) throw badParam('cursor', 'not a cursor of this list; pass meta.next_cursor unchanged');
      const slice = hits.slice(offset, offset + limit);
      const next = offset + limit < hits.length ? encodeCursor([offset + limit]) : null;
      return { data: await views(db, p.edition, slice), meta: { limit, next_cursor: next, total: hits.length, query: echo } };
    }
    if (wantsDownload(req)) return { columns: COLUMNS, rows: listing(db, p), filename: 'hs-codes' };
    const after = decodeCursor(query.cursor, 1);
    const rows = p.prefix === '-' ? [] : await listByPrefix(db, { edition: p.edition, prefix: p.prefix, level: p.level, after: after ? String(after[0]) : null, limit });
    const pg = page(rows, limit, (r) => [r.code]);
    const hits = pg.items.map((r) => ({ ...r, score: null, matched_terms: [] }));
    return { data: await views(db, p.edition, hits), meta: { limit, next_cursor: pg.next_cursor, query: echo } };
  },
});

async function* chunked(db: Kysely<DB>, edition: string, hits: Hit[]) {
  for (let i = 0; i < hits.length; i += 200) yield* await views(db, edition, hits.slice(i, i + 200));
}

async function* listing(db: Kysely<DB>, p: Plan) {
  if (p.prefix === '-') return;
  let after: string | null = null;
  for (;;) {
    const rows = await listByPrefix(db, { edition: p.edition, prefix: p.prefix, level: p.level, after, limit: 500 });
    const items = rows.slice(0, 500);
    yield* await views(db, p.edition, items.map((r) => ({ ...r, score: null, matched_terms: [] })));
    if (rows.length <= 500) return;
    after = items[items.length - 1]!.code;
  }
}
