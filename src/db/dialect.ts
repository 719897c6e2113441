// Engine-specific SQL fragments, so query files stay portable. Only connect.ts and this file branch
// on the engine.
import { sql, type ColumnDefinitionBuilder, type RawBuilder, type Expression } from 'kysely';
import type { Engine } from './connect.js';

/** Auto-increasing integer primary key: monotonic on both engines (keyset pagination relies on it). */
export function idColumn(engine: Engine): ['integer' | 'bigint', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return engine === 'sqlite'
    ? ['integer', (c) => c.primaryKey().autoIncrement()]
    : ['bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity()];
}

/** Current time as an ISO-8601 UTC string, computed in the application so both engines agree. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Case-sensitive prefix match usable by an index on both engines. */
export function startsWith(column: Expression<string | null>, prefix: string): RawBuilder<boolean> {
  // `>= p AND < p+\uffff` uses a b-tree index on both engines, unlike LIKE with collations.
  return sql<boolean>`(${column} >= ${prefix} and ${column} < ${prefix + '\uffff'})`;
}

/** The replacements `foldedSql` makes before lower(): ı/İ → i, ş → s, ğ → g, ç → c, ö → o, ü → u. */
const FOLD_PAIRS: readonly [string, string][] = [
  ['İ', 'i'], ['I', 'i'], ['ı', 'i'], ['Ş', 's'], ['ş', 's'], ['Ğ', 'g'], ['ğ', 'g'], ['Ç', 'c'], ['ç', 'c'], ['Ö', 'o'], ['ö', 'o'], ['Ü', 'u'], ['ü', 'u'],
];

// Turkish folding in portable SQL (replace and lower exist on both engines), so free text matches
// stored descriptions the way foldTurkish matches names. The bill text indexes (migration 041) hold
// texts folded by this expression: changing it needs a migration that builds them again.
export function foldedSql(column: RawBuilder<unknown>): RawBuilder<unknown> {
  let e: RawBuilder<unknown> = column;
  for (const [a, b] of FOLD_PAIRS) e = sql`replace(${e}, ${sql.lit(a)}, ${sql.lit(b)})`;
  return sql`lower(${e})`;
}

/** `LIKE` pattern for a folded search text, with the wildcards of the text escaped. */
export function likePattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * Whether the folded text of `column` contains `folded` (itself folded: lower case). On SQLite a
 * GLOB, which compares bytes where LIKE folds the case of each character first: the same answer on
 * folded texts, in half the time (a bill's three texts tested: 1.9 against 4 µs). PostgreSQL has no
 * GLOB, and its trigram indexes answer the LIKE; where the engine is not known, the LIKE both take.
 */
export function containsFolded(engine: Engine | null, column: RawBuilder<unknown>, folded: string): RawBuilder<unknown> {
  if (engine === 'sqlite') return sql`${foldedSql(column)} glob ${`*${folded.replace(/[*?[]/g, (m) => `[${m}]`)}*`}`;
  return sql`${foldedSql(column)} like ${likePattern(folded)} escape '\\'`;
}

/** Texts shorter than this have no trigram: the text indexes cannot narrow a search for them. */
const TRIGRAM = 3;

/**
 * The FTS5 query (one quoted phrase) that finds `folded` as a substring in a trigram text table
 * holding folded texts (SQLite, migration 041); null where a LIKE on the folded expression is the
 * lookup (PostgreSQL's pg_trgm indexes serve it as written) or the text is too short for trigrams.
 */
export function textIndexPhrase(engine: Engine, folded: string): string | null {
  if (engine !== 'sqlite' || [...folded].length < TRIGRAM) return null;
  return `"${folded.replaceAll('"', '""')}"`;
}

/**
 * Ids of the distinct goods descriptions (`item_texts`, migration 043) whose folded text contains
 * `folded`, as a subquery: through the trigram index on either engine, as a LIKE over the distinct
 * texts (a GLOB on SQLite) where the text is shorter than a trigram or the engine is not known.
 */
export function itemTextIdsMatching(engine: Engine | null, folded: string): RawBuilder<unknown> {
  const phrase = engine ? textIndexPhrase(engine, folded) : null;
  if (phrase) return sql`select rowid as id from item_texts_text where item_texts_text match ${phrase}`;
  return sql`select id from item_texts where ${containsFolded(engine, sql.ref('description'), folded)}`;
}

/**
 * Ids of the companies whose folded name contains `folded`, as a subquery: through the trigram
 * name index on SQLite (migration 042), as a LIKE that PostgreSQL's trigram index answers, and as a
 * LIKE where the engine is not known or the text is shorter than a trigram.
 */
export function companyIdsNamed(engine: Engine | null, folded: string): RawBuilder<{ id: number }> {
  const phrase = engine ? textIndexPhrase(engine, folded) : null;
  if (phrase) return sql`select rowid as id from companies_name_text where companies_name_text match ${phrase}`;
  return sql`select id from companies where name_folded like ${likePattern(folded)} escape '\\'`;
}

/**
 * The companies (id and folded name) whose folded name is most like a text, best first, at most `limit`, in
 * `countries` when given. SQLite: the names holding any of `trigrams` (the caller's choice among
 * the text's, by rarity) ranked by FTS5's BM25 over the trigram name index; PostgreSQL: pg_trgm's
 * word similarity to `folded` (the text against the most alike part of the name) or similarity to
 * `narrow` through its GIN index, ranked by those of `folded`, its operators named by their
 * `schema`. Typos, missing words and word order are left to the caller's scoring of these
 * candidates.
 */
export function companiesLike(
  index: { engine: 'sqlite'; trigrams: readonly string[] } | { engine: 'postgres'; schema: string; folded: string; narrow: string },
  countries: readonly string[],
  limit: number,
): RawBuilder<{ id: number; name_folded: string }> {
  const inCountries = countries.length ? sql`and c.country in (${sql.join(countries)})` : sql``;
  if (index.engine === 'sqlite') {
    const match = index.trigrams.map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ');
    return sql`select c.id as id, c.name_folded as name_folded from companies_name_text t join companies c on c.id = t.rowid
      where companies_name_text match ${match} ${inCountries} order by t.rank, c.id limit ${limit}`;
  }
  const schema = sql.id(index.schema);
  const text = sql`${index.folded}::text`;
  const narrow = sql`${index.narrow}::text`;
  // Word similarity finds a text inside a longer name; plain similarity keeps the names whose words
  // are re-ordered or shortened, which word similarity (one stretch of the name) scores low; it is
  // asked of `narrow` (fewer, rarer words), as the whole text is like most names through its trade
  // words. Both are ordered by the whole text.
  return sql`select c.id as id, c.name_folded as name_folded from companies c
    where (c.name_folded operator(${schema}.%>) ${text} or c.name_folded operator(${schema}.%) ${narrow}) ${inCountries}
    order by greatest(${schema}.word_similarity(${text}, c.name_folded), ${schema}.similarity(${text}, c.name_folded)) desc, c.id limit ${limit}`;
}
