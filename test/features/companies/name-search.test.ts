// Names are found through the store's trigram index and scored over those candidates only: matching
// through either store keeps the quality the matching rules reach over an index of every name, and
// a search finds a company by a misspelt, re-ordered or re-formed name among thousands.
import { it, expect } from 'vitest';
import { describeEachStore } from '../../helpers/stores.js';
import { foldTurkish } from '../../../src/domain/codes/text.js';
import { buildParties } from '../../../src/synth/companies.js';
import { DEFAULT_MATCH_THRESHOLD, buildNameIndex } from '../../../src/domain/matching/name-index.js';
import { labelledQueries, metricsAt, recallByKind, scoreQueries, scoreResults, seededRng } from '../../../src/domain/matching/evaluate.js';
import { forgetDirectory, getDirectory } from '../../../src/features/companies/directory.js';
import { matchNames, rareTrigrams, searchNames } from '../../../src/features/companies/name-search.js';

describeEachStore('company names through the store', (get) => {
  // As the in-memory test of the rules (test/domain/matching/evaluate.test.ts), through the store.
  const parties = buildParties(11, 20_000);
  const all = [...parties.turkish, ...parties.foreign].map((c, i) => ({
    id: String(i + 1), name: c.name, aliases: c.aliases, country: c.country, tax_number: c.tax_number, trade_value_usd: 0,
    city: c.city, roles: c.roles,
  }));
  const indexed = all.filter((_, i) => i % 10 !== 0);
  const outsiders = all.filter((_, i) => i % 10 === 0).slice(0, 150);

  async function load(): Promise<Map<string, string>> {
    const { db } = get().store;
    const rows = indexed.map((c) => ({
      name: c.name, name_folded: foldTurkish(c.name), aliases: JSON.stringify(c.aliases), tax_number: c.tax_number, country: c.country,
      city: c.city, roles: c.roles.join(','), created_at: '2024-01-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('companies').values(rows.slice(i, i + 500)).execute();
    // The store's ids, by the test's ids (names are unique per country and tax number).
    const stored = await db.selectFrom('companies').select(['id', 'name', 'country']).execute();
    const storeId = new Map(stored.map((r) => [`${r.country}|${r.name}`, String(r.id)]));
    forgetDirectory(db);
    return new Map(indexed.map((c) => [c.id, storeId.get(`${c.country}|${c.name}`)!]));
  }

  it('matches as well as an index of every name, and finds misspelt names among thousands', async () => {
    const ids = await load();
    const { db } = get().store;
    const dir = await getDirectory(db);
    expect(dir.columns.id.length).toBe(indexed.length);
    const queries = labelledQueries(indexed, outsiders, seededRng(11), { positives: 120 }).map((q) => ({
      ...q,
      expected_id: q.expected_id === null ? null : ids.get(q.expected_id)!,
      accepted_ids: q.accepted_ids.map((a) => ids.get(a)!),
    }));
    const t0 = performance.now();
    const results = await matchNames(db, dir, queries.map((q) => q.input), 0, 1);
    const perQuery = (performance.now() - t0) / queries.length;
    const scored = scoreResults(queries, results);
    const m = metricsAt(scored, DEFAULT_MATCH_THRESHOLD);
    const kinds = recallByKind(scored, DEFAULT_MATCH_THRESHOLD);
    // The same queries over an index of every name (ids mapped the same way).
    const whole = metricsAt(
      scoreQueries(buildNameIndex(indexed.map((c) => ({ ...c, id: ids.get(c.id)! }))), queries),
      DEFAULT_MATCH_THRESHOLD,
    );
    console.log('matching through the store', get().target.engine, JSON.stringify({ ...m, by_kind: kinds, whole_index_f1: whole.f1, ms_per_query: Math.round(perQuery * 100) / 100 }));
    expect(m.f1).toBeGreaterThanOrEqual(0.98);
    expect(m.f1).toBeGreaterThanOrEqual(whole.f1 - 0.005);
    for (const [kind, r] of Object.entries(kinds)) expect(r, kind).toBeGreaterThanOrEqual(0.95);

    // A search: a misspelt, upper-case, ASCII name with its legal form written out finds the firm first.
    const firm = indexed.find((c) => c.country === 'TR' && / Tekstil /.test(c.name) && c.name.endsWith('A.Ş.'))!;
    const typed = firm.name.replace('Tekstil', 'Tekstl').replace('A.Ş.', 'Anonim Şirketi').toUpperCase();
    const hits = await searchNames(db, dir, typed, [], 20);
    expect(hits[0]!.company.id).toBe(Number(ids.get(firm.id)));
    expect(hits[0]!.score).toBeGreaterThan(0.8);
    // Within a country, only that country's firms.
    const german = await searchNames(db, dir, 'Handel GmbH', ['DE'], 50);
    expect(german.length).toBeGreaterThan(0);
    expect(german.every((h) => h.company.country === 'DE')).toBe(true);
  }, 240_000);

  it('asks the SQLite index for the rarest trigrams the names hold', () => {
    const counts = new Map([['kay', 3], ['aya', 10], ['ya ', 40], ['a t', 500], [' te', 900], ['tek', 800], ['eks', 700], ['kst', 600], ['sti', 950], ['til', 990]]);
    // Unknown trigrams ('xq…') are typos: left out; common ones stop the list once six are in hand.
    expect(rareTrigrams('kaya tekstil xq', counts, 1_000)).toEqual(['kay', 'aya', 'ya ', 'a t', 'kst', 'eks']);
    expect(rareTrigrams('kaya', counts, 10_000)).toEqual(['kay', 'aya']);
    expect(rareTrigrams('zz', counts, 1_000)).toEqual([]);
  });
});
