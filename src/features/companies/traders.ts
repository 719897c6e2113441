// Which companies traded a product, for a search with `hs`. Every trader of a prefix is grouped
// from the company rollup (companiesTrading): a chapter at 10M declarations has 80,000 of them,
// grouped from 2.5M rows (75-140 ms of the engine) and read into the process one row each (30-50
// ms of the event loop). Two cheaper answers:
// - a search by name keeps at most a few hundred names: the engine is asked about those only, and
//   a search without one about the next companies in order until its first matches are found;
// - the chapters each company traded are read with the directory, four 25-bit words a company,
//   and answer a search by chapter while the analytic store holds the data they were read from.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { analyticRows, idSet } from '../../analytics/query.js';
import { analyticsOf } from '../../analytics/registry.js';
import { tradersSql } from '../shared/aggregate.js';
import type { Filters } from '../shared/filters.js';

/** The companies of `ids` on either side of a record the filters keep (no `q`). */
export async function tradersAmong(db: Kysely<DB>, filters: Filters, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await analyticRows(db, tradersSql(filters, idSet(ids)).compile(db));
  return new Set(rows.map((r) => Number(r.id)));
}

// Companies asked about in the first round; each next round asks about twice as many.
const FIRST_ROUND = 8192;

/**
 * The first `limit` of `ids` (in their order) that `candidate` passes and that traded under the
 * filters, as indexes into `ids`: the engine is asked which of the next candidates traded, in
 * growing rounds, until they are found. Every trader of a heading is 40,000 companies at 10M
 * declarations, read back one row object each (15-25 ms of the event loop); the first 5,000 in
 * trade-size order among the traders of its chapter are usually found in one round.
 */
export async function firstTraders(db: Kysely<DB>, filters: Filters, ids: Int32Array, candidate: (i: number) => boolean, limit: number, firstRound = FIRST_ROUND): Promise<number[]> {
  const found: number[] = [];
  let i = 0;
  for (let round = firstRound; i < ids.length && found.length < limit; round *= 2) {
    const asked: number[] = [];
    for (; i < ids.length && asked.length < round; i++) if (candidate(i)) asked.push(i);
    const traded = await tradersAmong(db, filters, asked.map((k) => ids[k]!));
    for (const k of asked) if (found.length < limit && traded.has(ids[k]!)) found.push(k);
  }
  return found;
}

/** HS chapters (01-99) as bits: chapter c is bit c % 25 of word c / 25. */
export const CHAPTER_WORDS = 4;
const BITS = 25;

/** Each company's chapters traded on either side: `words` holds CHAPTER_WORDS for each of `ids`. */
export interface TradedChapters {
  /** The analytic store's version they were read at. */
  version: string;
  ids: Int32Array;
  words: Int32Array;
}

export async function tradedChapters(db: Kysely<DB>): Promise<TradedChapters> {
  // The version is read once the store has caught up with the row store (a query waits for it),
  // and before the rows: a batch applied meanwhile makes it differ and the words go unused.
  await analyticRows(db, sql`select 1`.compile(db));
  const version = (await analyticsOf(db)).version();
  // A code's chapter when it starts with two digits (the codes a two-digit prefix condition keeps).
  const chapter = sql.raw(`case when regexp_full_match(left(hs6, 2), '[0-9][0-9]') then left(hs6, 2)::integer end`);
  const word = (k: number) => sql.raw(`bit_or(case when ch >= ${k * BITS} and ch < ${(k + 1) * BITS} then 1 << (ch - ${k * BITS}) else 0 end) as w${k}`);
  const rows = await analyticRows(
    db,
    sql`select id, ${sql.join(Array.from({ length: CHAPTER_WORDS }, (_, k) => word(k)))} from (
      select company_id as id, ${chapter} as ch from rollup_company_monthly
      union all select partner_company_id as id, ${chapter} as ch from rollup_company_monthly where partner_company_id <> 0
    ) sides where ch is not null group by id`.compile(db),
  );
  const ids = new Int32Array(rows.length);
  const words = new Int32Array(rows.length * CHAPTER_WORDS);
  rows.forEach((r, n) => {
    ids[n] = Number(r.id);
    for (let k = 0; k < CHAPTER_WORDS; k++) words[n * CHAPTER_WORDS + k] = Number(r[`w${k}`]);
  });
  return { version, ids, words };
}

/**
 * A test of directory positions for `prefixes` from the chapter words (4 a position), or null
 * when they cannot answer: a prefix longer than a chapter, or data changed since they were read.
 */
export function chapterTest(words: Int32Array, prefixes: readonly string[], wordsVersion: string, version: string): ((position: number) => boolean) | null {
  if (wordsVersion !== version || !prefixes.length || prefixes.some((p) => !/^\d\d$/.test(p))) return null;
  const wanted = new Int32Array(CHAPTER_WORDS);
  for (const p of prefixes) wanted[Math.floor(Number(p) / BITS)]! |= 1 << Number(p) % BITS;
  return (i) => {
    for (let k = 0; k < CHAPTER_WORDS; k++) if ((words[i * CHAPTER_WORDS + k]! & wanted[k]!) !== 0) return true;
    return false;
  };
}
