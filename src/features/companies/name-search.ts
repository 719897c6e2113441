// Company names found by the store's trigram name index (SQLite FTS5, PostgreSQL pg_trgm), then
// ranked here by the matching rules of domain/matching (legal forms, trade words, typos, word
// order) over those candidates only: no index of every name is held in the process.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { companiesLike, companyIdsNamed } from '../../db/dialect.js';
import { foldTurkish } from '../../domain/codes/text.js';
import { isGenericToken, nameWithoutLegalForm, normaliseCompanyName } from '../../domain/matching/company-name.js';
import { buildNameIndex, cleanTax, type MatchCandidate, type MatchInput, type MatchResult, type SearchHit } from '../../domain/matching/name-index.js';
import { dice, trigrams } from '../../domain/matching/similarity.js';
import { valueOf, type Directory } from './directory.js';
import { companiesByIds, type CompanyRow } from './queries.js';

// Names scored per search and per input to match. The index ranks by shared trigrams, which puts
// a name with the text's words first; the scoring here sorts out legal forms and typos among them.
const SEARCH_CANDIDATES = 200;
const MATCH_CANDIDATES = 100;
// Names the index is asked for, per candidate kept after ordering them by the whole text.
const WIDEN = 5;
// Inputs of one match request asked of the store at once (its reads run on reader threads).
const MATCH_PARALLEL = 4;
// On SQLite the text asks for its rarest trigrams: those in more than this share of all names
// ('tic', ' ve') are left out once a few rarer ones are in hand, at most MAX of them.
const COMMON_SHARE = 0.01;
const MIN_TRIGRAMS = 6;
const MAX_TRIGRAMS = 10;

function trigramsOf(folded: string): string[] {
  const chars = [...folded];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  return [...out];
}

/** The trigrams of `folded` the index is asked for: those it holds, rarest first. */
export function rareTrigrams(folded: string, counts: ReadonlyMap<string, number>, names: number): string[] {
  const known = trigramsOf(folded).filter((t) => (counts.get(t) ?? 0) > 0);
  known.sort((a, b) => counts.get(a)! - counts.get(b)! || (a < b ? -1 : 1));
  const out: string[] = [];
  for (const t of known) {
    if (out.length >= MAX_TRIGRAMS || (out.length >= MIN_TRIGRAMS && counts.get(t)! > COMMON_SHARE * names)) break;
    out.push(t);
  }
  return out;
}

/** A name's words in their one written form ('İth. İhr.' = 'İthalat İhracat'), and its legal form. */
function canonical(name: string): string {
  const n = normaliseCompanyName(name);
  return `${n.tokens.join(' ')} ${n.legal_form}`;
}

/**
 * Companies whose names are most like `text`. The index is asked for several times `limit` names
 * by its own ranking (on SQLite by the text's rare trigrams only, so among many firms sharing
 * those, 'Orion Demir Çelik …' in thirty forms, the one the text names need not rank first); they
 * are ordered again by all the trigrams they share with the whole text (both with their words in
 * one written form), and the first `limit` kept.
 */
async function candidates(db: Kysely<DB>, dir: Directory, text: string, countries: readonly string[], limit: number): Promise<CompanyRow[]> {
  // Asked without its legal form, written the way names are folded in the store.
  const folded = foldTurkish(nameWithoutLegalForm(text)) || foldTurkish(text);
  const names = dir.names;
  const wide = limit * WIDEN;
  let query = null;
  // The text's distinctive words (not trade words such as 'tekstil' or 'ticaret', in most names)
  // of three letters or more.
  const words = [...new Set(folded.split(' ').filter((w) => [...w].length >= 3 && !isGenericToken(w)))];
  // On PostgreSQL the names alike as wholes are asked by those words: by its trade words the whole
  // text is alike most of the table's names, each then compared (0.1-0.2 s a text at 130,000
  // companies, against 9-16 ms).
  if (names?.engine === 'postgres') query = companiesLike({ ...names, folded, narrow: words.length ? words.join(' ') : folded }, countries, wide);
  else if (names?.engine === 'sqlite') {
    const trigrams = rareTrigrams(folded, names.trigrams, dir.columns.id.length);
    // None known (a text of one or two letters, or only unknown ones): the substring lookup.
    // The distinctive words are asked too, each as a phrase: a firm sharing every such word ranks
    // above one sharing a rare trigram of a misspelt or unusual word.
    if (trigrams.length) query = companiesLike({ engine: 'sqlite', trigrams: [...trigrams, ...words] }, countries, wide);
  }
  if (!query) {
    const inCountries = countries.length ? sql`and c.country in (${sql.join(countries)})` : sql``;
    query = sql<{ id: number; name_folded: string }>`select c.id as id, c.name_folded as name_folded from (${companyIdsNamed(names?.engine ?? null, folded)}) n
      join companies c on c.id = n.id where 1 = 1 ${inCountries} order by c.id limit ${wide}`;
  }
  const whole = trigrams(canonical(text));
  const found = (await query.execute(db)).rows.map((r, rank) => ({ id: Number(r.id), rank, like: dice(whole, trigrams(canonical(r.name_folded))) }));
  found.sort((a, b) => b.like - a.like || a.rank - b.rank);
  return companiesByIds(db, found.slice(0, limit).map((r) => r.id));
}

function indexOver(dir: Directory, rows: readonly CompanyRow[]) {
  return buildNameIndex(
    rows.map((c) => ({ id: String(c.id), name: c.name, aliases: c.aliases, country: c.country, tax_number: c.tax_number, trade_value_usd: valueOf(dir.columns, c.id) })),
  );
}

export interface NameHit extends SearchHit {
  company: CompanyRow;
}

/** Companies named like `q` (in `countries` when given), ranked by relevance, then trade size. */
export async function searchNames(db: Kysely<DB>, dir: Directory, q: string, countries: readonly string[], limit: number): Promise<NameHit[]> {
  const rows = await candidates(db, dir, q, countries, SEARCH_CANDIDATES);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return indexOver(dir, rows)
    .search(q, { limit })
    .map((h) => ({ ...h, company: byId.get(h.id)! }));
}

export interface NamedMatch extends MatchResult {
  /** Tax numbers of the candidates, by company id. */
  taxNumbers: Map<string, string | null>;
}

/**
 * Each input's best companies: a well-formed tax number held by a company wins outright; otherwise
 * the input's name is scored against the names the index finds like it.
 */
export async function matchNames(db: Kysely<DB>, dir: Directory, inputs: readonly MatchInput[], threshold: number, keep: number): Promise<NamedMatch[]> {
  const taxes = [...new Set(inputs.map((i) => cleanTax(i.tax_number)).filter((t): t is string => t !== null))];
  const byTax = new Map<string, CompanyRow>();
  for (let i = 0; i < taxes.length; i += 500) {
    const rows = await db.selectFrom('companies').select('id').where('tax_number', 'in', taxes.slice(i, i + 500)).orderBy('id').execute();
    for (const c of await companiesByIds(db, rows.map((r) => Number(r.id)))) if (c.tax_number && !byTax.has(c.tax_number)) byTax.set(c.tax_number, c);
  }
  const one = async (input: MatchInput): Promise<NamedMatch> => {
    const tax = cleanTax(input.tax_number);
    const owner = tax ? byTax.get(tax) : undefined;
    if (owner) {
      const best: MatchCandidate = { id: String(owner.id), name: owner.name, matched_name: owner.name, country: owner.country, score: 1, reason: 'exact_tax_number' };
      return { matched: true, best, candidates: [best], taxNumbers: new Map([[best.id, owner.tax_number]]) };
    }
    const rows = await candidates(db, dir, input.name, [], MATCH_CANDIDATES);
    const [result] = indexOver(dir, rows).match([input], { threshold, candidates: keep });
    return { ...result!, taxNumbers: new Map(rows.map((r) => [String(r.id), r.tax_number])) };
  };
  const out: NamedMatch[] = [];
  for (let i = 0; i < inputs.length; i += MATCH_PARALLEL) out.push(...(await Promise.all(inputs.slice(i, i + MATCH_PARALLEL).map(one))));
  return out;
}
