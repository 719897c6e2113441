import { Type } from 'typebox';
import { defineOperation, FormatParam, wantsDownload } from '../../http/operation.js';
import { CursorParam, LimitParam, decodeCursor, page } from '../../http/pagination.js';
import { badParam } from '../../http/errors.js';
import { resolveCountry } from '../../reference/countries.js';
import { foldTurkish } from '../../domain/codes/text.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticsOf } from '../../analytics/registry.js';
import { companiesTrading } from '../shared/aggregate.js';
import { parseFilters, type Filters } from '../shared/filters.js';
import { ROLES, getDirectory, positionOf, type Directory, type FilterColumns } from './directory.js';
import { searchNames } from './name-search.js';
import { chapterTest, firstTraders, tradersAmong } from './traders.js';
import { companiesByIds, type CompanyRow } from './queries.js';
import { Nullable } from './params.js';
import { arrayDownload } from './download.js';
import { memoOver, sourceMemoKey } from '../shared/source-memo.js';

type Role = (typeof ROLES)[number];

const CompanyHit = Type.Object({
  company_id: Type.Integer(),
  name: Type.String(),
  matched_name: Nullable(Type.String()),
  country: Type.String(),
  city: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
  sector: Nullable(Type.String()),
  size_band: Nullable(Type.String()),
  trade_value_usd: Type.Number(),
  score: Nullable(Type.Number()),
});

interface Hit {
  e: CompanyRow;
  value: number;
  matched: string | null;
  score: number | null;
}

/**
 * A search's matches as directory positions, with the matched name and score of each when the
 * search had `q`: a remembered search is a few typed arrays, not thousands of small objects for
 * the collector to trace.
 */
interface Hits {
  at: Int32Array;
  matched: (string | null)[] | null;
  score: Float64Array | null;
}

/** The hits from `start` to `end` with their companies' rows (read from the store by id). */
async function hitsBetween(db: Parameters<typeof companiesByIds>[0], dir: Directory, hits: Hits, start: number, end: number): Promise<Hit[]> {
  const positions = Array.from(hits.at.subarray(start, end));
  const rows = new Map((await companiesByIds(db, positions.map((p) => dir.columns.id[p]!))).map((r) => [r.id, r]));
  return positions.flatMap((p, k) => {
    const e = rows.get(dir.columns.id[p]!);
    const i = start + k;
    return e ? [{ e, value: dir.columns.value[p]!, matched: hits.matched?.[i] ?? null, score: hits.score ? hits.score[i]! : null }] : [];
  });
}

const MAX_MATCHES = 5_000;

export const searchCompanies = defineOperation({
  method: 'GET',
  url: '/v1/companies',
  operationId: 'searchCompanies',
  tag: 'Company and Buyer',
  summary: 'Search companies by name (fuzzy, Turkish folding), country, city, role, product and sector',
  description:
    '`q` is matched against names and aliases: Turkish letters fold, case is ignored, legal forms and trade words are normalised ' +
    '(A.Ş. = AŞ = Anonim Şirketi; Ltd. Şti. = Limited Şirketi; San. ve Tic. = Sanayi ve Ticaret) and typos are tolerated. ' +
    'Results are ranked by relevance (`score`, 0–1), then by trade size (`trade_value_usd`, all time); without `q`, by trade size. ' +
    '`hs` keeps companies that traded a product under that prefix; `city` and `sector` match whole folded text.',
  scope: 'companies:read',
  querystring: Type.Object(
    {
      q: Type.Optional(Type.String({ maxLength: 200, description: 'Name or part of it' })),
      country: Type.Optional(Type.String({ maxLength: 200, description: 'ISO alpha-2, alpha-3 or M49; comma list' })),
      city: Type.Optional(Type.String({ maxLength: 100 })),
      role: Type.Optional(Type.Unsafe<Role>({ type: 'string', enum: [...ROLES] })),
      hs: Type.Optional(Type.String({ maxLength: 200, description: 'HS prefix(es) the company traded' })),
      sector: Type.Optional(Type.String({ maxLength: 100 })),
      limit: LimitParam,
      cursor: CursorParam,
      format: FormatParam,
    },
    { additionalProperties: false },
  ),
  data: CompanyHit,
  errors: [],
  download: true,
  async handle({ query }, { deps, req }) {
    const db = deps.store.db;
    const countries = (query.country ?? '').split(',').map((c) => c.trim()).filter(Boolean).map((c) => {
      const found = resolveCountry(c);
      if (!found) throw badParam('country', `unknown country code "${c}" (use ISO alpha-2, alpha-3 or M49)`);
      return found.alpha2;
    });
    const city = query.city !== undefined ? foldTurkish(query.city) : null;
    const sector = query.sector !== undefined ? foldTurkish(query.sector) : null;
    if (query.q !== undefined && foldTurkish(query.q) === '') throw badParam('q', 'has no letters or digits to search for');
    const hs = query.hs !== undefined ? parseFilters({ hs: query.hs }) : null;
    const dir = await getDirectory(db);
    // The same search comes back page after page: its hits are remembered with the directory and,
    // with `hs`, the analytic store's version they were found in (each replaced when the data changes).
    const version = hs ? (await analyticsOf(db)).version() : null;
    const key = JSON.stringify([query.q, countries, city, sector, query.role ?? null, query.hs ?? null, version]);
    const memo = memoOver(db, SEARCH_MEMO, dir);
    let hits = memo.get(key);
    if (!hits) {
      const keep = keeper(dir.columns, countries, city, sector, query.role);
      const chapters = (prefixes: string[]) => chapterTest(dir.chapters.words, prefixes, dir.chapters.version, version!);
      const product = hs ? { filters: hs, chapter: chapters(hs.hs), within: chapters(hs.hs.map((p) => p.slice(0, 2))) } : null;
      hits = query.q !== undefined ? await namedHits(db, dir, query.q, countries, keep, product) : await directoryHits(db, dir.columns, keep, product);
      memo.set(key, hits);
    }
    const total = hits.at.length;
    if (wantsDownload(req)) return arrayDownload((await hitsBetween(db, dir, hits, 0, total)).map(view), Object.keys(CompanyHit.properties), 'companies');
    // Hits are in relevance order in steps of 0.01, then trade size; keep that order and page by
    // position in it, keyed by the last id so a stale cursor fails loudly.
    const limit = query.limit ?? 50;
    const c = decodeCursor(query.cursor, 2);
    const start = c ? Number(c[0]) + 1 : 0;
    if (c && (start < 1 || start > total || dir.columns.id[hits.at[start - 1]!] !== c[1])) throw badParam('cursor', 'the result changed since this cursor was issued; start again');
    const slice = (await hitsBetween(db, dir, hits, start, Math.min(total, start + limit + 1))).map((h, i) => ({ pos: start + i, h }));
    const { items, next_cursor } = page(slice, limit, (r) => [r.pos, r.h.e.id]);
    return {
      data: items.map((r) => view(r.h)),
      meta: { limit, next_cursor, total, query: { ...query, country: countries.length ? countries : undefined, cursor: undefined } },
    };
  },
});

function view(h: Hit) {
  return {
    company_id: h.e.id,
    name: h.e.name,
    matched_name: h.matched,
    country: h.e.country,
    city: h.e.city,
    roles: h.e.roles,
    sector: h.e.sector,
    size_band: h.e.size_band,
    trade_value_usd: h.value,
    score: h.score,
  };
}

// Remembered searches, bounded by their bytes.
const SEARCH_MEMO_BYTES = 16 * 1024 * 1024;
const SEARCH_MEMO_MS = 10 * 60_000;
const SEARCH_MEMO = sourceMemoKey<Hits>('company searches', SEARCH_MEMO_MS, SEARCH_MEMO_BYTES, (h) => memoBytes(h));

function memoBytes(h: Hits): number {
  let n = 64 + h.at.byteLength + (h.score?.byteLength ?? 0);
  for (const m of h.matched ?? []) n += 16 + 2 * (m?.length ?? 0);
  return n;
}

/** Whether the company at a directory position passes the filters other than `q` and `hs`. */
type Keep = (i: number) => boolean;

/**
 * The `hs` filter, and tests of positions by the directory's chapters when they are current: the
 * answer when its prefixes are chapters, and the prefixes' chapters (which their traders traded).
 */
interface Product {
  filters: Filters;
  chapter: Keep | null;
  within: Keep | null;
}

function keeper(col: FilterColumns, countries: string[], city: string | null, sector: string | null, role: Role | undefined): Keep {
  // Filters as codes of the directory's columns (-1: no company has that value).
  const countryCodes = countries.map((c) => col.country.index.get(c) ?? -1);
  const cityCode = city === null ? null : (col.city.index.get(city) ?? -1);
  const sectorCode = sector === null ? null : (col.sector.index.get(sector) ?? -1);
  const roleBit = role ? 1 << ROLES.indexOf(role) : 0;
  return (i) =>
    (!countryCodes.length || countryCodes.includes(col.country.codes[i]!)) &&
    (cityCode === null || col.city.codes[i] === cityCode) &&
    (sectorCode === null || col.sector.codes[i] === sectorCode) &&
    (!roleBit || (col.roles[i]! & roleBit) !== 0);
}

/** Companies named like `q`, in relevance order, that pass the filters and traded the product. */
async function namedHits(db: Kysely<DB>, dir: Directory, q: string, countries: string[], keep: Keep, product: Product | null): Promise<Hits> {
  const col = dir.columns;
  const named = (await searchNames(db, dir, q, countries, 1000))
    .map((h) => ({ h, i: positionOf(col, Number(h.id)) }))
    .filter((n) => n.i >= 0 && keep(n.i));
  let kept = named;
  if (product) {
    // Without the chapters, the engine is asked about these few companies only.
    const ids = product.chapter ? null : await tradersAmong(db, product.filters, named.map((n) => col.id[n.i]!));
    const traded = product.chapter ?? ((i: number) => ids!.has(col.id[i]!));
    kept = named.filter((n) => traded(n.i));
  }
  return { at: Int32Array.from(kept, (n) => n.i), matched: kept.map((n) => n.h.matched_name), score: Float64Array.from(kept, (n) => n.h.score) };
}

/** The first matches in the directory's order (trade size, then id): the answer without `q`. */
async function directoryHits(db: Kysely<DB>, col: FilterColumns, keep: Keep, product: Product | null): Promise<Hits> {
  // A heading or longer among the traders of its chapters; without current chapters, every trader
  // is grouped once (rounds over every company could scan the product's rows five times).
  if (product && !product.chapter && product.within) {
    const within = product.within;
    const at = await firstTraders(db, product.filters, col.id, (i) => keep(i) && within(i), MAX_MATCHES);
    return { at: Int32Array.from(at), matched: null, score: null };
  }
  let traded: Keep | null = null;
  if (product) {
    const mask = product.chapter ? null : tradedMask(await companiesTrading(db, product.filters), col);
    traded = product.chapter ?? ((i) => mask![i] === 1);
  }
  const at: number[] = [];
  for (let i = 0; i < col.id.length && at.length < MAX_MATCHES; i++) if ((!traded || traded(i)) && keep(i)) at.push(i);
  return { at: Int32Array.from(at), matched: null, score: null };
}

/** The given ids as a mask over directory positions. */
function tradedMask(ids: Int32Array, col: FilterColumns): Uint8Array {
  const mask = new Uint8Array(col.id.length);
  for (let k = 0; k < ids.length; k++) {
    const p = positionOf(col, ids[k]!);
    if (p >= 0) mask[p] = 1;
  }
  return mask;
}
